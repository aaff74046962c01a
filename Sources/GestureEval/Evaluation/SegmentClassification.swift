/// Metrics of a classifier on pre-segmented examples (one true and one predicted label each).
///
/// Definitions follow scikit-learn: per-class precision is 0 when the class is never predicted
/// and recall 0 when it never occurs; macro-F1 averages F1 over every label that occurs in truth
/// or prediction; balanced accuracy averages recall over labels that occur in truth; Cohen's
/// kappa is (pₒ − pₑ)/(1 − pₑ). Given the examples' subjects, and at least two of them, every interval (accuracy's
/// too) comes from a seeded cluster bootstrap over the subjects: examples of one person are not independent draws.
/// Otherwise accuracy has a Wilson or Clopper–Pearson interval, error its complement, and all other metrics have
/// seeded percentile-bootstrap intervals over examples. Each interval names its units (``ConfidenceInterval/units``).
/// Complexity O(n + L²) plus O(B · (n + L²)) for B bootstrap replicates and L labels.
package struct SegmentClassification: Codable, Hashable, Sendable {
    /// One class's metrics.
    package struct ClassMetrics: Codable, Hashable, Sendable {
        /// The label.
        package var label: String
        /// Examples whose truth is this label.
        package var support: Int
        /// Precision with bootstrap interval.
        package var precision: Estimate
        /// Recall with bootstrap interval.
        package var recall: Estimate
        /// F1 with bootstrap interval.
        package var f1: Estimate
    }

    /// Number of examples.
    package var count: Int
    /// Labels on both axes, sorted.
    package var labels: [String]
    /// Share correct, with a binomial interval.
    package var accuracy: Estimate
    /// 1 − accuracy, with the complementary interval.
    package var error: Estimate
    /// Mean per-class recall, with bootstrap interval.
    package var balancedAccuracy: Estimate
    /// Mean per-class F1, with bootstrap interval.
    package var macroF1: Estimate
    /// Cohen's kappa, with bootstrap interval.
    package var kappa: Estimate
    /// Per class, in ``labels`` order.
    package var perClass: [ClassMetrics]
    /// Rows true label, columns predicted label.
    package var confusion: LabelledMatrix
    /// Per example, whether it was classified correctly: the input of ``McNemarTest``.
    package var correct: [Bool]

    /// Evaluates `predicted[i]` against `truth[i]`, `subjects[i]` the person of example `i` when given.
    package init(
        truth: [String],
        predicted: [String],
        subjects: [String]? = nil,
        accuracyInterval: ProportionInterval.Method = .wilson,
        bootstrap: BootstrapOptions = BootstrapOptions()
    ) throws(StatisticsError) {
        guard truth.count == predicted.count else {
            throw .invalidArgument(statistic: "segmentClassification", message: "\(truth.count) true labels but \(predicted.count) predictions")
        }
        if let subjects, subjects.count != truth.count {
            throw .invalidArgument(statistic: "segmentClassification", message: "\(truth.count) examples but \(subjects.count) subjects")
        }
        guard !truth.isEmpty else { throw .tooFewValues(statistic: "segmentClassification", count: 0, needed: 1) }
        count = truth.count
        labels = Array(Set(truth).union(predicted)).sorted()
        let index = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        let t = truth.map { index[$0]! }, p = predicted.map { index[$0]! }
        correct = zip(t, p).map { $0 == $1 }
        let hits = correct.count(where: { $0 })
        let n = count, resampled = subjects.map { IntervalUnits.resampling(subjects: $0, otherwise: .examples) }
            ?? IntervalUnits.each(n, .examples)
        let bySubject = resampled.units.kind == .subjects

        let l = labels.count
        var matrix = LabelledMatrix(rowAxis: "true", columnAxis: "predicted", rows: labels, columns: labels)
        for (a, b) in zip(t, p) { matrix.counts[a][b] += 1 }
        confusion = matrix

        let right = correct
        var estimates = try Bootstrap.percentiles(clusters: resampled.clusters, units: resampled.units, options: bootstrap) { idx in
            let metrics = Self.statistics(truth: t, predicted: p, labels: l, idx)
            return bySubject ? metrics + [Double(idx.count { right[$0] }) / Double(max(1, idx.count))] : metrics
        }
        if bySubject {
            accuracy = estimates.removeLast()
        } else {
            var interval = try ProportionInterval.interval(accuracyInterval, successes: hits, trials: n, level: bootstrap.level)
            interval.units = resampled.units
            accuracy = Estimate(value: Double(hits) / Double(n), interval: interval)
        }
        error = Estimate(value: 1 - accuracy.value, interval: accuracy.interval.map {
            ConfidenceInterval(lower: 1 - $0.upper, upper: 1 - $0.lower, level: $0.level, method: $0.method, units: $0.units)
        })
        balancedAccuracy = estimates[0]
        macroF1 = estimates[1]
        kappa = estimates[2]
        let support = matrix.counts.map { $0.reduce(0, +) }
        let names = labels
        perClass = names.indices.map { i in
            ClassMetrics(label: names[i], support: support[i], precision: estimates[3 + i], recall: estimates[3 + l + i], f1: estimates[3 + 2 * l + i])
        }
    }

    /// Every metric of the examples `idx` from one confusion matrix: [balanced accuracy, macro-F1, κ, precision per
    /// label…, recall per label…, F1 per label…], labels given as indices below `labels`. O(idx + labels²).
    static func statistics(truth t: [Int], predicted p: [Int], labels l: Int, _ idx: [Int]) -> [Double] {
        var m = [Int](repeating: 0, count: l * l)
        for i in idx { m[t[i] * l + p[i]] += 1 }
        var rows = [Int](repeating: 0, count: l), cols = [Int](repeating: 0, count: l), diagonal = 0
        for i in 0..<l { for j in 0..<l { rows[i] += m[i * l + j]; cols[j] += m[i * l + j] }; diagonal += m[i * l + i] }
        let n = Double(idx.count)
        var precision = [Double](repeating: 0, count: l), recall = precision, f1 = precision
        var recallSum = 0.0, present = 0, expected = 0.0
        for i in 0..<l {
            let tp = Double(m[i * l + i])
            precision[i] = cols[i] == 0 ? 0 : tp / Double(cols[i])
            recall[i] = rows[i] == 0 ? 0 : tp / Double(rows[i])
            f1[i] = rows[i] + cols[i] == 0 ? 0 : 2 * tp / Double(rows[i] + cols[i])
            if rows[i] > 0 { recallSum += recall[i]; present += 1 }
            expected += Double(rows[i]) * Double(cols[i]) / (n * n)
        }
        let observed = Double(diagonal) / n
        let kappa = expected == 1 ? .nan : (observed - expected) / (1 - expected)
        // Labels absent from a resample do not count toward its macro-F1 (scikit-learn's label set).
        let active = (0..<l).filter { rows[$0] + cols[$0] > 0 }
        let macro = active.reduce(0) { $0 + f1[$1] } / Double(active.count)
        return [recallSum / Double(present), macro, kappa] + precision + recall + f1
    }

    /// `metric` of the examples a bootstrap resample names (indices into `truth` and `predicted`), for paired
    /// comparisons of that very metric. O(resample + labels²) per call.
    package static func statistic(_ metric: SegmentMetric, truth: [String], predicted: [String]) -> @Sendable ([Int]) -> Double {
        let labels = Array(Set(truth).union(predicted)).sorted()
        let index = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        let t = truth.map { index[$0]! }, p = predicted.map { index[$0]! }, l = labels.count
        return { idx in
            switch metric {
            case .accuracy: Double(idx.count { t[$0] == p[$0] }) / Double(max(1, idx.count))
            case .balancedAccuracy: statistics(truth: t, predicted: p, labels: l, idx)[0]
            case .macroF1: statistics(truth: t, predicted: p, labels: l, idx)[1]
            }
        }
    }
}
