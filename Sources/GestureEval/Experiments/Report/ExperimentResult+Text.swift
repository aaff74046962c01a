import Foundation

extension ExperimentResult {
    /// The comparison as terminal text (what `gesturelab compare` prints): one headline per comparison group
    /// (what won and whether it is significant), then per group the metric per entry with its interval, the
    /// paired tests and the rank comparison, then one `warning:` line each. Tables are ``CSVTable/aligned``.
    package var comparisonText: String {
        var s = "\(experiment.name): \(metric.rawValue) with 95 % bootstrap interval, split \(experiment.split), seed \(seed)\n\n"
        s += groups.map { "\($0.headline)\n" }.joined()
        for g in groups {
            s += "\n== \(g.group.name) ==\n\n" + ExperimentReport.comparisonTable(self, group: g.group).aligned
            let activities = ExperimentReport.falseActivationTable(self, group: g.group)
            if !activities.rows.isEmpty { s += "\nFalse activations by activity (what was happening when they fired)\n\n" + activities.aligned }
            let pairs = ExperimentReport.pairTable(self, group: g.group.name)
            if !pairs.rows.isEmpty {
                s += "\nPaired: McNemar on per-annotation correctness, bootstrap of the metric difference, Wilcoxon over folds\n\n" + pairs.aligned
            }
            let gains = ExperimentReport.adaptationGainTable(self, group: g.group.name)
            if !gains.rows.isEmpty {
                s += "\nAdaptation: mean gain per test subject against the entry that does not adapt (adaptation.csv has every subject)\n\n"
                    + gains.aligned
                let curve = ExperimentReport.adaptationCurveTable(self, group: g.group.name)
                if !curve.rows.isEmpty { s += "\n\(metric.rawValue) against K labelled events per judged label (K = 0: no adaptation)\n\n" + curve.aligned }
            }
            if let ranking = g.ranking {
                s += "\n" + ExperimentReport.rankSummary(ranking, test: experiment.test, split: experiment.split) + "\n\n"
                s += ExperimentReport.rankTable(ranking).aligned
                s += "\n" + ExperimentReport.rankPairTable(ranking).aligned
            }
        }
        for w in warnings { s += "warning: \(w)\n" }
        return s
    }

    /// One entry's results as terminal text (what `gesturelab evaluate` prints): per dataset the entry's
    /// pooled metrics with their intervals, then the metric per fold, then one `warning:` line each.
    package func entryText(_ entry: String) -> String {
        var s = ""
        for (_, evaluation) in evaluations.sorted(by: { $0.key < $1.key }) {
            s += "\(entry) on \(evaluation.dataset.name) (\(evaluation.dataset.recordings) recordings), split \(experiment.split), seed \(seed)\n\n"
            var table = CSVTable(header: ["metric", "value", "lower", "upper", "over"])
            for m in evaluation.metrics where m.scope == entry {
                table.append([m.name, ExperimentReport.fmt(m.value), ExperimentReport.fmt(m.interval?.lower), ExperimentReport.fmt(m.interval?.upper),
                              ExperimentReport.over(m.interval)])
            }
            s += table.aligned + "\n"
        }
        s += ExperimentReport.foldTable(self).aligned
        for w in warnings { s += "warning: \(w)\n" }
        return s
    }
}
