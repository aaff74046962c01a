import Foundation
import GestureData

/// How each entry's metric grows with the number of people it was trained on, the first question of a study
/// designer ("how many participants do I need?"): one point per training-set size K, from the experiment run
/// under `subject-draws:K:N` (each of N folds trains on K subjects drawn at random, seeded, and tests on all the
/// others, so every point is a score on people the model never saw).
///
/// A point holds the spread over the draws (which people happen to be drawn matters as much as how many) and the
/// metric pooled over every draw's test annotations, with its bootstrap interval.
public struct LearningCurve: Codable, Hashable, Sendable {
    /// One entry at one training-set size.
    public struct Point: Codable, Hashable, Sendable {
        /// The entry's name.
        public var entry: String
        /// The dataset's key.
        public var dataset: String
        /// Subjects in each draw's training set (K).
        public var subjects: Int
        /// Draws (folds) that were scored.
        public var draws: Int
        /// The mean of the draws' metric.
        public var mean: Double
        /// The standard deviation of the draws' metric (0 for one draw).
        public var standardDeviation: Double
        /// The lowest and highest draw.
        public var minimum: Double
        /// The highest draw.
        public var maximum: Double
        /// The metric over every draw's test annotations pooled, with its 95 % interval.
        public var pooled: Estimate
        /// The draws' mean false activations per hour of background (continuous datasets), else `nil`.
        public var falsePerHour: Double?
    }

    /// The metric's name (`f1`, `accuracy`, …), or the names of several.
    public var metricName: String
    /// The experiment's name.
    public var experiment: String
    /// The points, by entry (in the experiment's order), then by K.
    public var points: [Point]

    /// The curve of `runs`: the experiment's result at each training-set size K, each run under
    /// `subject-draws:K:N`. O(entries × draws).
    public init(experiment: String, runs: [(subjects: Int, result: ExperimentResult)]) {
        self.experiment = experiment
        // Segment datasets score macro-F1 where continuous ones score F1: name both when both are plotted.
        let names = Set(runs.first?.result.scores.map(\.metricName) ?? []).sorted()
        metricName = names.count == 1 ? names[0] : "metric (\(names.joined(separator: ", ")))"
        var points: [Point] = []
        let entries = runs.first?.result.scores.map { ($0.entry, $0.dataset) } ?? []
        for (entry, dataset) in entries {
            for (k, result) in runs.sorted(by: { $0.subjects < $1.subjects }) {
                guard let score = result.scores.first(where: { $0.entry == entry && $0.dataset == dataset }) else { continue }
                let values = score.folds.map(\.value.value).filter(\.isFinite)
                let mean = values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
                let variance = values.count > 1 ? values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1) : 0
                let rates = score.folds.compactMap { $0.metrics.events?.falsePositivesPerHour }.filter(\.isFinite)
                points.append(Point(entry: entry, dataset: dataset, subjects: k, draws: score.folds.count, mean: mean,
                                    standardDeviation: variance.squareRoot(), minimum: values.min() ?? .nan, maximum: values.max() ?? .nan,
                                    pooled: score.overall, falsePerHour: rates.isEmpty ? nil : rates.reduce(0, +) / Double(rates.count)))
            }
        }
        self.points = points
    }

    /// The points as a table, one row per entry and K.
    public var table: CSVTable {
        var table = CSVTable(header: ["entry", "dataset", "subjects", "draws", "mean", "sd", "min", "max", "pooled", "pooled_lower", "pooled_upper",
                                      "false_per_hour"])
        for p in points {
            table.append([p.entry, p.dataset, String(p.subjects), String(p.draws), ExperimentReport.fmt(p.mean), ExperimentReport.fmt(p.standardDeviation),
                          ExperimentReport.fmt(p.minimum), ExperimentReport.fmt(p.maximum), ExperimentReport.fmt(p.pooled.value),
                          p.pooled.interval.map { ExperimentReport.fmt($0.lower) } ?? "", p.pooled.interval.map { ExperimentReport.fmt($0.upper) } ?? "",
                          p.falsePerHour.map { ExperimentReport.fmt($0) } ?? ""])
        }
        return table
    }

    /// The plot: the mean over draws against K, one line per entry, with ±1 standard deviation as bars.
    public var plot: LearningCurvePlot {
        var series: [LearningCurvePlot.Series] = []
        for p in points {
            let name = Set(points.map(\.dataset)).count > 1 ? "\(p.entry) (\(p.dataset))" : p.entry
            if series.last?.name != name { series.append(.init(name: name, points: [])) }
            series[series.count - 1].points.append(.init(subjects: p.subjects, mean: p.mean, standardDeviation: p.standardDeviation))
        }
        return LearningCurvePlot(title: "\(experiment): \(metricName) on people not trained on",
                                 metricName: metricName, series: series)
    }

    /// Writes the report folder: `results.json` (this curve), `learning-curve.csv`, the plot
    /// (`learning-curve.svg` and its data) and `summary.md`, each file atomically (``ReportFolder``).
    ///
    /// - Parameter command: the command line, recorded in the manifest.
    /// - Throws: ``DataFileError`` naming the file that could not be written.
    public func write(to url: URL, command: [String]) throws(DataFileError) {
        var folder = try ReportFolder(url: url, command: command)
        try folder.writeResults(self)
        let table = self.table
        try folder.write(table, named: "learning-curve")
        try folder.add(plot, named: "learning-curve")
        try folder.writeSummary("# Learning curve of \(experiment)\n\nCommand: `\(folder.manifest.commandLine)`\n\n"
                                    + "Each row: the entry trained on `subjects` people drawn at random (`draws` times, seeded) and tested on all "
                                    + "the others; \(metricName) per draw (mean, sd, min, max) and pooled over every draw's test annotations "
                                    + "with its 95 % interval.\n\n\(table.markdown)\n![Learning curve](learning-curve.svg)\n")
    }
}
