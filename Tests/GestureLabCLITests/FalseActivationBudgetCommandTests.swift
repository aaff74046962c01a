import Foundation
import GestureData
import GestureEval
import GestureKit
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
        #expect(f1.run.status == 0, "\(f1.run.stderr)")
        #expect(f1.run.stdout.contains("threshold=0.05"))
        let budget = try train(["--search", "threshold=0.05,9.0", "--max-false-per-hour", "0"])
        #expect(budget.run.status == 0, "\(budget.run.stderr)")
        #expect(budget.run.stdout.contains("threshold=9.0 ") && budget.run.stdout.contains("trainingFalsePerHour=0.0 "), "\(budget.run.stdout)")
        #expect(budget.run.stdout.contains("budgetMet=1.0"))
        #expect(budget.yaml.contains("maximising recall with at most 0 false activations per hour"))
        let value = try ConfigurationValue(yaml: budget.yaml, file: "budget.yaml")
        #expect(value[path: "threshold"] == .number(9))
    }

    /// No combination within the budget: the fewest false activations win, with a warning.
    @Test func trainWarnsWhenNothingMeetsTheBudget() throws {
        let r = try train(["--search", "threshold=0.05,0.1", "--max-false-per-hour", "0"])
        #expect(r.run.status == 0, "\(r.run.stderr)")
        #expect(r.run.stderr.contains("no combination has at most 0 false activations per hour"))
        #expect(r.run.stdout.contains("budgetMet=0.0"))
        let bad = try train(["--search", "threshold=0.05", "--max-false-per-hour", "-1"])
        #expect(bad.run.status != 0 && bad.run.stderr.contains("--max-false-per-hour"))
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
        let f1 = try GestureLabBinary.run(base)
        #expect(f1.status == 0, "\(f1.stderr)")
        #expect(f1.stdout.contains("threshold=0.05") && !f1.stdout.contains("budgetMet"), "\(f1.stdout)")
        let budget = try GestureLabBinary.run(base + ["--max-false-per-hour", "0"])
        #expect(budget.status == 0, "\(budget.stderr)")
        #expect(budget.stdout.contains("threshold=9.0") && budget.stdout.contains("budgetMet=1.0"), "\(budget.stdout)")
        #expect(budget.stdout.contains("trainingFalsePerHour=0.0") && !budget.stdout.contains("threshold=0.05"))
        let bad = try GestureLabBinary.run(base + ["--max-false-per-hour", "nan"])
        #expect(bad.status != 0 && bad.stderr.contains("--max-false-per-hour"))
    }
}
