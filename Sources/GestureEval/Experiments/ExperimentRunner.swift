import Foundation
import GestureKit
import GestureData

/// Runs an ``Experiment`` through the pipeline its folder is laid out as, one subfolder per stage:
///
/// 1. `Plan/`: the ``Experiment`` as written (entries, datasets, groups, what each entry judges) and its
///    ``ExperimentPlan`` of work units (entry × dataset × fold, entries that learn the same model sharing one
///    training step), with the plan's cost and shards.
/// 2. `Execute/`: an ``ExperimentExecutor`` that trains inside each fold's training part (``EntryTrainer``)
///    and tests on its test part through ``GestureKit/Pipeline``, the path an app takes (`EntryDetector`);
///    `ExperimentShard` runs a share of the units on another machine.
/// 3. `Aggregate/`: an ``ExperimentAggregator`` that scores the units per fold and pooled into an
///    ``ExperimentResult``, with typed warnings (`ExperimentWarning`).
/// 4. `Compare/`: the paired and rank tests within each comparison group and what won (`GroupHeadline`).
/// 5. `Report/`: the words and numbers as text: ``ExperimentReport`` writes the report folder, and the
///    warnings, headlines and terminal text are worded there (``ExperimentReport/fmt(_:)``).
///
/// Deterministic: folds, bootstrap intervals and paired tests draw from the experiment's seed, ties in a
/// search go to the first combination, and units run in parallel but are collected in plan order, so the
/// same inputs give the same ``ExperimentResult``.
///
/// ```swift
/// let experiment = try Experiment(contentsOf: URL(fileURLWithPath: "configs/experiments/default.yaml"), trainers: .standard)
/// let runner = try ExperimentRunner(experiment: experiment, datasets: experiment.loadDatasets(), registry: .standard, trainers: .standard)
/// print(runner.plan.summary)
/// let result = try runner.run()
/// ```
///
/// - Complexity: O(Σ training steps × (candidates × training samples) + Σ units × test samples) recognizer
///   steps, plus O(B × recordings) per bootstrap interval.
public struct ExperimentRunner: Sendable {
    /// The experiment resolved (``Experiment/resolved()``): every preset file read and every entry's label map merged
    /// with the experiment's, once, for every stage of the run.
    public let experiment: Experiment
    /// The datasets by key.
    public let datasets: [String: Dataset]
    /// Where recognizers come from.
    public let registry: RecognizerRegistry
    /// Where learned recognizers' trainers come from.
    public let trainers: TrainerRegistry
    /// The folds of each dataset, computed once and shared by every entry.
    public let folds: [String: FoldAssignment]
    /// The work units and training steps.
    public let plan: ExperimentPlan
    /// Every fold as each entry judges it, judged once here and carried: the plan counts it, the executor trains and
    /// tests on it, and a merge of shards gives each unit its test part back from it.
    package let judged: JudgedFolds

    /// Prepares a run: checks each entry's judged labels against its datasets, computes every used
    /// dataset's folds and plans the units.
    /// - Throws: naming the dataset or entry, when a dataset is not loaded, cannot be split, or has no
    ///   annotation an entry judges.
    public init(experiment: Experiment, datasets: [String: Dataset], registry: RecognizerRegistry,
                trainers: TrainerRegistry) throws(ExperimentError) {
        let merged = try experiment.resolved()
        self.experiment = merged
        self.datasets = datasets
        self.registry = registry
        self.trainers = trainers
        let strategy = experiment.split.strategy(seed: experiment.seed)
        var folds: [String: FoldAssignment] = [:]
        for key in Set(experiment.entries.flatMap(\.datasets)).sorted() {
            guard let dataset = datasets[key] else { throw ExperimentError(dataset: key, "not loaded") }
            for entry in merged.entries where entry.datasets.contains(key) {
                do { try entry.checkJudgedLabels(in: dataset.recordings, datasetKey: key) } catch {
                    // Folds judge recall, which annotations of activities alone cannot give; the survey counts what they can.
                    guard entry.model == nil, trainers.learned(entry.recognizer) == nil, entry.judgesOnlyAbsentLabels(in: dataset.recordings) else { throw error }
                    var surveyed = error
                    surveyed.message += "; if the annotations are activities, `gesturelab evaluate --recognizer \(entry.recognizer) --config CONFIG "
                        + "--dataset DATASET --labels \(entry.labels.joined(separator: ","))` counts every activation as false, per hour of each activity"
                    throw surveyed
                }
                // A metric of the other family would silently stand for another one (precision for accuracy).
                for (what, metric) in [("metric", experiment.metric), ("objective", merged.objective(for: entry).maximize)]
                where !metric.isDefined(for: dataset.kind) {
                    throw ExperimentError(entry: entry.name, "\(what) \(metric.rawValue) is not defined on dataset '\(key)', which holds "
                        + "\(dataset.kind.rawValue): use one of \(Experiment.Metric.defined(for: dataset.kind))")
                }
            }
            do { folds[key] = try FoldAssignment(strategy, dataset: dataset) } catch {
                throw ExperimentError(dataset: key, "cannot split by \(experiment.split): \(error.description)")
            }
        }
        self.folds = folds
        judged = try JudgedFolds(experiment: merged, datasets: datasets, folds: folds)
        plan = try ExperimentPlan(experiment: merged, datasets: datasets, folds: folds, registry: registry, trainers: trainers, judged: judged)
    }

    /// Runs every unit and aggregates them; `progress` is called after each training step and each unit.
    public func run(progress: (@Sendable (ExperimentPlan.RunProgress) -> Void)? = nil) throws(ExperimentError) -> ExperimentResult {
        try run(cache: nil, progress: progress)
    }

    /// Runs every unit, the steps `cache` holds read from it and the others stored in it, and aggregates them: the
    /// same result as without a cache.
    package func run(cache: UnitCache?, progress: (@Sendable (ExperimentPlan.RunProgress) -> Void)? = nil) throws(ExperimentError) -> ExperimentResult {
        let results = try ExperimentExecutor(self).run(plan, cache: cache, progress: progress)
        return try ExperimentAggregator(experiment: experiment, datasets: datasets, folds: folds, trainers: trainers).result(of: plan, results)
    }
}
