/// Detection counts of one unit (an example, a recording or a subject) for an F1 score.
package struct DetectionCounts: Codable, Hashable, Sendable {
    /// Correct detections.
    package var truePositives: Int
    /// All detections counted against precision.
    package var detections: Int
    /// All annotations counted against recall.
    package var annotations: Int

    /// Creates counts.
    package init(truePositives: Int, detections: Int, annotations: Int) {
        self.truePositives = truePositives
        self.detections = detections
        self.annotations = annotations
    }

    /// F1 = 2·TP / (detections + annotations) (the harmonic mean of precision and recall);
    /// NaN when both are zero.
    package var f1: Double {
        let d = detections + annotations
        return d == 0 ? .nan : 2 * Double(truePositives) / Double(d)
    }

    /// Precision = TP / detections; NaN without detections.
    package var precision: Double { detections == 0 ? .nan : Double(truePositives) / Double(detections) }

    /// Recall = TP / annotations; NaN without annotations.
    package var recall: Double { annotations == 0 ? .nan : Double(truePositives) / Double(annotations) }

    /// The element-wise sum.
    package static func + (a: Self, b: Self) -> Self {
        Self(truePositives: a.truePositives + b.truePositives, detections: a.detections + b.detections,
             annotations: a.annotations + b.annotations)
    }
}

/// A paired bootstrap comparison of two methods on the same units.
public struct PairedBootstrapComparison: Codable, Hashable, Sendable {
    /// The first method's statistic minus the second's, with its percentile interval.
    package var difference: Estimate
    /// Two-sided bootstrap p-value: 2·min(share of replicates ≤ 0, share ≥ 0), at most 1.
    package var pValue: Double
    /// Finite replicates used.
    package var replicates: Int
    /// The options used.
    package var options: BootstrapOptions

    /// Resamples units (the same indices for both methods, which keeps the pairing) and
    /// records statisticA − statisticB. O(B · cost).
    package init(
        count: Int,
        options: BootstrapOptions = BootstrapOptions(),
        statisticA: ([Int]) -> Double,
        statisticB: ([Int]) -> Double
    ) throws(StatisticsError) {
        guard count >= 1 else { throw .tooFewValues(statistic: "bootstrap", count: count, needed: 1) }
        try self.init(clusters: (0..<count).map { [$0] }, units: nil, options: options, statisticA: statisticA, statisticB: statisticB)
    }

    /// Resamples clusters of units (the same clusters for both methods, which keeps the pairing; every unit of a
    /// drawn cluster moves together, as in ``Bootstrap/clustered(_:units:options:statistic:)``) and records
    /// statisticA − statisticB. With one unit per cluster this is the plain paired bootstrap, draw for draw.
    /// - Parameter units: what the clusters are, recorded in the difference's interval.
    /// - Throws: ``StatisticsError/tooFewValues(statistic:count:needed:)`` for one cluster of several units, whose
    ///   every resample is the same.
    /// - Complexity: O(B · (units + cost)).
    package init(
        clusters: [[Int]],
        units: IntervalUnits?,
        options: BootstrapOptions = BootstrapOptions(),
        statisticA: ([Int]) -> Double,
        statisticB: ([Int]) -> Double
    ) throws(StatisticsError) {
        guard !clusters.isEmpty else { throw .tooFewValues(statistic: "bootstrap", count: 0, needed: 1) }
        // One cluster of several units draws the same sample every time: no interval, and a p-value of 0 or 1.
        guard clusters.count >= 2 || clusters[0].count <= 1 else {
            throw .tooFewValues(statistic: "cluster bootstrap", count: 1, needed: 2)
        }
        let all = clusters.flatMap { $0 }
        let reps = try Bootstrap.replicates(count: clusters.count, options: options) { picks in
            let sample = picks.flatMap { clusters[$0] }
            return statisticA(sample) - statisticB(sample)
        }
        guard !reps.isEmpty else { throw .invalidArgument(statistic: "pairedBootstrap", message: "the difference is undefined in every replicate") }
        let below = reps.count(where: { $0 <= 0 }), above = reps.count(where: { $0 >= 0 })
        var bounds = try Bootstrap.interval(reps, options: options)
        if clusters.contains(where: { $0.count != 1 }) { bounds?.method = "cluster-bootstrap-percentile" }
        bounds?.units = units
        difference = Estimate(value: statisticA(all) - statisticB(all), interval: bounds)
        pValue = min(1, 2 * Double(min(below, above)) / Double(reps.count))
        replicates = reps.count
        self.options = options
    }

    /// The paired bootstrap of F1(A) − F1(B), where `a[i]` and `b[i]` are the two methods'
    /// counts on unit `i`; F1 is pooled over the resampled units (micro F1).
    package init(f1 a: [DetectionCounts], _ b: [DetectionCounts], options: BootstrapOptions = BootstrapOptions()) throws(StatisticsError) {
        try self.init(a, b, statistic: \.f1, options: options)
    }

    /// The paired bootstrap of `statistic(A) − statistic(B)` (F1, precision or recall of ``DetectionCounts``),
    /// where `a[i]` and `b[i]` are the two methods' counts on unit `i`, pooled over the resampled units. Given the
    /// units' subjects (`subjects[i]` that of unit `i`), and at least two, it resamples subjects
    /// (``IntervalUnits/resampling(subjects:otherwise:)``); the units are recordings. O(B · units).
    package init(_ a: [DetectionCounts], _ b: [DetectionCounts], statistic: KeyPath<DetectionCounts, Double>,
                subjects: [String]? = nil, options: BootstrapOptions = BootstrapOptions()) throws(StatisticsError) {
        guard a.count == b.count else {
            throw .invalidArgument(statistic: "pairedBootstrap", message: "both methods need counts for the same \(a.count) units, got \(b.count)")
        }
        func pooled(_ c: [DetectionCounts], _ idx: [Int]) -> Double {
            var sum = DetectionCounts(truePositives: 0, detections: 0, annotations: 0)
            for i in idx { sum = sum + c[i] }
            return sum[keyPath: statistic]
        }
        if let subjects, subjects.count != a.count {
            throw .invalidArgument(statistic: "pairedBootstrap", message: "\(a.count) units but \(subjects.count) subjects")
        }
        let resampled = subjects.map { IntervalUnits.resampling(subjects: $0, otherwise: .recordings) }
            ?? IntervalUnits.each(a.count, .recordings)
        try self.init(clusters: resampled.clusters, units: resampled.units, options: options,
                      statisticA: { pooled(a, $0) }, statisticB: { pooled(b, $0) })
    }
}
