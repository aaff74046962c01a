/// Lower bounds of the DTW cost, cheap enough to discard most candidates before DTW is computed.
///
/// All bounds are in cost units (squared, like ``DTW/cost(_:_:bound:workspace:)``); take the square root
/// to compare them with a distance. They hold for dependent and independent multivariate DTW alike.
extension DTW {
    /// The upper and lower envelope of a series for a window `w`: `upper[i] = max bⱼ`, `lower[i] = min bⱼ`
    /// over `|i − j| ≤ w`, per dimension, time-major like ``DTWSeries/values``.
    package struct Envelope: Hashable, Sendable {
        /// The window the envelope was computed for, samples.
        package let window: Int
        /// The number of time steps.
        package let length: Int
        /// Values per time step.
        package let dimensions: Int
        /// Running maxima, `upper[t * dimensions + d]`.
        package let upper: [Double]
        /// Running minima, `lower[t * dimensions + d]`.
        package let lower: [Double]

        /// The envelope of `series` for window `w` (van Herk / Gil–Werman running max and min, O(n) per dimension).
        package init(of series: DTWSeries, window w: Int) {
            let n = series.length, dims = series.dimensions
            var upper = [Double](repeating: 0, count: n * dims)
            var lower = upper
            let workspace = DTWWorkspace()
            let scratch = workspace.envelopeScratch.reserve(DTW.envelopeScratch(n, window: w))
            series.values.withUnsafeBufferPointer { x in
                upper.withUnsafeMutableBufferPointer { u in
                    lower.withUnsafeMutableBufferPointer { l in
                        for d in 0..<dims {
                            DTW.envelope(x.baseAddress! + d, n, stride: dims, window: w,
                                         upper: u.baseAddress! + d, lower: l.baseAddress! + d, scratch: scratch)
                        }
                    }
                }
            }
            self.window = w
            self.length = n
            self.dimensions = dims
            self.upper = upper
            self.lower = lower
        }
    }

    /// LB_Kim (first and last points): the cost of cells (0, 0) and (n−1, m−1), which every path visits.
    ///
    /// - Complexity: O(d).
    package func lowerBoundKim(_ a: DTWSeries, _ b: DTWSeries) throws(DTWError) -> Double {
        guard a.dimensions == b.dimensions else {
            throw .dimensionMismatch(what: "dimensions of the two series", expected: a.dimensions, got: b.dimensions)
        }
        return a.values.withUnsafeBufferPointer { pa in
            b.values.withUnsafeBufferPointer { pb in
                DTW.kim(pa.baseAddress!, a.length, pb.baseAddress!, b.length, dims: a.dimensions)
            }
        }
    }

    /// LB_Keogh: the squared distance of each query point to the candidate's envelope, summed. Valid when the
    /// query has the envelope's length and the envelope's window is the DTW window.
    ///
    /// - Complexity: O(n·d).
    package func lowerBoundKeogh(_ query: DTWSeries, envelope: Envelope) throws(DTWError) -> Double {
        guard query.dimensions == envelope.dimensions, query.length == envelope.length else {
            throw .dimensionMismatch(what: "query length × dimensions vs envelope",
                                     expected: envelope.length * envelope.dimensions, got: query.length * query.dimensions)
        }
        return query.values.withUnsafeBufferPointer { q in
            envelope.upper.withUnsafeBufferPointer { u in
                envelope.lower.withUnsafeBufferPointer { l in
                    DTW.keogh(q.baseAddress!, query.length * query.dimensions, upper: u.baseAddress!, lower: l.baseAddress!,
                              dims: query.dimensions, bound: .infinity, contributions: nil)
                }
            }
        }
    }

    // MARK: Raw kernels shared with the search

    @inline(__always)
    static func kim(_ a: UnsafePointer<Double>, _ n: Int, _ b: UnsafePointer<Double>, _ m: Int, dims: Int) -> Double {
        let first = VectorCost.cost(a, b, dims)
        if n == 1 && m == 1 { return first }
        return first + VectorCost.cost(a + (n - 1) * dims, b + (m - 1) * dims, dims)
    }

    /// LB_Keogh over `count` values (`count / dims` time steps), abandoning once above `bound` (checked every
    /// 16 values). When `contributions` is given it receives each time step's share (only valid if not
    /// abandoned).
    @inline(__always)
    static func keogh(_ q: UnsafePointer<Double>, _ count: Int, upper: UnsafePointer<Double>, lower: UnsafePointer<Double>,
                      dims: Int, bound: Double, contributions: UnsafeMutablePointer<Double>?) -> Double {
        if let contributions {
            if dims == 1 { return keoghShares(q, count, upper: upper, lower: lower, into: contributions, bound: bound) }
            var sum = 0.0, index = 0, t = 0
            while index < count {
                var share = 0.0
                for _ in 0..<dims {
                    share += keoghShare(q[index], upper[index], lower[index])
                    index += 1
                }
                contributions[t] = share
                sum += share
                if sum > bound { return sum }
                t += 1
            }
            return sum
        }
        // Shares summed in two SIMD accumulators, eight values at a time; the bound is checked every 16 values.
        var s0 = SIMD2<Double>(), s1 = SIMD2<Double>(), i = 0
        while i &+ 16 <= count {
            for k in Swift.stride(from: 0, to: 16, by: 4) {
                s0 += keoghShares(q + (i &+ k), upper + (i &+ k), lower + (i &+ k))
                s1 += keoghShares(q + (i &+ k &+ 2), upper + (i &+ k &+ 2), lower + (i &+ k &+ 2))
            }
            i &+= 16
            let sum = s0 + s1
            if sum[0] + sum[1] > bound { return sum[0] + sum[1] }
        }
        let sum = s0 + s1
        var total = sum[0] + sum[1]
        while i < count {
            total += keoghShare(q[i], upper[i], lower[i])
            i &+= 1
        }
        return total
    }

    /// LB_Keogh of a univariate query, each time step's share written to `shares` (valid only if not abandoned),
    /// abandoning once above `bound` (checked every 16 values). Branch-free within blocks. O(count).
    @inline(__always)
    static func keoghShares(_ q: UnsafePointer<Double>, _ count: Int, upper: UnsafePointer<Double>, lower: UnsafePointer<Double>,
                            into shares: UnsafeMutablePointer<Double>, bound: Double = .infinity) -> Double {
        var s0 = SIMD2<Double>(), i = 0
        while i &+ 2 <= count {
            let share = keoghShares(q + i, upper + i, lower + i)
            UnsafeMutableRawPointer(shares + i).storeBytes(of: share, as: SIMD2<Double>.self)
            s0 += share
            i &+= 2
            if i & 15 == 0, s0[0] + s0[1] > bound { return s0[0] + s0[1] }
        }
        var total = s0[0] + s0[1]
        if i < count {
            shares[i] = keoghShare(q[i], upper[i], lower[i])
            total += shares[i]
        }
        return total
    }

    /// LB_Keogh over `count` values without abandoning or shares: independent SIMD sums, so the additions
    /// overlap instead of waiting on one another (the search computes it for every candidate to order them).
    /// Differs from ``keogh(_:_:upper:lower:dims:bound:contributions:)`` only by rounding.
    @inline(__always)
    static func keoghSum(_ q: UnsafePointer<Double>, _ count: Int, upper: UnsafePointer<Double>, lower: UnsafePointer<Double>) -> Double {
        keogh(q, count, upper: upper, lower: lower, dims: 1, bound: .infinity, contributions: nil)
    }

    /// One value's share of LB_Keogh: its squared distance to `[lower, upper]`.
    @inline(__always)
    static func keoghShare(_ x: Double, _ upper: Double, _ lower: Double) -> Double {
        // At most one of the two is positive, as lower ≤ upper.
        let d = max(x - upper, 0) + max(lower - x, 0)
        return d * d
    }

    /// Two values' shares of LB_Keogh, branch-free.
    @inline(__always)
    static func keoghShares(_ q: UnsafePointer<Double>, _ upper: UnsafePointer<Double>, _ lower: UnsafePointer<Double>) -> SIMD2<Double> {
        keoghShares(load(q), upper: load(upper), lower: load(lower))
    }

    /// Two values' shares of LB_Keogh, from registers.
    @inline(__always)
    static func keoghShares(_ x: SIMD2<Double>, upper u: SIMD2<Double>, lower l: SIMD2<Double>) -> SIMD2<Double> {
        // The distance to the interval is x − clamp(x, lower, upper), exactly; written with `replacing` so that it
        // compiles to one `maxpd` and one `minpd` (`pointwiseMax` and comparisons with a constant do not).
        let raised = x.replacing(with: l, where: x .< l)
        let d = x - raised.replacing(with: u, where: u .< raised)
        return d * d
    }

    @inline(__always)
    static func load(_ p: UnsafePointer<Double>) -> SIMD2<Double> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD2<Double>.self)
    }

    /// The squared Euclidean distance of two buffers of `count` values, two SIMD sums. O(count).
    @inline(__always)
    static func squaredEuclidean(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ count: Int) -> Double {
        var s0 = SIMD2<Double>(), s1 = SIMD2<Double>(), i = 0
        while i &+ 4 <= count {
            let d0 = load(a + i) - load(b + i), d1 = load(a + (i &+ 2)) - load(b + (i &+ 2))
            s0 += d0 * d0
            s1 += d1 * d1
            i &+= 4
        }
        let sum = s0 + s1
        var total = sum[0] + sum[1]
        while i < count {
            let d = a[i] - b[i]
            total += d * d
            i &+= 1
        }
        return total
    }

    /// The bands of LB_Enhanced (Tan, Petitjean & Webb 2019) for two univariate series of `n` values: for each of
    /// the first `bands` steps i, the cheapest cell of the L-shaped band {(i, j ≤ i)} ∪ {(j < i, i)} within the
    /// window, and likewise for the last `bands` steps from the end. Every path crosses each band once and the
    /// bands are disjoint from the rows `bands..<n − bands`, whose LB_Keogh shares complete the bound.
    ///
    /// - Complexity: O(bands · min(bands, w)); needs `2 · bands ≤ n`.
    @inline(__always)
    static func enhancedBands(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ n: Int, window w: Int, bands: Int) -> Double {
        @inline(__always) func cost(_ i: Int, _ j: Int) -> Double {
            let d = a[i] - b[j]
            return d * d
        }
        var sum = 0.0
        for i in 0..<bands {
            var cheapest = cost(i, i)
            for j in max(0, i - w)..<i { cheapest = min(cheapest, min(cost(i, j), cost(j, i))) }
            sum += cheapest
            let r = n - 1 - i
            cheapest = cost(r, r)
            for j in (r + 1)..<min(n, r + w + 1) { cheapest = min(cheapest, min(cost(r, j), cost(j, r))) }
            sum += cheapest
        }
        return sum
    }

    /// The scratch ``envelope(_:_:stride:window:upper:lower:scratch:)`` needs for `n` values and window `w`.
    static func envelopeScratch(_ n: Int, window w: Int) -> Int { 3 * (n + 2 * w) }

    /// The running max and min over `|i − j| ≤ w` for one dimension (values `stride` apart), by van Herk and
    /// Gil & Werman's method: the series, padded by w on each side, is cut into blocks of 2w + 1; each window
    /// spans at most two blocks, so it is the larger of a suffix maximum of one and a prefix maximum of the
    /// next. Three comparisons per value and no branch on the data (a monotone deque, Lemire's method, waits
    /// on mispredicted branches on a noisy series: measured, 17 ms less per 10⁶ points of a random walk at
    /// w = 12, 40 % of a subsequence search that LB_Kim mostly prunes).
    ///
    /// - Parameter scratch: at least ``envelopeScratch(_:window:)`` values.
    /// - Complexity: O(n), no allocation.
    static func envelope(_ x: UnsafePointer<Double>, _ n: Int, stride: Int, window w: Int,
                         upper: UnsafeMutablePointer<Double>, lower: UnsafeMutablePointer<Double>,
                         scratch: UnsafeMutablePointer<Double>) {
        let k = 2 * w + 1
        let total = n + 2 * w  // padded index u holds value u − w
        let padded = scratch, prefix = scratch + total, suffix = scratch + 2 * total
        for u in 0..<n { padded[w + u] = x[u * stride] }
        @inline(__always) func pass(_ pad: Double, _ better: (Double, Double) -> Double, into out: UnsafeMutablePointer<Double>) {
            for u in 0..<w {
                padded[u] = pad
                padded[w + n + u] = pad
            }
            var start = 0
            while start < total {
                let end = min(start + k, total)
                var run = pad
                for u in start..<end {
                    run = better(run, padded[u])
                    prefix[u] = run
                }
                run = pad
                var u = end - 1
                while u >= start {
                    run = better(run, padded[u])
                    suffix[u] = run
                    u -= 1
                }
                start = end
            }
            // Series window [i − w, i + w] is padded window [i, i + 2w].
            for i in 0..<n { out[i * stride] = better(suffix[i], prefix[i + 2 * w]) }
        }
        pass(-.infinity, { $1 > $0 ? $1 : $0 }, into: upper)
        pass(.infinity, { $1 < $0 ? $1 : $0 }, into: lower)
    }
}
