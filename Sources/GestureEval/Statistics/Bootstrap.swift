/// Settings of a percentile bootstrap.
package struct BootstrapOptions: Codable, Hashable, Sendable {
    /// Number of resamples (≥ 100 is sensible; 2000 is the default).
    package var replicates: Int
    /// Seed of the `mt19937` generator; the same seed gives the same interval.
    package var seed: UInt64
    /// Confidence level, for example 0.95.
    package var level: Double

    /// Creates options.
    package init(replicates: Int = 2000, seed: UInt64 = 1, level: Double = 0.95) {
        self.replicates = replicates
        self.seed = seed
        self.level = level
    }
}

/// The percentile bootstrap: resample the units (examples, recordings, subjects) with
/// replacement, recompute the statistic, and take the α/2 and 1 − α/2 quantiles of the replicates.
///
/// Resampling draws from ``SeededRandom`` (GSL's mt19937); quantiles from ``Descriptive/quantile(_:_:)``.
/// Replicates where the statistic is undefined (NaN, for example an F1 with no positives in
/// the resample) are dropped; the interval is withheld (`nil`) when fewer than half remain.
/// Complexity: O(B · cost(statistic)) for B replicates.
package enum Bootstrap {
    /// The statistic on all `count` units, with its percentile interval.
    ///
    /// - Parameter statistic: the statistic of a multiset of units given by their indices in
    ///   `0..<count` (indices repeat in resamples).
    package static func percentile(
        count: Int,
        options: BootstrapOptions = BootstrapOptions(),
        statistic: ([Int]) -> Double
    ) throws(StatisticsError) -> Estimate {
        guard count >= 1 else { throw .tooFewValues(statistic: "bootstrap", count: count, needed: 1) }
        let value = statistic(Array(0..<count))
        let reps = try replicates(count: count, options: options) { statistic($0) }
        return Estimate(value: value, interval: try interval(reps, options: options))
    }

    /// Several statistics of the same resamples (one pass per replicate computes all of them),
    /// each with its percentile interval. `statistics` must always return the same number of values.
    /// - Parameter units: what the `count` units are, recorded in each interval (``ConfidenceInterval/units``).
    package static func percentiles(
        count: Int,
        units: IntervalUnits.Kind? = nil,
        options: BootstrapOptions = BootstrapOptions(),
        statistics: ([Int]) -> [Double]
    ) throws(StatisticsError) -> [Estimate] {
        guard count >= 1 else { throw .tooFewValues(statistic: "bootstrap", count: count, needed: 1) }
        return try percentiles(clusters: (0..<count).map { [$0] }, units: units.map { IntervalUnits($0, count: count) },
                               options: options, statistics: statistics)
    }

    /// Several statistics of the same cluster resamples, each with its percentile interval: each replicate draws
    /// as many clusters as there are, with replacement, and passes every unit of every cluster drawn (see
    /// ``clustered(_:units:options:statistic:)``). With one unit per cluster this is the plain bootstrap, draw for
    /// draw. Intervals are withheld for fewer than 2 clusters of several units (every resample would be the same).
    /// - Complexity: O(B · (units + cost(statistics))) for B replicates.
    package static func percentiles(
        clusters: [[Int]],
        units: IntervalUnits?,
        options: BootstrapOptions = BootstrapOptions(),
        statistics: ([Int]) -> [Double]
    ) throws(StatisticsError) -> [Estimate] {
        guard !clusters.isEmpty else { throw .tooFewValues(statistic: "bootstrap", count: 0, needed: 1) }
        let values = statistics(clusters.flatMap { $0 })
        guard clusters.count >= 2 || clusters[0].count <= 1 else { return values.map { Estimate(value: $0) } }
        var columns = [[Double]](repeating: [], count: values.count)
        try ConfidenceInterval.validate(level: options.level, "bootstrap")
        guard options.replicates >= 1 else {
            throw .invalidArgument(statistic: "bootstrap", message: "replicates must be ≥ 1, got \(options.replicates)")
        }
        let random = SeededRandom(seed: options.seed)
        let singletons = clusters.allSatisfy { $0.count == 1 }
        var sample: [Int] = []
        sample.reserveCapacity(clusters.reduce(0) { $0 + $1.count })
        for _ in 0..<options.replicates {
            sample.removeAll(keepingCapacity: true)
            for _ in clusters.indices { sample += clusters[random.index(below: clusters.count)] }
            for (j, v) in statistics(sample).enumerated() where v.isFinite { columns[j].append(v) }
        }
        var result: [Estimate] = []
        for (value, column) in zip(values, columns) {
            var bounds = try interval(column, options: options)
            if !singletons { bounds?.method = "cluster-bootstrap-percentile" }
            bounds?.units = units
            result.append(Estimate(value: value, interval: bounds))
        }
        return result
    }

    /// The statistic on every unit, with a cluster percentile interval: each replicate draws as many clusters as
    /// there are, with replacement, and passes the statistic every unit of every cluster drawn (a cluster drawn
    /// twice passes its units twice). Units of one cluster move together, so what is not independent (one person's
    /// recordings, the same recording tested by several folds) counts as one draw however many units it holds.
    ///
    /// The interval's method is `cluster-bootstrap-percentile`; it is withheld (`nil`) with fewer than 2 clusters,
    /// whose resamples would all be the same, and when fewer than half of the replicates are finite.
    /// - Parameters:
    ///   - clusters: each cluster's units as indices the statistic takes (for example a subject's recordings).
    ///   - units: what the clusters are (for example `IntervalUnits(.subjects, count: clusters.count)`), recorded
    ///     in the interval.
    ///   - statistic: the statistic of a multiset of units (indices repeat in resamples).
    /// - Complexity: O(B · (units + cost(statistic))) for B replicates.
    package static func clustered(
        _ clusters: [[Int]],
        units: IntervalUnits? = nil,
        options: BootstrapOptions = BootstrapOptions(),
        statistic: ([Int]) -> Double
    ) throws(StatisticsError) -> Estimate {
        guard !clusters.isEmpty else { throw .tooFewValues(statistic: "cluster bootstrap", count: 0, needed: 1) }
        guard clusters.count >= 2 else { return Estimate(value: statistic(clusters.flatMap { $0 })) }
        // The same draws as `percentiles(clusters:…)`; named a cluster bootstrap even when each cluster is one unit.
        var estimate = try percentiles(clusters: clusters, units: units, options: options) { [statistic($0)] }[0]
        estimate.interval?.method = "cluster-bootstrap-percentile"
        return estimate
    }

    /// The replicates of `statistic` (non-finite ones dropped), in draw order.
    package static func replicates(
        count: Int,
        options: BootstrapOptions,
        statistic: ([Int]) -> Double
    ) throws(StatisticsError) -> [Double] {
        guard count >= 1 else { throw .tooFewValues(statistic: "bootstrap", count: count, needed: 1) }
        guard options.replicates >= 1 else {
            throw .invalidArgument(statistic: "bootstrap", message: "replicates must be ≥ 1, got \(options.replicates)")
        }
        try ConfidenceInterval.validate(level: options.level, "bootstrap")
        let random = SeededRandom(seed: options.seed)
        var sample = [Int](repeating: 0, count: count)
        var result: [Double] = []
        result.reserveCapacity(options.replicates)
        for _ in 0..<options.replicates {
            for i in 0..<count { sample[i] = random.index(below: count) }
            let value = statistic(sample)
            if value.isFinite { result.append(value) }
        }
        return result
    }

    /// The percentile interval of `replicates`, or `nil` when fewer than half of the requested
    /// replicates were finite.
    static func interval(_ replicates: [Double], options: BootstrapOptions) throws(StatisticsError) -> ConfidenceInterval? {
        guard replicates.count * 2 >= options.replicates, !replicates.isEmpty else { return nil }
        let alpha = 1 - options.level
        return ConfidenceInterval(
            lower: try Descriptive.quantile(replicates, alpha / 2),
            upper: try Descriptive.quantile(replicates, 1 - alpha / 2),
            level: options.level, method: "bootstrap-percentile")
    }
}
