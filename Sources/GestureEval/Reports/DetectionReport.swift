import Foundation
import GestureKit
import GestureData

/// One recognizer's run over one input, as `gesturelab detect --report` writes it: the samples the
/// pipeline accepted, every event, and the validator's counts.
///
/// Which samples were accepted is the pipeline's ``SampleValidator``'s decision, read from its
/// ``SampleValidator/diagnostics`` after each sample, never a second copy of its policy: the plot shows
/// exactly the samples the recognizers saw.
///
/// ```swift
/// var pipeline = Pipeline(recognizers: [ShakeCounter()])
/// var report = DetectionReport(recognizer: "shake", configuration: nil, input: "recording.csv")
/// for sample in samples {
///     let events = pipeline.process(sample)
///     report.record(sample, events: events, validator: pipeline.validator)
/// }
/// try report.write(to: URL(fileURLWithPath: "reports/detect"), command: CommandLine.arguments)
/// ```
///
/// The samples are kept in memory (three accelerations per sample) for the plot: for recordings, not
/// endless streams.
package struct DetectionReport: Sendable {
    /// The recognizer's identifier (`shake`, `dtw`, …).
    package var recognizer: String
    /// The configuration file the recognizer was made from, or `nil` for its defaults.
    package var configuration: String?
    /// The input file, or `-` for standard input.
    package var input: String
    /// Timestamps of the accepted samples, seconds.
    package private(set) var timestamps: [Double] = []
    /// Every event, in the order the pipeline emitted them.
    package private(set) var events: [GestureEvent] = []
    /// The validator's counts after the last recorded sample.
    package private(set) var diagnostics = SampleValidator.Diagnostics()
    private var x: [Double] = [], y: [Double] = [], z: [Double] = []

    /// An empty report of `recognizer` (made from `configuration`, `nil` for its defaults) on `input`.
    package init(recognizer: String, configuration: String?, input: String) {
        self.recognizer = recognizer
        self.configuration = configuration
        self.input = input
    }

    /// Records `sample` and the `events` it produced; the sample is kept when `validator` (the pipeline's,
    /// just after it processed `sample`) counted one more accepted sample than at the previous call.
    ///
    /// Call it once per sample, right after the pipeline processed it. O(1) amortised.
    package mutating func record(_ sample: MotionSample, events new: [GestureEvent], validator: SampleValidator) {
        events.append(contentsOf: new)
        let accepted = validator.diagnostics.accepted > diagnostics.accepted
        diagnostics = validator.diagnostics
        guard accepted else { return }
        timestamps.append(sample.timestamp)
        x.append(sample.acceleration.x)
        y.append(sample.acceleration.y)
        z.append(sample.acceleration.z)
    }

    /// Keeps the events the recognizer reported when the input ended (see ``Recognizer/finish(into:)``).
    package mutating func record(finished new: [GestureEvent]) {
        events.append(contentsOf: new)
    }

    /// Seconds from the first accepted sample to the last (0 with fewer than two).
    package var duration: Double {
        timestamps.count > 1 ? timestamps[timestamps.count - 1] - timestamps[0] : 0
    }

    /// Event counts per label and phase (`began`, `ended`, `cancelled`).
    package var eventCounts: [String: [String: Int]] {
        var counts: [String: [String: Int]] = [:]
        for e in events { counts[e.label, default: [:]][e.phase.rawValue, default: 0] += 1 }
        return counts
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

    /// Writes the report folder (each file atomically, see ``ReportFolder``): `results.json`, `events.csv`,
    /// the signal plot with the detections (`signal.svg` and its data) and `summary.md`.
    ///
    /// - Parameter command: the command line that produced the run, recorded in the manifest.
    /// - Throws: ``DataFileError`` naming the file that could not be written.
    package func write(to url: URL, command: [String]) throws(DataFileError) {
        let counts = eventCounts
        var folder = try ReportFolder(url: url, command: command)
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
