import Foundation

extension LearningCurve {
    /// The points as a table, one row per entry and K.
    package var table: CSVTable {
        var table = CSVTable(header: ["entry", "dataset", "subjects", "draws", "test_subjects", "mean", "sd", "min", "max", "pooled", "pooled_lower",
                                      "pooled_upper", "false_per_hour"])
        for p in points {
            table.append([p.entry, p.dataset, String(p.subjects), String(p.draws), String(p.testSubjects), ExperimentReport.fmt(p.mean),
                          ExperimentReport.fmt(p.standardDeviation), ExperimentReport.fmt(p.minimum), ExperimentReport.fmt(p.maximum),
                          ExperimentReport.fmt(p.pooled.value), p.pooled.interval.map { ExperimentReport.fmt($0.lower) } ?? "",
                          p.pooled.interval.map { ExperimentReport.fmt($0.upper) } ?? "", p.falsePerHour.map { ExperimentReport.fmt($0) } ?? ""])
        }
        return table
    }

    /// What a row of ``table`` holds, in words (summary.md and the terminal).
    package var tableText: String {
        "Each row: the entry trained on `subjects` people drawn at random (`draws` times, seeded) and tested on all the others; "
            + "\(metricName) per draw (mean, sd, min, max) and pooled over every draw's test annotations (examples of segments), "
            + "with a 95 % interval from a bootstrap over the `test_subjects` people tested (each replicate draws people with "
            + "replacement and pools each one's annotations from every draw that tested them, so a person counts once however many "
            + "draws tested them, and more draws do not narrow it)."
    }
}
