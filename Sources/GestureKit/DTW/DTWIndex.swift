import Foundation

/// One result of a nearest-neighbour search.
package struct DTWNeighbor: Hashable, Sendable, Codable {
    /// The template's position in ``DTWIndex/templates``.
    package var index: Int
    /// The DTW distance (square root of the accumulated cost).
    package var distance: Double

    /// Creates a result.
    package init(index: Int, distance: Double) {
        self.index = index
        self.distance = distance
    }
}

/// What each stage of the lower-bound cascade did, as the UCR Suite reports it.
public struct DTWSearchStatistics: Hashable, Sendable, Codable {
    /// Candidate templates considered (queries × templates, less any excluded).
    package var candidates = 0
    /// Discarded by LB_Kim (first and last points).
    package var prunedByKim = 0
    /// Discarded by LB_Keogh of the query against the template's envelope (or, with a narrow window, by its
    /// coarse form on segment means first).
    package var prunedByKeogh = 0
    /// Discarded by LB_Keogh of the template against the query's envelope.
    package var prunedByReverseKeogh = 0
    /// Discarded by LB_Enhanced (bands at both ends, LB_Keogh between; univariate, equal lengths).
    package var prunedByEnhanced = 0
    /// DTW started but abandoned once it exceeded the best so far.
    package var abandoned = 0
    /// DTW computed to the end.
    package var completed = 0
    /// DTW cells computed.
    package var cells = 0

    /// No work yet.
    package init() {}

    private enum CodingKeys: String, CodingKey {
        case candidates, prunedByKim, prunedByKeogh, prunedByReverseKeogh, prunedByEnhanced, abandoned, completed, cells
    }

    /// Decodes counts; `prunedByEnhanced`, added later, defaults to 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        candidates = try c.decode(Int.self, forKey: .candidates)
        prunedByKim = try c.decode(Int.self, forKey: .prunedByKim)
        prunedByKeogh = try c.decode(Int.self, forKey: .prunedByKeogh)
        prunedByReverseKeogh = try c.decode(Int.self, forKey: .prunedByReverseKeogh)
        prunedByEnhanced = try c.decodeIfPresent(Int.self, forKey: .prunedByEnhanced) ?? 0
        abandoned = try c.decode(Int.self, forKey: .abandoned)
        completed = try c.decode(Int.self, forKey: .completed)
        cells = try c.decode(Int.self, forKey: .cells)
    }

    /// Adds another set of counts.
    package mutating func add(_ other: DTWSearchStatistics) {
        candidates += other.candidates
        prunedByKim += other.prunedByKim
        prunedByKeogh += other.prunedByKeogh
        prunedByReverseKeogh += other.prunedByReverseKeogh
        prunedByEnhanced += other.prunedByEnhanced
        abandoned += other.abandoned
        completed += other.completed
        cells += other.cells
    }

    /// A count as a fraction of ``candidates`` (0 when there were none).
    package func fraction(_ count: Int) -> Double {
        candidates > 0 ? Double(count) / Double(candidates) : 0
    }
}

/// Shares a value with concurrent workers that write disjoint parts of it.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}

/// A set of templates prepared for nearest-neighbour search under one ``DTW`` definition: template
/// envelopes are computed once, and each query runs the cascade LB_Kim → LB_Keogh (query against template
/// envelope) → LB_Keogh (template against query envelope) → LB_Enhanced (univariate, equal lengths) →
/// early-abandoning, pruned DTW against the k-th best so far. Pruned searches return exactly what a brute-force search returns, ties broken by
/// the lower template index.
///
/// With a narrow window (4w < n) the k candidates of the query's length with the smallest coarse LB_Keogh (on
/// segment means) are visited first; the others are dismissed by that coarse bound or by LB_Keogh abandoned
/// at the k-th best, and the few left are visited in increasing LB_Keogh, so the search ends at the first
/// bound above the k-th best. With a wide window they are visited in increasing Euclidean distance, whose k-th
/// smallest (an upper bound of DTW for equal lengths) bounds the k-th best before any DTW is run. Univariate
/// candidates of the query's length go through an anti-diagonal SIMD kernel that prunes cells by their cost
/// plus the LB_Keogh of the rows left. LB_Keogh needs equal lengths; templates of another length go through
/// LB_Kim and DTW only.
package struct DTWIndex: Sendable {
    /// The distance definition.
    package let dtw: DTW
    /// The templates, in the order results refer to.
    package let templates: [DTWSeries]
    /// The number of dimensions every template and query has.
    package let dimensions: Int
    private let envelopes: [DTW.Envelope]
    /// The templates one plane per dimension, each last value first, read forwards by the anti-diagonal kernel
    /// (univariate and dependent multivariate DTW; empty otherwise).
    private let reversed: [[Double]]
    /// Segment-wise envelopes of the templates for the first, coarse lower bound.
    private let coarse: CoarseEnvelopes

    /// Prepares `templates` (at least one, all with the same number of dimensions). O(total length).
    package init(templates: [DTWSeries], dtw: DTW) throws(DTWError) {
        guard let first = templates.first else { throw .empty(what: "template set") }
        for (i, t) in templates.enumerated() where t.dimensions != first.dimensions {
            throw .dimensionMismatch(what: "dimensions of template \(i)", expected: first.dimensions, got: t.dimensions)
        }
        self.dtw = dtw
        self.templates = templates
        self.dimensions = first.dimensions
        envelopes = templates.map { DTW.Envelope(of: $0, window: dtw.window($0.length, $0.length)) }
        reversed = first.dimensions == 1 || dtw.multivariate == .dependent ? templates.map(Self.reversedPlanes) : []
        coarse = CoarseEnvelopes(envelopes)
    }

    /// `series` one plane per dimension, each last value first: `planes[d · n + n − 1 − t] = series[t, d]`, and
    /// the padding the anti-diagonal kernel reads after the last plane. O(n·d).
    static func reversedPlanes(_ series: DTWSeries) -> [Double] {
        let n = series.length, dims = series.dimensions
        var planes = [Double](repeating: 0, count: n * dims + DTWKernel.antiDiagonalPadding)
        for t in 0..<n {
            for d in 0..<dims { planes[d * n + n - 1 - t] = series.values[t * dims + d] }
        }
        return planes
    }

    /// Steps at each end that LB_Enhanced bounds by bands (UWaveGestureLibraryX, full window, one core: 5 bands
    /// 0.38 s, 10 bands 0.35 s, 20 bands 0.35 s; tempo uses 5).
    static let enhancedBands = 10

    /// The `k` nearest templates to `query`, closest first (ties: lower index first).
    ///
    /// - Parameters:
    ///   - pruning: `false` computes every DTW in full (the brute-force reference).
    ///   - excluding: a template index to skip (leave-one-out).
    /// - Complexity: O(N·n·w) in the worst case; typically far less with pruning. No allocation beyond
    ///   the result once `workspace` has grown.
    package func nearest(to query: DTWSeries, k: Int = 1, pruning: Bool = true, excluding: Int? = nil,
                        workspace: inout DTWWorkspace, statistics: inout DTWSearchStatistics) throws(DTWError) -> [DTWNeighbor] {
        try validate(query, k: k)
        return search(query, k: k, pruning: pruning, excluding: excluding, workspace: &workspace, statistics: &statistics)
    }

    /// The `k` nearest templates to each query, queries spread over `threads` threads (all cores by default).
    ///
    /// - Parameters:
    ///   - leaveOneOut: skip template `i` for query `i` (the queries are the templates).
    ///   - threads: at most this many threads; `nil`: one per active core. One thread gives per-core timings.
    package func nearest(to queries: [DTWSeries], k: Int = 1, pruning: Bool = true, leaveOneOut: Bool = false,
                        threads: Int? = nil) throws(DTWError) -> (neighbors: [[DTWNeighbor]], statistics: DTWSearchStatistics) {
        for query in queries { try validate(query, k: k) }
        if leaveOneOut, queries.count != templates.count {
            throw .dimensionMismatch(what: "leave-one-out needs the templates as queries: query count", expected: templates.count, got: queries.count)
        }
        let results = UnsafeMutableBufferPointer<[DTWNeighbor]>.allocate(capacity: queries.count)
        results.initialize(repeating: [])
        let stats = UnsafeMutableBufferPointer<DTWSearchStatistics>.allocate(capacity: queries.count)
        stats.initialize(repeating: DTWSearchStatistics())
        defer {
            results.deallocate()
            stats.deallocate()
        }
        let shared = UncheckedSendable(value: (results, stats))
        let index = self
        ParallelLoop.run(queries.count, threads: threads) { q in
            var workspace = DTWWorkspace()
            var local = DTWSearchStatistics()
            let found = index.search(queries[q], k: k, pruning: pruning, excluding: leaveOneOut ? q : nil,
                                     workspace: &workspace, statistics: &local)
            shared.value.0[q] = found
            shared.value.1[q] = local
        }
        var total = DTWSearchStatistics()
        for s in stats { total.add(s) }
        return (Array(results), total)
    }

    // `package`: the batch distances of GestureEval's training check their queries the same way.
    /// Throws unless `query` has the templates' dimensions and `k` is at least 1. O(1).
    package func validate(_ query: DTWSeries, k: Int) throws(DTWError) {
        guard query.dimensions == dimensions else {
            throw .dimensionMismatch(what: "dimensions of the query", expected: dimensions, got: query.dimensions)
        }
        guard k >= 1 else { throw .invalidSetting(key: "k", "must be at least 1, got \(k)") }
    }

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
