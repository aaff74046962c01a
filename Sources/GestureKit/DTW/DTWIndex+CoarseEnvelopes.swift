extension DTWIndex {
    /// The templates' envelopes reduced to segments of ``segmentLength`` time steps (the maximum of the upper
    /// envelope and the minimum of the lower over each segment), for a lower bound of LB_Keogh eight times
    /// cheaper: the query's segment means against them, each weighted by its segment's length.
    ///
    /// It bounds LB_Keogh from below: the squared distance to an interval is convex, so over a segment the sum of
    /// the query's shares to the wider interval is at least the segment length times the share of their mean
    /// (Jensen), and the wider interval only lowers each share.
    struct CoarseEnvelopes: Sendable {
        /// Time steps per segment; the last segment holds the rest.
        static let segmentLength = 8
        /// Where template `c`'s segments start in ``upper`` and ``lower``: all templates in one buffer each.
        let offsets: [Int]
        /// `upper[offsets[c] + segment * dimensions + d]`.
        let upper: [Double]
        /// `lower[offsets[c] + segment * dimensions + d]`.
        let lower: [Double]

        /// Reduces each envelope. O(total length).
        init(_ envelopes: [DTW.Envelope]) {
            var offsets: [Int] = [], upper: [Double] = [], lower: [Double] = []
            for envelope in envelopes {
                let n = envelope.length, dims = envelope.dimensions
                let start = upper.count
                offsets.append(start)
                upper.append(contentsOf: repeatElement(-.infinity, count: Self.segments(n) * dims))
                lower.append(contentsOf: repeatElement(.infinity, count: Self.segments(n) * dims))
                for t in 0..<n {
                    for d in 0..<dims {
                        let at = start + (t / Self.segmentLength) * dims + d
                        upper[at] = max(upper[at], envelope.upper[t * dims + d])
                        lower[at] = min(lower[at], envelope.lower[t * dims + d])
                    }
                }
            }
            self.offsets = offsets
            self.upper = upper
            self.lower = lower
        }

        /// Segments of a series of `n` time steps.
        static func segments(_ n: Int) -> Int { (n + segmentLength - 1) / segmentLength }

        /// The segment means of `n` time steps of `dims` values into `means` (`segments(n) × dims` values). O(n·d).
        static func means(of x: UnsafePointer<Double>, _ n: Int, dims: Int, into means: UnsafeMutablePointer<Double>) {
            for s in 0..<segments(n) {
                let start = s * segmentLength, end = min(n, start + segmentLength)
                for d in 0..<dims {
                    var sum = 0.0
                    for t in start..<end { sum += x[t * dims + d] }
                    means[s * dims + d] = sum / Double(end - start)
                }
            }
        }

        /// The coarse bound of a query of `n` time steps (its `means`) against template `c`'s segments, in
        /// cost units; at most LB_Keogh of the query against the template's envelope. O(n·d / 8).
        func bound(_ means: UnsafePointer<Double>, _ n: Int, dims: Int, template c: Int) -> Double {
            let full = n / Self.segmentLength, rest = n - full * Self.segmentLength
            let offset = offsets[c]
            return upper.withUnsafeBufferPointer { allUpper in
                lower.withUnsafeBufferPointer { allLower in
                    let u = allUpper.baseAddress! + offset, l = allLower.baseAddress! + offset
                    var sum = Double(Self.segmentLength)
                        * DTW.keogh(means, full * dims, upper: u, lower: l, dims: 1,
                                    bound: .infinity, contributions: nil)
                    if rest > 0 {
                        var share = 0.0
                        for d in 0..<dims {
                            let at = full * dims + d
                            share += DTW.keoghShare(means[at], u[at], l[at])
                        }
                        sum += Double(rest) * share
                    }
                    return sum
                }
            }
        }
    }
}
