import Foundation

/// The lower-bound cascade and DTW for one validated query against every template (LB_Kim, LB_Keogh both ways,
/// LB_Enhanced, early-abandoning DTW), in one function because its loops share their scratch and bounds.
extension DTWIndex {
    // One function over 120 lines on purpose: the bounds of the cascade feed one another per candidate (LB_Kim,
    // LB_Keogh both ways, LB_Enhanced, the DTW cut-off) through running sums and scratch held in the loop; split, the
    // hot loop would pass that state through calls.
    /// The cascade for one validated query.
    func search(_ query: DTWSeries, k: Int, pruning: Bool, excluding: Int?,
                workspace: inout DTWWorkspace, statistics: inout DTWSearchStatistics) -> [DTWNeighbor] {
        let n = query.length, dims = dimensions
        var best: [(cost: Double, index: Int)] = []
        best.reserveCapacity(k + 1)
        func offer(_ cost: Double, _ index: Int) {
            if best.count == k {
                let worst = best[k - 1]
                guard cost < worst.cost || (cost == worst.cost && index < worst.index) else { return }
                best.removeLast()
            }
            var at = best.count
            while at > 0, best[at - 1].cost > cost || (best[at - 1].cost == cost && best[at - 1].index > index) { at -= 1 }
            best.insert((cost, index), at: at)
        }

        if !pruning {
            for c in templates.indices where c != excluding {
                statistics.candidates += 1
                let t = templates[c]
                let cost = dtw.unsafeCost(query, t, window: dtw.window(n, t.length), bound: .infinity, cumulativeBound: nil,
                                          workspace: &workspace, cells: &statistics.cells)
                statistics.completed += 1
                offer(cost, c)
            }
            return best.map { DTWNeighbor(index: $0.index, distance: $0.cost.squareRoot()) }
        }

        let w = dtw.window(n, n)
        let sameLength = templates.indices.filter { $0 != excluding && templates[$0].length == n }
        let otherLength = templates.indices.filter { $0 != excluding && templates[$0].length != n }
        // Same-length candidates: with a narrow window (4w < n) the search is the pass of lower bounds over all of
        // them, as nearly all are dismissed by LB_Keogh. The k with the smallest coarse LB_Keogh (on segment means,
        // see `CoarseEnvelopes`) are visited first and set the k-th best; every other candidate is dismissed by
        // its coarse bound, or by LB_Keogh abandoned at the k-th best, or kept; those kept are visited in
        // increasing LB_Keogh, so the search stops at the first bound above the k-th best.
        //
        // With a wide window LB_Keogh's envelopes are nearly flat and order poorly, so candidates are visited in
        // increasing Euclidean distance instead (measured on UWaveGestureLibraryX: LB order 1.35× faster at
        // w = 4 %, Euclidean order 1.3× faster at the full window). Euclidean distances (the diagonal path, an
        // upper bound of DTW) bound the k-th best before any DTW is run.
        let byBound = 4 * w < n
        var order: [(key: Double, lb: Double, index: Int)] = []
        order.reserveCapacity(sameLength.count)
        func euclidean(_ c: Int) -> Double {
            query.values.withUnsafeBufferPointer { q in
                templates[c].values.withUnsafeBufferPointer { t in DTW.squaredEuclidean(q.baseAddress!, t.baseAddress!, n * dims) }
            }
        }
        func keogh(_ c: Int, bound: Double) -> Double {
            let envelope = envelopes[c]
            return query.values.withUnsafeBufferPointer { q in
                envelope.upper.withUnsafeBufferPointer { u in
                    envelope.lower.withUnsafeBufferPointer { l in
                        DTW.keogh(q.baseAddress!, n * dims, upper: u.baseAddress!, lower: l.baseAddress!, dims: dims,
                                  bound: bound, contributions: nil)
                    }
                }
            }
        }
        var euclideanBound = Double.infinity
        var seeds: [Int] = []
        if !byBound {
            // LB_Keogh is left to the visit, abandoned at the k-th best: computed here for every candidate it
            // streams all envelopes through the cache for each query (measured: 15 % of the time).
            for c in sameLength { order.append((euclidean(c), 0, c)) }
            order.sort { $0.key < $1.key || ($0.key == $1.key && $0.index < $1.index) }
            // k candidates each cost at most their Euclidean distance, so the k-th smallest bounds the k-th best.
            if order.count >= k { euclideanBound = order[k - 1].key }
        } else if sameLength.count >= k {
            // Coarse bounds for all; the positions of the k smallest kept sorted (k is small).
            let means = workspace.upper.reserve(CoarseEnvelopes.segments(n) * dims)
            query.values.withUnsafeBufferPointer { q in CoarseEnvelopes.means(of: q.baseAddress!, n, dims: dims, into: means) }
            for c in sameLength {
                let bound = coarse.bound(means, n, dims: dims, template: c)
                order.append((bound, bound, c))
                if seeds.count < k || bound < order[seeds[seeds.count - 1]].lb {
                    if seeds.count == k { seeds.removeLast() }
                    var at = seeds.count
                    while at > 0, order[seeds[at - 1]].lb > bound { at -= 1 }
                    seeds.insert(order.count - 1, at: at)
                }
            }
            // Positions → template indices; the seeds' Euclidean distances bound the k-th best.
            for s in seeds.indices { seeds[s] = order[seeds[s]].index }
            euclideanBound = seeds.map(euclidean).max()!
        } else {
            for c in sameLength { order.append((0, 0, c)) }
        }

        let cb = workspace.cumulative.reserve(n + 1)
        let queryUpper = workspace.upper.reserve(n * dims)
        let queryLower = workspace.lower.reserve(n * dims)
        if !sameLength.isEmpty {
            let scratch = workspace.envelopeScratch.reserve(DTW.envelopeScratch(n, window: w))
            query.values.withUnsafeBufferPointer { q in
                for d in 0..<dims {
                    DTW.envelope(q.baseAddress! + d, n, stride: dims, window: w, upper: queryUpper + d, lower: queryLower + d,
                                 scratch: scratch)
                }
            }
        }
        let useCumulative = dims == 1 || dtw.multivariate == .dependent
        // The anti-diagonal kernel reads the query one plane per dimension (the values themselves when univariate),
        // padded.
        var planarQuery = query.values + [Double](repeating: 0, count: DTWKernel.antiDiagonalPadding)
        if dims > 1, useCumulative, !sameLength.isEmpty {
            for t in 0..<n {
                for d in 0..<dims { planarQuery[d * n + t] = query.values[t * dims + d] }
            }
        }
        // Relative slack so rounding can never prune a candidate whose cost equals the bound.
        let slack = 1 + 1e-12

        func visit(_ c: Int, equalLength: Bool) {
            statistics.candidates += 1
            let t = templates[c]
            let kth = best.count == k ? best[k - 1].cost : Double.infinity
            let bound = min(kth, euclideanBound) * slack
            let kim = query.values.withUnsafeBufferPointer { q in
                t.values.withUnsafeBufferPointer { tv in DTW.kim(q.baseAddress!, n, tv.baseAddress!, t.length, dims: dims) }
            }
            if kim > bound { statistics.prunedByKim += 1; return }
            var cumulative: UnsafePointer<Double>?
            if equalLength {
                // LB_Keogh of the query against the template's envelope; univariate or dependent, its per-step
                // shares, turned into the running bounds of the rows left below.
                let envelope = envelopes[c]
                let total = query.values.withUnsafeBufferPointer { q in
                    envelope.upper.withUnsafeBufferPointer { u in
                        envelope.lower.withUnsafeBufferPointer { l in
                            DTW.keogh(q.baseAddress!, n * dims, upper: u.baseAddress!, lower: l.baseAddress!, dims: dims,
                                      bound: bound, contributions: useCumulative ? cb : nil)
                        }
                    }
                }
                if total > bound { statistics.prunedByKeogh += 1; return }
                let reverse = t.values.withUnsafeBufferPointer { tv in
                    DTW.keogh(tv.baseAddress!, n * dims, upper: queryUpper, lower: queryLower, dims: dims, bound: bound, contributions: nil)
                }
                if reverse > bound { statistics.prunedByReverseKeogh += 1; return }
                if useCumulative {
                    let v = Self.enhancedBands
                    if dims == 1, n >= 2 * v {
                        // LB_Enhanced: the bands at both ends, LB_Keogh's shares of the rows between (tested before
                        // the running sums, a chain of n additions that a dismissed candidate does not need).
                        let ends = query.values.withUnsafeBufferPointer { q in
                            t.values.withUnsafeBufferPointer { tv in
                                DTW.enhancedBands(q.baseAddress!, tv.baseAddress!, n, window: w, bands: v)
                            }
                        }
                        var outer = 0.0
                        for i in 0..<v { outer += cb[i] + cb[n - 1 - i] }
                        if ends + (total - outer) > bound {
                            statistics.prunedByEnhanced += 1
                            return
                        }
                    }
                    // cb[i] = Σ_{t ≥ i} share[t], in place from the end.
                    var running = 0.0
                    cb[n] = 0
                    var i = n - 1
                    while i >= 0 {
                        running += cb[i]
                        cb[i] = running
                        i -= 1
                    }
                    cumulative = UnsafePointer(cb)
                }
            }
            let cost: Double
            if let cumulative {
                let scratch = workspace.kernelRows.reserve(DTWKernel.antiDiagonalScratch(n))
                cost = planarQuery.withUnsafeBufferPointer { q in
                    reversed[c].withUnsafeBufferPointer { r in
                        DTWKernel.antiDiagonalCost(q.baseAddress!, n, reversedB: r.baseAddress!, n, dims: dims, window: w,
                                                   bound: bound, cb: cumulative, abandonsEarly: false, scratch: scratch,
                                                   cells: &statistics.cells)
                    }
                }
            } else {
                cost = dtw.unsafeCost(query, t, window: dtw.window(n, t.length), bound: bound, cumulativeBound: cumulative,
                                      workspace: &workspace, cells: &statistics.cells)
            }
            if cost > bound { statistics.abandoned += 1; return }
            statistics.completed += 1
            offer(cost, c)
        }

        if byBound {
            for c in seeds { visit(c, equalLength: true) }
            // `order` holds coarse bounds: keep the candidates that pass both bounds, with their LB_Keogh.
            var kept = 0
            let kth = best.count == k ? best[k - 1].cost : Double.infinity
            let bound = min(kth, euclideanBound) * slack
            for position in order.indices {
                let entry = order[position]
                if entry.lb > bound || seeds.contains(entry.index) { continue }
                let lb = keogh(entry.index, bound: bound)
                if lb > bound { continue }
                order[kept] = (lb, lb, entry.index)
                kept += 1
            }
            let dismissed = order.count - seeds.count - kept
            statistics.candidates += dismissed
            statistics.prunedByKeogh += dismissed
            order.removeLast(order.count - kept)
            order.sort { $0.key < $1.key || ($0.key == $1.key && $0.index < $1.index) }
        }
        for (position, entry) in order.enumerated() {
            let kth = best.count == k ? best[k - 1].cost : Double.infinity
            if entry.lb > min(kth, euclideanBound) * slack {
                // In LB order every later candidate's bound is at least this one's (in Euclidean order all are 0).
                statistics.candidates += order.count - position
                statistics.prunedByKeogh += order.count - position
                break
            }
            visit(entry.index, equalLength: true)
        }
        for c in otherLength { visit(c, equalLength: false) }
        return best.map { DTWNeighbor(index: $0.index, distance: $0.cost.squareRoot()) }
    }
}
