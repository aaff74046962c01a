/// Lower bounds of the DTW cost, cheap enough to discard most candidates before DTW is computed.
///
/// All bounds are in cost units (squared, like ``DTW/cost(_:_:bound:workspace:)``); take the square root
/// to compare them with a distance. They hold for dependent and independent multivariate DTW alike.
extension DTW {
    /// The upper and lower envelope of a series for a window `w`: `upper[i] = max bⱼ`, `lower[i] = min bⱼ`
    /// over `|i − j| ≤ w`, per dimension, time-major like ``DTWSeries/values``.
    public struct Envelope: Hashable, Sendable {
        /// The window the envelope was computed for, samples.
        public let window: Int
        /// The number of time steps.
        public let length: Int
        /// Values per time step.
        public let dimensions: Int
        /// Running maxima, `upper[t * dimensions + d]`.
        public let upper: [Double]
        /// Running minima, `lower[t * dimensions + d]`.
        public let lower: [Double]

        /// The envelope of `series` for window `w` (Lemire's streaming min/max, O(n) per dimension).
        public init(of series: DTWSeries, window w: Int) {
            let n = series.length, dims = series.dimensions
            var upper = [Double](repeating: 0, count: n * dims)
            var lower = upper
            let workspace = DTWWorkspace()
            let deque = workspace.deque.reserve(2 * n + 2)
            series.values.withUnsafeBufferPointer { x in
                upper.withUnsafeMutableBufferPointer { u in
                    lower.withUnsafeMutableBufferPointer { l in
                        for d in 0..<dims {
                            DTW.lemire(x.baseAddress! + d, n, stride: dims, window: w,
                                       upper: u.baseAddress! + d, lower: l.baseAddress! + d, deque: deque)
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
    public func lowerBoundKim(_ a: DTWSeries, _ b: DTWSeries) throws(DTWError) -> Double {
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
    public func lowerBoundKeogh(_ query: DTWSeries, envelope: Envelope) throws(DTWError) -> Double {
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

    /// LB_Keogh over `count` values (`count / dims` time steps), abandoning once above `bound`.
    /// When `contributions` is given it receives each time step's share (only valid if not abandoned).
    @inline(__always)
    static func keogh(_ q: UnsafePointer<Double>, _ count: Int, upper: UnsafePointer<Double>, lower: UnsafePointer<Double>,
                      dims: Int, bound: Double, contributions: UnsafeMutablePointer<Double>?) -> Double {
        var sum = 0.0
        var t = 0
        var index = 0
        while index < count {
            var share = 0.0
            for _ in 0..<dims {
                let x = q[index]
                if x > upper[index] {
                    let d = x - upper[index]
                    share += d * d
                } else if x < lower[index] {
                    let d = lower[index] - x
                    share += d * d
                }
                index += 1
            }
            contributions?[t] = share
            sum += share
            if sum > bound { return sum }
            t += 1
        }
        return sum
    }

    /// LB_Keogh over `count` values without abandoning or shares: four independent sums, so the additions
    /// overlap instead of waiting on one another (the search computes it for every candidate to order them).
    /// Differs from ``keogh(_:_:upper:lower:dims:bound:contributions:)`` only by rounding.
    @inline(__always)
    static func keoghSum(_ q: UnsafePointer<Double>, _ count: Int, upper: UnsafePointer<Double>, lower: UnsafePointer<Double>) -> Double {
        @inline(__always) func share(_ i: Int) -> Double {
            // At most one of the two is positive, as lower ≤ upper.
            let d = max(q[i] - upper[i], 0) + max(lower[i] - q[i], 0)
            return d * d
        }
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, i = 0
        while i + 4 <= count {
            s0 += share(i); s1 += share(i + 1); s2 += share(i + 2); s3 += share(i + 3)
            i += 4
        }
        while i < count {
            s0 += share(i)
            i += 1
        }
        return (s0 + s1) + (s2 + s3)
    }

    /// The squared Euclidean distance of two buffers of `count` values, four independent sums. O(count).
    @inline(__always)
    static func squaredEuclidean(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ count: Int) -> Double {
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, i = 0
        while i + 4 <= count {
            let d0 = a[i] - b[i], d1 = a[i + 1] - b[i + 1], d2 = a[i + 2] - b[i + 2], d3 = a[i + 3] - b[i + 3]
            s0 += d0 * d0; s1 += d1 * d1; s2 += d2 * d2; s3 += d3 * d3
            i += 4
        }
        while i < count {
            let d = a[i] - b[i]
            s0 += d * d
            i += 1
        }
        return (s0 + s1) + (s2 + s3)
    }

    /// Lemire's O(n) running max/min over `|i − j| ≤ w` for one dimension (values `stride` apart).
    /// `deque` holds at least 2n + 2 indices.
    static func lemire(_ x: UnsafePointer<Double>, _ n: Int, stride: Int, window w: Int,
                       upper: UnsafeMutablePointer<Double>, lower: UnsafeMutablePointer<Double>,
                       deque: UnsafeMutablePointer<Int>) {
        // Two monotone queues of indices: maxima in deque[0...n], minima in deque[n+1...].
        let maxQ = deque, minQ = deque + (n + 1)
        var maxHead = 0, maxTail = 0, minHead = 0, minTail = 0
        for i in 0..<(n + w) {
            if i < n {
                let v = x[i * stride]
                while maxTail > maxHead, x[maxQ[maxTail - 1] * stride] <= v { maxTail -= 1 }
                maxQ[maxTail] = i; maxTail += 1
                while minTail > minHead, x[minQ[minTail - 1] * stride] >= v { minTail -= 1 }
                minQ[minTail] = i; minTail += 1
            }
            let p = i - w
            if p >= 0 {
                while maxQ[maxHead] < p - w { maxHead += 1 }
                while minQ[minHead] < p - w { minHead += 1 }
                upper[p * stride] = x[maxQ[maxHead] * stride]
                lower[p * stride] = x[minQ[minHead] * stride]
            }
        }
    }
}
