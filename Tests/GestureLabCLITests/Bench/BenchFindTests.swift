import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// `gesturelab bench find` on UCR Suite text files: the best match equals brute force, whatever the threads, and
/// the report says what it timed (no timing is asserted: speed is for the bench).
@Suite struct BenchFindTests {
    struct Report: Decodable {
        struct Match: Decodable { var start: Int; var distance: Double }
        struct Statistics: Decodable { var candidates: Int; var completed: Int; var abandoned: Int }
        var samples: Int
        var window: Int
        var threads: Int
        var searchSeconds: Double
        var firstSearchSeconds: Double
        var matches: [Match]
        var statistics: Statistics
    }

    @Test(arguments: [1, 2]) func findsTheBruteForceBestMatch(threads: Int) throws {
        var random = SplitMix64(seed: 42)
        var walk = [0.0]
        for _ in 1..<20_000 { walk.append(walk[walk.count - 1] + random.gaussian()) }
        let m = 64
        let query = (0..<m).map { walk[12_345 + $0] * 2 + 1 + 0.3 * random.gaussian() }
        let folder = TemporaryFolder.root.appendingPathComponent("bench-find-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let data = folder.appendingPathComponent("walk.txt"), queryFile = folder.appendingPathComponent("query.txt")
        try walk.map { String($0) }.joined(separator: "\n").write(to: data, atomically: true, encoding: .utf8)
        try query.map { String($0) }.joined(separator: " ").write(to: queryFile, atomically: true, encoding: .utf8)

        let result = try GestureLabBinary.run(["bench", "find", "--data", data.path, "--query", queryFile.path, "--length", "\(m)",
                                               "--band", "0.2", "--threads", "\(threads)", "--repetitions", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))

        let reference = try DTWSubsequenceSearch(query: DTWSeries(interleaved: query, dimensions: 1), band: 0.2, samplingRate: 100)
            .matches(in: DTWSeries(interleaved: walk, dimensions: 1), pruning: false, threads: 1).matches[0]
        #expect(report.samples == walk.count)
        #expect(report.window == 13)
        #expect(report.threads == threads)
        #expect(report.statistics.candidates == walk.count - m + 1)
        #expect(report.matches.count == 1)
        #expect(report.matches.first?.start == reference.start)
        #expect(abs((report.matches.first?.distance ?? .nan) - reference.distance) <= 1e-9 * reference.distance)
        // The fastest of two repetitions is at most the first.
        #expect(report.searchSeconds <= report.firstSearchSeconds)
    }
}
