import Foundation
import GestureData
import GestureEval
import Testing

@Suite struct TrainingObjectiveTests {
    /// The objective's YAML form, its default metric under a budget, the `maxFalsePerHour` shorthand on the
    /// experiment and on an entry, and bad budgets named by key.
    @Test func objectiveParsesFromExperimentFiles() throws {
        let yaml = """
            name: x
            datasets: {d: datasets/default}
            objective: {maxFalsePerHour: 5}
            entries:
              - {name: a, recognizer: shake, dataset: d}
              - {name: b, recognizer: shake, dataset: d, objective: {maximize: f1}}
              - {name: c, recognizer: shake, dataset: d, maxFalsePerHour: 2}
            """
        let spec = try Experiment(yaml: yaml, file: "x.yaml", trainers: .standard)
        #expect(spec.objective(for: spec.entries[0]) == TrainingObjective(maximize: .recall, maxFalsePerHour: 5))
        #expect(spec.objective(for: spec.entries[1]) == TrainingObjective(maximize: .f1))
        #expect(spec.objective(for: spec.entries[2]) == TrainingObjective(maximize: .recall, maxFalsePerHour: 2))
        let shorthand = try Experiment(yaml: yaml.replacingOccurrences(of: "objective: {maxFalsePerHour: 5}", with: "maxFalsePerHour: 5"), file: "x.yaml", trainers: .standard)
        #expect(shorthand.objective == TrainingObjective(maximize: .recall, maxFalsePerHour: 5))
        #expect(throws: DataFileError.self) {
            try Experiment(yaml: yaml.replacingOccurrences(of: "maxFalsePerHour: 5", with: "maxFalsePerHour: -1"), file: "x.yaml", trainers: .standard)
        }
        #expect(throws: DataFileError.self) {
            try Experiment(yaml: yaml.replacingOccurrences(of: "maxFalsePerHour: 2}", with: "maxFalsePerHour: -2}"), file: "x.yaml", trainers: .standard)
        }
        #expect(throws: DataFileError.self, "objective and maxFalsePerHour at once") {
            try Experiment(yaml: yaml.replacingOccurrences(of: "maxFalsePerHour: 2}", with: "maxFalsePerHour: 2, objective: {maximize: f1}}"), file: "x.yaml", trainers: .standard)
        }
    }

    /// Without a budget the best finite score wins (ties: the first); with one, the best within it; with none
    /// within it, the fewest false activations.
    @Test func choosesTheBestWithinTheBudget() {
        typealias P = TrainingObjective.OperatingPoint
        #expect(TrainingObjective(maximize: .f1).choose([P(score: .nan), P(score: 0.4), P(score: 0.4)]) == (1, true))
        let points = [P(score: 0.9, recall: 0.9, falsePerHour: 20), P(score: 0.6, recall: 0.6, falsePerHour: 4), P(score: 0.5, recall: 0.5, falsePerHour: 1)]
        #expect(TrainingObjective(maximize: .recall, maxFalsePerHour: 5).choose(points) == (1, true))
        #expect(TrainingObjective(maximize: .recall, maxFalsePerHour: 0.5).choose(points) == (2, false))
    }
}
