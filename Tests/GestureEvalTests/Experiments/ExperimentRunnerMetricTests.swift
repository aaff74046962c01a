@testable import GestureEval
import GestureKit
import Testing

/// The grid search chooses by the metric the report shows (one mapping per dataset kind).
@Suite struct ExperimentRunnerMetricTests {
    /// Five one-label segments: four `a`, one `b`.
    static let segments = ["a", "a", "a", "a", "b"].enumerated().map { i, label in
        Recording(id: "s\(i)", timestamps: [0, 0.01], channels: Channel.acceleration.map { ($0, [0, 0]) },
                  annotations: [Annotation(start: 0, end: 0.01, label: label)])
    }

    static func point(_ metric: Experiment.Metric, predicted: [String]) -> Double {
        let experiment = Experiment(name: "m", datasets: [:], metric: metric, entries: [])
        let entry = Experiment.Entry(name: "e", recognizer: "dtw", configuration: .inline(.object([:])), datasets: [])
        let detector = EntryDetector(entry: entry, kind: .segments, registry: .standard, matching: experiment.matching.eventMatching)
        return detector.operatingPoint(events: [], predicted: predicted, recordings: segments, metric: metric).score
    }

    @Test func segmentSearchMaximisesTheReportedMetric() {
        // Always `a`: accuracy 0.8, but macro-F1 (8/9 + 0) / 2 and balanced accuracy (1 + 0) / 2.
        let always = ["a", "a", "a", "a", "a"]
        #expect(abs(Self.point(.accuracy, predicted: always) - 0.8) < 1e-12)
        #expect(abs(Self.point(.f1, predicted: always) - 4.0 / 9) < 1e-12)
        #expect(abs(Self.point(.balancedAccuracy, predicted: always) - 0.5) < 1e-12)
        // One `a` taken for `b`, the `b` found: lower accuracy (0.8 too) but a better macro-F1, so f1 prefers it.
        let balanced = ["a", "a", "a", "b", "b"]
        #expect(Self.point(.f1, predicted: balanced) > Self.point(.f1, predicted: always))
        #expect(Self.point(.accuracy, predicted: balanced) == Self.point(.accuracy, predicted: always))
    }
}
