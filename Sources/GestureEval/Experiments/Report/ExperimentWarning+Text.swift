extension ExperimentWarning: CustomStringConvertible {
    /// The warning as `results.json` and the reports show it.
    var description: String {
        switch self {
        case let .budgetNotMet(entry, dataset, fold, budget, trainingFalsePerHour):
            "entry '\(entry)' on \(dataset), fold \(fold): no candidate met the budget of \(ExperimentReport.fmt(budget)) false activations per hour "
                + "on the training recordings; took the one with the fewest (\(ExperimentReport.fmt(trainingFalsePerHour)) per hour)"
        case let .crossFitFailed(entry, dataset, fold, failed):
            "entry '\(entry)' on \(dataset), fold \(fold): \(failed) cross-fitted training\(failed == 1 ? "" : "s") failed; "
                + "the full model spotted those subjects' recordings in calibration, so its thresholds saw their own examples"
        case let .calibratedInSample(entry, dataset, fold, count, subjects):
            "entry '\(entry)' on \(dataset), fold \(fold): calibration scored \(count) subject\(count == 1 ? "" : "s")"
                + (subjects.isEmpty ? "" : " (\(subjects.joined(separator: ", ")))")
                + " in-sample: no model held them out (too few examples of a class without them, or one training subject), "
                + "so their thresholds saw their own examples; set strictCrossFitting: true to refuse"
        case let .note(text): text
        }
    }
}
