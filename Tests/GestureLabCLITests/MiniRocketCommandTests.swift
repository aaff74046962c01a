import Foundation
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// `gesturelab train` and `evaluate` with `--recognizer minirocket`, end to end through the binary.
@Suite struct MiniRocketCommandTests {
    /// train writes a model file that reads back and classifies the shipped shapes; evaluate's dataset form runs
    /// leave-one-subject-out.
    @Test func trainWritesAModelAndEvaluateScoresTheShapes() throws {
        let out = TemporaryFolder.root.appendingPathComponent("shapes-\(UUID().uuidString).minirocket.json")
        let shapes = SharedData.packageRoot.appendingPathComponent("datasets/default-shapes").path
        let train = try GestureLabBinary.run(["train", "--recognizer", "minirocket", "--dataset", shapes, "--out", out.path])
        #expect(train.expectSuccess())
        #expect(train.stdout.hasPrefix("trained minirocket on 96 segments: "), "\(train.stdout)")
        let model = try MiniRocketModelFile.read(from: out)
        #expect(model.transform.featureCount == 9_996 && model.labels.count == 8)
        let evaluate = try GestureLabBinary.run(["evaluate", "--recognizer", "minirocket", "--dataset", shapes, "--json"])
        #expect(evaluate.expectSuccess())
        let score = try #require(try ExperimentResult(jsonData: Data(evaluate.stdout.utf8)).scores.first)
        #expect(score.folds.count == 6 && score.folds.allSatisfy { $0.metrics.segments != nil }, "\(score.folds.map(\.metrics))")
    }

    /// The archive form on a UCR gesture set: a reasonable accuracy, the same for the same seed, and bad settings refused.
    @Test(.needsSharedData) func archiveFormIsDeterministicAndChecksItsOptions() throws {
        let folder = "ShakeGestureWiimoteZ/Missing_value_and_variable_length_datasets_adjusted/ShakeGestureWiimoteZ"
        let train = try #require(SharedData.dataset("\(folder)_TRAIN.tsv")).path, test = try #require(SharedData.dataset("\(folder)_TEST.tsv")).path
        let arguments = ["evaluate", "--recognizer", "minirocket", "--train", "ucr:\(train)", "--test", "ucr:\(test)", "--seed", "3", "--json"]
        let first = try GestureLabBinary.run(arguments), second = try GestureLabBinary.run(arguments + ["--threads", "1"])
        #expect(first.status == 0, "\(first.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let result = try #require(json["result"] as? [String: Any])
        #expect((result["accuracy"] as? Double ?? 0) >= 0.8, "aeon 1.6 scores 0.888 on average here")
        #expect(result["predictions"] as? [String] == (try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
            .flatMap { $0["result"] as? [String: Any] }?["predictions"] as? [String])
        let bad = try GestureLabBinary.run(["evaluate", "--recognizer", "minirocket", "--train", "ucr:\(train)", "--test", "ucr:\(test)", "--length-policy", "stretch"])
        #expect(bad.status != 0 && bad.stderr.contains("--length-policy"))
    }
}
