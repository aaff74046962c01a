import Foundation
import GestureData
import GestureEval
@testable import GestureLabCLI
import GestureTestSupport
import Testing

/// `gesturelab evaluate` on a dataset under a split (the second form; the UCR train/test form is
/// tested in EvaluateCommandTests).
@Suite struct EvaluateDatasetCommandTests {
    /// The shake preset under leave-one-subject-out: a metrics table with intervals, one row per
    /// fold, and JSON with the same numbers.
    @Test func eventMetricsPerFold() throws {
        let table = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--config", "configs/shake.yaml",
                                              "--dataset", ExperimentFixtures.continuous, "--labels", "shake", "--split", "loso", "--quiet"])
        #expect(table.status == 0, "\(table.stderr)")
        for text in ["precision", "recall", "falsePositivesPerHour", "latency.fromEnd.median", "subject01", "subject03"] {
            #expect(table.stdout.contains(text), "missing \(text)")
        }
        let json = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--config", "configs/shake.yaml",
                                             "--dataset", ExperimentFixtures.continuous, "--labels", "shake", "--json", "--quiet"])
        #expect(json.status == 0, "\(json.stderr)")
        let result = try ExperimentResult(jsonData: Data(json.stdout.utf8))
        let score = try #require(result.scores.first)
        #expect(score.metricName == "f1" && score.folds.count == 3)
        #expect(score.overall.interval != nil)
        let annotations = score.folds.map { $0.metrics.events?.annotations ?? 0 }.reduce(0, +)
        let shakes = try DatasetReader.read(at: URL(fileURLWithPath: ExperimentFixtures.continuous)).recordings
            .flatMap(\.annotations).count { $0.label == "shake" }
        #expect(Int(annotations) == shakes, "each shake is tested once")
    }

    /// A DTW model from `train` evaluated as is on segments, with a report folder.
    @Test func trainedModelOnSegments() throws {
        let root = TemporaryFolder.root.appendingPathComponent("gesturelab-eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let model = root.appendingPathComponent("shapes.json").path
        let train = try GestureLabBinary.run(["train", "--recognizer", "dtw", "--dataset", ExperimentFixtures.shapes, "--out", model, "--quiet"])
        #expect(train.status == 0, "\(train.stderr)")
        let run = try GestureLabBinary.run(["evaluate", "--recognizer", "dtw", "--model", model, "--dataset", ExperimentFixtures.shapes,
                                            "--split", "grouped-k-fold:3", "--out", root.appendingPathComponent("report").path, "--json", "--quiet"])
        #expect(run.expectSuccess())
        #expect(run.stderr.contains("warning: the model is used as is"))
        // Segments are scored by macro F1, with accuracy and kappa beside it, per fold; --json prints the report's results.json.
        let result = try ExperimentResult(jsonData: Data(run.stdout.utf8))
        let score = try #require(result.scores.first)
        #expect(score.kind == .segments && score.metricName == "macroF1" && score.folds.count == 3)
        #expect(score.folds.allSatisfy { $0.metrics.segments != nil && $0.metrics.segments?.kappa != nil }, "\(score.folds.map(\.metrics))")
        #expect(try Data(contentsOf: root.appendingPathComponent("report/results.json")) == Data(run.stdout.utf8))
    }

    @Test func badInput() throws {
        expectUsageError(Evaluate.self, ["--recognizer", "shake"], "--dataset")
        let badSplit = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--dataset", ExperimentFixtures.continuous, "--split", "random"])
        badSplit.expectFailure(file: "command line", field: "split", message: "unknown split 'random'")
    }
}
