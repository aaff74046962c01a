import Foundation
import GestureKit
import GestureData

/// Turns the unit results of an ``ExperimentExecutor`` into an ``ExperimentResult``: per entry and dataset
/// the metric of each fold and pooled over folds, with bootstrap intervals (``EventEvaluation`` for
/// continuous recordings, ``SegmentClassification`` for segments), then the paired and rank comparisons
/// within each comparison group (``ExperimentComparisons``).
///
/// Deterministic: intervals and paired tests draw from the experiment's seed.
/// - Complexity: O(B × (recordings + examples)) per interval for B bootstrap replicates.
package struct ExperimentAggregator: Sendable {
    /// The experiment, with label maps merged into its entries.
    package let experiment: Experiment
    /// The datasets by key.
    package let datasets: [String: Dataset]
    /// The folds of each dataset.
    package let folds: [String: FoldAssignment]
    /// The trainers, which word the deprecation warnings of their configurations and model files.
    package let trainers: TrainerRegistry

    /// An aggregator for `experiment` on `datasets` split into `folds`, trained by `trainers`.
    package init(experiment: Experiment, datasets: [String: Dataset], folds: [String: FoldAssignment], trainers: TrainerRegistry) {
        self.experiment = experiment
        self.datasets = datasets
        self.folds = folds
        self.trainers = trainers
    }

    /// The result of every unit of `plan` (`results` in any order, one per unit).
    /// - Throws: when a unit is missing or a metric cannot be computed, naming entry and dataset.
    package func result(of plan: ExperimentPlan, _ results: [ExperimentExecutor.UnitResult]) throws(ExperimentError) -> ExperimentResult {
        let byUnit = Dictionary(results.map { ($0.unit.index, $0) }) { first, _ in first }
        let bootstrap = BootstrapOptions(replicates: experiment.bootstrapReplicates, seed: experiment.seed)
        var evaluations: [String: EvaluationResult] = [:]
        for (key, assignment) in folds.sorted(by: { $0.key < $1.key }) {
            evaluations[key] = EvaluationResult(dataset: datasets[key]!, configuration: ["experiment": experiment.name], seed: experiment.seed, folds: assignment)
        }
        var runs: [EntryRun] = []
        for entry in experiment.entries {
            for key in entry.datasets {
                var outcomes: [ExperimentExecutor.UnitResult] = []
                for unit in plan.units where unit.entry == entry.name && unit.dataset == key {
                    guard let outcome = byUnit[unit.index] else { throw ExperimentError(entry: entry.name, dataset: key, "unit \(unit.index) (fold \(unit.foldName)) has no result") }
                    outcomes.append(outcome)
                }
                let run = try score(entry, datasetKey: key, outcomes: outcomes, bootstrap: bootstrap)
                evaluations[key]!.configuration[entry.name] = run.score.configuration
                run.record(into: &evaluations[key]!)
                runs.append(run)
            }
        }
        var warnings = folds.sorted { $0.key < $1.key }.flatMap { key, f in f.warnings.map { ExperimentWarning.foldAssignment(dataset: key, warning: $0) } }
        warnings += runs.flatMap(\.warnings)
        warnings += Self.fewUnitWarnings(runs)
        warnings += experiment.entries.filter(\.tunedOnTheseFolds).map { .tunedOnTheseFolds(entry: $0.name) }
        warnings += adaptationWarnings()
        let comparisons = ExperimentComparisons(experiment: experiment, bootstrap: bootstrap)
        let compared = comparisons.compare(runs, groups: try experiment.comparisonGroups(), evaluations: &evaluations, warnings: &warnings)
        var result = ExperimentResult(experiment: experiment, packageVersion: GestureLabVersion.current, seed: experiment.seed,
                                      metric: experiment.metric, scores: runs.map(\.score), pairs: compared.pairs,
                                      groups: compared.groups.map { .init(group: $0.group, ranking: $0.ranking, headline: $0.headline) },
                                      evaluations: evaluations, warnings: warnings)
        result.adaptation = AdaptationComparison.sections(of: result)
        return result
    }

    /// An entry's scores on one dataset from its units' outcomes (in fold order).
    func score(_ entry: Experiment.Entry, datasetKey: String, outcomes: [ExperimentExecutor.UnitResult],
               bootstrap: BootstrapOptions) throws(ExperimentError) -> EntryRun {
        let base = try entry.baseConfiguration()
        var run: EntryRun
        do {
            switch datasets[datasetKey]!.kind {
            case .continuous: run = try continuous(entry, datasetKey: datasetKey, outcomes: outcomes, configuration: base.json, bootstrap: bootstrap)
            case .segments: run = try segments(entry, datasetKey: datasetKey, outcomes: outcomes, configuration: base.json, bootstrap: bootstrap)
            }
        } catch {
            throw ExperimentError(entry: entry.name, dataset: datasetKey, error.description)
        }
        if let budget = experiment.objective(for: entry).maxFalsePerHour {
            for f in run.score.folds where f.trained.budget?.met == false {
                run.warnings.append(.budgetNotMet(entry: entry.name, dataset: datasetKey, fold: f.fold, maxFalsePerHour: budget,
                                                  trainingFalsePerHour: f.trained.operatingPoint?.falsePerHour))
            }
        }
        run.warnings += run.score.folds.flatMap { Self.crossFitWarnings(entry: entry.name, dataset: datasetKey, fold: $0) }
        run.warnings += trainers.trainer(for: entry.recognizer).deprecations(configuration: base, modelFile: entry.model).map { .deprecation(entry: entry.name, line: $0) }
        return run
    }

    private func continuous(_ entry: Experiment.Entry, datasetKey: String, outcomes: [ExperimentExecutor.UnitResult],
                            configuration: String, bootstrap: BootstrapOptions) throws(StatisticsError) -> EntryRun {
        let matching = experiment.eventMatching, metric = experiment.metric.events
        var foldScores: [ExperimentResult.FoldScore] = []
        var breakdown: FalseActivationBreakdown?
        var rows: [EventOutcome] = []
        // Each unit carries its judged recordings, what judging left out of each and its events' matching, each
        // computed once (`UnitResult`): nothing here judges or matches.
        for o in outcomes {
            let activities = FalseActivationBreakdown(judged: o.recordings, unjudged: o.unjudged, matches: o.matches)
            breakdown = breakdown?.merged(with: activities) ?? activities
            for ((judged, unjudged), result) in zip(zip(o.recordings, o.unjudged), o.matches) {
                rows += EventOutcome.rows(fold: o.unit.foldName, recording: judged.id, matching: result, unjudged: unjudged)
            }
            let e = try EventEvaluation(recordings: o.recordings, matches: o.matches, matching: matching, bootstrap: bootstrap)
            let c = e.overall
            let metrics = ScoreMetrics.Events(
                precision: e.precision.value, recall: e.recall.value, f1: e.f1.value, falsePositivesPerHour: e.falsePositivesPerHour.value,
                backgroundHours: e.backgroundHours, annotations: c.annotations, detections: c.detections, truePositives: c.truePositives,
                errors: .init(insertions: c.insertions, deletions: c.deletions, substitutions: c.substitutions, fragments: c.fragments))
            foldScores.append(.init(fold: o.unit.foldName, value: metric.value(e), count: c.annotations, metrics: .events(metrics), trained: o.trained))
        }
        let recordings = outcomes.flatMap(\.recordings), events = outcomes.flatMap(\.events), matches = outcomes.flatMap(\.matches)
        let pooled = try EventEvaluation(recordings: recordings, matches: matches, matching: matching, bootstrap: bootstrap)
        var correct: [Bool] = [], latencies: [Double] = []
        for m in matches {
            // Judged annotations only: the ignored ones (don't-care regions) are neither hits nor misses.
            correct += m.annotationOutcomes.filter { $0 != .ignored }.map { $0 == .correct }
            for (a, outcome) in m.annotationOutcomes.enumerated() where outcome == .correct {
                latencies.append(m.detections[m.detectionOfAnnotation[a]!].time - m.annotations[a].end)
            }
        }
        let example = recordings.first.map {
            ExperimentResult.Example(recording: $0.id, fold: outcomes[0].unit.foldName, events: events[0].filter { $0.phase == .ended },
                                     annotations: $0.annotations)
        }
        let bySubject = try SubjectScores(events: pooled, metric: metric, bootstrap: bootstrap)
        let score = ExperimentResult.EntryScore(entry: entry.name, recognizer: entry.recognizer, dataset: datasetKey, kind: .continuous,
                                                labels: entry.labels, metricName: metric.rawValue, overall: metric.value(pooled),
                                                folds: foldScores, foldStatistics: FoldStatistics(folds: foldScores, kind: .continuous),
                                                configuration: configuration, latencies: latencies, example: example,
                                                falseActivations: breakdown, outcomes: rows, bySubject: bySubject)
        var run = EntryRun(entry: entry, datasetKey: datasetKey, score: score, events: pooled, segments: nil, correct: correct)
        if let w = entry.labelMismatchWarning(datasetKey: datasetKey, recordings: recordings, events: events, counts: pooled.overall, phases: matching.phases) {
            run.warnings.append(w)
        }
        return run
    }

    private func segments(_ entry: Experiment.Entry, datasetKey: String, outcomes: [ExperimentExecutor.UnitResult],
                          configuration: String, bootstrap: BootstrapOptions) throws(StatisticsError) -> EntryRun {
        let metric = experiment.metric.segments
        var foldScores: [ExperimentResult.FoldScore] = []
        // Each unit holds its judged test recordings in the order of its examples, one example each.
        func subjects(_ o: ExperimentExecutor.UnitResult) -> [String]? { o.recordings.count == o.truth.count ? o.recordings.map(\.subject) : nil }
        for o in outcomes {
            let s = try SegmentClassification(truth: o.truth, predicted: o.predicted, subjects: subjects(o), bootstrap: bootstrap)
            let metrics = ScoreMetrics.Segments(accuracy: s.accuracy.value, macroF1: s.macroF1.value, kappa: s.kappa.value,
                                                balancedAccuracy: s.balancedAccuracy.value)
            foldScores.append(.init(fold: o.unit.foldName, value: metric.value(s), count: s.count, metrics: .segments(metrics), trained: o.trained))
        }
        let perUnit = outcomes.map(subjects)
        let everySubject: [String]? = perUnit.contains { $0 == nil } ? nil : perUnit.flatMap { $0! }
        let pooled = try SegmentClassification(truth: outcomes.flatMap(\.truth), predicted: outcomes.flatMap(\.predicted), subjects: everySubject,
                                               bootstrap: bootstrap)
        var bySubject: SubjectScores?
        if let everySubject {
            bySubject = try SubjectScores(truth: outcomes.flatMap(\.truth), predicted: outcomes.flatMap(\.predicted), subjects: everySubject, metric: metric,
                                      bootstrap: bootstrap)
        }
        let score = ExperimentResult.EntryScore(entry: entry.name, recognizer: entry.recognizer, dataset: datasetKey, kind: .segments,
                                                labels: entry.labels, metricName: metric.rawValue, overall: metric.value(pooled),
                                                folds: foldScores, foldStatistics: FoldStatistics(folds: foldScores, kind: .segments),
                                                configuration: configuration, latencies: [], example: nil, bySubject: bySubject)
        return EntryRun(entry: entry, datasetKey: datasetKey, score: score, events: nil, segments: pooled, correct: pooled.correct,
                        truth: outcomes.flatMap(\.truth), predicted: outcomes.flatMap(\.predicted), subjects: everySubject)
    }

    /// One warning per dataset whose pooled intervals resample fewer than ``ExperimentWarning/fewUnits`` units, the
    /// smallest such count, datasets in the order first scored.
    static func fewUnitWarnings(_ runs: [EntryRun]) -> [ExperimentWarning] {
        var fewest: [String: IntervalUnits] = [:], order: [String] = []
        for run in runs {
            guard let units = run.score.overall.interval?.units, units.count < ExperimentWarning.fewUnits else { continue }
            if fewest[run.datasetKey] == nil { order.append(run.datasetKey) }
            if units.count < fewest[run.datasetKey]?.count ?? .max { fewest[run.datasetKey] = units }
        }
        return order.map { .fewIntervalUnits(dataset: $0, units: fewest[$0]!) }
    }

    /// The warnings for a fold whose cross-fitted trainings failed, or whose calibration scored subjects in-sample.
    static func crossFitWarnings(entry: String, dataset: String, fold: ExperimentResult.FoldScore) -> [ExperimentWarning] {
        guard let c = fold.trained.crossFit else { return [] }
        var warnings: [ExperimentWarning] = []
        if c.failures > 0 { warnings.append(.crossFitFailed(entry: entry, dataset: dataset, fold: fold.fold, failures: c.failures)) }
        if c.inSampleCount > 0 {
            warnings.append(.calibratedInSample(entry: entry, dataset: dataset, fold: fold.fold, count: c.inSampleCount, subjects: c.inSample))
        }
        if c.selectedInSample { warnings.append(.selectedInSample(entry: entry, dataset: dataset, fold: fold.fold)) }
        return warnings
    }
}
