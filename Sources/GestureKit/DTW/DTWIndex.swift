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
    let envelopes: [DTW.Envelope]
    /// The templates one plane per dimension, each last value first, read forwards by the anti-diagonal kernel
    /// (univariate and dependent multivariate DTW; empty otherwise).
    let reversed: [[Double]]
    /// Segment-wise envelopes of the templates for the first, coarse lower bound.
    let coarse: CoarseEnvelopes

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
}
