/// Something a reader of an experiment's result must see, as the pipeline's stages find it: the numbers, not the
/// words. ``ExperimentReport`` words it (``description``) for `results.json`, `summary.md` and the terminal.
enum ExperimentWarning: Hashable, Sendable {
    /// In one fold no candidate met the false-activation budget on the training recordings; the one with the
    /// fewest false activations per hour (`trainingFalsePerHour`) was taken.
    case budgetNotMet(entry: String, dataset: String, fold: String, maxFalsePerHour: Double, trainingFalsePerHour: Double?)
    /// In one fold `failures` cross-fitted trainings failed, so the full model spotted those subjects' recordings
    /// in calibration.
    case crossFitFailed(entry: String, dataset: String, fold: String, failures: Int)
    /// In one fold `count` subjects got no held-out model (`subjects` names them when known), so calibration
    /// scored their recordings with the full model, trained on their own examples.
    case calibratedInSample(entry: String, dataset: String, fold: String, count: Int, subjects: [String])
    /// A warning worded where it was found (fold assignment, judged labels, deprecated settings, rank comparisons).
    case note(String)
}
