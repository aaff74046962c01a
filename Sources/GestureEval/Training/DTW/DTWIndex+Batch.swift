import GestureKit
import GestureData

/// Batch DTW for training and benchmarks: every distance computed in full (no lower bounds, no early
/// abandoning), spread over all cores. An app that classifies needs only ``DTWIndex``'s nearest-neighbour
/// search, which stays in GestureKit.
extension DTWIndex {
    /// Every query-to-template DTW distance, `[query][template]`, computed in full (no pruning) over all cores.
    ///
    /// - Throws: ``DTWError/dimensionMismatch(what:expected:got:)`` for a query whose dimensions differ from the
    ///   templates'.
    /// - Complexity: O(Q·N·n·w) time for Q queries, N templates, length n and window w; O(Q·N) memory for the result.
    package func distances(from queries: [DTWSeries]) throws(DTWError) -> [[Double]] {
        for query in queries { try validate(query, k: 1) }
        let index = self
        return parallelMap(queries.count) { q in
            var workspace = DTWWorkspace()
            var cells = 0
            return index.templates.map { index.dtw.fullDistance(queries[q], $0, workspace: &workspace, cells: &cells) }
        }
    }

    /// The symmetric matrix of DTW distances between all pairs of `series` (each pair computed once, no
    /// pruning), over all cores, and the number of DTW cells computed. Training uses it to choose medoid
    /// templates; `gesturelab bench dtw` times it.
    ///
    /// - Throws: ``DTWError/dimensionMismatch(what:expected:got:)`` when the series differ in dimensions.
    /// - Complexity: O(N²·n·w / 2) time for N series of length n and window w, O(N²) memory for the result.
    package static func pairwiseDistances(_ series: [DTWSeries], dtw: DTW) throws(DTWError) -> (matrix: [[Double]], cells: Int) {
        guard let first = series.first else { return ([], 0) }
        for (i, s) in series.enumerated() where s.dimensions != first.dimensions {
            throw .dimensionMismatch(what: "dimensions of series \(i)", expected: first.dimensions, got: s.dimensions)
        }
        let n = series.count
        // Row i holds the distances from series i to the series after it.
        let rows = parallelMap(n) { i in
            var workspace = DTWWorkspace()
            var cells = 0
            let distances = series[(i + 1)...].map { dtw.fullDistance(series[i], $0, workspace: &workspace, cells: &cells) }
            return (distances: distances, cells: cells)
        }
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for (i, row) in rows.enumerated() {
            for (offset, d) in row.distances.enumerated() {
                matrix[i][i + 1 + offset] = d
                matrix[i + 1 + offset][i] = d
            }
        }
        return (matrix, rows.reduce(0) { $0 + $1.cells })
    }
}

extension DTW {
    /// The DTW distance between `a` and `b`, which have the same dimensions, in full (no bound), adding the
    /// cells computed to `cells`. O(n·w) time, O(w) memory in `workspace`.
    fileprivate func fullDistance(_ a: DTWSeries, _ b: DTWSeries, workspace: inout DTWWorkspace, cells: inout Int) -> Double {
        unsafeCost(a, b, window: window(a.length, b.length), bound: .infinity, cumulativeBound: nil,
                   workspace: &workspace, cells: &cells).squareRoot()
    }
}
