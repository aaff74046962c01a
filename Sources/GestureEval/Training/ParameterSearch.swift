import GestureKit

/// A grid search over an entry's ``Experiment/Entry/search`` ranges: every combination is applied to
/// the base configuration, turned into a model by `make` (the configuration itself, or DTW
/// templates trained on the same recordings), run over the training recordings, and scored with
/// the experiment's metric; the best wins (ties and undefined scores: the earlier combination, keys in sorted
/// order, values in the order given). Only training recordings are seen, so there is no leakage.
struct ParameterSearch {
    var entry: Experiment.Entry
    var base: ConfigurationValue
    /// What the search maximises, under which budget.
    var objective: TrainingObjective
    /// Runs and scores each candidate on the training recordings.
    var detector: EntryDetector

    /// Every combination as (key, value) pairs, keys sorted; one empty combination without ranges.
    var combinations: [[(String, Double)]] {
        var result: [[(String, Double)]] = [[]]
        for key in entry.search.keys.sorted() {
            result = result.flatMap { partial in entry.search[key]!.values.map { partial + [(key, $0)] } }
        }
        return result
    }

    /// The base configuration with `combination` applied.
    func configuration(_ combination: [(String, Double)]) -> ConfigurationValue {
        combination.reduce(base) { $0.setting($1.0, to: .number($1.1)) }
    }

    /// The best combination on `recordings` (already reduced to judged annotations) under the entry's
    /// ``TrainingObjective``. The summary holds the chosen values, `trainingScore`, and for continuous
    /// recordings the operating point: `trainingRecall` and `trainingFalsePerHour`; under a budget also
    /// `maxFalsePerHour` and `budgetMet` (1, or 0 when no combination met it and the one with the fewest
    /// false activations was taken). Without ranges and budget the base configuration is returned unscored.
    func best(on recordings: [Recording], make: (ConfigurationValue) throws(ExperimentError) -> TrainedModel) throws(ExperimentError) -> TrainedModel {
        let kind = detector.kind
        let combinations = self.combinations
        guard !entry.search.isEmpty || objective.maxFalsePerHour != nil else { return try make(base) }
        if objective.maxFalsePerHour != nil, kind != .continuous {
            throw ExperimentError(entry: entry.name, "maxFalsePerHour counts false activations in continuous recordings; this dataset has segments")
        }
        var points: [TrainingObjective.OperatingPoint] = []
        for combination in combinations {
            let model = try make(configuration(combination))
            do {
                let (events, predicted) = try detector.detect(model, on: recordings)
                points.append(detector.operatingPoint(events: events, predicted: predicted, recordings: recordings, metric: objective.maximize))
            } catch {
                let values = combination.map { "\($0.0)=\($0.1)" }.joined(separator: ", ")
                throw ExperimentError(entry: entry.name, "search combination \(values): \(error)")
            }
        }
        let (index, meetsBudget) = objective.choose(points)
        let chosen = combinations[index], point = points[index]
        var summary = Dictionary(uniqueKeysWithValues: chosen)
        summary["trainingScore"] = point.score
        if kind == .continuous {
            summary["trainingRecall"] = point.recall
            summary["trainingFalsePerHour"] = point.falsePerHour
        }
        if let budget = objective.maxFalsePerHour {
            summary["maxFalsePerHour"] = budget
            summary["budgetMet"] = meetsBudget ? 1 : 0
        }
        switch try make(configuration(chosen)) {
        case let .configuration(value, _): return .configuration(value, chosen: summary)
        case let .dtw(model, trained): return .dtw(model, summary: trained.merging(summary) { $1 })
        }
    }
}
