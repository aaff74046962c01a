import GestureKit
import GestureData

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

    /// One group's rank comparison and what won.
    struct Group: Sendable {
        /// The group and its members.
        var group: Experiment.ComparisonGroup
        /// Friedman / Nemenyi / Holm over its members (groups of at least 3 with enough shared units).
        var ranking: RankComparison?
        /// The best member against the runner-up, with the deciding test.
        var headline: GroupHeadline
    }

    /// The pairs, rank comparisons and headlines of every group; each pair is also added to its dataset's
    /// evaluation (scope `first vs second`). A test that cannot be computed is left out with a note or warning.
    func compare(_ runs: [EntryRun], groups: [Experiment.ComparisonGroup], evaluations: inout [String: EvaluationResult],
                 warnings: inout [ExperimentWarning]) -> (pairs: [ExperimentResult.PairComparison], groups: [Group]) {
        var pairs: [ExperimentResult.PairComparison] = [], results: [Group] = []
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
            // The bootstrap resamples the very metric the group is ranked by.
            if let ea = a.events, let eb = b.events {
                pair.bootstrap = try PairedBootstrapComparison(ea.unitCounts, eb.unitCounts, statistic: experiment.metric.events.detectionStatistic,
                                                              subjects: ea.recordings.map(\.subject), options: bootstrap)
            } else if a.segments != nil, b.segments != nil {
                let metric = experiment.metric.segments
                let resampled = a.subjects.map { IntervalUnits.resampling(subjects: $0, otherwise: .examples) }
                    ?? IntervalUnits.each(a.truth.count, .examples)
                pair.bootstrap = try PairedBootstrapComparison(
                    clusters: resampled.clusters, units: resampled.units, options: bootstrap,
                    statisticA: SegmentClassification.statistic(metric, truth: a.truth, predicted: a.predicted),
                    statisticB: SegmentClassification.statistic(metric, truth: b.truth, predicted: b.predicted))
            }
        } catch {
            pair.notes.append("paired bootstrap: \(error.description)")
        }
        // Folds are paired by name, never by position.
        let second = Dictionary(b.score.folds.map { ($0.fold, $0.value.value) }, uniquingKeysWith: { first, _ in first })
        let paired = a.score.folds.compactMap { f in second[f.fold].map { (f.value.value, $0) } }
        if paired.count < max(a.score.folds.count, b.score.folds.count) {
            pair.notes.append("Wilcoxon over folds: over the \(paired.count) folds both entries have "
                + "(\(a.entry.name): \(a.score.folds.count), \(b.entry.name): \(b.score.folds.count))")
        }
        if paired.count >= 2 {
            do { pair.wilcoxon = try WilcoxonSignedRankTest(paired.map(\.0), paired.map(\.1)) } catch {
                pair.notes.append("Wilcoxon over folds: \(error.description)")
            }
        } else {
            pair.notes.append("Wilcoxon over folds: needs at least 2 folds, the entries share \(paired.count)")
        }
        return pair
    }

    /// Friedman / Nemenyi / Holm over the group's members on the units (dataset, fold) they all have, aligned by
    /// that key (never by position: entries may list their datasets in different orders); `nil` with a warning
    /// when there are fewer than 2 or a score is undefined. Units only some members have are left out, with a
    /// warning that names them.
    private func rank(_ runs: [EntryRun], group: Experiment.ComparisonGroup, warnings: inout [ExperimentWarning]) -> RankComparison? {
        struct Unit: Hashable { var dataset: String, fold: String }
        let members = group.entries.map { name in runs.filter { $0.entry.name == name } }
        let byMember = members.map { runs in
            Dictionary(runs.flatMap { r in r.score.folds.map { (Unit(dataset: r.datasetKey, fold: $0.fold), $0.value.value) } },
                       uniquingKeysWith: { first, _ in first })
        }
        // Units in the order the first member lists them, then any the others add (for the warning).
        var all: [Unit] = [], seen = Set<Unit>()
        for runs in members {
            for r in runs { for f in r.score.folds where seen.insert(Unit(dataset: r.datasetKey, fold: f.fold)).inserted {
                all.append(Unit(dataset: r.datasetKey, fold: f.fold))
            } }
        }
        let shared = all.filter { u in byMember.allSatisfy { $0[u] != nil } }
        let oneDataset = Set(shared.map(\.dataset)).count <= 1
        func name(_ u: Unit) -> String { oneDataset ? u.fold : "\(u.dataset)/\(u.fold)" }
        if shared.count < all.count {
            let dropped = all.filter { u in !shared.contains(u) }
            warnings.append(.rankUnitsLeftOut(group: group.name, shared: shared.count, dropped: dropped.map { "\($0.dataset)/\($0.fold)" }))
        }
        let units = shared.map(name)
        guard units.count >= 2 else {
            warnings.append(.noRankComparison(group: group.name, reason: .tooFewUnits(units.count)))
            return nil
        }
        let scores = shared.map { u in byMember.map { $0[u]! } }
        if scores.joined().contains(where: { !$0.isFinite }) {
            warnings.append(.noRankComparison(group: group.name, reason: .undefinedMetric(experiment.metric.rawValue)))
            return nil
        }
        do {
            return try RankComparison(methods: group.entries, units: units, scores: scores, alpha: experiment.alpha)
        } catch {
            warnings.append(.noRankComparison(group: group.name, reason: .failed(error.description)))
            return nil
        }
    }

    /// What won and whether it is significant: the best member by pooled metric (averaged over the group's
    /// datasets) against the runner-up, by the rank test's post-hoc comparison in groups of at least 3 (with
    /// the omnibus p), else by the paired test of the metric (``mcnemarTests(_:on:)``).
    private func headline(_ group: Experiment.ComparisonGroup, _ runs: [EntryRun], pairs: [ExperimentResult.PairComparison],
                          ranking: RankComparison?) -> GroupHeadline {
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
        let alpha = experiment.alpha
        var headline = GroupHeadline(group: group.name, metric: metric, best: .init(entry: group.entries[0], value: values[0]),
                                     test: .none(note: nil), alpha: alpha)
        guard group.entries.count >= 2 else { return headline }
        let best = order[0], second = order[1]
        let (w, r) = (group.entries[best], group.entries[second])
        headline.best = .init(entry: w, value: values[best])
        headline.bestTunedOnTheseFolds = experiment.entries.contains { $0.name == w && $0.tunedOnTheseFolds }
        headline.runnerUp = .init(entry: r, value: values[second])
        if runs.count == group.entries.count { headline.interval = runs.first(where: { $0.entry.name == w })?.score.overall.interval }
        if let ranking, let i = ranking.methods.firstIndex(of: w), let j = ranking.methods.firstIndex(of: r) {
            let friedman = ranking.friedman.pValue
            let (lo, hi) = (min(i, j), max(i, j))
            var posthoc: GroupHeadline.Posthoc?
            if experiment.test == .friedmanNemenyi, let n = ranking.nemenyi.pairs.first(where: { $0.first == lo && $0.second == hi }) {
                posthoc = .nemenyi(p: n.pValue, significant: friedman < alpha && n.significant)
            } else if let h = ranking.pairwise.pairs.first(where: { $0.first == lo && $0.second == hi }) {
                posthoc = .holm(p: h.adjustedPValue, significant: friedman < alpha && h.significant)
            }
            headline.test = .rank(friedmanP: friedman, entries: group.entries.count, units: ranking.units.count, posthoc: posthoc)
            return headline
        }
        // The paired test follows the metric: McNemar's test on per-item correctness is a test of accuracy
        // (segments) or recall (events); for any other metric a detector that fires constantly could win it,
        // so the paired bootstrap of the ranked metric decides.
        let pair = pairs.first { Set([$0.first, $0.second]) == Set([w, r]) }
        let uncorrected = group.entries.count >= 3
        let kind = runs.first?.score.kind ?? .continuous
        if Self.mcnemarTests(experiment.metric, on: kind) {
            if let m = pair?.mcnemar {
                headline.test = .mcnemar(p: m.pValue, onlyFirstCorrect: m.onlyFirstCorrect, onlySecondCorrect: m.onlySecondCorrect,
                                         significant: m.pValue < alpha, uncorrected: uncorrected)
                return headline
            }
        } else if let b = pair?.bootstrap {
            // The pair's difference is first − second; the headline speaks of the winner.
            let sign = pair?.first == w ? 1.0 : -1.0
            let d = b.difference, lower = d.interval.map { sign > 0 ? $0.lower : -$0.upper }, upper = d.interval.map { sign > 0 ? $0.upper : -$0.lower }
            headline.test = .bootstrap(difference: sign * d.value, lower: lower, upper: upper, units: d.interval?.units, p: b.pValue, replicates: b.replicates, significant: b.pValue < alpha,
                                       uncorrected: uncorrected)
            return headline
        }
        headline.test = .none(note: pair?.notes.first)
        return headline
    }

    /// Whether McNemar's test on per-item correctness tests `metric` itself on `kind`: accuracy on segments,
    /// recall on events (per annotation: found or not). Every other metric's headline test is the paired
    /// bootstrap of that metric.
    static func mcnemarTests(_ metric: Experiment.Metric, on kind: Dataset.Kind) -> Bool {
        kind == .continuous ? metric.events == .recall : metric.segments == .accuracy
    }
}
