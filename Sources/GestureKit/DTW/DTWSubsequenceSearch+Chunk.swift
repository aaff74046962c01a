import Foundation

/// The cascade over one chunk of candidate starts: LB_Kim, LB_Enhanced, both LB_Keoghs and the anti-diagonal DTW
/// kernel, in one function because its loops share their scratch buffers and running sums.
extension DTWSubsequenceSearch {
    // One function over 120 lines on purpose: the candidate loop keeps the running sums, envelopes and scratch of
    // every stage of the cascade in its locals; split, the hot loop would pass that state through calls.
    /// The cascade over the candidates starting in `range`. No allocation per candidate.
    func searchChunk(_ series: DTWSeries, _ range: Range<Int>, goal: Goal, seed: Double, pruning: Bool,
                     shared: SharedBound?) -> ChunkResult {
        let m = query.length, dims = query.dimensions, w = window
        let first = range.lowerBound
        var result = ChunkResult()
        var separated = SeparatedSet(k: goal.limit == Int.max ? 0 : goal.limit, separation: 2 * goal.exclusion)
        let limited = goal.limit != Int.max
        var statistics = DTWSearchStatistics()
        let floor: Double?
        if case let .zNormalized(f) = normalization { floor = f } else { floor = nil }
        // Scratch, once per chunk.
        // The data's envelope is computed for a stretch of candidates at a time, when one first needs it: a small
        // buffer that stays in cache (one for the whole series touched tens of megabytes of fresh pages per
        // search), and none for stretches the cheaper bounds prune entirely. Any stretch holding a candidate
        // gives a valid envelope for it (a window cut at the stretch's ends is only tighter).
        let stretch = min(range.count, max(Self.blockLength, 8 * m))
        let envelopeSpan = stretch + m - 1
        let dataUpper = UnsafeMutablePointer<Double>.allocate(capacity: envelopeSpan * dims)
        let dataLower = UnsafeMutablePointer<Double>.allocate(capacity: envelopeSpan * dims)
        let envelopeScratch = UnsafeMutablePointer<Double>.allocate(capacity: DTW.envelopeScratch(envelopeSpan, window: w))
        var envelopeStart = 0, envelopeEnd = 0  // candidates (chunk offsets) the buffers cover
        let mean = UnsafeMutablePointer<Double>.allocate(capacity: dims)
        let scale = UnsafeMutablePointer<Double>.allocate(capacity: dims)
        let sums = UnsafeMutablePointer<Double>.allocate(capacity: 2 * dims)
        let candidate = UnsafeMutablePointer<Double>.allocate(capacity: m * dims)      // normalised, time-major
        let reversed = UnsafeMutablePointer<Double>.allocate(capacity: m * dims + DTWKernel.antiDiagonalPadding)  // planes, last first
        let sharesQ = UnsafeMutablePointer<Double>.allocate(capacity: m + 1)
        let sharesC = UnsafeMutablePointer<Double>.allocate(capacity: m + 1)
        let sharesOrdered = UnsafeMutablePointer<Double>.allocate(capacity: m + 1)
        let cb = UnsafeMutablePointer<Double>.allocate(capacity: m + 1)
        let cbQ = UnsafeMutablePointer<Double>.allocate(capacity: m + 1)
        let scratch = UnsafeMutablePointer<Double>.allocate(capacity: max(DTWKernel.antiDiagonalScratch(m), 2 * (2 * w + 3)))
        defer {
            for p in [dataUpper, dataLower, mean, scale, sums, candidate, reversed, sharesQ, sharesC, sharesOrdered, cb, cbQ, scratch] {
                p.deallocate()
            }
            envelopeScratch.deallocate()
        }
        series.values.withUnsafeBufferPointer { all in
        planar.withUnsafeBufferPointer { planarQuery in
        prepared.withUnsafeBufferPointer { q in
        upper.withUnsafeBufferPointer { qu in
        lower.withUnsafeBufferPointer { ql in
        order.withUnsafeBufferPointer { order in
        orderedUpper.withUnsafeBufferPointer { orderedUpper in
        orderedLower.withUnsafeBufferPointer { orderedLower in
            let x = all.baseAddress! + first * dims
            let q = q.baseAddress!, qu = qu.baseAddress!, ql = ql.baseAddress!, order = order.baseAddress!
            /// The envelope of candidate `p` (a chunk offset), time-major: computed for the stretch from `p` on if
            /// the buffers do not hold it.
            @inline(__always) func envelope(_ p: Int) -> (upper: UnsafeMutablePointer<Double>, lower: UnsafeMutablePointer<Double>) {
                if p >= envelopeEnd || p < envelopeStart {
                    envelopeStart = p
                    envelopeEnd = min(range.count, p + stretch)
                    for d in 0..<dims {
                        DTW.envelope(x + (p * dims + d), envelopeEnd - p + m - 1, stride: dims, window: w, upper: dataUpper + d,
                                     lower: dataLower + d, scratch: envelopeScratch)
                    }
                }
                let offset = (p - envelopeStart) * dims
                return (dataUpper + offset, dataLower + offset)
            }
            let slack = 1 + 1e-12
            // Another chunk may already have proved a bound; it is read at the start (a chunk that starts unbounded
            // would compute full DTWs until its first read), then every `dtwsPerSharedRead` DTWs and now and then.
            var bound = min(goal.maxCost, seed, limited ? shared?.read() ?? .infinity : .infinity)
            var sinceShared = 0, dtwsSinceShared = 0
            @inline(__always) func refreshed(_ cut: Double) -> Double {
                guard limited, let shared else { return cut }
                dtwsSinceShared &+= 1
                guard dtwsSinceShared >= Self.dtwsPerSharedRead else { return cut }
                dtwsSinceShared = 0
                bound = min(bound, shared.read())
                return min(cut, bound * slack)
            }
            /// Keeps a candidate whose DTW stayed within the bound, and tightens the bound.
            func accept(_ cost: Double, _ start: Int) {
                statistics.completed += 1
                result.candidates.append((cost, start))
                guard limited else { return }
                separated.offer(cost, start)
                let proved = separated.bound
                if proved < bound {
                    bound = proved
                    shared?.lower(to: proved)
                }
                // Drop candidates the bound has since excluded, now and then.
                if result.candidates.count >= 4096, result.candidates.count >= 4 * max(goal.limit, 1024) {
                    let limit = bound * slack
                    result.candidates.removeAll { $0.cost > limit }
                }
            }
            if pruning, dims == 1 {
                // The univariate cascade with every value in registers (the general loop below reads moments
                // through pointers the optimiser cannot keep in registers).
                let q0 = q[0], q1 = q[1], qLast = q[m - 1], qBeforeLast = q[m - 2]
                // LB_Enhanced's bands only pay where the window is wide enough for LB_Keogh to weaken.
                let bands = m >= 16 && w >= Self.enhancedMinimumWindow ? min(Self.enhancedBandCount, m / 2) : 0
                let head = UnsafeMutablePointer<Double>.allocate(capacity: 2 * max(bands, 1))
                defer { head.deallocate() }
                var sum = 0.0, squares = 0.0
                for p in 0..<range.count {
                    let start = first + p
                    let c = x + p
                    var mu = 0.0, s = 1.0
                    if let floor {
                        if p == 0 || start % Self.blockLength == 0 {
                            sum = 0; squares = 0
                            for t in 0..<m { let v = c[t]; sum += v; squares += v * v }
                        } else {
                            let out = c[-1], into = c[m - 1]
                            sum += into - out
                            squares += into * into - out * out
                        }
                        (mu, s) = Self.moments(sum, squares, m, floor: floor)
                    }
                    statistics.candidates += 1
                    sinceShared &+= 1
                    if limited, sinceShared >= 1024 {
                        sinceShared = 0
                        if let shared { bound = min(bound, shared.read()) }
                    }
                    let cut = bound * slack
                    @inline(__always) func sq(_ v: Double) -> Double { v * v }
                    let c0 = (c[0] - mu) * s, cLast = (c[m - 1] - mu) * s
                    var kim = sq(q0 - c0) + sq(qLast - cLast)
                    if kim > cut { statistics.prunedByKim += 1; continue }
                    if m >= 4 {
                        let c1 = (c[1] - mu) * s
                        kim += min(sq(q0 - c1), sq(q1 - c0), sq(q1 - c1))
                        if kim > cut { statistics.prunedByKim += 1; continue }
                        let cBeforeLast = (c[m - 2] - mu) * s
                        kim += min(sq(qLast - cBeforeLast), sq(qBeforeLast - cLast), sq(qBeforeLast - cBeforeLast))
                        if kim > cut { statistics.prunedByKim += 1; continue }
                    }
                    var bandSum = 0.0, backBands = 0.0
                    if bands > 2 {
                        for k in 0..<bands {
                            head[k] = (c[k] - mu) * s
                            head[bands + k] = (c[m - bands + k] - mu) * s
                        }
                        bandSum = Self.enhancedBands(q, head: head, m, window: w, bands: bands, kim: kim, cut: cut, back: &backBands)
                        if bandSum > cut { statistics.prunedByEnhanced += 1; continue }
                    }
                    let lbQ = Self.orderedKeogh(c, mean: mu, scale: s, order: order, upper: orderedUpper.baseAddress!,
                                                lower: orderedLower.baseAddress!, m, shares: sharesOrdered, cut: cut)
                    if lbQ > cut { statistics.prunedByKeogh += 1; continue }
                    let (du, dl) = envelope(p)
                    let lbC = Self.reverseKeogh(q, upper: du, lower: dl, mean: mu, scale: s, m,
                                                shares: sharesC, cut: cut)
                    if lbC > cut { statistics.prunedByReverseKeogh += 1; continue }
                    // Both suffix sums bound the rows left; the larger of the two at each row prunes most. (The
                    // candidate's shares are shifted by the window: columns j ≥ i + w are only reachable from
                    // rows ≥ i.)
                    for k in 0..<m { sharesQ[order[k]] = sharesOrdered[k] }
                    Self.suffixSums(sharesC, m, into: cb)
                    Self.suffixSums(sharesQ, m, into: cbQ)
                    if bands > 2 {
                        // LB_Enhanced in full: the bands plus either LB_Keogh over the steps between them (the
                        // bands hold only cells of their own rows and columns), from the suffix sums (a plain sum
                        // was one long chain of additions).
                        let middleC = cb[bands] - cb[m - bands], middleQ = cbQ[bands] - cbQ[m - bands]
                        if bandSum + max(middleQ, middleC) > cut { statistics.prunedByEnhanced += 1; continue }
                        // Rows from i ≤ m − bands on cost at least their LB_Keogh shares up to the last bands, plus
                        // those bands (2 of them are LB_Kim's, left out here).
                        let tail = cb[m - bands]
                        for i in 0...(m - bands) { cb[i] = max(cb[i], (cb[i] - tail) + backBands) }
                    }
                    if w < m {
                        for i in 0..<(m - w) { cb[i] = max(cb[i], cbQ[i &+ w]) }
                    }
                    let dtwCut = refreshed(cut)
                    for t in 0..<m { reversed[m &- 1 &- t] = (c[t] - mu) * s }
                    let cost = DTWKernel.antiDiagonalCost(planarQuery.baseAddress!, m, reversedB: reversed, m, dims: 1, window: w,
                                                          bound: dtwCut, cb: cb, scratch: scratch, cells: &statistics.cells)
                    if cost > dtwCut { statistics.abandoned += 1; continue }
                    accept(cost, start)
                }
                return
            }
            for p in 0..<range.count {
                let start = first + p
                let c = x + p * dims
                // Moments of the candidate, running sums restarted at block boundaries.
                if let floor {
                    if start % Self.blockLength == 0 || p == 0 {
                        for d in 0..<dims {
                            var s = 0.0, s2 = 0.0
                            for t in 0..<m { let v = c[t * dims + d]; s += v; s2 += v * v }
                            sums[2 * d] = s; sums[2 * d + 1] = s2
                        }
                    } else {
                        for d in 0..<dims {
                            let out = c[d - dims], into = c[(m - 1) * dims + d]
                            sums[2 * d] += into - out
                            sums[2 * d + 1] += into * into - out * out
                        }
                    }
                    for d in 0..<dims {
                        let (mu, s) = Self.moments(sums[2 * d], sums[2 * d + 1], m, floor: floor)
                        mean[d] = mu; scale[d] = s
                    }
                } else {
                    for d in 0..<dims { mean[d] = 0; scale[d] = 1 }
                }
                statistics.candidates += 1
                if !pruning {
                    for t in 0..<m { for d in 0..<dims { candidate[t * dims + d] = (c[t * dims + d] - mean[d]) * scale[d] } }
                    let cost = DTWKernel.cost(q, m, candidate, m, stride: dims, dims: dims, window: w, bound: .infinity,
                                              cumulativeBound: nil, scratch: scratch, cells: &statistics.cells)
                    statistics.completed += 1
                    if cost <= goal.maxCost { result.candidates.append((cost, start)) }
                    continue
                }
                sinceShared += 1
                if limited, sinceShared >= 1024 {
                    sinceShared = 0
                    if let shared { bound = min(bound, shared.read()) }
                }
                let cut = bound * slack
                // LB_Kim: the first and last cells, then the cheapest of the next cells at each end (every path
                // leaves (0, 0) through one of them and enters (m − 1, m − 1) from one of them).
                @inline(__always) func value(_ t: Int, _ d: Int) -> Double { (c[t * dims + d] - mean[d]) * scale[d] }
                @inline(__always) func cost(_ i: Int, _ j: Int) -> Double {
                    var s = 0.0
                    for d in 0..<dims { let e = q[i * dims + d] - value(j, d); s += e * e }
                    return s
                }
                var kim = cost(0, 0) + cost(m - 1, m - 1)
                if kim <= cut, m >= 4 {
                    kim += min(cost(0, 1), cost(1, 0), cost(1, 1))
                    if kim <= cut { kim += min(cost(m - 1, m - 2), cost(m - 2, m - 1), cost(m - 2, m - 2)) }
                }
                if kim > cut { statistics.prunedByKim += 1; continue }
                // LB_Keogh, candidate against the query's envelope, largest query values first.
                var lbQ = 0.0
                var k = 0
                while k < m {
                    let t = order[k]
                    var share = 0.0
                    for d in 0..<dims {
                        share += DTW.keoghShare(value(t, d), qu[t * dims + d], ql[t * dims + d])
                    }
                    sharesQ[t] = share
                    lbQ += share
                    if lbQ > cut { break }
                    k += 1
                }
                if lbQ > cut { statistics.prunedByKeogh += 1; continue }
                // LB_Keogh of the query against the candidate's envelope.
                var lbC = 0.0
                let (du, dl) = envelope(p)
                if dims == 1 {
                    let mu = mean[0], s = scale[0]
                    for t in 0..<m {
                        let share = DTW.keoghShare(q[t], (du[t] - mu) * s, (dl[t] - mu) * s)
                        sharesC[t] = share
                        lbC += share
                    }
                } else {
                    for t in 0..<m {
                        var share = 0.0
                        for d in 0..<dims {
                            let i = t * dims + d
                            share += DTW.keoghShare(q[i], (du[i] - mean[d]) * scale[d], (dl[i] - mean[d]) * scale[d])
                        }
                        sharesC[t] = share
                        lbC += share
                    }
                }
                if lbC > cut { statistics.prunedByReverseKeogh += 1; continue }
                // Cut-off of the rows left: the query's own shares (rows), or the candidate's shifted by the window
                // (columns j ≥ i + w are only reachable from rows ≥ i), whichever bound is larger.
                cb[m] = 0
                if lbC >= lbQ {
                    var running = 0.0
                    for i in stride(from: m - 1, through: 0, by: -1) { running += sharesC[i]; cb[i] = running }
                } else {
                    var running = 0.0
                    sharesQ[m] = 0
                    for i in stride(from: m - 1, through: 0, by: -1) {
                        let column = i + w
                        if column < m { running += sharesQ[column] }
                        cb[i] = running
                    }
                }
                for t in 0..<m { for d in 0..<dims { reversed[d * m + m - 1 - t] = value(t, d) } }
                let dtwCut = refreshed(cut)
                let cost = DTWKernel.antiDiagonalCost(planarQuery.baseAddress!, m, reversedB: reversed, m, dims: dims, window: w,
                                                      bound: dtwCut, cb: cb, scratch: scratch, cells: &statistics.cells)
                if cost > dtwCut { statistics.abandoned += 1; continue }
                accept(cost, start)
            }
        }}}}}}}}
        result.bound = limited ? min(separated.bound, goal.maxCost) : goal.maxCost
        if !pruning { result.bound = goal.maxCost }
        result.statistics = statistics
        return result
    }
}
