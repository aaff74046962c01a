import CGSL

/// Descriptive statistics of a sample, computed by GSL.
///
/// Every function rejects NaN and infinite values with ``StatisticsError/nonFinite(statistic:index:)``
/// rather than propagating them silently.
package enum Descriptive {
    /// The arithmetic mean. O(n).
    package static func mean(_ values: [Double]) throws(StatisticsError) -> Double {
        try validate(values, "mean", needed: 1)
        return try GSL.checked("gsl_stats_mean") { values.withUnsafeBufferPointer { gsl_stats_mean($0.baseAddress, 1, $0.count) } }
    }

    /// The unbiased sample variance (divisor n − 1). O(n).
    package static func variance(_ values: [Double]) throws(StatisticsError) -> Double {
        try validate(values, "variance", needed: 2)
        return try GSL.checked("gsl_stats_variance") { values.withUnsafeBufferPointer { gsl_stats_variance($0.baseAddress, 1, $0.count) } }
    }

    /// The sample standard deviation (divisor n − 1). O(n).
    package static func standardDeviation(_ values: [Double]) throws(StatisticsError) -> Double {
        try variance(values).squareRoot()
    }

    /// The `p`-quantile by linear interpolation between order statistics (GSL's definition,
    /// the same as NumPy's default "linear" method). O(n log n): the values are sorted first.
    package static func quantile(_ values: [Double], _ p: Double) throws(StatisticsError) -> Double {
        try validate(values, "quantile", needed: 1)
        guard p >= 0, p <= 1 else { throw .invalidArgument(statistic: "quantile", message: "p must be in [0, 1], got \(p)") }
        var sorted = values
        sorted.withUnsafeMutableBufferPointer { gsl_sort($0.baseAddress, 1, $0.count) }
        return try GSL.checked("gsl_stats_quantile_from_sorted_data") {
            sorted.withUnsafeBufferPointer { gsl_stats_quantile_from_sorted_data($0.baseAddress, 1, $0.count, p) }
        }
    }

    /// The median. O(n log n).
    package static func median(_ values: [Double]) throws(StatisticsError) -> Double {
        try quantile(values, 0.5)
    }

    static func validate(_ values: [Double], _ statistic: String, needed: Int) throws(StatisticsError) {
        guard values.count >= needed else { throw .tooFewValues(statistic: statistic, count: values.count, needed: needed) }
        if let bad = values.firstIndex(where: { !$0.isFinite }) { throw .nonFinite(statistic: statistic, index: bad) }
    }
}
