import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// A re-run pays only for what changed (issue 77): steps whose every input is the same come from the cache, the
/// others are computed, and the result is the one a run without a cache gives.
@Suite struct UnitCacheTests {
    private static let pushes = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                                        recordings: (0..<4).flatMap { s in (0..<2).map { pushRecording(subject: s, take: $0) } })

    private static func experiment(_ entries: [Experiment.Entry]) -> Experiment {
        Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 3, bootstrapReplicates: 200, entries: entries)
    }

    private static let entries = [pushEntry("tuned", threshold: 1, search: [0.3, 0.5, 0.7, 0.95, 1.1]), pushEntry("low", threshold: 0.5)]

    private static func cache(build: String = "test build") -> UnitCache {
        UnitCache(folder: TemporaryFolder.root.appendingPathComponent("unit-cache-\(UUID().uuidString)"), build: build)
    }

    private static func run(_ experiment: Experiment, dataset: Dataset = pushes, cache: UnitCache?) throws -> ExperimentResult {
        try ExperimentRunner(experiment: experiment, datasets: ["pushes": dataset], registry: pushRegistry, trainers: .standard).run(cache: cache)
    }

    private static func bytes(_ result: ExperimentResult) throws -> Data { try ReportFolder.encoder.encode(result) }

    @Test func anUnchangedRerunReadsEveryStepAndGivesTheSameResult() throws {
        let cache = Self.cache()
        let uncached = try Self.run(Self.experiment(Self.entries), cache: nil)
        let first = try Self.run(Self.experiment(Self.entries), cache: cache)
        #expect(cache.usage == .init(hits: 0, misses: 8, failedWrites: 0), "2 entries × 4 folds computed and stored")
        let second = try Self.run(Self.experiment(Self.entries), cache: cache)
        #expect(cache.usage.hits == 8 && cache.usage.misses == 8)
        #expect(try Self.bytes(first) == Self.bytes(uncached))
        #expect(try Self.bytes(second) == Self.bytes(uncached))
        #expect(UnitCache.contents(of: cache.folder).entries == 8)
    }

    /// Changing one entry recomputes its steps only; the result is what a run without the cache gives for the changed
    /// experiment. A changed recording recomputes the steps that train or test on it, and nothing else.
    @Test func aChangeRecomputesOnlyTheStepsItReaches() throws {
        let cache = Self.cache()
        _ = try Self.run(Self.experiment(Self.entries), cache: cache)
        var changed = Self.entries
        changed[1] = pushEntry("low", threshold: 0.6)
        let rerun = try Self.run(Self.experiment(changed), cache: cache)
        #expect(cache.usage.hits == 4 && cache.usage.misses == 8 + 4, "tuned's 4 steps reused, low's 4 recomputed")
        #expect(try Self.bytes(rerun) == Self.bytes(Self.run(Self.experiment(changed), cache: nil)))

        // One sample of subject s3's second take: every fold trains or tests on it.
        var recordings = Self.pushes.recordings
        var x = recordings[7].column(.accelX)!
        x[100] += 0.25
        recordings[7].setColumn(.accelX, x)
        let nudged = Dataset(name: "pushes", kind: .continuous, samplingRate: 50, recordings: recordings)
        let before = cache.usage
        let rerunNudged = try Self.run(Self.experiment(changed), dataset: nudged, cache: cache)
        #expect(cache.usage.hits == before.hits && cache.usage.misses == before.misses + 8)
        #expect(try Self.bytes(rerunNudged) == Self.bytes(Self.run(Self.experiment(changed), dataset: nudged, cache: nil)))
    }

    /// A stored step is served only for its own key: another program's, or a file whose key differs in one byte, is
    /// a miss.
    @Test func aStepIsServedOnlyForItsOwnKey() throws {
        let cache = Self.cache()
        _ = try Self.run(Self.experiment(Self.entries), cache: cache)
        let rebuilt = UnitCache(folder: cache.folder, build: "another build")
        _ = try Self.run(Self.experiment(Self.entries), cache: rebuilt)
        #expect(rebuilt.usage.hits == 0 && rebuilt.usage.misses == 8)

        let stored = UnitCache.Stored(key: "a key", trained: TrainingSummary(), events: [[]], predicted: [])
        cache.store(stored)
        #expect(cache.load("a key")?.key == "a key")
        #expect(cache.load("a kez") == nil)
        // The file of "a key" holding another key's entry is not served for "a key".
        let file = try #require(FileManager.default.enumerator(at: cache.folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.first { (try? Data(contentsOf: $0)).map { String(decoding: $0, as: UTF8.self).contains("\"a key\"") } ?? false })
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"a key\"", with: "\"a kez\"")
        try text.write(to: file, atomically: true, encoding: .utf8)
        #expect(cache.load("a key") == nil)
    }

    /// A stored step keeps what the summary's flat form only counts: the subjects cross-fitting scored in-sample, which
    /// the report names. So does a unit's part file.
    @Test func theSubjectsScoredInSampleAreKeptByName() throws {
        let cache = Self.cache()
        let summary = TrainingSummary(crossFit: .init(subjectShare: 0.5, groups: 2, inSample: ["s2", "s7"]))
        cache.store(UnitCache.Stored(key: "k", trained: summary, events: [[]], predicted: []))
        #expect(cache.load("k")?.summary.crossFit?.inSample == ["s2", "s7"])
        let part = #"{"unit": {"index": 0, "entry": "e", "dataset": "d", "fold": 0, "foldName": "f", "training": 0, "testRecordings": 1, "testSamples": 10}, "trained": {"crossFitGroups": 2, "crossFitted": 0.5, "crossFitInSample": 2}, "inSampleSubjects": ["s2", "s7"], "events": [], "truth": [], "predicted": []}"#
        let decoded = try JSONDecoder().decode(ExperimentExecutor.UnitResult.self, from: Data(part.utf8))
        #expect(decoded.trained == summary)
        let again = try JSONDecoder().decode(ExperimentExecutor.UnitResult.self, from: JSONEncoder().encode(decoded))
        #expect(again.trained == summary)
    }

    /// Pruning removes the least recently used entries first; reading an entry counts as a use.
    @Test func pruningRemovesTheLeastRecentlyUsedFirst() throws {
        let cache = Self.cache()
        for key in ["a", "b", "c"] {
            cache.store(UnitCache.Stored(key: key, trained: TrainingSummary(), events: [[]], predicted: []))
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(cache.load("a") != nil, "a is now the most recently used")
        let all = UnitCache.contents(of: cache.folder)
        #expect(all.entries == 3)
        let removed = try UnitCache.prune(cache.folder, toBytes: all.bytes - 1)
        #expect(removed.entries == 1)
        #expect(cache.load("b") == nil && cache.load("a") != nil && cache.load("c") != nil)
        try UnitCache.prune(cache.folder, toBytes: 0)
        #expect(UnitCache.contents(of: cache.folder) == .init(entries: 0, bytes: 0))
    }
}
