import Foundation
import GestureData
import GestureEval
import GestureKit
@testable import GestureLabCLI
import GestureTestSupport
import Testing

@Suite struct FalseActivationBudgetCommandTests {
    private func train(_ extra: [String]) throws -> (run: GestureLabBinary.Result, yaml: String) {
        let out = TemporaryFolder.root.appendingPathComponent("budget-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try GestureLabBinary.run(["train", "--recognizer", "peak-direction", "--config", "configs/peak-direction.yaml",
                                            "--dataset", ExperimentFixtures.continuous, "--labels", "slap-*", "--out", out.path, "--quiet"] + extra)
        return (run, (try? String(contentsOf: out, encoding: .utf8)) ?? "")
    }

    /// A 0.05 g movement threshold fires all through the background, 9 g never fires: F1 takes 0.05 g, a
    /// budget of 0 false activations per hour takes 9 g, and both print the operating point.
    @Test func trainHonoursTheBudget() throws {
        let f1 = try train(["--search", "threshold=0.05,9.0"])
        #expect(f1.run.expectSuccess())
        #expect(f1.run.fields(ofLineStartingWith: "tuned peak-direction")?["threshold"] == "0.05", "\(f1.run.stdout)")
        let budget = try train(["--search", "threshold=0.05,9.0", "--max-false-per-hour", "0"])
        #expect(budget.run.expectSuccess())
        let point = try #require(budget.run.fields(ofLineStartingWith: "tuned peak-direction"), "\(budget.run.stdout)")
        #expect(point["threshold"] == "9.0" && point["trainingFalsePerHour"] == "0.0" && point["budgetMet"] == "1.0", "\(point)")
        #expect(budget.yaml.contains("maximising recall with at most 0 false activations per hour"))
        let value = try ConfigurationValue(yaml: budget.yaml, file: "budget.yaml")
        #expect(value[path: "threshold"] == .number(9))
    }

    /// No combination within the budget: the fewest false activations win, with a warning.
    @Test func trainWarnsWhenNothingMeetsTheBudget() throws {
        let r = try train(["--search", "threshold=0.05,0.1", "--max-false-per-hour", "0"])
        #expect(r.run.expectSuccess())
        #expect(r.run.stderr.contains("no combination has at most 0 false activations per hour"))
        #expect(r.run.fields(ofLineStartingWith: "tuned peak-direction")?["budgetMet"] == "0.0", "\(r.run.stdout)")
        expectUsageError(Train.self, ["--recognizer", "peak-direction", "--dataset", "d", "--search", "threshold=0.05",
                                      "--max-false-per-hour", "-1", "--out", "o"], "--max-false-per-hour")
    }

    /// An external dataset that is not there: compare says which, where it comes from, and fails.
    @Test func compareNamesAMissingExternalDataset() throws {
        let text = try String(contentsOf: SharedData.packageRoot.appendingPathComponent("configs/experiments/swimwatch-turns.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "../shared/datasets/SwimWatch_Turns", with: "/nonexistent/SwimWatch_Turns")
        let file = ExperimentFixtures.write(text, name: "swim.yaml")
        let run = try GestureLabBinary.run(["compare", file, "--quiet"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("/nonexistent/SwimWatch_Turns") && run.stderr.contains("not shipped"), "\(run.stderr)")
        #expect(run.stderr.contains("brunnergino/swimming-recognition-lap-counting"), "where to get it")
    }
}

@Suite struct FalseActivationBudgetEvaluateTests {
    /// `evaluate --search … --max-false-per-hour 0` tunes inside each fold within the budget and shows each
    /// fold's operating point in the fold table; without the budget F1 takes the always-firing threshold.
    @Test func evaluateSearchHonoursTheBudget() throws {
        let base = ["evaluate", "--recognizer", "peak-direction", "--config", "configs/peak-direction.yaml",
                    "--dataset", ExperimentFixtures.continuous, "--labels", "slap-*", "--search", "threshold=0.05,9.0",
                    "--replicates", "100", "--quiet"]
        // The operating point each fold trained, as results.json records it (what the fold table prints).
        struct Results: Decodable {
            struct Score: Decodable { struct Fold: Decodable { var trained: [String: Double] }; var folds: [Fold] }
            var scores: [Score]
        }
        let f1 = try GestureLabBinary.run(base + ["--json"])
        #expect(f1.expectSuccess())
        let f1Folds = try #require(try f1.json(Results.self).scores.first?.folds)
        #expect(!f1Folds.isEmpty && f1Folds.allSatisfy { $0.trained["threshold"] == 0.05 && $0.trained["budgetMet"] == nil }, "\(f1Folds.map(\.trained))")
        let budget = try GestureLabBinary.run(base + ["--max-false-per-hour", "0", "--json"])
        #expect(budget.expectSuccess())
        let budgetFolds = try #require(try budget.json(Results.self).scores.first?.folds)
        #expect(budgetFolds.count == f1Folds.count)
        #expect(budgetFolds.allSatisfy { $0.trained["threshold"] == 9 && $0.trained["budgetMet"] == 1 && $0.trained["trainingFalsePerHour"] == 0 },
                "\(budgetFolds.map(\.trained))")
        // The fold table shows the same operating point.
        let table = try GestureLabBinary.run(base + ["--max-false-per-hour", "0"])
        #expect(table.stdout.contains("budgetMet=1.0"), "\(table.stdout)")
        expectUsageError(Evaluate.self, Array(base.dropFirst()) + ["--max-false-per-hour", "nan"], "--max-false-per-hour")
    }
}
