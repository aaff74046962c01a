/// The median and standard deviation that dataset summaries and checks need, in pure Swift so that reading
/// recordings carries no GSL.
///
/// Both follow GSL's algorithms step for step (`gsl_stats_quantile_from_sorted_data`; the running mean and
/// variance of `gsl_stats_variance`, accumulated in extended precision where the platform has it), so they
/// give GSL's results: GestureEval's tests compare them with its GSL-backed `Descriptive`.
package enum SampleStatistics {
    #if arch(x86_64) || arch(i386)
    /// GSL accumulates in C's `long double`: the x87 80-bit format on x86.
    typealias Accumulator = Float80
    #else
    typealias Accumulator = Double
    #endif

    /// The median by linear interpolation between the two middle order statistics; `nil` for no values or a
    /// NaN or infinity among them. O(n log n).
    package static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty, values.allSatisfy(\.isFinite) else { return nil }
        let sorted = values.sorted()
        let index = 0.5 * Double(sorted.count - 1)
        let lower = Int(index)
        guard lower < sorted.count - 1 else { return sorted[lower] }
        let delta = index - Double(lower)
        return (1 - delta) * sorted[lower] + delta * sorted[lower + 1]
    }

    /// The sample standard deviation (divisor n − 1); `nil` for fewer than two values or a NaN or infinity
    /// among them. O(n).
    package static func standardDeviation(_ values: [Double]) -> Double? {
        guard values.count >= 2, values.allSatisfy(\.isFinite) else { return nil }
        var runningMean: Accumulator = 0
        for (i, x) in values.enumerated() { runningMean += (Accumulator(x) - runningMean) / Accumulator(i + 1) }
        let mean = Double(runningMean)
        var runningSquares: Accumulator = 0
        for (i, x) in values.enumerated() {
            let delta = Accumulator(x - mean)
            runningSquares += (delta * delta - runningSquares) / Accumulator(i + 1)
        }
        let n = Double(values.count)
        return (Double(runningSquares) * (n / (n - 1))).squareRoot()
    }
}
