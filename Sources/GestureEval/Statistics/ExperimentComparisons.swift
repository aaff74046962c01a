import GestureKit

/// The statistics of an experiment over its entries: for every two entries judged on the same annotations
/// or examples of a dataset, McNemar's test on per-item correctness, a paired bootstrap of the metric
/// difference and a Wilcoxon signed-rank test over folds; over the largest group (at least 3) of entries
/// scored on the same units, Friedman with Nemenyi's critical difference and Holm-corrected Wilcoxon tests.
///
/// - Complexity: O(entries² × (items + B × recordings)) for pairs with B bootstrap replicates; O(units ×
///   entries log entries) for ranks.
struct ExperimentComparisons: Sendable {
    /// The experiment (its metric, test and α).
    var experiment: Experiment
    /// Replicates and seed of every paired bootstrap.
    var bootstrap: BootstrapOptions

    /// Pairwise comparisons of `runs` judged on the same dataset, labels and items, each also added to the
    /// dataset's evaluation (scope `first vs second`). A test that cannot be computed is left out with a note.
    func pairs(_ runs: [EntryRun], evaluations: inout [String: EvaluationResult]) -> [ExperimentResult.PairComparison] {
        var pairs: [ExperimentResult.PairComparison] = []
        for i in runs.indices {
            for j in runs.indices where j > i {
                let a = runs[i], b = runs[j]
                guard a.datasetKey == b.datasetKey, a.entry.labels.sorted() == b.entry.labels.sorted(), a.correct.count == b.correct.count else { continue }
                let pair = compare(a, b)
                let scope = "\(a.entry.name) vs \(b.entry.name)"
                if let m = pair.mcnemar { evaluations[a.datasetKey]!.add(scope, m) }
                if let p = pair.bootstrap { evaluations[a.datasetKey]!.add(scope, p) }
                if let w = pair.wilcoxon { evaluations[a.datasetKey]!.add(scope, w) }
                pairs.append(pair)
            }
        }
        return pairs
    }

    private func compare(_ a: EntryRun, _ b: EntryRun) -> ExperimentResult.PairComparison {
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
        return pair
    }

    /// Friedman / Nemenyi / Holm over the largest group (≥ 3) of entries evaluated on the same units; `nil`
    /// with a warning when there is no such group or a score is undefined.
    func rank(_ runs: [EntryRun], warnings: inout [String]) -> RankComparison? {
        // Per entry: its units and scores across its datasets.
        var byEntry: [(name: String, units: [String], scores: [Double])] = []
        for entry in experiment.entries {
            let mine = runs.filter { $0.entry.name == entry.name }
            byEntry.append((entry.name, mine.flatMap(\.units), mine.flatMap { $0.score.folds.map(\.value.value) }))
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
