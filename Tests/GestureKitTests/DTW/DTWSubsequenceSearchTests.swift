import GestureKit
import Testing

@Suite struct DTWSubsequenceSearchTests {
    /// Every candidate's distance, computed independently: two-pass moments, the row kernel of `DTW.cost`.
    func bruteForce(_ query: DTWSeries, _ series: DTWSeries, band: Double, floor: Double?) throws -> [Double] {
        let m = query.length, dims = query.dimensions
        func normalised(_ values: [Double]) -> [Double] {
            guard let floor else { return values }
            var out = values
            for d in 0..<dims {
                let column = stride(from: d, to: values.count, by: dims).map { values[$0] }
                let mean = column.reduce(0, +) / Double(column.count)
                let sd = max((column.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(column.count)).squareRoot(), floor)
                for t in 0..<column.count { out[t * dims + d] = (values[t * dims + d] - mean) / sd }
            }
            return out
        }
        let dtw = try DTW(band: band)
        let q = try DTWSeries(interleaved: normalised(query.values), dimensions: dims)
        var workspace = DTWWorkspace()
        return try (0...(series.length - m)).map { s in
            let c = try DTWSeries(interleaved: normalised(Array(series.values[(s * dims)..<((s + m) * dims)])), dimensions: dims)
            return try dtw.cost(q, c, bound: .infinity, workspace: &workspace).squareRoot()
        }
    }

    /// The definition: increasing distance (ties: earlier start), each at least `exclusion` samples from those kept.
    func select(_ distances: [Double], limit: Int?, maxDistance: Double?, exclusion: Int) -> [Int] {
        let sorted = distances.indices.sorted { distances[$0] < distances[$1] || (distances[$0] == distances[$1] && $0 < $1) }
        var kept: [Int] = []
        for s in sorted {
            if let limit, kept.count == limit { break }
            if let maxDistance, distances[s] > maxDistance { break }
            if kept.allSatisfy({ abs($0 - s) >= max(exclusion, 1) }) { kept.append(s) }
        }
        return kept
    }

    func check(_ found: [DTWMatch], _ expected: [Int], _ distances: [Double], _ context: String) {
        #expect(found.map(\.start) == expected, "\(context)")
        for match in found where expected.contains(match.start) {
            let reference = distances[match.start]
            #expect(abs(match.distance - reference) <= 1e-8 * max(1, reference), "\(context) at \(match.start)")
        }
    }

    @Test(arguments: [0.0, 0.1, 0.3, 1.0])
    func everyResultKindEqualsBruteForce(band: Double) throws {
        var random = TestRandom(UInt64(band * 100) + 7)
        let rate = 50.0
        for dims in [1, 3] {
            for floor in [nil, 1e-3] as [Double?] {
                for trial in 0..<3 {
                    let m = Int(random.uniform(12, 40))
                    let length = trial == 0 ? 9_000 : Int(random.uniform(300, 2_500))
                    let series = try DTWSeries(interleaved: random.walk(length, dims: dims), dimensions: dims)
                    // Half the queries are a stretch of the series with noise (close matches exist), half unrelated.
                    var values = random.walk(m, dims: dims)
                    if trial % 2 == 0 {
                        let at = Int(random.uniform(0, Double(length - m)))
                        values = (0..<(m * dims)).map { series.values[at * dims + $0] + random.uniform(-0.3, 0.3) }
                    }
                    let query = try DTWSeries(interleaved: values, dimensions: dims)
                    let normalization: DTWSubsequenceSearch.Normalization = floor.map { .zNormalized(floor: $0) } ?? .raw
                    let search = try DTWSubsequenceSearch(query: query, band: band, normalization: normalization, samplingRate: rate)
                    let distances = try bruteForce(query, series, band: band, floor: floor)
                    let exclusion = m / 2
                    // Midway between two distances, so rounding cannot decide which side of it a candidate falls.
                    let ascending = distances.sorted()
                    let threshold = (ascending[40] + ascending[41]) / 2
                    let goals: [(limit: Int?, maxDistance: Double?, exclusion: Int)] = [
                        (1, nil, 0), (5, nil, exclusion), (3, nil, 0), (nil, threshold, 0), (nil, threshold, exclusion),
                        (4, threshold, exclusion),
                    ]
                    for goal in goals {
                        let expected = select(distances, limit: goal.limit, maxDistance: goal.maxDistance, exclusion: goal.exclusion)
                        let context = "dims \(dims) floor \(String(describing: floor)) m \(m) n \(length) goal \(goal)"
                        for threads in [1, 2] {
                            for pruning in [true, false] where pruning || threads == 1 {
                                let (found, statistics) = try search.matches(
                                    in: series, limit: goal.limit, maxDistance: goal.maxDistance,
                                    exclusionZone: Double(goal.exclusion) / rate, pruning: pruning, threads: threads)
                                check(found, expected, distances, "\(context) threads \(threads) pruning \(pruning)")
                                let s = statistics
                                #expect(s.candidates == distances.count)
                                #expect(s.prunedByKim + s.prunedByEnhanced + s.prunedByKeogh + s.prunedByReverseKeogh + s.abandoned + s.completed == s.candidates)
                                if !pruning { #expect(s.completed == s.candidates) }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func findsAPlantedShapeAtItsPlaceInAnyScale() throws {
        // The query planted twice, scaled and shifted: z-normalised search finds both exactly (distance ≈ 0).
        var random = TestRandom(11)
        let shape = random.walk(64)
        var series = random.walk(20_000).map { $0 * 0.2 }
        for (at, gain, offset) in [(3_000, 3.0, 10.0), (15_500, 0.5, -4.0)] {
            for t in 0..<64 { series[at + t] = shape[t] * gain + offset }
        }
        let search = try DTWSubsequenceSearch(query: try DTWSeries(shape), band: 0.1, samplingRate: 100)
        let (found, statistics) = try search.matches(in: try DTWSeries(series), limit: 2, exclusionZone: 0.64)
        #expect(Set(found.map(\.start)) == [3_000, 15_500])
        for match in found { #expect(match.distance < 1e-6) }
        #expect(statistics.completed < statistics.candidates / 10)  // the cascade prunes most candidates
        let raw = try DTWSubsequenceSearch(query: try DTWSeries(shape), band: 0.1, normalization: .raw, samplingRate: 100)
        #expect(try raw.matches(in: try DTWSeries(series)).matches.first?.start != 3_000)
    }

    @Test func badSettingsAreErrors() throws {
        let query = try DTWSeries([1, 2, 3, 2])
        #expect(throws: DTWError.self) { try DTWSubsequenceSearch(query: try DTWSeries([1]), band: 0.1, samplingRate: 10) }
        #expect(throws: DTWError.self) { try DTWSubsequenceSearch(query: query, band: -1, samplingRate: 10) }
        #expect(throws: DTWError.self) { try DTWSubsequenceSearch(query: query, band: 0.1, samplingRate: 0) }
        let search = try DTWSubsequenceSearch(query: query, band: 0.1, samplingRate: 10)
        let series = try DTWSeries([1, 2, 3, 4, 5, 6])
        #expect(throws: DTWError.self) { try search.matches(in: series, limit: 0) }
        #expect(throws: DTWError.self) { try search.matches(in: series, limit: nil) }
        #expect(throws: DTWError.self) { try search.matches(in: series, exclusionZone: -1) }
        #expect(throws: DTWError.self) { try search.matches(in: try DTWSeries(interleaved: [1, 2, 3, 4], dimensions: 2)) }
        // A series shorter than the query has no candidate.
        #expect(try search.matches(in: try DTWSeries([1, 2])).matches.isEmpty)
    }
}
