import Foundation
import GestureEval
import GestureKit

/// Keeps what `detect --report` plots: the samples the recognizer accepted and every event.
struct DetectionRecorder {
    private var timestamps: [Double] = []
    private var x: [Double] = [], y: [Double] = [], z: [Double] = []
    private(set) var events: [GestureEvent] = []
    private var last = -Double.infinity

    /// Records `sample` if the pipeline's validator would have accepted it (finite, later than the last).
    mutating func record(_ sample: MotionSample, events new: [GestureEvent]) {
        events.append(contentsOf: new)
        guard sample.isFinite, sample.timestamp > last else { return }
        last = sample.timestamp
        timestamps.append(sample.timestamp)
        x.append(sample.acceleration.x)
        y.append(sample.acceleration.y)
        z.append(sample.acceleration.z)
    }

    /// What `results.json` holds.
    struct Results: Encodable {
        var recognizer: String
        var configuration: String?
        var input: String
        var samples: SampleValidator.Diagnostics
        var duration: Double
        var eventCounts: [String: [String: Int]]
        var events: [GestureEvent]
    }

    /// Writes the report folder.
    func write(to url: URL, recognizer: String, configuration: String?, input: String,
               diagnostics: SampleValidator.Diagnostics) throws(DataFileError) {
        var counts: [String: [String: Int]] = [:]
        for e in events { counts[e.label, default: [:]][e.phase.rawValue, default: 0] += 1 }
        let duration = timestamps.count > 1 ? timestamps[timestamps.count - 1] - timestamps[0] : 0

        var folder = try ReportFolder(url: url, command: ["gesturelab"] + CommandLine.arguments.dropFirst())
        try folder.writeResults(Results(recognizer: recognizer, configuration: configuration, input: input,
                                        samples: diagnostics, duration: duration, eventCounts: counts, events: events))
        var table = CSVTable(header: ["label", "phase", "start", "end", "time", "score", "direction"])
        for e in events {
            table.append([e.label, e.phase.rawValue, CSVTable.number(e.start), CSVTable.number(e.end),
                          CSVTable.number(e.time), CSVTable.number(e.score), e.direction?.rawValue ?? ""])
        }
        try folder.write(table, named: "events")
        let name = input == "-" ? "standard input" : URL(fileURLWithPath: input).lastPathComponent
        try folder.add(SignalPlot(title: "\(recognizer) on \(name)", timestamps: timestamps,
                                  channels: [("accel.x", x), ("accel.y", y), ("accel.z", z)], events: events),
                       named: "signal")
        var summary = CSVTable(header: ["label", "began", "ended", "cancelled"])
        for label in counts.keys.sorted() {
            let c = counts[label] ?? [:]
            summary.append([label] + ["began", "ended", "cancelled"].map { String(c[$0] ?? 0) })
        }
        try folder.writeSummary("""
            # \(recognizer) on \(name)

            Command: `\(folder.manifest.commandLine)`

            \(diagnostics.accepted) samples over \(String(format: "%.2f", duration)) s, \
            \(diagnostics.skipped) skipped; \(events.count) events.

            \(summary.markdown)
            ![signal](signal.svg)

            """)
    }
}
