/// The distribution of detection latencies, seconds.
///
/// The mean has a Student-t interval (n ≥ 2); the median and 95th percentile have seeded
/// percentile-bootstrap intervals over the subjects when the latencies come from at least two, else over the
/// matched events. Quantiles use GSL's linear interpolation.
package struct LatencySummary: Codable, Hashable, Sendable {
    /// Number of latencies.
    package var count: Int
    /// Mean, seconds.
    package var mean: Estimate
    /// Median, seconds.
    package var median: Estimate
    /// 95th percentile, seconds.
    package var percentile95: Estimate

    /// Summarizes `values` (seconds, at least one), `subjects[i]` the person of `values[i]` when given (the
    /// bootstrap then resamples people, ``IntervalUnits/resampling(subjects:otherwise:)``). O(B · n log n) for B
    /// bootstrap replicates.
    package init(_ values: [Double], subjects: [String]? = nil, bootstrap: BootstrapOptions = BootstrapOptions()) throws(StatisticsError) {
        try Descriptive.validate(values, "latency", needed: 1)
        count = values.count
        let m = try Descriptive.mean(values)
        if values.count >= 2 {
            let se = try Descriptive.standardDeviation(values) / Double(values.count).squareRoot()
            let t = try Distributions.studentTQuantile(1 - (1 - bootstrap.level) / 2, degreesOfFreedom: Double(values.count - 1))
            mean = Estimate(value: m, interval: ConfidenceInterval(lower: m - t * se, upper: m + t * se, level: bootstrap.level, method: "student-t",
                                                                   units: IntervalUnits(.events, count: values.count)))
        } else {
            mean = Estimate(value: m)
        }
        if let subjects { precondition(subjects.count == values.count, "one subject per latency") }
        let resampled = subjects.map { IntervalUnits.resampling(subjects: $0, otherwise: .events) }
            ?? IntervalUnits.each(values.count, .events)
        let quantiles = try Bootstrap.percentiles(clusters: resampled.clusters, units: resampled.units, options: bootstrap) { idx in
            let sample = idx.map { values[$0] }
            return [(try? Descriptive.median(sample)) ?? .nan, (try? Descriptive.quantile(sample, 0.95)) ?? .nan]
        }
        median = quantiles[0]
        percentile95 = quantiles[1]
    }
}
