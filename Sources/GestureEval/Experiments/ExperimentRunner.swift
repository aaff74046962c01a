import Foundation
import GestureKit

/// Runs an ``Experiment``: computes each dataset's folds once, trains every entry inside each
/// fold's training part only (a parameter grid search for rule-based recognizers, templates and
/// thresholds for DTW), runs it over the fold's test recordings through ``GestureKit/Pipeline``
/// (the path an app takes), scores it with ``EventEvaluation`` (continuous recordings) or
/// ``SegmentClassification`` (segments), and compares the entries statistically.
///
/// Deterministic: folds, bootstrap intervals and paired tests draw from the experiment's seed,
/// ties in the grid search go to the first combination, and recordings are processed in
/// parallel but collected in order, so the same inputs give the same ``ExperimentResult``.
///
/// ```swift
/// let experiment = try Experiment(contentsOf: URL(fileURLWithPath: "configs/experiments/default.yaml"))
/// let runner = try ExperimentRunner(experiment: experiment, datasets: ExperimentRunner.loadDatasets(experiment))
/// let result = try runner.run()
/// ```
///
/// - Complexity: O(Σ entries × folds × (grid size × training samples + test samples)) recognizer
///   steps, plus O(B × recordings) per bootstrap interval.
public struct ExperimentRunner: Sendable {
    /// The experiment.
    public let experiment: Experiment
    /// The datasets by key.
    public let datasets: [String: Dataset]
    /// Where recognizers come from.
    public var registry: RecognizerRegistry
    /// The folds of each dataset, computed once and shared by every entry.
    public let folds: [String: FoldAssignment]

    /// Prepares a run; computes every used dataset's folds.
    public init(experiment: Experiment, datasets: [String: Dataset], registry: RecognizerRegistry = .standard) throws(ExperimentError) {
        self.experiment = Self.withEntryLabelMaps(experiment)
        self.datasets = datasets
        self.registry = registry
        let strategy: SplitStrategy
        do { strategy = try SplitStrategy.parse(experiment.split, seed: experiment.seed) } catch {
            throw ExperimentError(error.description)
        }
        var folds: [String: FoldAssignment] = [:]
        for key in Set(experiment.entries.flatMap(\.datasets)).sorted() {
            guard let dataset = datasets[key] else { throw ExperimentError(dataset: key, "not loaded") }
            for entry in self.experiment.entries where entry.datasets.contains(key) {
                try Self.checkJudgedLabels(entry, recordings: dataset.recordings, datasetKey: key)
            }
            do { folds[key] = try FoldAssignment(strategy, dataset: dataset) } catch {
                throw ExperimentError(dataset: key, "cannot split by \(experiment.split): \(error.description)")
            }
        }
        self.folds = folds
    }

    /// Loads the datasets the entries use. A `{train, test}` reference becomes one dataset whose
    /// recordings' sessions are `train` and `test` (ids prefixed `train-` / `test-`). `notes` receives
    /// what reading inferred rather than read as stated (``ReadingReport/notes``), prefixed by the source.
    public static func loadDatasets(_ experiment: Experiment, notes: ((String) -> Void)? = nil) throws(DataFileError) -> [String: Dataset] {
        let options = DatasetSource.Options(samplingRate: experiment.samplingRate)
        var loaded: [String: Dataset] = [:]
        // What reading inferred (a time unit, bare x,y,z as acceleration) is passed on, once per dataset and note.
        func load(_ text: String) throws(DataFileError) -> LoadedDataset {
            let dataset = try DatasetSource(text).load(options)
            for note in dataset.report.notes { notes?("\(text): \(note)") }
            return dataset
        }
        for key in Set(experiment.entries.flatMap(\.datasets)).sorted() {
            guard let reference = experiment.datasets[key] else { continue }
            switch reference {
            case let .source(text):
                loaded[key] = try load(text).dataset
            case let .split(trainText, testText):
                let train = try load(trainText).dataset
                let test = try load(testText).dataset
                func relabel(_ r: Recording, _ session: String) -> Recording {
                    var r = r
                    r.id = "\(session)-\(r.id)"
                    r.session = session
                    return r
                }
                loaded[key] = Dataset(name: key, kind: train.kind, samplingRate: train.samplingRate,
                                      recordings: train.recordings.map { relabel($0, "train") } + test.recordings.map { relabel($0, "test") },
                                      license: train.license, citation: train.citation)
            }
        }
        return loaded
    }

    /// Number of (entry, dataset, fold) steps ``run(progress:)`` reports.
    public var steps: Int {
        experiment.entries.reduce(0) { sum, entry in sum + entry.datasets.reduce(0) { $0 + (folds[$1]?.folds.count ?? 0) } }
    }

    /// Runs every entry and the comparisons. `progress` is called after each (entry, dataset, fold).
    public func run(progress: (@Sendable () -> Void)? = nil) throws(ExperimentError) -> ExperimentResult {
        let bootstrap = BootstrapOptions(replicates: experiment.bootstrapReplicates, seed: experiment.seed)
        var evaluations: [String: EvaluationResult] = [:]
        for (key, assignment) in folds.sorted(by: { $0.key < $1.key }) {
            evaluations[key] = EvaluationResult(dataset: datasets[key]!, configuration: ["experiment": experiment.name], seed: experiment.seed, folds: assignment)
        }
        var runs: [EntryRun] = []
        for entry in experiment.entries {
            for key in entry.datasets {
                let run = try runEntry(entry, datasetKey: key, bootstrap: bootstrap, progress: progress)
                evaluations[key]!.configuration[entry.name] = run.score.configuration
                run.record(into: &evaluations[key]!)
                runs.append(run)
            }
        }
        var warnings = folds.sorted { $0.key < $1.key }.flatMap { key, f in f.warnings.map { "\(key): \($0)" } }
        warnings += runs.flatMap(\.warnings)
        let pairs = try comparePairs(runs, bootstrap: bootstrap, evaluations: &evaluations)
        let ranking = rank(runs, warnings: &warnings)
        return ExperimentResult(experiment: experiment, packageVersion: GestureLabVersion.current, seed: experiment.seed,
                                metric: experiment.metric, scores: runs.map(\.score), pairs: pairs, ranking: ranking,
                                evaluations: evaluations, warnings: warnings)
    }

    /// A runner for training only (no folds): what ``train(_:on:kind:)`` needs.
    init(experiment: Experiment, registry: RecognizerRegistry) {
        self.experiment = Self.withEntryLabelMaps(experiment)
        datasets = [:]
        self.registry = registry
        folds = [:]
    }

    /// Trains `entry` on `recordings` (all of them training data): a grid search over its ranges
    /// under the entry's ``TrainingObjective`` (``Experiment/objective(for:)``), or DTW templates and
    /// thresholds. Uses the experiment's matching tolerances.
    public static func train(_ entry: Experiment.Entry, on recordings: [Recording], kind: Dataset.Kind, experiment: Experiment,
                             registry: RecognizerRegistry = .standard) throws(ExperimentError) -> FoldModel {
        let runner = ExperimentRunner(experiment: experiment, registry: registry)
        var entry = entry
        entry.labelMap = experiment.labelMap.merging(entry.labelMap)
        try checkJudgedLabels(entry, recordings: recordings, datasetKey: entry.datasets.first)
        let base: ConfigurationValue
        do { base = try entry.configuration?.resolve() ?? .object([:]) } catch { throw ExperimentError(entry: entry.name, error.description) }
        return try EntryTrainer(runner: runner, entry: entry, base: base, kind: kind).train(on: recordings)
    }

    /// `base` completed with the recognizer's defaults (what it actually runs with), after checking
    /// that it is valid and that every search key names one of its settings.
    static func checkedConfiguration(_ entry: Experiment.Entry, base: ConfigurationValue, registry: RecognizerRegistry,
                                     keys: [String]? = nil) throws(ExperimentError) -> ConfigurationValue {
        let recognizer: any Recognizer
        do { recognizer = try registry.makeRecognizer(entry.recognizer, configuration: base.decoding) } catch {
            throw ExperimentError(entry: entry.name, String(describing: error))
        }
        func settings<R: ConfigurableRecognizer>(_ r: R) -> ConfigurationValue? {
            (try? JSONEncoder().encode(r.configuration)).flatMap { try? JSONDecoder().decode(ConfigurationValue.self, from: $0) }
        }
        guard let configurable = recognizer as? any ConfigurableRecognizer, let full = settings(configurable) else { return base }
        for key in (keys ?? entry.search.keys.sorted()) where full[path: key] == nil {
            throw ExperimentError(entry: entry.name, "'\(key)' is not a setting of \(entry.recognizer)")
        }
        return full
    }

    // MARK: one entry

    /// What training produced in one fold (or on a whole dataset, for `gesturelab train`).
    public enum FoldModel: Sendable {
        /// A (tuned) configuration for the registry, with the values the search chose.
        case configuration(ConfigurationValue, chosen: [String: Double])
        /// A trained DTW model with a summary (band, templates).
        case dtw(DTWModel, summary: [String: Double])

        /// The chosen parameter values (and `trainingScore`), or the DTW model's band and template count.
        public var summary: [String: Double] {
            switch self {
            case let .configuration(_, chosen): chosen
            case let .dtw(_, summary): summary
            }
        }
    }

    /// One fold's test outcome.
    struct FoldOutcome {
        var fold: Fold
        var model: FoldModel
        /// Continuous: judged test recordings and their events.
        var recordings: [Recording] = []
        var events: [[GestureEvent]] = []
        /// Segments: true and predicted labels.
        var truth: [String] = []
        var predicted: [String] = []
    }

    /// An entry's result on one dataset, with what the comparisons need.
    struct EntryRun {
        var entry: Experiment.Entry
        var datasetKey: String
        var score: ExperimentResult.EntryScore
        var events: EventEvaluation?
        var segments: SegmentClassification?
        var perFold: [(name: String, events: EventEvaluation?, segments: SegmentClassification?)]
        /// Per annotation (continuous) or example (segments), in fold order: correct or not.
        var correct: [Bool]
        /// Problems worth telling the user (shown in the terminal and results.json).
        var warnings: [String] = []

        func record(into result: inout EvaluationResult) {
            if let events { result.add(entry.name, events) }
            if let segments { result.add(entry.name, segments) }
            for (fold, f) in zip(score.folds, perFold) {
                let scope = "\(entry.name)/fold \(f.name)"
                result.add(scope, score.metricName, fold.value)
                for (k, v) in fold.trained.sorted(by: { $0.key < $1.key }) { result.add(scope, "trained.\(k)", v) }
            }
        }
    }

    func runEntry(_ entry: Experiment.Entry, datasetKey: String, bootstrap: BootstrapOptions,
                  progress: (@Sendable () -> Void)?) throws(ExperimentError) -> EntryRun {
        let dataset = datasets[datasetKey]!, assignment = folds[datasetKey]!
        func fail(_ message: String) -> ExperimentError { ExperimentError(entry: entry.name, dataset: datasetKey, message) }
        let base: ConfigurationValue
        do { base = try entry.configuration?.resolve() ?? .object([:]) } catch { throw fail(error.description) }
        if entry.recognizer != DTWTemplateMatcher.identifier {
            do { _ = try Self.checkedConfiguration(entry, base: base, registry: registry) } catch { throw fail(error.message) }
        }
        let trainer = EntryTrainer(runner: self, entry: entry, base: base, kind: dataset.kind)
        let outcomes: [FoldOutcome]
        do {
            outcomes = try CrossValidation.run(trainer, dataset: dataset, folds: assignment) { model, test, fold in
                defer { progress?() }
                return try self.test(model, on: test, fold: fold, entry: entry, kind: dataset.kind)
            }
        } catch {
            throw fail(error.description)
        }
        let metric = experiment.metric
        var perFold: [(name: String, events: EventEvaluation?, segments: SegmentClassification?)] = []
        var foldScores: [ExperimentResult.FoldScore] = []
        var run: EntryRun
        do {
            switch dataset.kind {
            case .continuous:
                let matching = experiment.matching.eventMatching
                for o in outcomes {
                    let e = try EventEvaluation(recordings: o.recordings, events: o.events, matching: matching, bootstrap: bootstrap)
                    perFold.append((o.fold.name, e, nil))
                    let c = e.overall
                    let details: [String: Double] = [
                        "precision": e.precision.value, "recall": e.recall.value, "f1": e.f1.value,
                        "falsePositivesPerHour": e.falsePositivesPerHour.value, "annotations": Double(c.annotations),
                        "detections": Double(c.detections), "truePositives": Double(c.truePositives), "insertions": Double(c.insertions),
                        "deletions": Double(c.deletions), "substitutions": Double(c.substitutions),
                        "fragments": Double(c.fragments), "fragmentShare": Self.fragmentShare(c), "backgroundHours": e.backgroundHours,
                    ]
                    foldScores.append(.init(fold: o.fold.name, value: Self.value(metric, e), count: c.annotations, trained: o.model.summary, details: details))
                }
                let recordings = outcomes.flatMap(\.recordings), events = outcomes.flatMap(\.events)
                let pooled = try EventEvaluation(recordings: recordings, events: events, matching: matching, bootstrap: bootstrap)
                var correct: [Bool] = [], latencies: [Double] = []
                for (r, e) in zip(recordings, events) {
                    let m = matching.match(annotations: r.annotations, events: e)
                    correct += m.annotationOutcomes.map { $0 == .correct }
                    for (a, outcome) in m.annotationOutcomes.enumerated() where outcome == .correct {
                        latencies.append(m.detections[m.detectionOfAnnotation[a]!].time - m.annotations[a].end)
                    }
                }
                run = EntryRun(entry: entry, datasetKey: datasetKey,
                               score: .init(entry: entry.name, recognizer: entry.recognizer, dataset: datasetKey, kind: .continuous,
                                            labels: entry.labels, metricName: Self.name(metric, .continuous), overall: Self.value(metric, pooled),
                                            folds: foldScores, configuration: base.json, latencies: latencies,
                                            example: recordings.first.map { .init(recording: $0.id, fold: outcomes[0].fold.name,
                                                                                   events: events[0].filter { $0.phase == .ended }) }),
                               events: pooled, segments: nil, perFold: perFold, correct: correct)
                if let w = Self.labelMismatchWarning(entry: entry, datasetKey: datasetKey, recordings: recordings, events: events,
                                                     counts: pooled.overall, phases: matching.phases) {
                    run.warnings.append(w)
                }
            case .segments:
                for o in outcomes {
                    let s = try SegmentClassification(truth: o.truth, predicted: o.predicted, bootstrap: bootstrap)
                    perFold.append((o.fold.name, nil, s))
                    let details = ["accuracy": s.accuracy.value, "macroF1": s.macroF1.value, "kappa": s.kappa.value, "balancedAccuracy": s.balancedAccuracy.value]
                    foldScores.append(.init(fold: o.fold.name, value: Self.value(metric, s), count: s.count, trained: o.model.summary, details: details))
                }
                let pooled = try SegmentClassification(truth: outcomes.flatMap(\.truth), predicted: outcomes.flatMap(\.predicted), bootstrap: bootstrap)
                run = EntryRun(entry: entry, datasetKey: datasetKey,
                               score: .init(entry: entry.name, recognizer: entry.recognizer, dataset: datasetKey, kind: .segments,
                                            labels: entry.labels, metricName: Self.name(metric, .segments), overall: Self.value(metric, pooled),
                                            folds: foldScores, configuration: base.json, latencies: [], example: nil),
                               events: nil, segments: pooled, perFold: perFold, correct: pooled.correct)
            }
        } catch {
            throw fail(error.description)
        }
        if let budget = experiment.objective(for: entry).maxFalsePerHour {
            for f in foldScores where f.trained["budgetMet"] == 0 {
                run.warnings.append("entry '\(entry.name)' on \(datasetKey), fold \(f.fold): no candidate met the budget of \(ExperimentReport.fmt(budget)) false activations per hour on the training recordings; took the one with the fewest (\(ExperimentReport.fmt(f.trained["trainingFalsePerHour"])) per hour)")
            }
        }
        if entry.recognizer == DTWTemplateMatcher.identifier {
            run.warnings += DTWTrainingSettings.deprecations(in: base)
            if let file = entry.model { run.warnings += DTWModelFile.deprecations(at: URL(fileURLWithPath: file)) }
        }
        return run
    }

    /// Fragments (extra detections of an already-detected annotation) as a share of all detections; NaN without detections.
    static func fragmentShare(_ c: EventCounts) -> Double {
        c.detections == 0 ? .nan : Double(c.fragments) / Double(c.detections)
    }

    /// A warning when the entry's events overlap annotations but no event label ever equals a judged annotation
    /// label (every match a substitution), naming both label sets: usually annotations that need a label map.
    static func labelMismatchWarning(entry: Experiment.Entry, datasetKey: String, recordings: [Recording], events: [[GestureEvent]],
                                     counts: EventCounts, phases: [GestureEvent.Phase]) -> String? {
        let eventLabels = Set(events.joined().filter { phases.contains($0.phase) }.map(\.label))
        let annotationLabels = Set(recordings.flatMap { $0.annotations.map(\.label) })
        guard counts.substitutions > 0, eventLabels.isDisjoint(with: annotationLabels) else { return nil }
        let sortedAnnotations = annotationLabels.sorted()
        let prefix = sortedAnnotations.dropFirst().reduce(sortedAnnotations.first ?? "") { p, l in String(zip(p, l).prefix { $0 == $1 }.map(\.0)) }
        func list(_ labels: Set<String>) -> String {
            let sorted = labels.sorted()
            return sorted.prefix(8).joined(separator: ", ") + (sorted.count > 8 ? ", … (\(sorted.count) labels)" : "")
        }
        return "entry '\(entry.name)' on \(datasetKey): no event label ever equals a judged annotation label, although \(counts.substitutions) annotations were matched by an event of another label; event labels: \(list(eventLabels)); annotation labels: \(list(annotationLabels)). Group annotation labels with labelMap (e.g. labelMap: {\"\(prefix)*\": \(eventLabels.sorted().first ?? "")}) or judge other labels"
    }

    /// `experiment` with its ``Experiment/labelMap`` added to every entry's (the entry's rules win).
    static func withEntryLabelMaps(_ experiment: Experiment) -> Experiment {
        var e = experiment
        for i in e.entries.indices { e.entries[i].labelMap = experiment.labelMap.merging(e.entries[i].labelMap) }
        return e
    }

    /// The recordings of `recordings` with only the entry's judged annotations, renamed by its label map;
    /// for segments, only recordings that have one.
    static func judged(_ recordings: [Recording], entry: Experiment.Entry, kind: Dataset.Kind) -> [Recording] {
        let kept = recordings.map { r -> Recording in
            var r = r
            if !entry.labelMap.isEmpty {
                r.annotations = r.annotations.map { var a = $0; a.label = entry.labelMap.apply(a.label); return a }
            }
            r.annotations = r.annotations.filter { entry.judges($0.label) }
            return r
        }
        return kind == .segments ? kept.filter { !$0.annotations.isEmpty } : kept
    }

    /// Events with the entry's label mapping applied.
    static func mapped(_ events: [GestureEvent], entry: Experiment.Entry) -> [GestureEvent] {
        guard entry.directionInLabel else { return events }
        return events.map { e in
            var e = e
            if let d = e.direction { e.label += "-\(d.rawValue)" }
            return e
        }
    }

    /// A pipeline factory for a fold model.
    func pipeline(_ model: FoldModel, entry: Experiment.Entry) throws -> @Sendable () -> Pipeline {
        let recognizer: any Recognizer
        switch model {
        case let .configuration(value, _): recognizer = try registry.makeRecognizer(entry.recognizer, configuration: value.decoding)
        case let .dtw(dtwModel, _): recognizer = try DTWTemplateMatcher(configuration: dtwModel)
        }
        // A fresh recognizer value, copied (never mutated) by each pipeline.
        let prototype = recognizer
        return { Pipeline(recognizers: [prototype]) }
    }

    /// Runs a fold model on judged recordings: events (continuous) or predicted labels (segments).
    func detect(_ model: FoldModel, on recordings: [Recording], entry: Experiment.Entry, kind: Dataset.Kind) throws -> (events: [[GestureEvent]], predicted: [String]) {
        if kind == .segments, case let .dtw(dtwModel, _) = model {
            let classifier = try DTWClassifier(model: dtwModel)
            let predicted = try recordings.map { r throws -> String in
                try classifier.classify(DTWExamples.series(r, model: dtwModel)).label ?? EventEvaluation.null
            }
            return ([], predicted)
        }
        if case let .dtw(dtwModel, _) = model, let first = recordings.first?.samples.first {
            // A channel the recordings lack and nothing derives would leave the matcher silent: say so.
            var probe = Pipeline(recognizers: [try DTWTemplateMatcher(configuration: dtwModel)])
            try probe.prepare(for: first)
        }
        let events = EventDetection.run(recordings, pipeline: try pipeline(model, entry: entry)).map { Self.mapped($0, entry: entry) }
        guard kind == .segments else { return (events, []) }
        // A segment's prediction: the label of the first completed event, or null.
        return (events, events.map { $0.first { $0.phase == .ended }?.label ?? EventEvaluation.null })
    }

    private func test(_ model: FoldModel, on test: [Recording], fold: Fold, entry: Experiment.Entry, kind: Dataset.Kind) throws -> FoldOutcome {
        let recordings = Self.judged(test, entry: entry, kind: kind)
        var outcome = FoldOutcome(fold: fold, model: model)
        let (events, predicted) = try detect(model, on: recordings, entry: entry, kind: kind)
        if kind == .continuous {
            outcome.recordings = recordings
            outcome.events = events
        } else {
            outcome.truth = recordings.map { $0.annotations[0].label }
            outcome.predicted = predicted
        }
        return outcome
    }

    // MARK: metrics

    static func name(_ metric: Experiment.Metric, _ kind: Dataset.Kind) -> String {
        switch (metric, kind) {
        case (.f1, .continuous), (.accuracy, .continuous): "f1"
        case (.precision, .continuous): "precision"
        case (.recall, .continuous), (.balancedAccuracy, .continuous): "recall"
        case (.f1, .segments): "macroF1"
        case (.precision, .segments), (.accuracy, .segments): "accuracy"
        case (.recall, .segments), (.balancedAccuracy, .segments): "balancedAccuracy"
        }
    }

    static func value(_ metric: Experiment.Metric, _ e: EventEvaluation) -> Estimate {
        switch metric {
        case .f1, .accuracy: e.f1
        case .precision: e.precision
        case .recall, .balancedAccuracy: e.recall
        }
    }

    static func value(_ metric: Experiment.Metric, _ s: SegmentClassification) -> Estimate {
        switch metric {
        case .f1: s.macroF1
        case .precision, .accuracy: s.accuracy
        case .recall, .balancedAccuracy: s.balancedAccuracy
        }
    }

    /// `metric` of events on judged recordings without intervals, with recall and false activations per hour
    /// of background (continuous): what the grid search chooses by.
    func operatingPoint(events: [[GestureEvent]], predicted: [String], recordings: [Recording], kind: Dataset.Kind,
                        metric: Experiment.Metric) -> TrainingObjective.OperatingPoint {
        switch kind {
        case .continuous:
            let matching = experiment.matching.eventMatching
            var counts = EventCounts()
            for (r, e) in zip(recordings, events) { counts = counts + matching.match(annotations: r.annotations, events: e).counts }
            let hours = recordings.reduce(0) { $0 + EventEvaluation.background(of: $1) } / 3600
            // No background: no false activation is possible unless something fired anyway.
            let falsePerHour = hours > 0 ? Double(counts.insertions) / hours : (counts.insertions > 0 ? .infinity : 0)
            let score: Double = switch metric {
            case .f1, .accuracy: counts.f1
            case .precision: counts.precision
            case .recall, .balancedAccuracy: counts.recall
            }
            return .init(score: score, recall: counts.recall, falsePerHour: falsePerHour)
        case .segments:
            // The metric the report shows for segments (macro-F1 for f1, …), as point values: one bootstrap
            // replicate, since the search needs no interval.
            let truth = recordings.map { $0.annotations[0].label }
            guard let s = try? SegmentClassification(truth: truth, predicted: predicted, bootstrap: BootstrapOptions(replicates: 1)) else {
                return .init(score: .nan)
            }
            return .init(score: Self.value(metric, s).value)
        }
    }

    // MARK: comparisons

    func comparePairs(_ runs: [EntryRun], bootstrap: BootstrapOptions, evaluations: inout [String: EvaluationResult]) throws(ExperimentError) -> [ExperimentResult.PairComparison] {
        var pairs: [ExperimentResult.PairComparison] = []
        for i in runs.indices {
            for j in runs.indices where j > i {
                let a = runs[i], b = runs[j]
                guard a.datasetKey == b.datasetKey, a.entry.labels.sorted() == b.entry.labels.sorted(), a.correct.count == b.correct.count else { continue }
                var pair = ExperimentResult.PairComparison(first: a.entry.name, second: b.entry.name, dataset: a.datasetKey, notes: [])
                do { pair.mcnemar = try McNemarTest(firstCorrect: a.correct, secondCorrect: b.correct) } catch {
                    pair.notes.append("McNemar: \(error.description)")
                }
                do {
                    if let ea = a.events, let eb = b.events {
                        pair.bootstrap = try PairedBootstrapComparison(f1: ea.unitCounts, eb.unitCounts, options: bootstrap)
                    } else if let sa = a.segments, let sb = b.segments {
                        func accuracy(_ c: [Bool], _ idx: [Int]) -> Double { Double(idx.count { c[$0] }) / Double(max(1, idx.count)) }
                        pair.bootstrap = try PairedBootstrapComparison(count: sa.count, options: bootstrap,
                                                                      statisticA: { accuracy(sa.correct, $0) }, statisticB: { accuracy(sb.correct, $0) })
                    }
                } catch {
                    pair.notes.append("paired bootstrap: \(error.description)")
                }
                let x = a.score.folds.map(\.value.value), y = b.score.folds.map(\.value.value)
                if x.count >= 2 {
                    do { pair.wilcoxon = try WilcoxonSignedRankTest(x, y) } catch { pair.notes.append("Wilcoxon over folds: \(error.description)") }
                } else {
                    pair.notes.append("Wilcoxon over folds: needs at least 2 folds, the split has \(x.count)")
                }
                let scope = "\(a.entry.name) vs \(b.entry.name)"
                if let m = pair.mcnemar { evaluations[a.datasetKey]!.add(scope, m) }
                if let p = pair.bootstrap { evaluations[a.datasetKey]!.add(scope, p) }
                if let w = pair.wilcoxon { evaluations[a.datasetKey]!.add(scope, w) }
                pairs.append(pair)
            }
        }
        return pairs
    }

    /// The unit names of a run: fold names, prefixed by the dataset when the entry spans several.
    static func units(_ run: EntryRun) -> [String] {
        run.score.folds.map { run.entry.datasets.count == 1 ? $0.fold : "\(run.datasetKey)/\($0.fold)" }
    }

    /// Friedman / Nemenyi / Holm over the largest group (≥ 3) of entries evaluated on the same units.
    func rank(_ runs: [EntryRun], warnings: inout [String]) -> RankComparison? {
        // Per entry: its units and scores across its datasets.
        var byEntry: [(name: String, units: [String], scores: [Double])] = []
        for entry in experiment.entries {
            let mine = runs.filter { $0.entry.name == entry.name }
            byEntry.append((entry.name, mine.flatMap(Self.units), mine.flatMap { $0.score.folds.map(\.value.value) }))
        }
        let groups = Dictionary(grouping: byEntry.indices) { byEntry[$0].units }
        guard let best = groups.values.max(by: { ($0.count, -($0.first ?? 0)) < ($1.count, -($1.first ?? 0)) }), best.count >= 3 else {
            if experiment.entries.count >= 3 { warnings.append("no rank comparison: fewer than 3 entries share the same folds") }
            return nil
        }
        let members = best.sorted()
        let units = byEntry[members[0]].units
        guard units.count >= 2 else {
            warnings.append("no rank comparison: it needs at least 2 folds or datasets, the entries share \(units.count)")
            return nil
        }
        let scores = units.indices.map { u in members.map { byEntry[$0].scores[u] } }
        if scores.joined().contains(where: { !$0.isFinite }) {
            warnings.append("no rank comparison: some fold has an undefined \(experiment.metric.rawValue)")
            return nil
        }
        do {
            return try RankComparison(methods: members.map { byEntry[$0].name }, units: units, scores: scores, alpha: experiment.alpha)
        } catch {
            warnings.append("no rank comparison: \(error.description)")
            return nil
        }
    }
}

/// Trains one entry inside one fold's training recordings.
struct EntryTrainer: Trainer {
    var runner: ExperimentRunner
    var entry: Experiment.Entry
    var base: ConfigurationValue
    var kind: Dataset.Kind

    func train(on recordings: [Recording]) throws(ExperimentError) -> ExperimentRunner.FoldModel {
        let judged = ExperimentRunner.judged(recordings, entry: entry, kind: kind)
        if entry.recognizer == DTWTemplateMatcher.identifier {
            if let file = entry.model {
                // A model trained elsewhere: the same in every fold (like an untrained preset).
                do {
                    let model = try DTWModelFile.read(from: URL(fileURLWithPath: file))
                    return .dtw(model, summary: ["band": model.dtw.band, "templates": Double(model.templates.count)])
                } catch {
                    throw ExperimentError(entry: entry.name, error.description)
                }
            }
            for key in entry.search.keys.sorted() where !DTWTrainingSettings.searchable.contains(key) {
                throw ExperimentError(entry: entry.name, "'\(key)' cannot be searched for dtw; searchable: \(DTWTrainingSettings.searchable.joined(separator: ", "))")
            }
            // Templates are retrained from the training recordings for every combination.
            return try ParameterSearch(entry: entry, base: base).best(on: judged, kind: kind, runner: runner) { (value) throws(ExperimentError) in
                try DTWExamples.train(judged, configuration: value, kind: kind, entry: entry, matching: runner.experiment.matching.eventMatching)
            }
        }
        // Search on the complete settings, so nested keys can be set and unknown ones are caught.
        let full = try ExperimentRunner.checkedConfiguration(entry, base: base, registry: runner.registry)
        return try ParameterSearch(entry: entry, base: entry.search.isEmpty ? base : full).best(on: judged, kind: kind, runner: runner) { value in
            .configuration(value, chosen: [:])
        }
    }
}
