import ArgumentParser
import GestureEval

/// A parameter search on training recordings (train, evaluate): the ranges, the metric maximised and an
/// optional budget of false activations.
struct SearchOptions: ParsableArguments {
    @Option(help: "A parameter range tuned on the training recordings (inside each training fold for evaluate), KEY=FROM:TO:STEP or KEY=V1,V2,… (repeatable).")
    var search: [SearchRange] = []

    @Option(help: "Metric maximised by the search (and tabulated per fold by evaluate): f1, precision, recall, accuracy, balanced-accuracy (default f1; recall with --max-false-per-hour).")
    var metric: Experiment.Metric?

    @Option(help: "The search keeps the combinations with at most this many false activations per hour of background on the training recordings (continuous datasets).")
    var maxFalsePerHour: Double?

    func validate() throws {
        if let budget = maxFalsePerHour, !(budget.isFinite && budget >= 0) {
            throw ValidationError("--max-false-per-hour must be a finite number ≥ 0 of false activations per hour, got \(budget)")
        }
    }

    /// The ranges by key (a key given twice keeps its last range).
    var ranges: [String: Experiment.ParameterRange] {
        Dictionary(search.map { ($0.key, $0.range) }, uniquingKeysWith: { $1 })
    }

    /// The metric maximised: `--metric`, else recall under a budget (most gestures found within it), else `fallback`.
    func maximized(otherwise fallback: Experiment.Metric = .f1) -> Experiment.Metric {
        metric ?? (maxFalsePerHour != nil ? .recall : fallback)
    }
}

extension Experiment.Metric: ExpressibleByArgument {}
