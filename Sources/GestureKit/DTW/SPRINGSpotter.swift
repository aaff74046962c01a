/// A match of a template somewhere inside a stream, in stream sample indices (0-based, inclusive).
package struct SubsequenceMatch: Hashable, Sendable {
    /// Index of the first stream sample of the match.
    package var start: Int
    /// Index of the last stream sample of the match.
    package var end: Int
    /// The accumulated DTW cost (squared units) of the template against stream samples `start...end`.
    package var cost: Double
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
package struct SPRINGSpotter: Sendable {
    /// The template.
    package let template: DTWSeries
    /// Largest accumulated cost (squared units) of a reported match.
    package var threshold: Double
    /// Shortest reported segment, samples.
    package let minimumLength: Int
    /// Longest reported segment, samples.
    package let maximumLength: Int
    /// Whether matches are reported (and cells reset after each report, as SPRING does). `false` only traces
    /// ``lastFullMatch`` at every sample: the plain subsequence-DTW distance trace calibration reads.
    package var reportsMatches = true

    private var cost: [Double]
    private var start: [Int]
    private var t = -1
    private var lastLive = -1
    private var candidate: SubsequenceMatch?
    /// The earliest start of a partial path that may still become a match (`Int.max` if none).
    package private(set) var earliestLiveStart = Int.max

    /// Creates a spotter. Lengths in samples of a fixed-rate stream, `threshold` in cost units: a low-level
    /// engine like ``DTW``, not a configuration (``DTWTemplateMatcher`` converts its model's seconds at the
    /// model's rate).
    package init(template: DTWSeries, threshold: Double, minimumLength: Int = 1, maximumLength: Int = .max) throws(DTWError) {
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
    package var samplesSeen: Int { t + 1 }

    /// The current unreported best match, if any.
    package var pendingMatch: SubsequenceMatch? { candidate }

    /// The cheapest alignment of the whole template with a segment ending at the latest sample
    /// (before disjointness resets), as `(cost, start)`: what an offline subsequence DTW gives for that end.
    package private(set) var lastFullMatch: (cost: Double, start: Int) = (.infinity, 0)

    /// Consumes one stream sample of `template.dimensions` values and returns a match that has become final.
    ///
    /// Non-finite values are not allowed (validate the stream first); such a sample is skipped.
    package mutating func update(_ sample: UnsafeBufferPointer<Double>) -> SubsequenceMatch? {
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
        cost.withUnsafeMutableBufferPointer { d in
            start.withUnsafeMutableBufferPointer { s in
                template.values.withUnsafeBufferPointer { y in
                    let args = (x: sample.baseAddress!, y: y.baseAddress!, d: d.baseAddress!, s: s.baseAddress!)
                    switch dims {
                    case 1:
                        Self.step(ScalarCost.self, args.x, args.y, args.d, args.s, m: m, dims: 1, now: now, threshold: threshold,
                                  maxLength: maxLength, previousLastLive: previousLastLive, lastLive: &lastLiveNow, live: &live)
                    case 3:
                        Self.step(Vector3Cost.self, args.x, args.y, args.d, args.s, m: m, dims: 3, now: now, threshold: threshold,
                                  maxLength: maxLength, previousLastLive: previousLastLive, lastLive: &lastLiveNow, live: &live)
                    default:
                        Self.step(VectorCost.self, args.x, args.y, args.d, args.s, m: m, dims: dims, now: now, threshold: threshold,
                                  maxLength: maxLength, previousLastLive: previousLastLive, lastLive: &lastLiveNow, live: &live)
                    }
                }
            }
        }
        lastLive = lastLiveNow
        earliestLiveStart = live
        lastFullMatch = lastLive == m - 1 ? (cost[m - 1], start[m - 1]) : (.infinity, 0)

        guard reportsMatches else { return nil }
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

    /// One column of the SPRING matrix. A cell above the threshold can never lead to a match (costs only
    /// grow along a path), so it is stored as +∞, and beyond the previous sample's last live cell only the
    /// horizontal step can be live (as in PrunedDTW). Selections are written branch-free.
    @inline(__always)
    static func step<C: DTWLocalCost>(_: C.Type, _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>,
                                      _ d: UnsafeMutablePointer<Double>, _ s: UnsafeMutablePointer<Int>,
                                      m: Int, dims: Int, now: Int, threshold: Double, maxLength: Int,
                                      previousLastLive: Int, lastLive: inout Int, live: inout Int) {
        let inf = Double.infinity
        let oldest = now + 1 - maxLength  // a path starting before this is too long
        // diag = D(t−1, j−1), left = D(t, j−1); column −1 is the star: cost 0, starting now.
        var diag = 0.0, diagStart = now
        var left = 0.0, leftStart = now
        var lastLiveNow = -1, earliest = live
        let fullEnd = min(m - 1, previousLastLive + 1)
        var j = 0
        var yj = y
        while j <= fullEnd {
            let up = d[j], upStart = s[j]
            // The vertical/diagonal choice does not depend on this row, so only an add and a min sit on
            // the loop-carried chain through `left`. Ties keep the horizontal, then the vertical step.
            let diagWins = diag < up
            let ud = diagWins ? diag : up
            let udStart = diagWins ? diagStart : upStart
            let c = C.cost(x, yj, dims)
            let viaUD = c + ud, viaLeft = c + left
            let udWins = viaUD < viaLeft
            let raw = min(viaUD, viaLeft)
            let bestStart = udWins ? udStart : leftStart
            let alive = raw <= threshold && bestStart >= oldest
            let v = alive ? raw : inf
            diag = up; diagStart = upStart
            d[j] = v; s[j] = bestStart
            // `left` keeps the raw value: a dead cell's successors through it are dead too (too costly
            // or too old), and the chain avoids the select.
            left = raw; leftStart = bestStart
            lastLiveNow = alive ? j : lastLiveNow
            earliest = alive && bestStart < earliest ? bestStart : earliest
            yj += dims
            j += 1
        }
        while j < m, left <= threshold {
            let raw = C.cost(x, yj, dims) + left
            let alive = raw <= threshold && leftStart >= oldest
            let v = alive ? raw : inf
            d[j] = v; s[j] = leftStart
            left = v
            if alive {
                lastLiveNow = j
                if leftStart < earliest { earliest = leftStart }
            }
            yj += dims
            j += 1
        }
        // The next sample reads at most one cell past the last live one: make it dead.
        if lastLiveNow + 1 < m { d[lastLiveNow + 1] = inf }
        lastLive = lastLiveNow
        live = earliest
    }

    /// The earliest start of a partial path still alive whose accumulated cost is at most `cost` (`Int.max` if
    /// none): costs only grow along a path, so no later match of cost ≤ `cost` can start earlier, except at a
    /// later sample. What lets a matcher decide a candidate before every costlier partial path has died.
    ///
    /// - Complexity: O(template length).
    package func earliestLiveStart(costAtMost bound: Double) -> Int {
        var earliest = Int.max
        guard lastLive >= 0 else { return earliest }
        for j in 0...lastLive where cost[j] <= bound && start[j] < earliest { earliest = start[j] }
        return earliest
    }

    /// Reports the pending candidate, if any, as if the stream had ended.
    package mutating func flush() -> SubsequenceMatch? {
        defer { candidate = nil }
        return candidate
    }

    /// Forgets the stream.
    package mutating func reset() {
        for j in cost.indices { cost[j] = .infinity }
        t = -1
        lastLive = -1
        candidate = nil
        earliestLiveStart = Int.max
        lastFullMatch = (.infinity, 0)
    }
}
