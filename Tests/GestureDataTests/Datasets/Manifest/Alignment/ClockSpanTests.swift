import Foundation
import GestureData
import GestureTestSupport
import Testing

/// Issue 75, shape 4: units whose own clocks start far apart (2,296 s) no longer end in "nothing read": each unit whose
/// span misses the primary unit's is named with how far, and the `clock:` to write; the primary unit keeps every sample.
@Suite struct ClockSpanTests {
    /// Three units on epoch clocks in ms: the lower back (primary, 0–20 s), the thigh (from 0.5 s) and the wrist, whose
    /// clock starts `wristStart` s later; `wristClock` is the wrist's `clock:` (YAML).
    static func load(wristStart: Double = 2296, wristClock: String? = nil, name: String = #function) throws -> LoadedDataset {
        let folder = datasetTestFolder(name)
        try writeFixture(RoundFourRecordings.unitsManifest([("thigh", nil), ("wrist", wristClock)]), "dataset.yaml", in: folder)
        try writeFixture(RoundFourRecordings.epochUnit(), "back.csv", in: folder)
        try writeFixture(RoundFourRecordings.epochUnit(start: 0.5), "thigh.csv", in: folder)
        try writeFixture(RoundFourRecordings.epochUnit(start: wristStart), "wrist.csv", in: folder)
        return try DatasetSource(folder.path).load()
    }

    @Test func aUnitWhoseSpanMissesThePrimarysIsNamedWithTheClockToWrite() throws {
        let loaded = try Self.load()
        let problems = loaded.problems.filter { $0.kind == .clockOffset }
        #expect(problems.count == 1, "only the wrist misses: \(loaded.problems)")
        let problem = try #require(problems.first)
        #expect(problem.severity == .error && problem.location.file.hasSuffix("wrist.csv") && problem.location.line == 2 && problem.location.field == "time")
        let message = problem.location.message
        #expect(message.contains("the clock of wrist misses the primary unit's") && message.contains("starts 2276.020 s after the primary unit's last sample")
                    && message.contains("its first sample is 2296.000 s from the primary unit's first")
                    && message.contains("clock: {offset: -2296.000}"), "\(message)")
        // Never a primary sample dropped: the back's 1,000 samples stay, the wrist is its own gap.
        let recording = try #require(loaded.dataset.recordings.first)
        #expect(recording.count == 1000 && recording.column(.accelZ)!.allSatisfy { $0 < -0.99 })
        #expect(recording.column("accel.z@wrist")!.allSatisfy(\.isNaN) && recording.column("accel.z@thigh")!.dropFirst(30).allSatisfy { $0 < -0.99 })
        // The clock the message names puts the wrist on the back's clock.
        let fixed = try Self.load(wristClock: "{offset: -2296}")
        #expect(!fixed.problems.contains { $0.kind == .clockOffset }, "\(fixed.problems)")
        #expect(fixed.dataset.recordings[0].column("accel.z@wrist")!.allSatisfy { $0 < -0.99 })
    }

    @Test func aUnitEndingBeforeThePrimaryStartsIsNamedToo() throws {
        let loaded = try Self.load(wristStart: -600)
        let problem = try #require(loaded.problems.first { $0.kind == .clockOffset }, "\(loaded.problems)")
        #expect(problem.location.message.contains("ends 580.020 s before the primary unit's first sample")
                    && problem.location.message.contains("clock: {offset: 600.000}"), "\(problem)")
    }
}
