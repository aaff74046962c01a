import Foundation

/// The adaptation section of a report (``AdaptationComparison``): each person's metric with and without adaptation
/// and the metric against K, as tables for `summary.md`, `report.html`, the terminal and `adaptation.csv`.
extension ExperimentReport {
    /// One row per adapting entry and dataset: its protocol, the reference, the subjects, the mean gain, and how many
    /// subjects gained, lost or tied (`undefined`: not counted). Only `group`'s when given. O(sections × entries).
    package static func adaptationGainTable(_ result: ExperimentResult, group: String? = nil) -> CSVTable {
        var table = CSVTable(header: ["entry", "adaptation", "reference", "dataset", "metric", "subjects", "mean gain", "gained", "lost", "tied", "undefined"])
        for c in result.adaptation where group.map({ $0 == c.group }) ?? true {
            for a in c.adapted {
                table.append([a.entry, a.adaptation, c.reference, c.dataset, c.metricName, String(a.subjects.count), fmt(a.meanGain),
                              String(a.gained), String(a.lost), String(a.tied), String(a.undefined)])
            }
        }
        return table
    }

    /// One row per adapting entry, dataset and test subject: the metric without adaptation (the reference's), with it,
    /// and the gain (`adaptation.csv`). Only `group`'s when given. O(sections × entries × subjects).
    package static func adaptationTable(_ result: ExperimentResult, group: String? = nil) -> CSVTable {
        var table = CSVTable(header: ["entry", "reference", "dataset", "subject", "metric", "without", "with", "gain"])
        for c in result.adaptation where group.map({ $0 == c.group }) ?? true {
            for a in c.adapted {
                for s in a.subjects {
                    table.append([a.entry, c.reference, c.dataset, s.subject, c.metricName, fmt(s.without), fmt(s.with), fmt(s.gain)])
                }
            }
        }
        return table
    }

    /// One row per point of the metric against K (``AdaptationComparison/curve``): the reference at K = 0, then each
    /// entry adapting from K labelled events, by K, with the pooled metric, its interval and false activations per
    /// hour. Only `group`'s when given, and only sections with a labelled entry. O(sections × entries).
    package static func adaptationCurveTable(_ result: ExperimentResult, group: String? = nil) -> CSVTable {
        var table = CSVTable(header: ["K", "entry", "dataset", "metric", "value", "lower", "upper", "over", "fp/h"])
        for c in result.adaptation where (group.map { $0 == c.group } ?? true) && c.curve.count > 1 {
            for p in c.curve {
                table.append([String(p.events), p.entry, c.dataset, c.metricName, fmt(p.value.value), fmt(p.value.interval?.lower),
                              fmt(p.value.interval?.upper), over(p.value.interval), fmt(p.falseActivationsPerHour)])
            }
        }
        return table
    }

    /// What the adaptation tables of `group` hold, in words; `nil` when the group has no section. O(sections).
    static func adaptationText(_ result: ExperimentResult, group: String) -> String? {
        let sections = result.adaptation.filter { $0.group == group }
        guard !sections.isEmpty else { return nil }
        let references = Array(Set(sections.map(\.reference))).sorted().map { "'\($0)'" }.joined(separator: ", ")
        let metric = result.metric.rawValue
        return "Adaptation: each test subject's \(metric) without adaptation (\(references), the group's entry that does not adapt, "
            + "judged on the same time) and with it; gain = with − without. Subjects whose \(metric) is undefined (nan) on either side "
            + "are listed but left out of the mean gain and the gained / lost / tied counts (column undefined)."
    }

    /// The adaptation section of `group` for `summary.md` (empty when it has none): the gains per entry, each subject's
    /// values and the metric against K.
    static func adaptationMarkdown(_ result: ExperimentResult, group: String) -> String {
        guard let text = adaptationText(result, group: group) else { return "" }
        var s = text + "\n\n" + adaptationGainTable(result, group: group).markdown + "\n"
        s += "Per subject (`adaptation.csv`):\n\n" + adaptationTable(result, group: group).markdown + "\n"
        let curve = adaptationCurveTable(result, group: group)
        if !curve.rows.isEmpty { s += "\(result.metric.rawValue) against K (labelled events per judged label; K = 0 without adaptation):\n\n" + curve.markdown + "\n" }
        return s
    }
}
