import Foundation
import GestureKit
import GestureData

/// Tables and the report folder of an ``ExperimentResult``.
///
/// The folder holds `results.json` (the whole result), `comparison.csv` (metric per entry with
/// interval), `folds.csv` (metric per entry and fold, with what training chose), `false-activations.csv`
/// (false activations per hour by activity), `outcomes.csv` (every judged annotation and detection of the test
/// recordings with its matching outcome), `subjects.csv` (the metric of each test subject alone), `pairs.csv`
/// (McNemar, paired bootstrap, Wilcoxon, within each comparison group), and per group of at least 3
/// `ranks-<group>.csv` (average ranks) and `rank-pairs-<group>.csv` (Nemenyi, Holm), when an entry adapts
/// `adaptation.csv` (each test subject's metric with and without adaptation), `metrics-<dataset>.csv`
/// (every metric), `summary.md` (a section per group), and SVG plots with their data: a signal with
/// annotations and detections per continuous entry, a confusion matrix and a latency histogram per entry,
/// and a critical-difference diagram per ranked group; and `report.html` (``ReportPage``), the same report to
/// explore in a browser, with every test recording's signal and outcomes.
package enum ExperimentReport {
    /// One row per entry and dataset: the pooled metric and its interval, the folds' mean and spread, and (continuous)
    /// false activations per hour of background, fragments and their share of detections, pooled over folds, as the
    /// aggregator computed them (``ExperimentResult/EntryScore/foldStatistics``). Only `group`'s members when given.
    package static func comparisonTable(_ result: ExperimentResult, group: Experiment.ComparisonGroup? = nil) -> CSVTable {
        var table = CSVTable(header: ["group", "entry", "recognizer", "dataset", "labels", "metric", "value", "lower", "upper", "over", "folds", "fold mean", "fold sd",
                                      "fp/h", "fragments", "fragment share"])
        let groupOf = Dictionary(result.groups.flatMap { g in g.group.entries.map { ($0, g.group.name) } }) { first, _ in first }
        for s in result.scores where group?.entries.contains(s.entry) ?? true {
            let folds = s.foldStatistics, pooled = folds.pooled
            table.append([groupOf[s.entry] ?? "", s.entry, s.recognizer, s.dataset, s.labels.joined(separator: " "), s.metricName,
                          fmt(s.overall.value), fmt(s.overall.interval?.lower), fmt(s.overall.interval?.upper), over(s.overall.interval),
                          String(s.folds.count), fmt(folds.mean), fmt(folds.standardDeviation),
                          fmt(pooled?.falseActivationsPerHour), fmt(pooled.map { Double($0.fragments) }), fmt(pooled?.fragmentShare)])
        }
        return table
    }

    /// One row per entry and dataset with per-subject scores: the pooled metric beside the subjects' mean, their
    /// sample standard deviation, the worst subject with its value, and the best value. Only `group`'s members
    /// when given.
    package static func generalisationTable(_ result: ExperimentResult, group: Experiment.ComparisonGroup? = nil) -> CSVTable {
        var table = CSVTable(header: ["entry", "dataset", "metric", "pooled", "subjects", "subject mean", "subject sd", "worst subject", "worst", "best"])
        for s in result.scores where group?.entries.contains(s.entry) ?? true {
            guard let b = s.bySubject else { continue }
            table.append([s.entry, s.dataset, s.metricName, fmt(s.overall.value), String(b.subjects.count), fmt(b.mean),
                          fmt(b.standardDeviation), b.worst ?? "", fmt(b.worstValue), fmt(b.maximum)])
        }
        return table
    }

    /// One row per entry, dataset and test subject: the metric on that subject's test recordings alone, with
    /// precision, recall and false activations per hour (continuous) or accuracy and macro F1 (segments).
    package static func subjectTable(_ result: ExperimentResult) -> CSVTable {
        var table = CSVTable(header: ["entry", "dataset", "subject", "metric", "value", "count", "precision", "recall", "fp/h", "accuracy", "macro f1"])
        for s in result.scores {
            for p in s.bySubject?.subjects ?? [] {
                let events = p.metrics.events, segments = p.metrics.segments
                table.append([s.entry, s.dataset, p.subject, s.metricName, fmt(p.value), String(p.count), fmt(events?.precision),
                              fmt(events?.recall), fmt(events?.falsePositivesPerHour), fmt(segments?.accuracy), fmt(segments?.macroF1)])
            }
        }
        return table
    }

    /// One row per continuous entry and activity with at least one false activation (every activity when
    /// `all`): what was happening when it fired (``FalseActivationBreakdown``), pooled over folds.
    package static func falseActivationTable(_ result: ExperimentResult, group: Experiment.ComparisonGroup? = nil, all: Bool = false) -> CSVTable {
        var table = CSVTable(header: ["entry", "dataset", "activity", "false activations", "hours", "per hour"])
        for s in result.scores where group?.entries.contains(s.entry) ?? true {
            for a in s.falseActivations?.activities ?? [] where all || a.falseActivations > 0 {
                table.append([s.entry, s.dataset, a.label, String(a.falseActivations), fmt(a.hours), fmt(a.perHour)])
            }
        }
        return table
    }

    /// One row per judged annotation and per detection of every continuous entry's test recordings
    /// (``EventOutcome``), in entry order, then fold, recording and time: which gestures were missed, and what was
    /// happening when a false activation fired. Times in seconds.
    package static func outcomeTable(_ result: ExperimentResult) -> CSVTable {
        var table = CSVTable(header: outcomeColumns)
        for s in result.scores {
            for o in s.outcomes ?? [] { table.append(outcomeRow(o, of: s)) }
        }
        return table
    }

    /// The columns of ``outcomeTable(_:)``.
    static let outcomeColumns = ["entry", "dataset", "fold", "recording", "kind", "label", "start", "end", "time", "score", "outcome", "activity"]

    /// The cells of `outcome` of `score`'s entry under ``outcomeColumns``: times and scores in round-trip form
    /// (``CSVTable/number(_:)``), empty where there is none. O(1).
    static func outcomeRow(_ outcome: EventOutcome, of score: ExperimentResult.EntryScore) -> [String] {
        let o = outcome
        return [score.entry, score.dataset, o.fold, o.recording, o.kind.rawValue, o.label, CSVTable.number(o.start), CSVTable.number(o.end),
                o.time.map(CSVTable.number) ?? "", o.score.map(CSVTable.number) ?? "", o.outcome.rawValue, o.activity ?? ""]
    }

    /// One row per entry, dataset and fold.
    package static func foldTable(_ result: ExperimentResult) -> CSVTable {
        var table = CSVTable(header: ["entry", "dataset", "fold", "metric", "value", "lower", "upper", "over", "count", "precision", "recall", "fp/h",
                                      "fragments", "fragment share", "trained"])
        for s in result.scores {
            for f in s.folds {
                let trained = f.trained.flattened.sorted { $0.key < $1.key }.map { "\($0.key)=\(CSVTable.number($0.value))" }.joined(separator: " ")
                let events = f.metrics.events
                table.append([s.entry, s.dataset, f.fold, s.metricName, fmt(f.value.value), fmt(f.value.interval?.lower),
                              fmt(f.value.interval?.upper), over(f.value.interval), String(f.count), fmt(events?.precision), fmt(events?.recall),
                              fmt(events?.falsePositivesPerHour), fmt(events?.errors.map { Double($0.fragments) }), fmt(events?.fragmentShare), trained])
            }
        }
        return table
    }

    /// One row per pair of entries judged on the same annotations (only `group`'s when given). A bootstrap
    /// p-value of 0 reads `< 1/B` (``bootstrapP(_:replicates:)``) unless `numeric` (`pairs.csv`, read by programs).
    package static func pairTable(_ result: ExperimentResult, group: String? = nil, numeric: Bool = false) -> CSVTable {
        var table = CSVTable(header: ["group", "first", "second", "dataset", "mcnemar b", "mcnemar c", "mcnemar p", "mcnemar method",
                                      "difference", "lower", "upper", "over", "bootstrap p", "wilcoxon W", "wilcoxon p"])
        for p in result.pairs where group.map({ $0 == p.group }) ?? true {
            table.append([p.group, p.first, p.second, p.dataset,
                          p.mcnemar.map { String($0.onlyFirstCorrect) } ?? "", p.mcnemar.map { String($0.onlySecondCorrect) } ?? "",
                          fmt(p.mcnemar?.pValue), p.mcnemar?.method.rawValue ?? "",
                          fmt(p.bootstrap?.difference.value), fmt(p.bootstrap?.difference.interval?.lower),
                          fmt(p.bootstrap?.difference.interval?.upper), over(p.bootstrap?.difference.interval),
                          p.bootstrap.map { numeric ? fmt($0.pValue) : bootstrapP($0.pValue, replicates: $0.replicates) } ?? "",
                          fmt(p.wilcoxon?.statistic), fmt(p.wilcoxon?.pValue)])
        }
        return table
    }

    /// Average ranks of the ranked entries.
    package static func rankTable(_ r: RankComparison) -> CSVTable {
        var table = CSVTable(header: ["entry", "average rank"])
        for (m, rank) in zip(r.methods, r.friedman.averageRanks).sorted(by: { $0.1 < $1.1 }) { table.append([m, fmt(rank)]) }
        return table
    }

    /// Holm-adjusted pairwise Wilcoxon p-values and Nemenyi decisions of the ranked entries.
    package static func rankPairTable(_ r: RankComparison) -> CSVTable {
        var table = CSVTable(header: ["first", "second", "rank difference", "nemenyi p", "nemenyi significant", "wilcoxon p (Holm)", "holm significant"])
        for (n, w) in zip(r.nemenyi.pairs, r.pairwise.pairs) {
            table.append([r.methods[n.first], r.methods[n.second], fmt(n.rankDifference), fmt(n.pValue), n.significant ? "yes" : "no",
                          fmt(w.adjustedPValue), w.significant ? "yes" : "no"])
        }
        return table
    }

    /// The omnibus line: Friedman χ², Iman–Davenport F, the critical difference, and a note when the units
    /// (cross-validation folds) share training data, which makes the tests approximate.
    package static func rankSummary(_ r: RankComparison, test: Experiment.RankTest, split: Split) -> String {
        let units = r.units.count, k = r.methods.count
        var s = "Friedman χ²(\(k - 1)) = \(fmt(r.friedman.chiSquare)), p = \(fmt(r.friedman.pValue)); "
        s += "Iman–Davenport F = \(fmt(r.friedman.imanDavenportF)), p = \(fmt(r.friedman.imanDavenportPValue)); "
        s += "\(k) entries ranked over \(units) units (\(r.units.joined(separator: ", ")))"
        if test == .friedmanNemenyi {
            s += "; Nemenyi CD = \(fmt(r.nemenyi.criticalDifference)) ranks (α = \(fmt(r.nemenyi.alpha)), q = \(fmt(r.nemenyi.q)))"
        } else {
            s += "; Holm-corrected pairwise Wilcoxon at α = \(fmt(r.pairwise.alpha))"
        }
        if split.foldsShareTrainingData {
            s += "; approximate: the folds of \(split) share training data, so the units are not independent as these tests assume"
        }
        return s
    }

    /// The terminal / Markdown summary text (tables as Markdown).
    package static func markdown(_ result: ExperimentResult, command: String) -> String {
        var s = "# Experiment \(result.experiment.name)\n\n"
        if !result.experiment.description.isEmpty { s += result.experiment.description + "\n\n" }
        s += "Command: `\(command)`\n\nSplit `\(result.experiment.split)`, seed \(result.seed), metric \(result.metric.rawValue), "
        s += "matching tolerance \(fmt(result.experiment.matching.before)) s before / \(fmt(result.experiment.matching.after)) s after, "
        s += "\(result.experiment.bootstrapReplicates) bootstrap replicates (95 % percentile intervals).\n\n"
        s += "Entries are compared only within a group: those judged on the same annotations of the same dataset"
        s += " (a rank test over different tasks means nothing; Demšar 2006).\n\n"
        s += result.groups.map { "- \($0.headline)\n" }.joined() + "\n"
        for g in result.groups {
            s += "## \(g.group.name)\n\n" + comparisonTable(result, group: g.group).markdown + "\n"
            let subjects = generalisationTable(result, group: g.group)
            if !subjects.rows.isEmpty { s += "Per subject (each test subject's \(result.metric.rawValue) alone; `subjects.csv` has every subject):\n\n" + subjects.markdown + "\n" }
            s += adaptationMarkdown(result, group: g.group.name)
            let activities = falseActivationTable(result, group: g.group)
            if !activities.rows.isEmpty { s += "False activations by activity:\n\n" + activities.markdown + "\n" }
            let pairs = pairTable(result, group: g.group.name)
            if !pairs.rows.isEmpty { s += "Pairs:\n\n" + pairs.markdown + "\n" }
            if let r = g.ranking {
                s += rankSummary(r, test: result.experiment.test, split: result.experiment.split) + ".\n\n" + rankTable(r).markdown + "\n"
                s += rankPairTable(r).markdown + "\n![critical difference](critical-difference-\(slug(g.group.name)).svg)\n\n"
            }
        }
        s += "## Per fold\n\n" + foldTable(result).markdown + "\n"
        if !result.warnings.isEmpty { s += "## Warnings\n\n" + result.warnings.map { "- \($0)\n" }.joined() + "\n" }
        return s
    }

    /// A file-safe name for a plot of `entry`.
    static func slug(_ text: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        var out = ""
        for c in text.lowercased() { out.append(allowed.contains(c) ? c : "-") }
        while out.contains("--") { out = out.replacingOccurrences(of: "--", with: "-") }
        return out.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    /// Writes the report folder for `result`; `datasets` (by key, as run) hold the recordings to plot.
    package static func write(_ result: ExperimentResult, datasets: [String: Dataset], to url: URL, command: [String]) throws(DataFileError) -> ReportFolder {
        var folder = try ReportFolder(url: url, command: command)
        try folder.writeResults(result)
        try folder.write(comparisonTable(result), named: "comparison")
        try folder.write(foldTable(result), named: "folds")
        if !result.pairs.isEmpty { try folder.write(pairTable(result, numeric: true), named: "pairs") }
        if result.scores.contains(where: { $0.falseActivations != nil }) {
            try folder.write(falseActivationTable(result, all: true), named: "false-activations")
        }
        if result.scores.contains(where: { $0.outcomes != nil }) { try folder.write(outcomeTable(result), named: "outcomes") }
        if result.scores.contains(where: { $0.bySubject != nil }) { try folder.write(subjectTable(result), named: "subjects") }
        if !result.adaptation.isEmpty { try folder.write(adaptationTable(result), named: "adaptation") }
        for g in result.groups {
            guard let r = g.ranking else { continue }
            let name = slug(g.group.name)
            try folder.write(rankTable(r), named: "ranks-\(name)")
            try folder.write(rankPairTable(r), named: "rank-pairs-\(name)")
            try folder.add(CriticalDifferenceDiagram(title: "\(g.group.name): average rank of \(result.metric.rawValue) over folds (CD \(fmt(r.nemenyi.criticalDifference)))",
                                                     methods: r.methods, averageRanks: r.friedman.averageRanks,
                                                     criticalDifference: r.nemenyi.criticalDifference), named: "critical-difference-\(name)")
        }
        for (key, evaluation) in result.evaluations.sorted(by: { $0.key < $1.key }) {
            var table = CSVTable(header: ["scope", "name", "value", "lower", "upper", "over"])
            for m in evaluation.metrics { table.append([m.scope, m.name, fmt(m.value), fmt(m.interval?.lower), fmt(m.interval?.upper), over(m.interval)]) }
            try folder.write(table, named: "metrics-\(slug(key))")
            for (entry, matrix) in evaluation.tables(.confusion) where matrix.rows == matrix.columns {
                try folder.add(ConfusionMatrixPlot(title: "\(entry) on \(key): \(matrix.rowAxis) (rows) × \(matrix.columnAxis) (columns)",
                                                   labels: matrix.rows, counts: matrix.counts), named: "confusion-\(slug(entry))-\(slug(key))")
            }
        }
        for entry in result.experiment.entries {
            for key in entry.datasets {
                guard let plot = signalAndLatency(entry: entry, datasetKey: key, result: result, datasets: datasets) else { continue }
                try folder.add(plot.signal, named: "signal-\(slug(entry.name))-\(slug(key))")
                if let latency = plot.latency { try folder.add(latency, named: "latency-\(slug(entry.name))-\(slug(key))") }
            }
        }
        var summary = markdown(result, command: folder.manifest.commandLine)
        let others = folder.manifest.plots.filter { $0.kind != CriticalDifferenceDiagram.kind }
        if !others.isEmpty {
            summary += "## Plots\n\n" + others.map { "- [\($0.title)](\($0.svg))\n" }.joined() + "\n"
        }
        try folder.writeSummary(summary)
        // Last, so it links every plot; its explorer re-reads the test recordings in `datasets`.
        try folder.write(ReportPage(result: result, datasets: datasets, plots: folder.manifest.plots.map { ($0.svg, $0.title) },
                                    commandLine: folder.manifest.commandLine))
        return folder
    }

    /// The signal of the entry's first test recording with its judged annotations and completed
    /// events, and the latency histogram of its correct detections.
    static func signalAndLatency(entry: Experiment.Entry, datasetKey: String, result: ExperimentResult, datasets: [String: Dataset]) -> (signal: SignalPlot, latency: LatencyHistogram?)? {
        guard let score = result.scores.first(where: { $0.entry == entry.name && $0.dataset == datasetKey }),
              let example = score.example, let dataset = datasets[datasetKey],
              let original = dataset.recordings.first(where: { $0.id == example.recording })
        else { return nil }
        // Drawn with the annotations its unit judged (the aggregator kept them), not judged again here.
        var recording = original
        recording.annotations = example.annotations
        let signal = SignalPlot(recording: recording, events: example.events,
                                title: "\(entry.name): \(recording.id) (fold \(example.fold))")
        let latency = score.latencies.isEmpty ? nil
            : LatencyHistogram(title: "\(entry.name): detection time − annotation end (s)", latencies: score.latencies)
        return (signal, latency)
    }

    /// `x` with four significant digits for tables (`nan`, `inf`; empty for `nil`).
    package static func fmt(_ x: Double?) -> String {
        guard let x else { return "" }
        guard x.isFinite else { return x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf") }
        return String(format: "%.4g", x)
    }

    /// What an interval resampled, for an `over` cell ("2 subjects"; empty without an interval or units).
    package static func over(_ interval: ConfidenceInterval?) -> String {
        interval?.units?.description ?? ""
    }

    /// A bootstrap (or permutation) p-value for a table cell: ``fmt(_:)`` of `p`, or `< 1/B` when no replicate
    /// of the `replicates` fell on the other side, since p cannot be resolved below 1/B ("< 0.001" for 1000).
    package static func bootstrapP(_ p: Double, replicates: Int) -> String {
        p == 0 && replicates > 0 ? "< \(fmt(1 / Double(replicates)))" : fmt(p)
    }

    /// `p = …` in words, or `p < 1/B` where ``bootstrapP(_:replicates:)`` bounds it.
    package static func bootstrapPWording(_ p: Double, replicates: Int) -> String {
        let cell = bootstrapP(p, replicates: replicates)
        return cell.hasPrefix("<") ? "p \(cell)" : "p = \(cell)"
    }
}
