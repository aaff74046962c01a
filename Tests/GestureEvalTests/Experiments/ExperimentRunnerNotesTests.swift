import Foundation
import GestureEval
import GestureTestSupport
import Testing

/// What reading inferred about a dataset reaches whoever loads an experiment's datasets, once.
@Suite struct ExperimentRunnerNotesTests {
    @Test func loadingPassesOnWhatReadingInferred() throws {
        var csv = "time,accel_x,accel_y,accel_z\n"
        for k in 0..<50 { csv += "\(1_700_000_000_000_000_000 + k * 10_000_000),0,0,-1\n" }
        let url = try LineEnding.lf.write(csv, named: "Accelerometer.csv")
        let entry = Experiment.Entry(name: "shake", recognizer: "shake", datasets: ["d"])
        let experiment = Experiment(name: "t", datasets: ["d": .source("csv:\(url.path)")], entries: [entry])
        var notes: [String] = []
        let datasets = try experiment.loadDatasets() { notes.append($0) }
        #expect(datasets["d"]?.recordings.first?.timestamps.first == 0)
        // Each inference once: the clock's unit, and the sign convention the file was read with (issue 75).
        #expect(notes.count == 2, "\(notes)")
        #expect(notes.first?.hasPrefix("csv:\(url.path): time: column 'time' read as nanoseconds") == true, "\(notes)")
        #expect(notes.last?.hasPrefix("csv:\(url.path): sign: acceleration read as written") == true, "\(notes)")
    }
}
