import Foundation
import GestureKit
import Testing

@Suite struct SPRINGSpotterTests {
    @Test func everyEndMatchesTheBruteForceSubsequenceOracle() throws {
        var random = TestRandom(21)
        for dims in [1, 3] {
            let stream = random.walk(70, dims: dims)
            let template = try DTWSeries(interleaved: random.walk(9, dims: dims), dimensions: dims)
            // No segment is long enough to be reported, so no disjointness reset alters the matrix.
            var spotter = try SPRINGSpotter(template: template, threshold: .infinity, minimumLength: Int.max / 2)
            let rows = stride(from: 0, to: stream.count, by: dims).map { Array(stream[$0..<($0 + dims)]) }
            for (t, row) in rows.enumerated() {
                _ = row.withUnsafeBufferPointer { spotter.update($0) }
                let oracle = DTWReference.bestSubsequence(rows, DTWReference.rows(template), end: t)
                #expect(abs(spotter.lastFullMatch.cost - oracle.cost) <= 1e-9 * max(1, oracle.cost), "t = \(t)")
            }
        }
    }

    @Test func reportsEachPlantedOccurrenceOnceWithTheOptimalSegment() throws {
        var random = TestRandom(5)
        let template: [Double] = (0..<20).map { (i: Int) -> Double in 2 * sin(Double(i) / 19 * 2 * Double.pi) }
        var stream: [Double] = []
        var planted: [ClosedRange<Int>] = []
        for stretch in [1.0, 1.3, 0.8] {
            for _ in 0..<30 { stream.append(random.uniform(-0.1, 0.1)) }
            let n = Int(20 * stretch)
            let start = stream.count
            for i in 0..<n {
                let phase = Double(i) / Double(n - 1) * 2 * Double.pi
                stream.append(2 * sin(phase) + random.uniform(-0.05, 0.05))
            }
            planted.append(start...(stream.count - 1))
        }
        for _ in 0..<30 { stream.append(random.uniform(-0.1, 0.1)) }
        var spotter = try SPRINGSpotter(template: try DTWSeries(template), threshold: 3, minimumLength: 10, maximumLength: 40)
        var matches: [SubsequenceMatch] = []
        for x in stream {
            if let m = [x].withUnsafeBufferPointer({ spotter.update($0) }) { matches.append(m) }
        }
        if let m = spotter.flush() { matches.append(m) }
        #expect(matches.count == planted.count)
        let rows = stream.map { [$0] }, templateRows = template.map { [$0] }
        for (match, region) in zip(matches, planted) {
            #expect(match.start <= region.upperBound && region.lowerBound <= match.end)
            // The reported cost is the DTW of the reported segment…
            let own = DTWReference.cost(Array(rows[match.start...match.end]), templateRows)
            #expect(abs(own - match.cost) < 1e-9)
            // …and no segment around the planted region does better.
            let lo = region.lowerBound - 10, hi = region.upperBound + 10
            let best = (lo...hi).map { DTWReference.bestSubsequence(rows, templateRows, end: $0, within: lo...$0).cost }.min()!
            #expect(abs(best - match.cost) < 1e-9)
        }
    }

    @Test func backgroundAloneReportsNothing() throws {
        var random = TestRandom(9)
        var spotter = try SPRINGSpotter(template: try DTWSeries((0..<20).map { (i: Int) -> Double in 2 * sin(Double(i) / 3) }), threshold: 3)
        for _ in 0..<2000 {
            let x = random.uniform(-0.1, 0.1)
            #expect([x].withUnsafeBufferPointer { spotter.update($0) } == nil)
        }
        #expect(spotter.flush() == nil)
    }

    @Test func invalidSettingsAreErrors() throws {
        let t = try DTWSeries([1, 2, 3])
        #expect(throws: DTWError.self) { try SPRINGSpotter(template: t, threshold: -1) }
        #expect(throws: DTWError.self) { try SPRINGSpotter(template: t, threshold: .nan) }
        #expect(throws: DTWError.self) { try SPRINGSpotter(template: t, threshold: 1, minimumLength: 5, maximumLength: 2) }
    }
}
