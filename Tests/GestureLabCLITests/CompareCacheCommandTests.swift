import Foundation
import GestureTestSupport
import Testing

/// `compare` keeps each training step between runs (issue 77): a re-run of `default.yaml` reads every step from the
/// cache, a changed copy recomputes only the changed entry's steps, and every report is byte for byte the one a run
/// with `--no-cache` writes.
@Suite struct CompareCacheCommandTests {
    private static func compare(_ experiment: String, out: URL, _ options: [String]) throws -> GestureLabBinary.Result {
        let run = try GestureLabBinary.run(["compare", experiment, "--out", out.path] + options)
        #expect(run.status == 0, "\(run.stderr)")
        return run
    }

    private static func results(_ folder: URL) throws -> Data { try Data(contentsOf: folder.appendingPathComponent("results.json")) }

    /// Training steps read from the cache and all of them, as the run's last cache line says.
    private static func reused(_ stderr: String) -> (Int, Int)? {
        guard let line = stderr.split(separator: "\n").last(where: { $0.hasPrefix("cache: ") }) else { return nil }
        let words = line.split(separator: " ")
        guard words.count > 3, let hits = Int(words[1]), let all = Int(words[3]) else { return nil }
        return (hits, all)
    }

    @Test func aRerunAndAChangedCopyGiveTheReportsOfRunsWithoutTheCache() throws {
        let root = TemporaryFolder.root.appendingPathComponent("compare-cache-\(UUID().uuidString)")
        let cache = root.appendingPathComponent("cache").path
        let shipped = "configs/experiments/default.yaml"

        let first = try Self.compare(shipped, out: root.appendingPathComponent("first"), ["--cache", cache])
        let (firstHits, steps) = try #require(Self.reused(first.stderr), "\(first.stderr)")
        #expect(firstHits == 0 && steps > 10)
        let again = try Self.compare(shipped, out: root.appendingPathComponent("again"), ["--cache", cache])
        #expect(Self.reused(again.stderr).map { [$0.0, $0.1] } == [steps, steps], "an unchanged re-run trains nothing")
        // The first run computed every step (the cache only stored them): what --no-cache computes.
        let uncached = try Self.results(root.appendingPathComponent("first"))
        #expect(try Self.results(root.appendingPathComponent("again")) == uncached)

        // One entry's search changed: its steps (one per fold) are computed, every other step is read.
        let text = try String(contentsOf: SharedData.packageRoot.appendingPathComponent(shipped), encoding: .utf8)
        let changedText = text.replacingOccurrences(of: "      rejectionK: [0, 0.5, 1, 2, 3]\n", with: "      rejectionK: [0, 1, 3]\n")
        try #require(changedText != text)
        let changed = root.appendingPathComponent("changed.yaml")
        try changedText.write(to: changed, atomically: true, encoding: .utf8)
        let rerun = try Self.compare(changed.path, out: root.appendingPathComponent("changed-cached"), ["--cache", cache])
        let (hits, all) = try #require(Self.reused(rerun.stderr), "\(rerun.stderr)")
        #expect(all == steps && hits > 0 && hits < steps, "only the changed entry's steps are computed: \(hits) of \(all)")
        _ = try Self.compare(changed.path, out: root.appendingPathComponent("changed-uncached"), ["--no-cache", "--quiet"])
        #expect(try Self.results(root.appendingPathComponent("changed-cached")) == Self.results(root.appendingPathComponent("changed-uncached")))
        #expect(try Self.results(root.appendingPathComponent("changed-cached")) != uncached)

        let show = try GestureLabBinary.run(["cache", "show", "--cache", cache])
        #expect(show.status == 0 && show.stdout.contains("\(steps + (steps - hits)) training steps"), "\(show.stdout)")
        let prune = try GestureLabBinary.run(["cache", "prune", "--cache", cache])
        #expect(prune.status == 0 && prune.stdout.contains("0 left"), "\(prune.stdout)")
    }
}
