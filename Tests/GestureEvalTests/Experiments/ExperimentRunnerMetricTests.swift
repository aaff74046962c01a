@testable import GestureData
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
        let detector = EntryDetector(entry: entry, kind: .segments, registry: .standard, matching: experiment.matching.eventMatching, trainers: .standard)
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

    /// `precision` and `recall` are event metrics: on segments they would silently mean accuracy and balanced
    /// accuracy, so a run refuses them with the metrics that are defined; `accuracy` on recordings likewise.
    @Test func metricsOfTheOtherFamilyAreRefused() throws {
        let data = Dataset(name: "seg", kind: .segments, samplingRate: 100, recordings: Self.segments)
        let entry = Experiment.Entry(name: "e", recognizer: "dtw", configuration: .inline(.object([:])), datasets: ["seg"])
        for metric in [Experiment.Metric.precision, .recall] {
            let spec = Experiment(name: "m", datasets: ["seg": .source("unused")], split: .stratifiedKFold(k: 2), metric: metric, entries: [entry])
            do {
                _ = try ExperimentRunner(experiment: spec, datasets: ["seg": data], registry: .standard, trainers: .standard)
                Issue.record("\(metric) on segments was accepted")
            } catch {
                #expect(error.description.contains("\(metric.rawValue) is not defined on dataset 'seg'"), "\(error)")
                #expect(error.description.contains("f1, accuracy, balanced-accuracy"), "\(error)")
            }
        }
        #expect(Experiment.Metric.allCases.filter { $0.isDefined(for: .continuous) } == [.f1, .precision, .recall])
        #expect(Experiment.Metric.allCases.filter { $0.isDefined(for: .segments) } == [.f1, .accuracy, .balancedAccuracy])
    }
}
