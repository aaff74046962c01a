import GestureKit
import GestureData

/// Runs the units of an ``ExperimentPlan``: first every training step it needs (each on its fold's
/// training recordings only), then each unit's test, both spread over all cores. Results come back in
/// plan order whatever the scheduling, so the same plan gives the same results.
///
/// - Complexity: O(Σ training steps' cost + Σ units' recognizer steps over test recordings), divided by
///   the cores where steps are independent.
package struct ExperimentExecutor: Sendable {
    /// One unit's outcome: the model tested and what it produced on the fold's test recordings.
    package struct UnitResult: Codable, Sendable {
        /// The unit.
        package var unit: ExperimentPlan.WorkUnit
        /// What training chose for the unit's model: tuned values, or the DTW model's summary.
        package var trained: TrainingSummary
        /// The fold's test recordings as the entry judges them (``Experiment/Entry/judged(_:kind:)``), judged once
        /// when the run was prepared (`JudgedFolds`) so that aggregation and reports do not judge again. Not stored in
        /// a part file: `ExperimentShard` gives them back from the run's judged folds.
        package var recordings: [Recording] = []
        /// For each of ``recordings``, the annotations the entry does not judge (label map applied): what was happening
        /// when a false activation fired. Not stored in a part file, like ``recordings``.
        package var unjudged: [[Annotation]] = []
        /// Continuous: the events on each of ``recordings``.
        package var events: [[GestureEvent]] = []
        /// Continuous: the matching of each recording's ``events`` to its judged annotations, matched once here so
        /// that aggregation (per fold, per subject and pooled) and reports do not match again. Not stored in a part
        /// file: `ExperimentShard` matches again once when it rebuilds ``recordings``.
        package var matches: [EventMatching.Result] = []
        /// Segments: the true label of each judged test segment.
        package var truth: [String] = []
        /// Segments: the predicted label of each.
        package var predicted: [String] = []

        private enum CodingKeys: String, CodingKey { case unit, trained, inSampleSubjects, events, truth, predicted }

        /// Sets the judged test recordings with what each left unjudged and, on continuous ones, matches ``events`` to
        /// them by `matching`: the one place a unit's events are matched. O(Σ A·D log(A·D)) for A annotations and D
        /// detections a recording.
        mutating func judge(_ judged: JudgedRecordings, matching: EventMatching) {
            recordings = judged.recordings
            unjudged = judged.unjudged
            matches = zip(recordings, events).map { matching.match(annotations: $0.annotations, events: $1) }
        }
    }

    /// The experiment resolved (``Experiment/resolved()``): presets read, label maps merged into its entries.
    package let experiment: Experiment
    /// The datasets by key.
    package let datasets: [String: Dataset]
    /// The folds of each dataset.
    package let folds: [String: FoldAssignment]
    /// Where recognizers come from.
    package let registry: RecognizerRegistry
    /// A trainer per (entry, dataset), made once.
    let trainers: [TrainerKey: EntryTrainer]
    /// Every fold as each entry judges it, judged once: what is trained and tested on.
    let judged: JudgedFolds

    /// An executor for `experiment` on `datasets` split into `folds`, learned recognizers trained by `trainers`.
    /// - Throws: naming the entry and dataset, when a dataset is not loaded or an entry's configuration is invalid.
    package init(experiment: Experiment, datasets: [String: Dataset], folds: [String: FoldAssignment],
                registry: RecognizerRegistry, trainers: TrainerRegistry) throws(ExperimentError) {
        let experiment = try experiment.resolved()
        self.experiment = experiment
        self.datasets = datasets
        self.folds = folds
        self.registry = registry
        self.trainers = try Self.trainers(experiment: experiment, datasets: datasets, registry: registry, trainers: trainers)
        judged = try JudgedFolds(experiment: experiment, datasets: datasets, folds: folds)
    }

    /// An executor for `runner`'s experiment that trains and tests on the folds `runner` judged
    /// (``ExperimentRunner/judged``), judging nothing again.
    /// - Throws: naming the entry and dataset, when an entry's configuration is invalid.
    package init(_ runner: ExperimentRunner) throws(ExperimentError) {
        (experiment, datasets, folds, registry) = (runner.experiment, runner.datasets, runner.folds, runner.registry)
        trainers = try Self.trainers(experiment: experiment, datasets: datasets, registry: registry, trainers: runner.trainers)
        judged = runner.judged
    }

    /// Runs `units` of `plan` (default: all) and the training steps they use; `progress` is called after each
    /// training step and each unit (from the worker threads). Throws the error of the first failing step in plan
    /// order, or else of the first failing unit, naming entry, dataset and fold.
    ///
    /// A work item is one training step and then the tests of its units, so a core never waits at a barrier between
    /// training and testing; items start longest first (the plan's estimate), so the longest does not start last and
    /// leave the other cores idle. Results are collected in plan order, whatever the schedule.
    ///
    /// With a `cache`, a step whose key (``UnitCache``) is stored gives its units' detections from there, neither
    /// trained nor tested, and a step computed here is stored: the results are the same either way.
    package func run(_ plan: ExperimentPlan, units: [ExperimentPlan.WorkUnit]? = nil, cache: UnitCache? = nil,
                    progress: (@Sendable (ExperimentPlan.RunProgress) -> Void)? = nil) throws(ExperimentError) -> [UnitResult] {
        let units = units ?? plan.units
        let testedBy = Dictionary(grouping: units, by: \.training)
        let estimates = Dictionary(uniqueKeysWithValues: testedBy.keys.map { ($0, plan.estimatedSeconds(of: plan.trainingSteps[$0])) })
        let order = testedBy.keys.sorted { estimates[$0]! > estimates[$1]! || (estimates[$0]! == estimates[$1]! && $0 < $1) }
        let samples = cache == nil ? [:] : sampleDigests(Set(units.map(\.dataset)))
        let items = parallelMap(order.count) { i -> Result<[UnitResult], StepFailure> in
            let step = plan.trainingSteps[order[i]]
            let key = cache.flatMap { cacheKey(step, build: $0.build, samples: samples) }
            if let cache, let key, let stored = cache.load(key) {
                progress?(.trained(step: step.index))
                return .success(testedBy[order[i]]!.map { unit in
                    defer { progress?(.tested(unit: unit.index)) }
                    return result(unit, trained: stored.summary, events: stored.events, predicted: stored.predicted,
                                  kind: trainers[TrainerKey(unit.entry, unit.dataset)]!.kind)
                })
            }
            let model: TrainedModel
            do throws(ExperimentError) {
                model = try train(step, trainer: trainers[TrainerKey(step.entries[0], step.dataset)]!)
            } catch {
                return .failure(StepFailure(unit: nil, step: step.index, error: error))
            }
            progress?(.trained(step: step.index))
            var results: [UnitResult] = []
            for unit in testedBy[order[i]]! {
                defer { progress?(.tested(unit: unit.index)) }
                do throws(ExperimentError) {
                    results.append(try test(model, unit: unit, trainer: trainers[TrainerKey(unit.entry, unit.dataset)]!))
                } catch {
                    return .failure(StepFailure(unit: unit.index, step: step.index, error: error))
                }
            }
            // A step's units share its model and its fold's test part, so the first unit's detections are every unit's.
            if let cache, let key, let first = results.first {
                cache.store(UnitCache.Stored(key: key, trained: first.trained, events: first.events, predicted: first.predicted))
            }
            return .success(results)
        }
        var byUnit: [Int: UnitResult] = [:]
        var failures: [StepFailure] = []
        for item in items {
            switch item {
            case .success(let results): for result in results { byUnit[result.unit.index] = result }
            case .failure(let failure): failures.append(failure)
            }
        }
        // A failed training step before any failed unit, each in plan order: what a run in plan order would throw first.
        if let first = failures.min(by: { ($0.unit == nil ? 0 : 1, $0.unit ?? $0.step) < ($1.unit == nil ? 0 : 1, $1.unit ?? $1.step) }) {
            throw first.error
        }
        return units.map { byUnit[$0.index]! }
    }

    /// Why a work item stopped: its training step failed (`unit` nil) or one of its units' tests did.
    private struct StepFailure: Error {
        var unit: Int?, step: Int, error: ExperimentError
    }

    struct TrainerKey: Hashable {
        var entry: String, dataset: String
        init(_ entry: String, _ dataset: String) { (self.entry, self.dataset) = (entry, dataset) }
    }

    /// A trainer per (entry, dataset); creating one checks the entry's configuration.
    private static func trainers(experiment: Experiment, datasets: [String: Dataset], registry: RecognizerRegistry,
                                 trainers registered: TrainerRegistry) throws(ExperimentError) -> [TrainerKey: EntryTrainer] {
        var trainers: [TrainerKey: EntryTrainer] = [:]
        for entry in experiment.entries {
            for key in entry.datasets {
                guard let dataset = datasets[key] else { throw ExperimentError(entry: entry.name, dataset: key, "not loaded") }
                do {
                    trainers[TrainerKey(entry.name, key)] = try EntryTrainer(entry: entry, experiment: experiment, kind: dataset.kind, registry: registry,
                                                                             trainers: registered)
                } catch {
                    throw ExperimentError(entry: entry.name, dataset: key, error.message)
                }
            }
        }
        return trainers
    }

    private func train(_ step: ExperimentPlan.TrainingStep, trainer: EntryTrainer) throws(ExperimentError) -> TrainedModel {
        do { return try trainer.train(judged: judged.training(step.entries[0], dataset: step.dataset, fold: step.fold), fold: step.foldName) } catch {
            throw ExperimentError(entry: trainer.entry.name, dataset: step.dataset, "training failed in fold \(step.fold + 1): \(error.description)")
        }
    }

    private func test(_ model: TrainedModel, unit: ExperimentPlan.WorkUnit, trainer: EntryTrainer) throws(ExperimentError) -> UnitResult {
        let recordings = judged.test(unit.entry, dataset: unit.dataset, fold: unit.fold).recordings
        do {
            let (events, predicted) = try detect(model, unit: unit, trainer: trainer, on: recordings)
            return result(unit, trained: model.summary, events: events, predicted: predicted, kind: trainer.kind)
        } catch {
            throw ExperimentError(entry: unit.entry, dataset: unit.dataset, "testing failed in fold \(unit.fold + 1): \(error)")
        }
    }

    /// `unit`'s result from its model's summary and its detections on the fold's test part, judged.
    private func result(_ unit: ExperimentPlan.WorkUnit, trained: TrainingSummary, events: [[GestureEvent]], predicted: [String],
                        kind: Dataset.Kind) -> UnitResult {
        let tested = judged.test(unit.entry, dataset: unit.dataset, fold: unit.fold)
        var result = UnitResult(unit: unit, trained: trained)
        if kind == .continuous {
            result.events = events
        } else {
            result.truth = tested.recordings.map { $0.annotations[0].label }
            result.predicted = predicted
        }
        result.judge(tested, matching: experiment.eventMatching)
        return result
    }

    /// What `model` detects on the unit's judged test `recordings`; an adapting entry's model is first adapted to each
    /// test subject from the subject's calibration data (``PersonCalibration``, cut from the recordings before their
    /// calibration stretches were marked) and detects on that subject's recordings. O(test samples + adaptations).
    private func detect(_ model: TrainedModel, unit: ExperimentPlan.WorkUnit, trainer: EntryTrainer,
                        on recordings: [Recording]) throws -> TrainingSetup.Detections {
        guard let adaptation = trainer.entry.adaptation else { return try trainer.detector.detect(model, on: recordings) }
        let source = judged.adaptationSource(unit.entry, dataset: unit.dataset, fold: unit.fold)
        var subjects: [String] = []
        for r in recordings where !subjects.contains(r.subject) { subjects.append(r.subject) }
        var events = [[GestureEvent]](repeating: [], count: recordings.count)
        let ignoring = experiment.eventMatching
        for subject in subjects {
            let person = PersonCalibration.of(subject, in: source, adaptation: adaptation, ignored: ignoring.ignores)
            let adapted = try trainer.adapt(model, to: person)
            let mine = recordings.indices.filter { recordings[$0].subject == subject }
            let detected = try trainer.detector.detect(adapted, on: mine.map { recordings[$0] })
            for (j, i) in mine.enumerated() { events[i] = detected.events[j] }
        }
        return (events, [])
    }
}

extension ExperimentExecutor.UnitResult {
    /// Reads what ``encode(to:)`` writes.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(unit: try c.decode(ExperimentPlan.WorkUnit.self, forKey: .unit), trained: try c.decode(TrainingSummary.self, forKey: .trained))
        if let names = try c.decodeIfPresent([String].self, forKey: .inSampleSubjects) { trained.crossFit?.inSample = names }
        events = try c.decode([[GestureEvent]].self, forKey: .events)
        truth = try c.decode([String].self, forKey: .truth)
        predicted = try c.decode([String].self, forKey: .predicted)
    }

    /// The unit, its model's summary in the flat form of `results.json` with the subjects cross-fitting scored in-sample
    /// beside it (the flat form counts them; reports name them), and its detections.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(unit, forKey: .unit)
        try c.encode(trained, forKey: .trained)
        if let names = trained.crossFit?.inSample, !names.isEmpty { try c.encode(names, forKey: .inSampleSubjects) }
        try c.encode(events, forKey: .events)
        try c.encode(truth, forKey: .truth)
        try c.encode(predicted, forKey: .predicted)
    }
}
