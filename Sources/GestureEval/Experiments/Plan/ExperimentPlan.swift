import Foundation
import GestureKit
import GestureData

/// The work of an experiment as a list of deterministic units: each entry tested on each fold of each of
/// its datasets (``WorkUnit``), with the model of a ``TrainingStep``. Entries that would learn the same
/// model in the same fold (equal in every field but their name, group and remarks: recognizer, resolved configuration,
/// stages, search, judged labels, label map, objective) share one training step, so it runs once.
///
/// The plan depends only on the experiment and the folds, so every machine that computes it gets the same
/// units in the same order: what ``ExperimentExecutor`` runs (all of them here, or a shard elsewhere) and
/// what `gesturelab compare EXPERIMENT --plan` prints.
///
/// The plan carries the trainer registry it was made with, which estimates each step's cost; it is not encoded
/// (a decoded plan estimates with an empty registry, every step rule-based, until given one) and plays no part
/// in equality.
///
/// - Complexity: O(entries × datasets × folds) units; building reads each entry's preset file once.
public struct ExperimentPlan: Codable, Hashable, Sendable {
    /// One training: a model learned on one fold's training part.
    public struct TrainingStep: Codable, Hashable, Sendable {
        /// Position in ``ExperimentPlan/trainingSteps``.
        public var index: Int
        /// The entries whose units use this model, in experiment order (the first trains it).
        public var entries: [String]
        /// Their recognizer identifier, whose trainer (``ExperimentPlan/trainers``) estimates the step's cost.
        public var recognizer: String
        /// The dataset key.
        public var dataset: String
        /// The fold's index in the dataset's ``FoldAssignment``.
        public var fold: Int
        /// The fold's name (its test subject under leave-one-subject-out).
        public var foldName: String
        /// Search combinations tried on the training part (1 without a search).
        package var candidates: Int
        /// Recordings in the training part.
        package var trainingRecordings: Int
        /// What the step processes, for ``ExperimentPlan/estimatedSeconds(of:model:)``.
        package var workload: Workload
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
        package var testRecordings: Int
        /// Samples in the test part's judged recordings.
        package var testSamples: Int
    }

    /// The experiment's name.
    public var experiment: String
    /// Trainings, in order of first use.
    public var trainingSteps: [TrainingStep]
    /// Units in experiment order: entries, then their datasets, then folds.
    public var units: [WorkUnit]
    /// The trainers whose workloads and estimates the steps use.
    package var trainers = TrainerRegistry()

    private enum CodingKeys: String, CodingKey { case experiment, trainingSteps, units }

    /// Equal when the experiment, steps and units are: the registry is how costs are estimated, not what is run.
    public static func == (a: ExperimentPlan, b: ExperimentPlan) -> Bool {
        (a.experiment, a.trainingSteps, a.units) == (b.experiment, b.trainingSteps, b.units)
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(experiment)
        hasher.combine(trainingSteps)
        hasher.combine(units)
    }

    /// What decides a training's outcome besides the fold: entries equal in this share one model.
    ///
    /// It holds the whole entry but for the fields that only name, place or describe it (``modelShaping(_:)``), so a
    /// field added to ``Experiment/Entry`` shapes the key unless it is said not to: stages, labels, searches and any
    /// later setting end sharing without anyone remembering to list them here.
    private struct TrainingKey: Hashable {
        var entry: Experiment.Entry
        var configuration: ConfigurationValue
        var objective: TrainingObjective
        var dataset: String
        var fold: Int
    }

    /// `entry` without what does not shape its model: its name, group, datasets (the key holds the one trained on),
    /// the `tunedOnTheseFolds` remark, and its configuration source and objective (the key holds them resolved).
    static func modelShaping(_ entry: Experiment.Entry) -> Experiment.Entry {
        var e = entry
        (e.name, e.group, e.datasets, e.tunedOnTheseFolds, e.configuration, e.objective) = ("", nil, [], false, nil, nil)
        return e
    }

    /// Plans `experiment` (label maps merged into its entries) over `folds` of `datasets` (both by dataset key), each
    /// step's workload counted by its recognizer's trainer in `trainers` (recognizers from `registry`).
    /// - Throws: when an entry's preset file cannot be read or a dataset has no folds.
    package init(experiment: Experiment, datasets: [String: Dataset], folds: [String: FoldAssignment],
                registry: RecognizerRegistry, trainers: TrainerRegistry) throws(ExperimentError) {
        try self.init(experiment: experiment, datasets: datasets, folds: folds, registry: registry, trainers: trainers,
                      judged: try JudgedFolds(experiment: experiment, datasets: datasets, folds: folds))
    }

    /// Plans `experiment` as ``init(experiment:datasets:folds:registry:trainers:)`` does, counting the recordings of
    /// `judged`: judged once by the caller, which carries them on to the run. O(entries × datasets × folds).
    /// - Throws: when an entry's preset file cannot be read or a dataset has no folds.
    package init(experiment: Experiment, datasets: [String: Dataset], folds: [String: FoldAssignment], registry: RecognizerRegistry,
                 trainers: TrainerRegistry, judged: JudgedFolds) throws(ExperimentError) {
        let experiment = try experiment.resolved()
        self.experiment = experiment.name
        self.trainers = trainers
        var steps: [TrainingStep] = [], units: [WorkUnit] = [], stepOfKey: [TrainingKey: Int] = [:]
        // Each new step's workload, counted below on all cores: a trainer may read its training data to count it.
        var counting: [(setup: TrainingSetup, entry: String, dataset: String, fold: Int)] = []
        for entry in experiment.entries {
            let configuration = try entry.baseConfiguration()
            let candidates = entry.search.values.reduce(1) { $0 * $1.values.count }
            for key in entry.datasets {
                guard let assignment = folds[key], let dataset = datasets[key] else {
                    throw ExperimentError(entry: entry.name, dataset: key, "no folds were computed")
                }
                for fold in assignment.folds {
                    let trainingKey = TrainingKey(entry: Self.modelShaping(entry), configuration: configuration,
                                                  objective: experiment.objective(for: entry), dataset: key, fold: fold.index)
                    let step: Int
                    if let shared = stepOfKey[trainingKey] {
                        step = shared
                        steps[step].entries.append(entry.name)
                    } else {
                        step = steps.count
                        stepOfKey[trainingKey] = step
                        let setup = entry.setup(configuration: configuration, kind: dataset.kind, registry: registry)
                        counting.append((setup, entry.name, key, fold.index))
                        steps.append(TrainingStep(index: step, entries: [entry.name], recognizer: entry.recognizer, dataset: key, fold: fold.index, foldName: fold.name,
                                                  candidates: candidates, trainingRecordings: fold.train.count, workload: Workload(trainingSamples: 0)))
                    }
                    let tested = judged.test(entry.name, dataset: key, fold: fold.index).recordings
                    units.append(WorkUnit(index: units.count, entry: entry.name, dataset: key, fold: fold.index, foldName: fold.name,
                                          training: step, testRecordings: fold.test.count, testSamples: tested.reduce(0) { $0 + $1.count }))
                }
            }
        }
        let workloads = parallelMap(counting.count) { [counting, trainers, judged] i in
            trainers.trainer(for: counting[i].setup.recognizer).workload(counting[i].setup, training: judged.training(counting[i].entry, dataset: counting[i].dataset, fold: counting[i].fold))
        }
        for i in steps.indices { steps[i].workload = workloads[i] }
        trainingSteps = steps
        self.units = units
    }

    /// Training steps used by more than one entry.
    package var sharedTrainingSteps: [TrainingStep] { trainingSteps.filter { $0.entries.count > 1 } }
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
