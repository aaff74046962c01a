import Foundation

extension ExperimentPlan {
    /// One row per unit: entry, dataset, fold, recordings tested, its training step, the candidates that
    /// step tries, the step's estimated one-core seconds (``estimatedSeconds(of:model:)``) and the entries sharing it.
    package var table: CSVTable {
        var table = CSVTable(header: ["unit", "entry", "dataset", "fold", "test recordings", "training", "training recordings", "candidates", "step est. s",
                                      "shared with"])
        for u in units {
            let step = trainingSteps[u.training]
            table.append([String(u.index), u.entry, u.dataset, u.foldName, String(u.testRecordings), String(u.training),
                          String(step.trainingRecordings), String(step.candidates), String(format: "%.3f", estimatedSeconds(of: step)),
                          step.entries.filter { $0 != u.entry }.joined(separator: " ")])
        }
        return table
    }

    /// A one-paragraph summary: units, training steps, how many are shared and the candidates trained.
    package var summary: String {
        let candidates = trainingSteps.reduce(0) { $0 + $1.candidates }
        let shared = sharedTrainingSteps
        return "\(experiment): \(units.count) work units (entry × dataset × fold), \(trainingSteps.count) training steps"
            + " (\(candidates) search candidates in all, estimated \(String(format: "%.1f", trainingSteps.reduce(0) { $0 + estimatedSeconds(of: $1) })) s on one core)"
            + (shared.isEmpty ? "; no entries share training" : "; \(shared.count) steps shared by \(Set(shared.flatMap(\.entries)).sorted().joined(separator: ", "))")
    }
}
