extension DTWKernel {
    /// The scratch the anti-diagonal kernel needs for a query of `n` time steps: four diagonals of `n + 4`
    /// values and the rows' cost limits.
    static func antiDiagonalScratch(_ n: Int) -> Int { 5 * (n + 4) }

    /// Values the anti-diagonal kernel reads (and never uses) after the last plane of each series.
    static let antiDiagonalPadding = 3

    /// The banded, early-abandoning DTW of two series (univariate, or dependent multivariate with planar
    /// values) computed one anti-diagonal (`i + j = d`) at a
    /// time: the cells of an anti-diagonal depend only on the two before it, so they are computed two at a time
    /// in SIMD registers, with no chain from one cell to the next (the row recurrence waits on its left
    /// neighbour at every cell). Returns exactly the cost the row kernel returns, or `+∞` once the cost
    /// provably exceeds `bound`.
    ///
    /// A cell is live while its cost plus `cb[i + 1]`, a lower bound of the rows after it, stays within
    /// `bound`; each diagonal computes only the cells a live cell of the two before it can reach (pruning as in
    /// EAPrunedDTW, Herrmann & Webb 2021, on anti-diagonals), and the search stops when two diagonals in a row
    /// have no live cell. Narrow diagonals are computed two in one pass (the second over every cell the first
    /// computed can reach, a superset of the pruned reach): most of the work per diagonal is not in its cells.
    ///
    /// - Parameters:
    ///   - a: the query (rows), one plane of `n` values per dimension: `a[d · n + i]`, and
    ///     ``antiDiagonalPadding`` values after the last plane.
    ///   - reversedB: the candidate, one plane of `m` values per dimension, each last first
    ///     (`reversedB[d · m + m − 1 − j]` is value d of step j), so that a diagonal reads them forwards; and
    ///     ``antiDiagonalPadding`` values after the last plane.
    ///   - dims: the planes; the local cost is the squared Euclidean distance across them, summed in the
    ///     order of the row kernel, so costs are identical.
    ///   - w: the window, at least `|n − m|`.
    ///   - cb: `n + 1` values, `cb[i]` a lower bound of the cost of rows `i..<n`, `cb[n] = 0`.
    ///   - abandonsEarly: most calls abandon within a few diagonals whose live widths vary (subsequence search):
    ///     then the live cells of a narrow diagonal are bits taken in the loop and narrow diagonals go two in one
    ///     pass. `false` when most run long on a steady band (a 1-NN search): then a diagonal's live ends are
    ///     found by a scan from each end, which the branch predictor learns (the bits cost 1-NN 13–26 %).
    ///   - scratch: at least ``antiDiagonalScratch(_:)`` values.
    ///   - cells: incremented by the number of cells computed.
    /// - Complexity: O(n·w) time, no allocation.
    static func antiDiagonalCost(_ a: UnsafePointer<Double>, _ n: Int, reversedB: UnsafePointer<Double>, _ m: Int,
                                 dims: Int = 1, window: Int, bound: Double, cb: UnsafePointer<Double>,
                                 abandonsEarly: Bool = true, scratch: UnsafeMutablePointer<Double>,
                                 cells: inout Int) -> Double {
        // Specialisations: the univariate one has no loop over planes in its inner loop (measured: 15 %).
        switch (dims == 1, abandonsEarly) {
        case (true, true):
            return antiDiagonalRun(a, n, reversedB: reversedB, m, dims: 1, univariate: true, liveBits: true, window: window,
                                   bound: bound, cb: cb, scratch: scratch, cells: &cells)
        case (true, false):
            return antiDiagonalRun(a, n, reversedB: reversedB, m, dims: 1, univariate: true, liveBits: false, window: window,
                                   bound: bound, cb: cb, scratch: scratch, cells: &cells)
        case (false, true):
            return antiDiagonalRun(a, n, reversedB: reversedB, m, dims: dims, univariate: false, liveBits: true, window: window,
                                   bound: bound, cb: cb, scratch: scratch, cells: &cells)
        case (false, false):
            return antiDiagonalRun(a, n, reversedB: reversedB, m, dims: dims, univariate: false, liveBits: false, window: window,
                                   bound: bound, cb: cb, scratch: scratch, cells: &cells)
        }
    }

    // One function over 120 lines on purpose: the anti-diagonal sweep, its band limits, the early-abandoning cut and
    // the pruning of dead cells share registers and scratch rows in one hot loop; split, they would pass that state
    // through calls in the inner loop.
    @inline(__always)
    private static func antiDiagonalRun(_ a: UnsafePointer<Double>, _ n: Int, reversedB: UnsafePointer<Double>, _ m: Int,
                                        dims: Int, univariate: Bool, liveBits: Bool, window: Int, bound: Double,
                                        cb: UnsafePointer<Double>, scratch: UnsafeMutablePointer<Double>,
                                        cells: inout Int) -> Double {
        let inf = Double.infinity
        let w = max(window, abs(n - m))
        // Four diagonals; index i + 1 of a buffer holds row i, so row −1 (a sentinel) is index 0. (Offsets stay
        // non-negative: the optimiser may treat pointer arithmetic below a pointer's base as undefined.) Passes
        // write a few cells past their last row (two at a time), which the sentinels overwrite or nothing reads.
        let size = n + 4
        var p2 = scratch                // diagonal d − 2
        var p1 = scratch + size         // diagonal d − 1
        var cur = scratch + 2 * size    // diagonal d
        var next = scratch + 3 * size   // diagonal d + 1, when two are computed in one pass
        // Row i's cell is live while its cost is at most `bound − cb[i + 1]` (one comparison per cell in the loop
        // instead of an addition and a comparison); rows past the end never are.
        let limit = scratch + 4 * size
        for i in 0..<n { limit[i] = bound - cb[i &+ 1] }
        for i in n..<size { limit[i] = -inf }
        // Before the start: the virtual cell (−1, −1) costs 0, every other cell of diagonals −2 and −1 is +∞.
        p2[0] = 0
        p2[1] = inf
        p1[0] = inf
        p1[1] = inf
        // Live ranges of rows (first > last: none) of the two previous diagonals.
        var live2 = (first: -1, last: -1), live1 = (first: 1, last: 0)
        var computed = 0
        let lastDiagonal = n + m - 2
        var d = 0
        while d <= lastDiagonal {
            // Rows a live cell of diagonal d − 1 (up: i − 1, left: i) or d − 2 (diagonal: i − 1) reaches.
            var lo = Int.max, hi = Int.min
            if live1.first <= live1.last {
                lo = live1.first
                hi = live1.last + 1
            }
            if live2.first <= live2.last {
                lo = min(lo, live2.first + 1)
                hi = max(hi, live2.last + 1)
            }
            if lo > hi { break }  // two diagonals without a live cell: every path exceeds the bound
            // Within the matrix and the window |i − j| = |2i − d| ≤ w.
            let reachedLo = lo, reachedHi = hi
            lo = max(lo, max(0, d - m + 1, (d - w + 1) >> 1))
            hi = min(hi, min(n - 1, d, (d + w) >> 1))
            // Diagonals d and d + 1 in one pass when d is narrow (its live cells fit a word with room for the two
            // rows d + 1 adds) and row lo of d + 1 is within the candidate (its offset is not negative).
            if liveBits, lo <= hi, d < lastDiagonal, hi &- lo < 60, lo &+ m &- 2 &- d >= 0 {
                // Rows of d + 1 within the matrix and the window that the cells of d reach (d − 1's live cells
                // reach no row outside them).
                let lo1 = max(lo, max(0, d &- m &+ 2, (d &- w &+ 2) >> 1))
                let hi1 = min(hi &+ 1, min(n &- 1, d &+ 1, (d &+ 1 &+ w) >> 1))
                if lo1 <= hi1 {
                    let (liveD, liveE) = antiDiagonalPair(a, n, reversedB: reversedB, m, dims: dims, univariate: univariate,
                                                          d: d, rows: lo...hi, nextRows: lo1...hi1, limit: limit,
                                                          p2: p2, p1: p1, cur: cur, next: next)
                    computed &+= (hi &- lo &+ 1) &+ (hi1 &- lo1 &+ 1)
                    live2 = liveD
                    live1 = liveE
                    (p2, p1, cur, next) = (cur, next, p2, p1)
                    d &+= 2
                    continue
                }
            }
            var first = 1, last = 0
            if lo > hi {
                // No cell (w = 0 on odd diagonals): the next two diagonals read +∞ around the rows reached.
                for i in max(reachedLo, 0)...min(reachedHi + 2, n + 1) { cur[i] = inf }
            } else {
                // Cell (i, d − i) costs (aᵢ − b_{d−i})² = (aᵢ − reversedB[m − 1 − d + i])².
                let offset = m - 1 - d
                var i = lo
                // Row i: up is row i − 1 of d − 1 (index i), left row i of d − 1 (index i + 1), diagonal row
                // i − 1 of d − 2 (index i). Always two cells at a time: an odd count also computes row hi + 1 (from
                // the padding of `a` and `reversedB`; its limit is the row's or −∞), which the sentinel below
                // overwrites and no live range keeps; a tail branch for it mispredicted every other diagonal.
                @inline(__always) func cell(_ i: Int) -> SIMD2<Double> {
                    let value = localCosts(a, n, reversedB, m, dims: dims, univariate: univariate, row: i, offset: offset)
                        + minimum(minimum(load(p1 + i), load(p1 + (i &+ 1))), load(p2 + i))
                    UnsafeMutableRawPointer(cur + (i &+ 1)).storeBytes(of: value, as: SIMD2<Double>.self)
                    return value
                }
                let count = hi &- lo &+ 1
                computed &+= count
                if !liveBits {
                    repeat {
                        _ = cell(i)
                        i &+= 2
                    } while i <= hi
                    first = lo
                    while first <= hi, cur[first &+ 1] > limit[first] { first &+= 1 }
                    if first <= hi {
                        last = hi
                        while cur[last &+ 1] > limit[last] { last &-= 1 }
                    }
                } else if count <= 64 {
                    // Live (cost plus the bound of the rows still to come within the bound) as one bit per cell,
                    // from the values in registers: no scan that waits on the stores, no loop whose exit
                    // mispredicts.
                    var live = SIMD2<Int64>(), bit = SIMD2<Int64>(1, 2)
                    repeat {
                        let value = cell(i)
                        let within = value .<= load(limit + i)
                        live |= unsafeBitCast(within, to: SIMD2<Int64>.self) & bit
                        bit &<<= 2
                        i &+= 2
                    } while i <= hi
                    let bits = UInt64(bitPattern: live[0] | live[1]) & (UInt64.max &>> (64 &- count))
                    if bits != 0 {
                        first = lo &+ bits.trailingZeroBitCount
                        last = lo &+ 63 &- bits.leadingZeroBitCount
                    }
                } else {
                    repeat {
                        _ = cell(i)
                        i &+= 2
                    } while i <= hi
                    // The dead cells at each end counted four at a time without branches (a loop over them
                    // mispredicted); only four dead in a row look further.
                    @inline(__always) func dead(_ i: Int) -> Int { cur[i &+ 1] > limit[i] ? 1 : 0 }
                    first = lo
                    while true {
                        let k0 = dead(first)
                        let k1 = k0 & dead(min(first &+ 1, hi))
                        let k2 = k1 & dead(min(first &+ 2, hi))
                        let k3 = k2 & dead(min(first &+ 3, hi))
                        first &+= k0 &+ k1 &+ k2 &+ k3
                        if k3 == 0 || first > hi { break }
                    }
                    if first <= hi {
                        // Cell `first` is live, so the count from the top stops at it.
                        last = hi
                        while true {
                            let k0 = dead(last)
                            let k1 = k0 & dead(max(last &- 1, first))
                            let k2 = k1 & dead(max(last &- 2, first))
                            let k3 = k2 & dead(max(last &- 3, first))
                            last &-= k0 &+ k1 &+ k2 &+ k3
                            if k3 == 0 { break }
                        }
                    }
                }
                // Sentinels: the next two diagonals read at most one row beyond this range on either side. (The
                // cell of row hi + 1 an odd count computed is dead by construction: its bit was masked off.)
                cur[lo] = inf
                cur[hi &+ 2] = inf
            }
            live2 = live1
            live1 = (first, last)
            let recycled = p2
            p2 = p1
            p1 = cur
            cur = recycled
            d += 1
        }
        cells += computed
        // `p1` holds the last diagonal computed; the answer is cell (n − 1, m − 1) if it stayed live.
        guard d > lastDiagonal, live1.first <= n - 1, n - 1 <= live1.last else { return inf }
        return p1[n]
    }

    /// Diagonals d (rows `rows`, reached from d − 1 and d − 2) and d + 1 (rows `nextRows`, within `rows.lowerBound
    /// ... rows.upperBound + 1`) in one pass of two cells of each per step, the cells of d + 1 one step behind
    /// those of d they depend on (held in registers). Writes both diagonals and their sentinels; returns their live
    /// ranges (first > last: none).
    ///
    /// Needs `rows.count ≤ 60` (the live cells of both, as bits from `rows.lowerBound`, fit one word) and
    /// `rows.lowerBound + m − 2 − d ≥ 0`.
    @inline(__always)
    private static func antiDiagonalPair(_ a: UnsafePointer<Double>, _ n: Int, reversedB: UnsafePointer<Double>, _ m: Int,
                                         dims: Int, univariate: Bool, d: Int, rows: ClosedRange<Int>,
                                         nextRows: ClosedRange<Int>, limit: UnsafePointer<Double>,
                                         p2: UnsafeMutablePointer<Double>, p1: UnsafeMutablePointer<Double>,
                                         cur: UnsafeMutablePointer<Double>, next: UnsafeMutablePointer<Double>)
        -> (d: (first: Int, last: Int), e: (first: Int, last: Int)) {
        let inf = Double.infinity
        let lo = rows.lowerBound, hi = rows.upperBound
        let offset = m &- 1 &- d
        @inline(__always) func local(_ i: Int, _ offset: Int) -> SIMD2<Double> {
            localCosts(a, n, reversedB, m, dims: dims, univariate: univariate, row: i, offset: offset)
        }
        @inline(__always) func store(_ value: SIMD2<Double>, _ p: UnsafeMutablePointer<Double>) {
            UnsafeMutableRawPointer(p).storeBytes(of: value, as: SIMD2<Double>.self)
        }
        @inline(__always) func live(_ value: SIMD2<Double>, _ row: Int, _ bit: SIMD2<Int64>) -> SIMD2<Int64> {
            unsafeBitCast(value .<= load(limit + row), to: SIMD2<Int64>.self) & bit
        }
        // Rows r, r + 1 of d: up is rows r − 1, r of d − 1 (`up`), left rows r, r + 1 of d − 1, diagonal rows
        // r − 1, r of d − 2.
        var r = lo
        var liveD = SIMD2<Int64>(), liveE = SIMD2<Int64>(), bit = SIMD2<Int64>(1, 2)
        var upBefore = load(p1 + r)
        var before = local(r, offset) + minimum(minimum(upBefore, load(p1 + (r &+ 1))), load(p2 + r))
        store(before, cur + (r &+ 1))
        liveD |= live(before, r, bit)
        var twoBefore = SIMD2<Double>(repeating: inf)  // rows r − 4, r − 3 of d (row lo − 1 is +∞)
        var bitBefore = bit
        bit &<<= 2
        r &+= 2
        while r <= hi {
            let up = load(p1 + r)
            let value = local(r, offset) + minimum(minimum(up, load(p1 + (r &+ 1))), load(p2 + r))
            store(value, cur + (r &+ 1))
            liveD |= live(value, r, bit)
            // Rows r − 2, r − 1 of d + 1: up is rows r − 3, r − 2 of d, left rows r − 2, r − 1 of d (`before`),
            // diagonal rows r − 3, r − 2 of d − 1 (the step before's `up`).
            let e = local(r &- 2, offset &- 1)
                + minimum(minimum(SIMD2(twoBefore[1], before[0]), before), upBefore)
            store(e, next + (r &- 1))
            liveE |= live(e, r &- 2, bitBefore)
            twoBefore = before
            before = value
            upBefore = up
            bitBefore = bit
            bit &<<= 2
            r &+= 2
        }
        // The last two steps of d + 1, from the last pair of d (rows r − 2, r − 1; row r − 1 is past hi when the
        // count is odd) and +∞ beyond it.
        if (hi &- lo) & 1 == 0 { before[1] = inf }
        let e = local(r &- 2, offset &- 1) + minimum(minimum(SIMD2(twoBefore[1], before[0]), before), upBefore)
        store(e, next + (r &- 1))
        liveE |= live(e, r &- 2, bitBefore)
        let f = local(r, offset &- 1) + minimum(SIMD2(before[1], inf), load(p1 + r))
        store(f, next + (r &+ 1))
        liveE |= live(f, r, bit)
        // Row lo + k is bit k; only the rows of each diagonal count.
        let count = hi &- lo &+ 1
        let bitsD = UInt64(bitPattern: liveD[0] | liveD[1]) & (UInt64.max &>> (64 &- count))
        let bitsE = UInt64(bitPattern: liveE[0] | liveE[1]) & (UInt64.max &>> (63 &- (nextRows.upperBound &- lo)))
            & (UInt64.max &<< (nextRows.lowerBound &- lo))
        // Sentinels: the next two diagonals read at most one row beyond each range on either side.
        cur[lo] = inf
        cur[hi &+ 2] = inf
        next[nextRows.lowerBound] = inf
        next[nextRows.upperBound &+ 2] = inf
        @inline(__always) func range(_ bits: UInt64) -> (first: Int, last: Int) {
            bits == 0 ? (1, 0) : (lo &+ bits.trailingZeroBitCount, lo &+ 63 &- bits.leadingZeroBitCount)
        }
        return (range(bitsD), range(bitsE))
    }

    /// The local costs of rows i and i + 1 on the diagonal whose candidate offset is `offset` (`m − 1 − d`): the
    /// squared Euclidean distance across the planes, summed in the row kernel's order.
    @inline(__always)
    private static func localCosts(_ a: UnsafePointer<Double>, _ n: Int, _ reversedB: UnsafePointer<Double>, _ m: Int,
                                   dims: Int, univariate: Bool, row i: Int, offset: Int) -> SIMD2<Double> {
        var diff = load(a + i) - load(reversedB + (offset &+ i))
        var local = diff * diff
        var k = 1
        while !univariate, k < dims {
            diff = load(a + (k &* n &+ i)) - load(reversedB + (k &* m &+ offset &+ i))
            local += diff * diff
            k &+= 1
        }
        return local
    }

    @inline(__always)
    private static func load(_ p: UnsafePointer<Double>) -> SIMD2<Double> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD2<Double>.self)
    }

    @inline(__always)
    private static func load(_ p: UnsafeMutablePointer<Double>) -> SIMD2<Double> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD2<Double>.self)
    }

    /// Lane-wise minimum, written so that it compiles to one `minpd` (`pointwiseMin` does not).
    @inline(__always)
    private static func minimum(_ x: SIMD2<Double>, _ y: SIMD2<Double>) -> SIMD2<Double> {
        x.replacing(with: y, where: y .< x)
    }
}
