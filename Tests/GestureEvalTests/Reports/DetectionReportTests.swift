import Foundation
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

@Suite struct DetectionReportTests {
    /// Runs `samples` through an orientation pipeline, recording each as `detect --report` does.
    static func run(_ samples: [MotionSample]) throws -> (DetectionReport, Pipeline) {
        var pipeline = Pipeline(recognizers: [try OrientationTracker()])
        var report = DetectionReport(recognizer: "orientation", configuration: nil, input: "tilt.csv")
        for sample in samples {
            let events = pipeline.process(sample)
            report.record(sample, events: events, validator: pipeline.validator)
        }
        return (report, pipeline)
    }

    /// The plot keeps exactly what the pipeline's validator accepted: not NaN, not a repeated or earlier
    /// time, but a sample after a long gap (passed on and counted as a gap).
    @Test func keepsTheSamplesThePipelineAccepted() throws {
        let times: [Double] = [0, 0.02, 0.02, 0.01, 0.04, 0.06, 1.5, 1.52]
        var samples = times.map { MotionSample(timestamp: $0, acceleration: Vector3(0, 0, -1)) }
        samples.insert(MotionSample(timestamp: 0.03, acceleration: Vector3(.nan, 0, -1)), at: 4)
        let (report, pipeline) = try Self.run(samples)
        #expect(report.timestamps == [0, 0.02, 0.04, 0.06, 1.5, 1.52])
        #expect(report.diagnostics == pipeline.validator.diagnostics)
        #expect(report.diagnostics.nonFinite == 1 && report.diagnostics.duplicates == 1 && report.diagnostics.outOfOrder == 1)
        #expect(report.diagnostics.gaps == 1)
        #expect(report.duration == 1.52)
    }

    /// Face up, then upright in portrait: the folder holds the run's results, events, plot and summary.
    @Test func writesTheReportFolder() throws {
        let script = MotionScript.still(.identity, duration: 2)
            .then(.still(Quaternion(EulerAngles(pitch: .pi / 2, roll: 0, yaw: 0)), duration: 2))
        let (report, _) = try Self.run(script.samples(rate: 50))
        #expect(report.eventCounts["portrait"] == ["began": 1])
        let url = TemporaryFolder.root.appendingPathComponent("detection-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try report.write(to: url, command: ["gesturelab", "detect", "--report", url.path])
        let files = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        #expect(files == ["events.csv", "report.json", "results.json", "signal.annotations.csv", "signal.events.csv",
                          "signal.signal.csv", "signal.svg", "summary.md"])
        struct Results: Decodable {
            struct Samples: Decodable { var accepted, nonFinite: Int }
            var recognizer, input: String
            var samples: Samples
            var duration: Double
            var eventCounts: [String: [String: Int]]
            var events: [GestureEvent]
        }
        let results = try JSONDecoder().decode(Results.self, from: Data(contentsOf: url.appendingPathComponent("results.json")))
        #expect(results.recognizer == "orientation" && results.input == "tilt.csv")
        #expect(results.samples.accepted == 200 && results.samples.nonFinite == 0)
        #expect(results.duration == report.duration)
        #expect(results.events == report.events)
        #expect(results.eventCounts == report.eventCounts)
        let events = try String(contentsOf: url.appendingPathComponent("events.csv"), encoding: .utf8)
        #expect(events.split(separator: "\n").count == 1 + report.events.count)
        let summary = try String(contentsOf: url.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("# orientation on tilt.csv\n"))
        #expect(summary.contains("200 samples over 3.98 s, 0 skipped; \(report.events.count) events."), "\(summary)")
        #expect(summary.contains("| portrait | 1 | 0 | 0 |"))
    }
}
