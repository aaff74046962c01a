import GestureEval
import GestureKit
import Testing

@Suite struct DTWIndexBatchTests {
    /// `count` random walks of `dims` dimensions with lengths in `length`, seeded.
    static func walks(_ seed: UInt64, count: Int, length: ClosedRange<Int>, dims: Int) throws -> [DTWSeries] {
        var random = SplitMix64(seed: seed)
        return try (0..<count).map { _ in
            let n = length.lowerBound + random.index(length.count)
            var x = [Double](repeating: 0, count: dims)
            var values: [Double] = []
            for _ in 0..<n {
                for d in 0..<dims {
                    x[d] += random.uniform(-1...1)
                    values.append(x[d])
                }
            }
            return try DTWSeries(interleaved: values, dimensions: dims)
        }
    }

    @Test(arguments: [DTW.Multivariate.dependent, .independent])
    func pairwiseMatrixIsSymmetricAndEveryPairIsTheDistance(mode: DTW.Multivariate) throws {
        let set = try Self.walks(8, count: 9, length: 10...14, dims: 2)
        let dtw = try DTW(band: 0.2, multivariate: mode)
        let (matrix, cells) = try DTWIndex.pairwiseDistances(set, dtw: dtw)
        #expect(matrix.count == 9 && matrix.allSatisfy { $0.count == 9 })
        // Each pair is computed once: the cells are those of one brute-force DTW per pair.
        var expectedCells = 0
        for i in 0..<9 {
            for j in (i + 1)..<9 {
                expectedCells += try DTWIndex(templates: [set[j]], dtw: dtw).nearest(to: [set[i]], pruning: false).statistics.cells
            }
        }
        #expect(cells == expectedCells)
        for i in 0..<9 {
            #expect(matrix[i][i] == 0)
            for j in (i + 1)..<9 {
                #expect(matrix[i][j] == matrix[j][i])
                #expect(matrix[i][j] == (try dtw.distance(set[i], set[j])), "pair \(i), \(j)")
            }
        }
    }

    @Test func pairwiseMatrixOfNoneOrOneSeries() throws {
        #expect(try DTWIndex.pairwiseDistances([], dtw: .full).matrix.isEmpty)
        let one = try DTWIndex.pairwiseDistances([try DTWSeries([1, 2, 3])], dtw: .full)
        #expect(one.matrix == [[0]] && one.cells == 0)
    }

    @Test func distancesFromQueriesAreEveryQueryTemplateDistance() throws {
        let templates = try Self.walks(3, count: 7, length: 15...20, dims: 3)
        let queries = try Self.walks(4, count: 5, length: 12...22, dims: 3)
        let index = try DTWIndex(templates: templates, dtw: try DTW(band: 0.1))
        let distances = try index.distances(from: queries)
        #expect(distances.count == queries.count)
        for (q, row) in distances.enumerated() {
            #expect(row == (try templates.map { try index.dtw.distance(queries[q], $0) }), "query \(q)")
            // The pruned search finds the same nearest template.
            var workspace = DTWWorkspace(), statistics = DTWSearchStatistics()
            let nearest = try index.nearest(to: queries[q], workspace: &workspace, statistics: &statistics)[0]
            #expect(nearest.index == row.indices.min { row[$0] < row[$1] })
        }
    }

    @Test func seriesOfOtherDimensionsAreErrors() throws {
        let index = try DTWIndex(templates: [try DTWSeries([1, 2, 3])], dtw: .full)
        #expect(throws: DTWError.self) { try index.distances(from: [try DTWSeries(interleaved: [1, 2], dimensions: 2)]) }
        let mixed = [try DTWSeries([1, 2, 3]), try DTWSeries(interleaved: [1, 2, 3, 4], dimensions: 2)]
        #expect(throws: DTWError.self) { try DTWIndex.pairwiseDistances(mixed, dtw: .full) }
    }
}
