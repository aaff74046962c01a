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
    /// NaN or infinity among them. O(n) expected (``median(reordering:)`` on a copy).
    package static func median(_ values: [Double]) -> Double? {
        var work = values
        return median(reordering: &work)
    }

    /// ``median(_:)`` of `values`, which it reorders instead of copying (for callers that built them for this).
    /// The order statistics are found by selection, not by sorting, so a million sample intervals take a pass or
    /// two; values holding a zero (whose sign a sort's order decides) are sorted, so the result is always the
    /// sorted one, bit for bit. O(n) expected.
    package static func median(reordering values: inout [Double]) -> Double? {
        guard !values.isEmpty, values.allSatisfy(\.isFinite) else { return nil }
        let index = 0.5 * Double(values.count - 1)
        let lower = Int(index)
        let (a, b): (Double, Double)
        if values.contains(0) {
            values.sort()
            (a, b) = (values[lower], lower + 1 < values.count ? values[lower + 1] : values[lower])
        } else {
            (a, b) = values.withUnsafeMutableBufferPointer { buffer -> (Double, Double) in
                select(buffer, lower)
                return (buffer[lower], lower + 1 < buffer.count ? buffer[(lower + 1)...].min()! : buffer[lower])
            }
        }
        guard lower < values.count - 1 else { return a }
        let delta = index - Double(lower)
        return (1 - delta) * a + delta * b
    }

    /// ``median(_:)`` by sorting a copy, as it was computed before selection (the reference its tests hold it to). O(n log n).
    static func medianBySorting(_ values: [Double]) -> Double? {
        guard !values.isEmpty, values.allSatisfy(\.isFinite) else { return nil }
        let sorted = values.sorted()
        let index = 0.5 * Double(sorted.count - 1)
        let lower = Int(index)
        guard lower < sorted.count - 1 else { return sorted[lower] }
        let delta = index - Double(lower)
        return (1 - delta) * sorted[lower] + delta * sorted[lower + 1]
    }

    /// Reorders `values` so that `values[k]` is the k-th smallest, with none larger before it and none smaller
    /// after it (Hoare's selection, pivot the median of three; runs of equal values split in the middle).
    /// O(n) expected.
    static func select(_ values: UnsafeMutableBufferPointer<Double>, _ k: Int) {
        var lo = 0, hi = values.count - 1
        while hi > lo {
            let x = values[lo], y = values[lo + (hi - lo) / 2], z = values[hi]
            let pivot = max(min(x, y), min(max(x, y), z))
            var i = lo, j = hi
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return }
        }
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
