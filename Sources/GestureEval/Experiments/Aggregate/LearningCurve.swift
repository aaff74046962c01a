import Foundation
import GestureData

/// How each entry's metric grows with the number of people it was trained on, the first question of a study
/// designer ("how many participants do I need?"): one point per training-set size K, from the experiment run
/// under `subject-draws:K:N` (each of N folds trains on K subjects drawn at random, seeded, and tests on all the
/// others, so every point is a score on people the model never saw).
///
/// A point holds the spread over the draws (which people happen to be drawn matters as much as how many) and the
/// metric pooled over every draw's test annotations, with an interval that resamples the people tested
/// (``SubjectScores/pooled``): the draws test the same people again, so more draws must not narrow it. The runs'
/// warnings are kept, each once with the sizes that gave it.
package struct LearningCurve: Codable, Hashable, Sendable {
    /// One entry at one training-set size.
    package struct Point: Codable, Hashable, Sendable {
        /// The entry's name.
        package var entry: String
        /// The dataset's key.
        package var dataset: String
        /// Subjects in each draw's training set (K).
        package var subjects: Int
        /// Draws (folds) that were scored.
        package var draws: Int
        /// Subjects tested by at least one draw: the units ``pooled``'s interval resamples.
        package var testSubjects: Int
        /// The mean of the draws' metric.
        package var mean: Double
        /// The standard deviation of the draws' metric (0 for one draw).
        package var standardDeviation: Double
        /// The lowest and highest draw.
        package var minimum: Double
        /// The highest draw.
        package var maximum: Double
        /// The metric over every draw's test annotations (examples) pooled, with its 95 % interval from a cluster
        /// bootstrap over the test subjects: a replicate draws subjects with replacement and pools each drawn
        /// subject's annotations from every draw that tested them (``SubjectScores/pooled``). The interval is
        /// withheld for a single test subject, or without subject scores.
        package var pooled: Estimate
        /// The draws' mean false activations per hour of background (continuous datasets), else `nil`.
        package var falsePerHour: Double?
    }

    /// A warning of the runs (``ExperimentResult/warnings``), once however many sizes gave it.
    package struct Warning: Codable, Hashable, Sendable, CustomStringConvertible {
        /// The training-set sizes K whose runs gave it, increasing.
        package var subjects: [Int]
        /// The warning; read back from a `results.json` as ``ExperimentWarning/worded(_:)``.
        package var warning: ExperimentWarning

        /// Creates a warning given by the runs of `subjects`.
        package init(subjects: [Int], warning: ExperimentWarning) {
            self.subjects = subjects
            self.warning = warning
        }

        /// `K = 1, 2: ` and the warning's words, as the terminal and summary.md show it.
        package var description: String { "K = \(subjects.map(String.init).joined(separator: ", ")): \(warning)" }

        private enum CodingKeys: String, CodingKey { case subjects, warning }

        /// Writes the sizes and the warning's words, as ``ExperimentResult`` writes its warnings.
        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(subjects, forKey: .subjects)
            try c.encode(warning.description, forKey: .warning)
        }

        /// Reads what ``encode(to:)`` writes; the warning as ``ExperimentWarning/worded(_:)``.
        package init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            subjects = try c.decode([Int].self, forKey: .subjects)
            warning = .worded(try c.decode(String.self, forKey: .warning))
        }
    }

    /// The metric's name (`f1`, `accuracy`, …), or the names of several.
    package var metricName: String
    /// The experiment's name.
    package var experiment: String
    /// The points, by entry (in the experiment's order), then by K.
    package var points: [Point]
    /// The runs' warnings (fold assignment, in-sample calibration, …), in order of the smallest K that gave each,
    /// then as that run lists them; a warning several sizes gave is listed once, naming them.
    package var warnings: [Warning]

    /// The curve of `runs`: the experiment's result at each training-set size K, each run under
    /// `subject-draws:K:N`. O(entries × draws + warnings²).
    package init(experiment: String, runs: [(subjects: Int, result: ExperimentResult)]) {
        self.experiment = experiment
        // Segment datasets score macro-F1 where continuous ones score F1: name both when both are plotted.
        let names = Set(runs.first?.result.scores.map(\.metricName) ?? []).sorted()
        metricName = names.count == 1 ? names[0] : "metric (\(names.joined(separator: ", ")))"
        let bySize = runs.sorted { $0.subjects < $1.subjects }
        var points: [Point] = []
        let entries = runs.first?.result.scores.map { ($0.entry, $0.dataset) } ?? []
        for (entry, dataset) in entries {
            for (k, result) in bySize {
                guard let score = result.scores.first(where: { $0.entry == entry && $0.dataset == dataset }) else { continue }
                let values = score.folds.map(\.value.value).filter(\.isFinite)
                let mean = values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
                let variance = values.count > 1 ? values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1) : 0
                let rates = score.folds.compactMap { $0.metrics.events?.falsePositivesPerHour }.filter(\.isFinite)
                // The entry's own interval resamples recordings pooled over the draws, counting a recording once per
                // draw that tested it, so it narrows as draws are added; the subjects' does not.
                let pooled = score.bySubject?.pooled ?? Estimate(value: score.overall.value)
                points.append(Point(entry: entry, dataset: dataset, subjects: k, draws: score.folds.count,
                                    testSubjects: score.bySubject?.subjects.count ?? 0, mean: mean,
                                    standardDeviation: variance.squareRoot(), minimum: values.min() ?? .nan, maximum: values.max() ?? .nan,
                                    pooled: pooled, falsePerHour: rates.isEmpty ? nil : rates.reduce(0, +) / Double(rates.count)))
            }
        }
        self.points = points
        var warnings: [Warning] = []
        for (k, result) in bySize {
            // The curve's intervals state their own people (`test_subjects`); a run's few-units warning would repeat it.
            for w in result.warnings where !w.isAboutIntervalUnits {
                if let i = warnings.firstIndex(where: { $0.warning == w }) {
                    if warnings[i].subjects.last != k { warnings[i].subjects.append(k) }
                } else {
                    warnings.append(Warning(subjects: [k], warning: w))
                }
            }
        }
        self.warnings = warnings
    }
}
