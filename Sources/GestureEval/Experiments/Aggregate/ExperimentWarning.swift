/// Something a reader of an experiment's result must see, as the pipeline's stages find it: the numbers and names,
/// not the words. ``ExperimentReport`` words it (``description``) for `results.json`, `summary.md` and the terminal.
public enum ExperimentWarning: Codable, Hashable, Sendable {
    /// In one fold no candidate met the false-activation budget on the training recordings; the one with the
    /// fewest false activations per hour (`trainingFalsePerHour`) was taken.
    case budgetNotMet(entry: String, dataset: String, fold: String, maxFalsePerHour: Double, trainingFalsePerHour: Double?)
    /// In one fold `failures` cross-fitted trainings failed, so the full model spotted those subjects' recordings
    /// in calibration.
    case crossFitFailed(entry: String, dataset: String, fold: String, failures: Int)
    /// In one fold `count` subjects got no held-out model (`subjects` names them when known), so calibration
    /// scored their recordings with the full model, trained on their own examples.
    case calibratedInSample(entry: String, dataset: String, fold: String, count: Int, subjects: [String])
    /// In one fold a selection among candidates (the spotter's) had no held-out score for any of them and chose on
    /// in-sample scores (``TrainingSummary/CrossFit/selectedInSample``).
    case selectedInSample(entry: String, dataset: String, fold: String)
    /// One of the dataset's ``FoldAssignment/warnings``. Those are worded where the folds are made, since the
    /// dataset's ``EvaluationResult`` shows them too.
    case foldAssignment(dataset: String, warning: String)
    /// The entry's events overlapped annotations, `substitutions` of them matched by an event of another label,
    /// but no event label (`eventLabels`, sorted) ever equals a judged annotation label (`annotationLabels`,
    /// sorted): usually annotations that need a label map.
    case labelMismatch(entry: String, dataset: String, substitutions: Int, eventLabels: [String], annotationLabels: [String])
    /// The entry's DTW configuration or model file uses a renamed key: `line` as the trainer's deprecation check
    /// words it (`gesturelab train` and `detect` print the same line).
    case deprecation(entry: String, line: String)
    /// The comparison group was ranked over the `shared` units (dataset and fold) every member has, leaving out
    /// `dropped` (`dataset/fold`) that only some have.
    case rankUnitsLeftOut(group: String, shared: Int, dropped: [String])
    /// The comparison group got no rank comparison, for `reason`.
    case noRankComparison(group: String, reason: RankSkip)
    /// The dataset's intervals resample only `units` (fewer than ``ExperimentWarning/fewUnits``): a percentile
    /// interval over so few draws is close to the range of their values, not a population's spread.
    case fewIntervalUnits(dataset: String, units: IntervalUnits)
    /// The experiment file says the entry's settings were chosen after scoring on these folds
    /// (``Experiment/Entry/tunedOnTheseFolds``): its figure is not an estimate for new people.
    case tunedOnTheseFolds(entry: String)
    /// The entry adapts to each test subject (``Experiment/Entry/adaptation``) as `adaptation` words it
    /// (``Experiment/Adaptation/description``): transductive when it reads all of the subject's recordings.
    case adapted(entry: String, adaptation: String)
    /// The entries of one comparison group are judged without each test subject's calibration stretch of `events`
    /// annotated events per judged label (the group's largest labelled adaptation): paired, on the same time.
    case calibrationExcluded(entries: [String], events: Int)
    /// In one fold, a test subject had fewer than `events` annotated events of the labels `counts` names (with how
    /// many it had): the calibration stretch held all of them.
    case calibrationShort(entry: String, dataset: String, fold: String, subject: String, events: Int, counts: [String: Int])
    /// A warning read back from a `results.json`, which holds warnings worded.
    case worded(String)

    /// Why a comparison group has no rank comparison.
    public enum RankSkip: Codable, Hashable, Sendable {
        /// Its members share only this many units (folds or datasets); a rank test needs 2.
        case tooFewUnits(Int)
        /// Some shared fold's value of the named metric is undefined.
        case undefinedMetric(String)
        /// The rank test failed, as the statistics worded it.
        case failed(String)
    }
}

extension ExperimentWarning {
    /// Below this many resampled units (people, or recordings where there is one person) a dataset's intervals
    /// get a ``fewIntervalUnits(dataset:units:)`` warning.
    package static let fewUnits = 5

    /// Whether this is a ``fewIntervalUnits(dataset:units:)`` warning.
    package var isAboutIntervalUnits: Bool {
        if case .fewIntervalUnits = self { true } else { false }
    }
}
