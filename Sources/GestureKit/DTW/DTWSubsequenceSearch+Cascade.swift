/// The univariate stages of the search's cascade, written so that no stage waits on one long chain of additions:
/// each sums in two SIMD accumulators and checks its bound every few values. Sums in another order than a plain
/// loop differ only by rounding, far inside the search's slack, so pruning stays exact.
extension DTWSubsequenceSearch {
    /// LB_Keogh of the candidate `(c[t] − mean) · scale` against the query's envelope, visiting query steps in
    /// `order` (largest magnitude first) four at a time; abandons once the sum exceeds `cut`.
    ///
    /// - Parameters:
    ///   - upper, lower: the query's envelope permuted by `order` (`upper[k]` belongs to step `order[k]`).
    ///   - shares: receives the share of step `order[k]` at index k (valid only if not abandoned).
    /// - Complexity: O(m), no allocation.
    @inline(__always)
    static func orderedKeogh(_ c: UnsafePointer<Double>, mean: Double, scale: Double, order: UnsafePointer<Int>,
                             upper: UnsafePointer<Double>, lower: UnsafePointer<Double>, _ m: Int,
                             shares: UnsafeMutablePointer<Double>, cut: Double) -> Double {
        let mu = SIMD2(repeating: mean), s = SIMD2(repeating: scale)
        var s0 = SIMD2<Double>(), s1 = SIMD2<Double>()
        var k = 0
        while k &+ 4 <= m {
            let x0 = (SIMD2(c[order[k]], c[order[k &+ 1]]) - mu) * s
            let x1 = (SIMD2(c[order[k &+ 2]], c[order[k &+ 3]]) - mu) * s
            let a = DTW.keoghShares(x0, upper: DTW.load(upper + k), lower: DTW.load(lower + k))
            let b = DTW.keoghShares(x1, upper: DTW.load(upper + (k &+ 2)), lower: DTW.load(lower + (k &+ 2)))
            store(a, shares + k)
            store(b, shares + (k &+ 2))
            s0 += a
            s1 += b
            k &+= 4
            let sum = s0 + s1
            if sum[0] + sum[1] > cut { return sum[0] + sum[1] }
        }
        let sum = s0 + s1
        var total = sum[0] + sum[1]
        while k < m {
            let share = DTW.keoghShare((c[order[k]] - mean) * scale, upper[k], lower[k])
            shares[k] = share
            total += share
            k &+= 1
        }
        return total
    }

    /// LB_Keogh of the normalised query `q` against the candidate's envelope (`upper`, `lower` in the series'
    /// units, normalised here with `mean` and `scale`); abandons once the sum exceeds `cut` (checked every 8).
    ///
    /// - Parameter shares: receives each step's share (valid only if not abandoned).
    /// - Complexity: O(m), no allocation.
    @inline(__always)
    static func reverseKeogh(_ q: UnsafePointer<Double>, upper: UnsafePointer<Double>, lower: UnsafePointer<Double>,
                             mean: Double, scale: Double, _ m: Int, shares: UnsafeMutablePointer<Double>, cut: Double) -> Double {
        let mu = SIMD2(repeating: mean), s = SIMD2(repeating: scale)
        var s0 = SIMD2<Double>(), s1 = SIMD2<Double>()
        var t = 0
        while t &+ 4 <= m {
            let a = DTW.keoghShares(DTW.load(q + t), upper: (DTW.load(upper + t) - mu) * s, lower: (DTW.load(lower + t) - mu) * s)
            let b = DTW.keoghShares(DTW.load(q + (t &+ 2)), upper: (DTW.load(upper + (t &+ 2)) - mu) * s,
                                    lower: (DTW.load(lower + (t &+ 2)) - mu) * s)
            store(a, shares + t)
            store(b, shares + (t &+ 2))
            s0 += a
            s1 += b
            t &+= 4
            if t & 7 == 0 {
                let sum = s0 + s1
                if sum[0] + sum[1] > cut { return sum[0] + sum[1] }
            }
        }
        let sum = s0 + s1
        var total = sum[0] + sum[1]
        while t < m {
            let share = DTW.keoghShare(q[t], (upper[t] - mean) * scale, (lower[t] - mean) * scale)
            shares[t] = share
            total += share
            t &+= 1
        }
        return total
    }

    /// `sums[i] = shares[i] + … + shares[count − 1]` for i in `0...count` (`sums[count] = 0`), four steps per
    /// addition on the chain from the end.
    ///
    /// - Complexity: O(count).
    @inline(__always)
    static func suffixSums(_ shares: UnsafePointer<Double>, _ count: Int, into sums: UnsafeMutablePointer<Double>) {
        sums[count] = 0
        var running = 0.0
        var i = count
        while i >= 4 {
            let a = shares[i &- 1], b = shares[i &- 2], c = shares[i &- 3], d = shares[i &- 4]
            let ab = a + b
            let abc = ab + c
            sums[i &- 1] = running + a
            sums[i &- 2] = running + ab
            sums[i &- 3] = running + abc
            running += abc + d
            sums[i &- 4] = running
            i &-= 4
        }
        while i > 0 {
            running += shares[i &- 1]
            sums[i &- 1] = running
            i &-= 1
        }
    }

    /// Bands 2..<`bands` of LB_Enhanced (Tan, Petitjean & Webb 2019) at both ends, added to `kim` (LB_Kim covers
    /// bands 0 and 1): for step i the cheapest cell of the L-shaped band {(i, j ≤ i)} ∪ {(j < i, i)} within the
    /// window, and the same from the end. Every path crosses each band once, so the sum bounds the cost; it
    /// tightens as the window widens, where LB_Keogh weakens. Abandons once above `cut`.
    ///
    /// - Parameters:
    ///   - head: the candidate's first `bands` and last `bands` values, normalised (`head[bands + k]` is step
    ///     `m − bands + k`).
    ///   - back: receives the sum of the bands 2..<`bands` from the end (complete only if not abandoned); they
    ///     hold cells of rows ≥ m − `bands` only.
    /// - Complexity: O(bands · min(bands, w)); needs `2 · bands ≤ m`.
    @inline(__always)
    static func enhancedBands(_ q: UnsafePointer<Double>, head: UnsafePointer<Double>, _ m: Int, window w: Int, bands: Int,
                              kim: Double, cut: Double, back backSum: inout Double) -> Double {
        @inline(__always) func sq(_ v: Double) -> Double { v * v }
        let tail = head + bands, qTail = q + (m &- bands)
        var sum = kim
        var i = 2
        while i < bands {
            let qi = q[i], ci = head[i]
            var front = sq(qi - ci)
            var j = max(0, i &- w)
            while j < i { front = min(front, min(sq(qi - head[j]), sq(q[j] - ci))); j &+= 1 }
            // Step m − 1 − i is index r of the tails.
            let r = bands &- 1 &- i
            let qr = qTail[r], cr = tail[r]
            var back = sq(qr - cr)
            j = r &+ 1
            let end = min(bands, r &+ w &+ 1)
            while j < end { back = min(back, min(sq(qr - tail[j]), sq(qTail[j] - cr))); j &+= 1 }
            sum += front + back
            backSum += back
            if sum > cut { return sum }
            i &+= 1
        }
        return sum
    }

    /// A bound every chunk can start from: the exact costs of the candidates of the first block with the
    /// smallest LB_Kim (first and last cells), kept as a chunk keeps its own (k costs pairwise two exclusion
    /// zones apart). It only prunes: candidates are still found by the chunks, so results do not depend on it.
    ///
    /// - Complexity: O(B·d + B·K + K·m·w) for the blocks' B positions and K candidates (8 to 16); typically
    ///   O(B·d) for the selection, most candidates being rejected by one comparison.
    func seedBound(_ series: DTWSeries, positions: Int, goal: Goal) -> Double {
        guard goal.limit != Int.max else { return goal.maxCost }
        let m = query.length, dims = query.dimensions, w = window
        // Blocks spread over the series: the bound of one region is a poor start for another.
        let blocks = (positions + Self.blockLength - 1) / Self.blockLength
        let seedBlocks = min(blocks, Self.seedBlocks)
        let starts = (0..<seedBlocks).map { (blocks * $0 / seedBlocks) * Self.blockLength }
        let floor: Double?
        if case let .zNormalized(f) = normalization { floor = f } else { floor = nil }
        var scored: [(kim: Double, start: Int, index: Int)] = []
        scored.reserveCapacity(seedBlocks * Self.blockLength)
        // Each candidate's mean and scale per dimension, from running sums restarted where the chunks restart
        // theirs: the same values, so the seed costs are exactly the costs the chunks compute.
        var normalizers: [Double] = []
        normalizers.reserveCapacity(2 * dims * seedBlocks * Self.blockLength)
        var separated = SeparatedSet(k: goal.limit, separation: 2 * goal.exclusion)
        let candidate = UnsafeMutablePointer<Double>.allocate(capacity: m * dims)
        let scratch = UnsafeMutablePointer<Double>.allocate(capacity: 2 * (2 * w + 3))
        let sums = UnsafeMutablePointer<Double>.allocate(capacity: 2 * dims)
        defer { candidate.deallocate(); scratch.deallocate(); sums.deallocate() }
        series.values.withUnsafeBufferPointer { all in
        prepared.withUnsafeBufferPointer { q in
            let x = all.baseAddress!, q = q.baseAddress!
            @inline(__always) func moments(_ d: Int) -> (mean: Double, scale: Double) {
                guard let floor else { return (0, 1) }
                return Self.moments(sums[2 * d], sums[2 * d + 1], m, floor: floor)
            }
            for blockStart in starts {
            for p in blockStart..<min(positions, blockStart + Self.blockLength) {
                let c = x + p * dims
                for d in 0..<dims {
                    if p == blockStart {
                        var s = 0.0, s2 = 0.0
                        for t in 0..<m { let v = c[t * dims + d]; s += v; s2 += v * v }
                        sums[2 * d] = s; sums[2 * d + 1] = s2
                    } else {
                        let out = c[d - dims], into = c[(m - 1) * dims + d]
                        sums[2 * d] += into - out
                        sums[2 * d + 1] += into * into - out * out
                    }
                }
                var kim = 0.0
                for d in 0..<dims {
                    let (mu, s) = moments(d)
                    normalizers.append(mu)
                    normalizers.append(s)
                    let e0 = q[d] - (c[d] - mu) * s, e1 = q[(m - 1) * dims + d] - (c[(m - 1) * dims + d] - mu) * s
                    kim += e0 * e0 + e1 * e1
                }
                scored.append((kim, p, scored.count))
            }
            }
            // The few smallest, kept sorted by insertion (most candidates are rejected by one comparison).
            let wanted = min(Self.seedCount, max(8, 2 * goal.limit))
            var picks: [(kim: Double, start: Int, index: Int)] = []
            picks.reserveCapacity(wanted + 1)
            for entry in scored where picks.count < wanted || entry.kim < picks[picks.count - 1].kim {
                var at = picks.count
                while at > 0, entry.kim < picks[at - 1].kim { at -= 1 }
                picks.insert(entry, at: at)
                if picks.count > wanted { picks.removeLast() }
            }
            var cells = 0
            for pick in picks {
                let c = x + pick.start * dims
                for d in 0..<dims {
                    let mu = normalizers[2 * (pick.index * dims + d)], s = normalizers[2 * (pick.index * dims + d) + 1]
                    for t in 0..<m { candidate[t * dims + d] = (c[t * dims + d] - mu) * s }
                }
                let cost = DTWKernel.cost(q, m, candidate, m, stride: dims, dims: dims, window: w, bound: .infinity,
                                          cumulativeBound: nil, scratch: scratch, cells: &cells)
                separated.offer(cost, pick.start)
            }
        }}
        return min(goal.maxCost, separated.bound)
    }

    @inline(__always)
    private static func store(_ v: SIMD2<Double>, _ p: UnsafeMutablePointer<Double>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD2<Double>.self)
    }
}
