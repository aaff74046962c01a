extension Recording {
    /// How many median sample intervals an interval may last before it is a gap: the validator's default
    /// (``DatasetValidator/gapFactor``), and what `find`, alignment and `inspect` use.
    package static let gapFactor = 3.0

    /// The median interval between consecutive increasing samples, seconds; `nil` without two of them.
    ///
    /// - Complexity: O(n) expected.
    package var medianInterval: Double? { Self.medianInterval(of: timestamps) }

    /// The median of the positive intervals between consecutive finite `timestamps`, seconds; `nil` without one.
    /// The one rule for a clock's nominal interval (validation, alignment, resampling, `find`).
    ///
    /// - Complexity: O(n) expected, one array of n − 1 intervals.
    package static func medianInterval(of timestamps: [Double]) -> Double? {
        var intervals: [Double] = []
        intervals.reserveCapacity(max(0, timestamps.count - 1))
        for k in timestamps.indices.dropFirst() where timestamps[k].isFinite && timestamps[k - 1].isFinite && timestamps[k] > timestamps[k - 1] {
            intervals.append(timestamps[k] - timestamps[k - 1])
        }
        return SampleStatistics.median(reordering: &intervals)
    }

    /// The sampling rate from the clock, Hz: one over the median sample interval, so that gaps (pauses between
    /// activity blocks, lost packets) do not lower it as (n − 1) / span would; `nil` without two increasing samples.
    ///
    /// - Complexity: O(n log n).
    public var samplingRate: Double? { medianInterval.map { 1 / $0 } }

    /// The runs of samples between gaps, as index ranges in order: a gap is an interval longer than `gapFactor`
    /// median intervals. One run for a recording without gaps; none for an empty one.
    ///
    /// - Complexity: O(n log n).
    package func runs(gapFactor: Double = Recording.gapFactor) -> [Range<Int>] {
        guard count > 0 else { return [] }
        guard let median = medianInterval else { return [0..<count] }
        let limit = gapFactor * median
        var runs: [Range<Int>] = []
        var start = 0
        for k in timestamps.indices.dropFirst() where timestamps[k] - timestamps[k - 1] > limit {
            runs.append(start..<k)
            start = k
        }
        runs.append(start..<count)
        return runs
    }

    /// The gaps between ``runs(gapFactor:)``: how many, their total and their longest duration, seconds.
    ///
    /// - Complexity: O(n log n).
    package func gaps(gapFactor: Double = Recording.gapFactor) -> (count: Int, seconds: Double, longest: Double) {
        let runs = runs(gapFactor: gapFactor)
        var total = 0.0, longest = 0.0
        for (a, b) in zip(runs, runs.dropFirst()) {
            let gap = timestamps[b.lowerBound] - timestamps[a.upperBound - 1]
            total += gap
            longest = max(longest, gap)
        }
        return (max(0, runs.count - 1), total, longest)
    }
}
