import GestureKit

/// A grid search over an entry's ``Experiment/Entry/search`` ranges: every combination is applied to
/// the base configuration, turned into a model by `make` (the configuration itself, or DTW
/// templates trained on the same recordings), run over the training recordings, and scored with
/// the experiment's metric; the best wins (ties and undefined scores: the earlier combination, keys in sorted
/// order, values in the order given). Only training recordings are seen, so there is no leakage.
struct ParameterSearch {
    var entry: Experiment.Entry
    var base: ConfigurationValue

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

    /// The best combination on `recordings` (already reduced to judged annotations).
    func best(on recordings: [Recording], kind: Dataset.Kind, runner: ExperimentRunner,
              make: (ConfigurationValue) throws(ExperimentError) -> ExperimentRunner.FoldModel) throws(ExperimentError) -> ExperimentRunner.FoldModel {
        let combinations = self.combinations
        guard combinations.count > 1 || !entry.search.isEmpty else { return try make(base) }
        var best: (score: Double, index: Int)?
        for (i, combination) in combinations.enumerated() {
            let model = try make(configuration(combination))
            let score: Double
            do {
                let (events, predicted) = try runner.detect(model, on: recordings, entry: entry, kind: kind)
                score = runner.trainingScore(events: events, predicted: predicted, recordings: recordings, kind: kind)
            } catch {
                let values = combination.map { "\($0.0)=\($0.1)" }.joined(separator: ", ")
                throw ExperimentError(entry: entry.name, "search combination \(values): \(error)")
            }
            if score.isFinite, best == nil || score > best!.score { best = (score, i) }
        }
        let chosen = combinations[best?.index ?? 0]
        var summary = Dictionary(uniqueKeysWithValues: chosen)
        summary["trainingScore"] = best?.score ?? .nan
        switch try make(configuration(chosen)) {
        case let .configuration(value, _): return .configuration(value, chosen: summary)
        case let .dtw(model, trained): return .dtw(model, summary: trained.merging(summary) { $1 })
        }
    }
}
