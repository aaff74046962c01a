import Foundation
import GestureKit
import GestureData

/// The work of an experiment as a list of deterministic units: each entry tested on each fold of each of
/// its datasets (``WorkUnit``), with the model of a ``TrainingStep``. Entries that would learn the same
/// model in the same fold (same recognizer, configuration, search, judged labels, label map and objective)
/// share one training step, so it runs once.
///
/// The plan depends only on the experiment and the folds, so every machine that computes it gets the same
/// units in the same order: what ``ExperimentExecutor`` runs (all of them here, or a shard elsewhere) and
/// what `gesturelab compare EXPERIMENT --plan` prints.
///
/// - Complexity: O(entries × datasets × folds) units; building reads each entry's preset file once.
public struct ExperimentPlan: Codable, Hashable, Sendable {
    /// One training: a model learned on one fold's training part.
    public struct TrainingStep: Codable, Hashable, Sendable {
        /// Position in ``ExperimentPlan/trainingSteps``.
        public var index: Int
        /// The entries whose units use this model, in experiment order (the first trains it).
        public var entries: [String]
        /// The dataset key.
        public var dataset: String
        /// The fold's index in the dataset's ``FoldAssignment``.
        public var fold: Int
        /// The fold's name (its test subject under leave-one-subject-out).
        public var foldName: String
        /// Search combinations tried on the training part (1 without a search).
        public var candidates: Int
        /// Recordings in the training part.
        public var trainingRecordings: Int
        /// What the step processes, for ``ExperimentPlan/estimatedSeconds(of:model:trainers:)``.
        public var workload: Workload
    }

    /// One unit: an entry's model tested on one fold's test part.
    public struct WorkUnit: Codable, Hashable, Sendable {
        /// Position in ``ExperimentPlan/units``.
        public var index: Int
        /// The entry's name.
        public var entry: String
        /// The dataset key.
        public var dataset: String
        /// The fold's index in the dataset's ``FoldAssignment``.
        public var fold: Int
        /// The fold's name.
        public var foldName: String
        /// The index of the ``TrainingStep`` whose model is tested.
        public var training: Int
        /// Recordings in the test part.
        public var testRecordings: Int
        /// Samples in the test part's judged recordings.
        public var testSamples: Int
    }

    /// The experiment's name.
    public var experiment: String
    /// Trainings, in order of first use.
    public var trainingSteps: [TrainingStep]
    /// Units in experiment order: entries, then their datasets, then folds.
    public var units: [WorkUnit]

    /// What decides a training's outcome besides the fold: entries equal in this share one model.
    private struct TrainingKey: Hashable {
        var recognizer: String
        var configuration: ConfigurationValue
        var search: [String: Experiment.ParameterRange]
        var model: String?
        var labels: [String]
        var labelMap: LabelMap
        var directionInLabel: Bool
        var objective: TrainingObjective
        var dataset: String
        var fold: Int
    }

    /// Plans `experiment` (label maps merged into its entries) over `folds` of `datasets` (both by dataset key), each
    /// step's workload counted by its recognizer's trainer in `trainers`.
    /// - Throws: when an entry's preset file cannot be read or a dataset has no folds.
    public init(experiment: Experiment, datasets: [String: Dataset], folds: [String: FoldAssignment],
                trainers: TrainerRegistry = .standard) throws(ExperimentError) {
        try self.init(experiment: experiment, datasets: datasets, folds: folds, trainers: trainers,
                      judged: JudgedFolds(experiment: experiment, datasets: datasets, folds: folds))
    }

    /// Plans `experiment` as ``init(experiment:datasets:folds:trainers:)`` does, counting the recordings of `judged`:
    /// judged once by the caller, which carries them on to the run. O(entries × datasets × folds).
    /// - Throws: when an entry's preset file cannot be read or a dataset has no folds.
    package init(experiment: Experiment, datasets: [String: Dataset], folds: [String: FoldAssignment], trainers: TrainerRegistry,
                 judged: JudgedFolds) throws(ExperimentError) {
        self.experiment = experiment.name
        var steps: [TrainingStep] = [], units: [WorkUnit] = [], stepOfKey: [TrainingKey: Int] = [:]
        for entry in experiment.entries {
            let configuration = try entry.baseConfiguration()
            let candidates = entry.search.values.reduce(1) { $0 * $1.values.count }
            for key in entry.datasets {
                guard let assignment = folds[key], let dataset = datasets[key] else {
                    throw ExperimentError(entry: entry.name, dataset: key, "no folds were computed")
                }
                for fold in assignment.folds {
                    let trainingKey = TrainingKey(recognizer: entry.recognizer, configuration: configuration, search: entry.search, model: entry.model,
                                                  labels: entry.labels, labelMap: entry.labelMap, directionInLabel: entry.directionInLabel,
                                                  objective: experiment.objective(for: entry), dataset: key, fold: fold.index)
                    let step: Int
                    if let shared = stepOfKey[trainingKey] {
                        step = shared
                        steps[step].entries.append(entry.name)
                    } else {
                        step = steps.count
                        stepOfKey[trainingKey] = step
                        let workload = Workload(setup: entry.setup(configuration: configuration, kind: dataset.kind),
                                                judged: judged.training(entry.name, dataset: key, fold: fold.index), trainers: trainers)
                        steps.append(TrainingStep(index: step, entries: [entry.name], dataset: key, fold: fold.index, foldName: fold.name,
                                                  candidates: candidates, trainingRecordings: fold.train.count, workload: workload))
                    }
                    let tested = judged.test(entry.name, dataset: key, fold: fold.index).recordings
                    units.append(WorkUnit(index: units.count, entry: entry.name, dataset: key, fold: fold.index, foldName: fold.name,
                                          training: step, testRecordings: fold.test.count, testSamples: tested.reduce(0) { $0 + $1.count }))
                }
            }
        }
        trainingSteps = steps
        self.units = units
    }

    /// Training steps used by more than one entry.
    public var sharedTrainingSteps: [TrainingStep] { trainingSteps.filter { $0.entries.count > 1 } }

    /// One row per unit: entry, dataset, fold, recordings tested, its training step, the candidates that
    /// step tries, the step's estimated one-core seconds (``estimatedSeconds(of:model:trainers:)``) and the entries sharing it.
    public var table: CSVTable {
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
    public var summary: String {
        let candidates = trainingSteps.reduce(0) { $0 + $1.candidates }
        let shared = sharedTrainingSteps
        return "\(experiment): \(units.count) work units (entry × dataset × fold), \(trainingSteps.count) training steps"
            + " (\(candidates) search candidates in all, estimated \(String(format: "%.1f", trainingSteps.reduce(0) { $0 + estimatedSeconds(of: $1) })) s on one core)"
            + (shared.isEmpty ? "; no entries share training" : "; \(shared.count) steps shared by \(Set(shared.flatMap(\.entries)).sorted().joined(separator: ", "))")
    }
}

extension ExperimentPlan {
    /// A finished part of a run, as ``ExperimentExecutor`` reports it: a training step (by its index in
    /// ``trainingSteps``) or a work unit (by its index in ``units``).
    public enum RunProgress: Hashable, Sendable {
        /// Training step `step` has its model.
        case trained(step: Int)
        /// Work unit `unit` is tested.
        case tested(unit: Int)
    }
}
