import GestureKit

/// An entry's evaluation on one dataset, pooled over its folds, with what the comparisons need.
struct EntryRun: Sendable {
    /// The entry.
    var entry: Experiment.Entry
    /// The dataset key.
    var datasetKey: String
    /// The metric per fold and pooled, as reported.
    var score: ExperimentResult.EntryScore
    /// Pooled event evaluation (continuous).
    var events: EventEvaluation?
    /// Pooled segment classification (segments).
    var segments: SegmentClassification?
    /// Per annotation (continuous) or example (segments), in fold order: correct or not.
    var correct: [Bool]
    /// Segments: the true and the predicted label per example, in fold order (for paired bootstraps of the metric).
    var truth: [String] = [], predicted: [String] = []
    /// Segments: the subject of each example, in fold order, when every example has one (`nil` otherwise): the
    /// clusters of paired bootstraps.
    var subjects: [String]?
    /// Problems worth telling the user (shown in the terminal and results.json).
    var warnings: [ExperimentWarning] = []

    /// The names of the units the entry's scores are over: fold names, prefixed by the dataset when the entry
    /// spans several datasets.
    var units: [String] {
        score.folds.map { entry.datasets.count == 1 ? $0.fold : "\(datasetKey)/\($0.fold)" }
    }

    /// Adds the pooled evaluation and each fold's metric and trained values to `result`.
    func record(into result: inout EvaluationResult) {
        if let events { result.add(entry.name, events) }
        if let segments { result.add(entry.name, segments) }
        for fold in score.folds {
            let scope = "\(entry.name)/fold \(fold.fold)"
            result.add(scope, score.metricName, fold.value)
            for (k, v) in fold.trained.flattened.sorted(by: { $0.key < $1.key }) { result.add(scope, "trained.\(k)", v) }
        }
    }
}
