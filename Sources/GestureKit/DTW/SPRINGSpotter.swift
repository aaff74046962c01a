/// A match of a template somewhere inside a stream, in stream sample indices (0-based, inclusive).
public struct SubsequenceMatch: Hashable, Sendable {
    /// Index of the first stream sample of the match.
    public var start: Int
    /// Index of the last stream sample of the match.
    public var end: Int
    /// The accumulated DTW cost (squared units) of the template against stream samples `start...end`.
    public var cost: Double
}

/// Subsequence DTW over an unbounded stream: SPRING (Sakurai, Faloutsos & Yamamuro, ICDE 2007).
///
/// After each stream sample `xₜ` it knows, for every template prefix `y₀…yⱼ`, the cheapest DTW alignment of
/// that prefix with a stream segment ending at `t` and where that segment starts (the "star padding":
/// a match may start at any sample at no cost). Cost and steps are those of ``DTW`` (squared local cost,
/// symmetric steps, no band). Matches whose cost is at most ``threshold`` are reported disjointly: among
/// overlapping qualifying segments only the cheapest is reported, once no cheaper overlapping one can
/// still appear.
///
/// Segment lengths are limited to `minimumLength...maximumLength` samples: a segment outside that range is
/// never a candidate, and partial paths longer than `maximumLength` are dropped, which bounds how long a
/// report can be delayed.
///
/// - Complexity: O(m·d) per sample for a template of m samples, O(m) memory, no allocation.
public struct SPRINGSpotter: Sendable {
    /// The template.
    public let template: DTWSeries
    /// Largest accumulated cost (squared units) of a reported match.
    public var threshold: Double
    /// Shortest reported segment, samples.
    public let minimumLength: Int
    /// Longest reported segment, samples.
    public let maximumLength: Int

    private var cost: [Double]
    private var start: [Int]
    private var t = -1
    private var lastLive = -1
    private var candidate: SubsequenceMatch?
    /// The earliest start of a partial path that may still become a match (`Int.max` if none).
    public private(set) var earliestLiveStart = Int.max

    /// Creates a spotter. Lengths in samples; `threshold` in cost units.
    public init(template: DTWSeries, threshold: Double, minimumLength: Int = 1, maximumLength: Int = .max) throws(DTWError) {
        guard threshold >= 0, !threshold.isNaN else {
            throw .invalidSetting(key: "threshold", "must be zero or more, got \(threshold)")
        }
        guard minimumLength >= 1, maximumLength >= minimumLength else {
            throw .invalidSetting(key: "length", "need 1 ≤ minimum ≤ maximum, got \(minimumLength)...\(maximumLength)")
        }
        self.template = template
        self.threshold = threshold
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        cost = [Double](repeating: .infinity, count: template.length)
        start = [Int](repeating: 0, count: template.length)
    }

    /// The number of stream samples consumed.
    public var samplesSeen: Int { t + 1 }

    /// The current unreported best match, if any.
    public var pendingMatch: SubsequenceMatch? { candidate }

    /// The cheapest alignment of the whole template with a segment ending at the latest sample
    /// (before disjointness resets), as `(cost, start)`: what an offline subsequence DTW gives for that end.
    public private(set) var lastFullMatch: (cost: Double, start: Int) = (.infinity, 0)

    /// Consumes one stream sample of `template.dimensions` values and returns a match that has become final.
    ///
    /// Non-finite values are not allowed (validate the stream first); such a sample is skipped.
    public mutating func update(_ sample: UnsafeBufferPointer<Double>) -> SubsequenceMatch? {
        let dims = template.dimensions
        guard sample.count == dims else { return nil }
        for x in sample where !x.isFinite { return nil }
        t += 1
        let m = template.length
        let now = t
        let maxLength = maximumLength
        let threshold = self.threshold
        let previousLastLive = lastLive
        var live = Int.max
        var lastLiveNow = -1
        let inf = Double.infinity
        cost.withUnsafeMutableBufferPointer { d in
            start.withUnsafeMutableBufferPointer { s in
                template.values.withUnsafeBufferPointer { y in
                    let x = sample.baseAddress!
                    let yp = y.baseAddress!
                    // A cell above the threshold can never lead to a match (costs only grow along a path),
                    // so it is stored as +∞, and beyond the previous sample's last live cell only the
                    // horizontal step can be live (as in PrunedDTW).
                    // diag = D(t−1, j−1), left = D(t, j−1); column −1 is the star: cost 0, starting now.
                    var diag = 0.0, diagStart = now
                    var left = 0.0, leftStart = now
                    let fullEnd = min(m - 1, previousLastLive + 1)
                    var j = 0
                    while j <= fullEnd {
                        let up = d[j], upStart = s[j]
                        // Ties keep the horizontal, then the vertical predecessor (the paper's order).
                        var best = left, bestStart = leftStart
                        if up < best { best = up; bestStart = upStart }
                        if diag < best { best = diag; bestStart = diagStart }
                        var v = VectorCost.cost(x, yp + j * dims, dims) + best
                        if v > threshold || now - bestStart + 1 > maxLength { v = inf }
                        diag = up; diagStart = upStart
                        d[j] = v; s[j] = bestStart
                        left = v; leftStart = bestStart
                        if v <= threshold {
                            lastLiveNow = j
                            if bestStart < live { live = bestStart }
                        }
                        j += 1
                    }
                    while j < m, left <= threshold {
                        var v = VectorCost.cost(x, yp + j * dims, dims) + left
                        if v > threshold || now - leftStart + 1 > maxLength { v = inf }
                        d[j] = v; s[j] = leftStart
                        left = v
                        if v <= threshold {
                            lastLiveNow = j
                            if leftStart < live { live = leftStart }
                        }
                        j += 1
                    }
                    // The next sample reads at most one cell past the last live one: make it dead.
                    if lastLiveNow + 1 < m { d[lastLiveNow + 1] = inf }
                }
            }
        }
        lastLive = lastLiveNow
        earliestLiveStart = live
        lastFullMatch = lastLive == m - 1 ? (cost[m - 1], start[m - 1]) : (.infinity, 0)

        var report: SubsequenceMatch?
        if let c = candidate {
            // Final once every cell is either no cheaper than it or starts after it ends.
            var final = true
            for j in 0..<min(m, lastLive + 1) where cost[j] < c.cost && start[j] <= c.end { final = false; break }
            if final {
                report = c
                candidate = nil
                earliestLiveStart = Int.max
                var newLastLive = -1
                for j in 0...min(m - 1, lastLive + 1) {
                    if start[j] <= c.end { cost[j] = .infinity }
                    if cost[j] <= threshold {
                        earliestLiveStart = min(earliestLiveStart, start[j])
                        newLastLive = j
                    }
                }
                if newLastLive + 1 < m { cost[newLastLive + 1] = .infinity }
                lastLive = newLastLive
            }
        }
        let length = now - start[m - 1] + 1
        if lastLive == m - 1, cost[m - 1] <= threshold, length >= minimumLength, length <= maximumLength, cost[m - 1] < (candidate?.cost ?? .infinity) {
            candidate = SubsequenceMatch(start: start[m - 1], end: now, cost: cost[m - 1])
        }
        return report
    }

    /// Reports the pending candidate, if any, as if the stream had ended.
    public mutating func flush() -> SubsequenceMatch? {
        defer { candidate = nil }
        return candidate
    }

    /// Forgets the stream.
    public mutating func reset() {
        for j in cost.indices { cost[j] = .infinity }
        t = -1
        lastLive = -1
        candidate = nil
        earliestLiveStart = Int.max
        lastFullMatch = (.infinity, 0)
    }
}
