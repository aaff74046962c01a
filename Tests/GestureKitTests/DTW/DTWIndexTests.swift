import GestureKit
import Testing

@Suite struct DTWIndexTests {
    func randomSet(_ random: inout TestRandom, count: Int, length: ClosedRange<Int>, dims: Int) throws -> [DTWSeries] {
        try (0..<count).map { _ in
            let n = Int(random.uniform(Double(length.lowerBound), Double(length.upperBound) + 0.999))
            return try DTWSeries(interleaved: random.walk(n, dims: dims), dimensions: dims)
        }
    }

    @Test(arguments: [0.0, 0.05, 0.2, 1.0])
    func prunedSearchEqualsBruteForce(band: Double) throws {
        var random = TestRandom(UInt64(band * 1000) + 1)
        for (dims, lengths, mode) in [(1, 40...40, DTW.Multivariate.dependent), (1, 20...45, .dependent),
                                      (3, 30...30, .dependent), (2, 25...30, .independent)] {
            let templates = try randomSet(&random, count: 40, length: lengths, dims: dims)
            let queries = try randomSet(&random, count: 25, length: lengths, dims: dims)
            let index = try DTWIndex(templates: templates, dtw: try DTW(band: band, multivariate: mode))
            for k in [1, 3] {
                let pruned = try index.nearest(to: queries, k: k, pruning: true)
                let brute = try index.nearest(to: queries, k: k, pruning: false)
                #expect(pruned.neighbors.map { $0.map(\.index) } == brute.neighbors.map { $0.map(\.index) })
                for (p, b) in zip(pruned.neighbors, brute.neighbors) {
                    for (x, y) in zip(p, b) { #expect(abs(x.distance - y.distance) <= 1e-9 * max(1, y.distance)) }
                }
                #expect(brute.statistics.completed == templates.count * queries.count)
                let s = pruned.statistics
                #expect(s.candidates == templates.count * queries.count)
                #expect(s.prunedByKim + s.prunedByKeogh + s.prunedByReverseKeogh + s.prunedByEnhanced + s.abandoned + s.completed == s.candidates)
                #expect(s.cells <= brute.statistics.cells)
            }
        }
    }

    @Test func bruteForceNearestIsTheReferenceMinimum() throws {
        var random = TestRandom(99)
        let templates = try randomSet(&random, count: 15, length: 10...20, dims: 1)
        let query = try DTWSeries(random.walk(15))
        let dtw = try DTW(band: 0.1)
        var workspace = DTWWorkspace(), stats = DTWSearchStatistics()
        let found = try DTWIndex(templates: templates, dtw: dtw).nearest(to: query, k: 1, workspace: &workspace, statistics: &stats)[0]
        let costs = templates.map { DTWReference.cost(DTWReference.rows(query), DTWReference.rows($0), window: dtw.window(15, $0.length)) }
        let best = costs.indices.min { costs[$0] < costs[$1] }!
        #expect(found.index == best)
        #expect(abs(found.distance - costs[best].squareRoot()) < 1e-9)
    }

    @Test func leaveOneOutSkipsTheQueryItself() throws {
        var random = TestRandom(4)
        let set = try randomSet(&random, count: 12, length: 20...20, dims: 1)
        let index = try DTWIndex(templates: set, dtw: try DTW(band: 0.1))
        let loo = try index.nearest(to: set, k: 1, leaveOneOut: true).neighbors
        for (i, n) in loo.enumerated() { #expect(n[0].index != i) }
        let plain = try index.nearest(to: set, k: 1).neighbors
        for (i, n) in plain.enumerated() { #expect(n[0].index == i && n[0].distance == 0) }
    }

    @Test func mismatchedQueriesAreErrors() throws {
        let index = try DTWIndex(templates: [try DTWSeries([1, 2, 3])], dtw: .full)
        #expect(throws: DTWError.self) { try index.nearest(to: [try DTWSeries(interleaved: [1, 2], dimensions: 2)]) }
        #expect(throws: DTWError.self) { try index.nearest(to: [try DTWSeries([1])], k: 0) }
        #expect(throws: DTWError.self) { try DTWIndex(templates: [], dtw: .full) }
    }
}
