import GestureKit

/// The statistics of an experiment within each comparison group (``Experiment/ComparisonGroup``): for every
/// two members judged on the same dataset, McNemar's test on per-item correctness, a paired bootstrap of the
/// metric difference and a Wilcoxon signed-rank test over folds; over a group of at least 3, Friedman with
/// Nemenyi's critical difference and Holm-corrected Wilcoxon tests over the folds every member has. Entries
/// of different groups are never compared.
///
/// - Complexity: O(Σ members² × (items + B × recordings)) for pairs with B bootstrap replicates; O(units ×
///   members log members) for ranks.
struct ExperimentComparisons: Sendable {
    /// The experiment (its metric, test and α).
    var experiment: Experiment
    /// Replicates and seed of every paired bootstrap.
    var bootstrap: BootstrapOptions

    /// The pairs, rank comparisons and headlines of every group; each pair is also added to its dataset's
    /// evaluation (scope `first vs second`). A test that cannot be computed is left out with a note or warning.
    func compare(_ runs: [EntryRun], groups: [Experiment.ComparisonGroup], evaluations: inout [String: EvaluationResult],
                 warnings: inout [String]) -> (pairs: [ExperimentResult.PairComparison], groups: [ExperimentResult.GroupComparison]) {
        var pairs: [ExperimentResult.PairComparison] = [], results: [ExperimentResult.GroupComparison] = []
        for group in groups {
            let members = runs.filter { group.entries.contains($0.entry.name) }
            let mine = self.pairs(members, group: group.name, evaluations: &evaluations)
            let ranking = group.entries.count >= 3 ? rank(members, group: group, warnings: &warnings) : nil
            results.append(.init(group: group, ranking: ranking, headline: headline(group, members, pairs: mine, ranking: ranking)))
            pairs += mine
        }
        return (pairs, results)
    }

    /// Every two of `runs` (one group's) on the same dataset.
    private func pairs(_ runs: [EntryRun], group: String, evaluations: inout [String: EvaluationResult]) -> [ExperimentResult.PairComparison] {
        var pairs: [ExperimentResult.PairComparison] = []
        for i in runs.indices {
            for j in runs.indices where j > i && runs[j].datasetKey == runs[i].datasetKey {
                let a = runs[i], b = runs[j]
                let pair = compare(a, b, group: group)
                let scope = "\(a.entry.name) vs \(b.entry.name)"
                if let m = pair.mcnemar { evaluations[a.datasetKey]!.add(scope, m) }
                if let p = pair.bootstrap { evaluations[a.datasetKey]!.add(scope, p) }
                if let w = pair.wilcoxon { evaluations[a.datasetKey]!.add(scope, w) }
                pairs.append(pair)
            }
        }
        return pairs
    }

    private func compare(_ a: EntryRun, _ b: EntryRun, group: String) -> ExperimentResult.PairComparison {
        var pair = ExperimentResult.PairComparison(group: group, first: a.entry.name, second: b.entry.name, dataset: a.datasetKey, notes: [])
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

    /// Friedman / Nemenyi / Holm over the group's members on the units (folds, per dataset) they all have;
    /// `nil` with a warning when there are fewer than 2 or a score is undefined.
    private func rank(_ runs: [EntryRun], group: Experiment.ComparisonGroup, warnings: inout [String]) -> RankComparison? {
        // Per member: its units and scores across the group's datasets (the same for every member).
        let members = group.entries.map { name in runs.filter { $0.entry.name == name } }
        let units = members[0].flatMap(\.units)
        guard units.count >= 2 else {
            warnings.append("group '\(group.name)': no rank comparison: it needs at least 2 folds or datasets, the entries share \(units.count)")
            return nil
        }
        let byMember = members.map { $0.flatMap { $0.score.folds.map(\.value.value) } }
        let scores = units.indices.map { u in byMember.map { $0[u] } }
        if scores.joined().contains(where: { !$0.isFinite }) {
            warnings.append("group '\(group.name)': no rank comparison: some fold has an undefined \(experiment.metric.rawValue)")
            return nil
        }
        do {
            return try RankComparison(methods: group.entries, units: units, scores: scores, alpha: experiment.alpha)
        } catch {
            warnings.append("group '\(group.name)': no rank comparison: \(error.description)")
            return nil
        }
    }

    /// What won and whether it is significant: the best member by pooled metric (averaged over the group's
    /// datasets) against the runner-up, by the rank test's post-hoc comparison in groups of at least 3 (with
    /// the omnibus p), else by McNemar's test on their paired items.
    private func headline(_ group: Experiment.ComparisonGroup, _ runs: [EntryRun], pairs: [ExperimentResult.PairComparison],
                          ranking: RankComparison?) -> String {
        func fmt(_ x: Double?) -> String { ExperimentReport.fmt(x) }
        let metric = runs.first?.score.metricName ?? experiment.metric.rawValue
        let values = group.entries.map { name -> Double in
            let mine = runs.filter { $0.entry.name == name }.map(\.score.overall.value)
            return mine.isEmpty ? .nan : mine.reduce(0, +) / Double(mine.count)
        }
        // Highest first; NaN last; ties keep experiment order.
        let order = values.indices.sorted { a, b in
            let x = values[a].isNaN ? -Double.infinity : values[a], y = values[b].isNaN ? -Double.infinity : values[b]
            return x != y ? x > y : a < b
        }
        var line = "\(group.name): "
        guard group.entries.count >= 2 else {
            return line + "'\(group.entries[0])' alone (\(metric) \(fmt(values[0]))); nothing to compare"
        }
        let best = order[0], second = order[1]
        let (w, r) = (group.entries[best], group.entries[second])
        if let interval = runs.first(where: { $0.entry.name == w })?.score.overall.interval, runs.count == group.entries.count {
            line += "'\(w)' best, \(metric) \(fmt(values[best])) [\(fmt(interval.lower)), \(fmt(interval.upper))]"
        } else {
            line += "'\(w)' best, \(metric) \(fmt(values[best]))"
        }
        line += values[best] == values[second] ? ", tied with '\(r)'" : ", ahead of '\(r)' (\(fmt(values[second])))"
        let alpha = experiment.alpha
        if let ranking, let i = ranking.methods.firstIndex(of: w), let j = ranking.methods.firstIndex(of: r) {
            let friedman = ranking.friedman.pValue
            line += "; Friedman p = \(fmt(friedman)) over \(group.entries.count) entries × \(ranking.units.count) folds"
            let (lo, hi) = (min(i, j), max(i, j))
            if experiment.test == .friedmanNemenyi, let n = ranking.nemenyi.pairs.first(where: { $0.first == lo && $0.second == hi }) {
                line += "; Nemenyi p = \(fmt(n.pValue)): " + (friedman < alpha && n.significant ? "significant" : "not significant")
            } else if let h = ranking.pairwise.pairs.first(where: { $0.first == lo && $0.second == hi }) {
                line += "; Holm-adjusted Wilcoxon p = \(fmt(h.adjustedPValue)): " + (friedman < alpha && h.significant ? "significant" : "not significant")
            }
            return line + " at α = \(fmt(alpha))"
        }
        let pair = pairs.first { Set([$0.first, $0.second]) == Set([w, r]) }
        if let m = pair?.mcnemar {
            line += "; McNemar p = \(fmt(m.pValue)) (\(m.onlyFirstCorrect) vs \(m.onlySecondCorrect) discordant): " + (m.pValue < alpha ? "significant" : "not significant")
            line += " at α = \(fmt(alpha))"
            if group.entries.count >= 3 { line += ", uncorrected (no rank comparison)" }
        } else {
            line += "; no paired test" + (pair?.notes.first.map { " (\($0))" } ?? "")
        }
        return line
    }
}
