import Foundation
import GestureData
import Testing

/// A manifest's time column without a stated unit takes the unit its name or values imply (said in
/// the report), never seconds when that gives an implausible rate; stated, a unit and
/// `relative: true` read any clock from 0.
@Suite struct DatasetReaderClockTests {
    /// 50 rows at 100 Hz of a phone lying still, times `first + k · step` raw units.
    static func csv(first: Int64, step: Int64) -> String {
        "time,x,y,z\n" + (0..<50).map { "\(first + Int64($0) * step),0,0,-1" }.joined(separator: "\n") + "\n"
    }

    static func manifest(time: String) -> String {
        """
        name: clock
        time: \(time)
        channels:
          - {name: accel.x, column: x}
          - {name: accel.y, column: y}
          - {name: accel.z, column: z}
        recordings:
          - {id: r, subject: s, session: '1', file: r.csv}
        """
    }

    static func load(time: String, csv: String) throws -> LoadedDataset {
        let folder = datasetTestFolder()
        try writeFixture(manifest(time: time), "dataset.yaml", in: folder)
        try writeFixture(csv, "r.csv", in: folder)
        return try DatasetReader.load(at: folder)
    }

    @Test func epochNanosecondsWithoutAUnitAreInferredAndSaid() throws {
        let loaded = try Self.load(time: "{column: time}", csv: Self.csv(first: 1_700_000_000_000_000_000, step: 10_000_000))
        #expect(loaded.problems.isEmpty)
        let times = try #require(loaded.dataset.recordings.first?.timestamps)
        #expect(times.first == 0 && abs(times[49] - 0.49) < 1e-12)
        #expect(loaded.report.notes.count == 1)
        #expect(loaded.report.notes[0].hasPrefix("time: column 'time' read as nanoseconds (median step 0.01 s, 100 Hz)"), "\(loaded.report.notes)")
        #expect(loaded.report.lines.contains(loaded.report.notes[0]))
    }

    @Test func epochMillisecondsWithoutAUnitAreInferred() throws {
        let loaded = try Self.load(time: "{column: time}", csv: Self.csv(first: 1_700_000_000_000, step: 10))
        #expect(abs(loaded.dataset.recordings[0].timestamps[49] - 0.49) < 1e-12)
        #expect(loaded.report.notes.first?.contains("read as milliseconds") == true, "\(loaded.report.notes)")
    }

    @Test func aUnitInTheColumnNameIsTaken() throws {
        let csv = Self.csv(first: 0, step: 10).replacingOccurrences(of: "time,", with: "time_ms,")
        let loaded = try Self.load(time: "{column: time_ms}", csv: csv)
        #expect(loaded.dataset.recordings[0].timestamps[1] == 0.01)
        #expect(loaded.report.notes.first?.contains("'time_ms' read as milliseconds (from its name)") == true, "\(loaded.report.notes)")
    }

    @Test func aClockNoUnitMakesPlausibleIsAnErrorNamingFileLineAndColumn() throws {
        // Steps of 2 µs as seconds: 500 kHz, and every smaller unit only faster.
        let csv = "time,x,y,z\n" + (0..<20).map { "\(Double($0) * 2e-6),0,0,-1" }.joined(separator: "\n") + "\n"
        let loaded = try Self.load(time: "{column: time}", csv: csv)
        let problem = try #require(loaded.problems.first { $0.kind == .timeUnit })
        #expect(problem.severity == .error)
        #expect(problem.location.file.hasSuffix("r.csv") && problem.location.line == 2 && problem.location.field == "time")
        #expect(problem.location.message.contains("time.unit"), "\(problem)")
        #expect(throws: DataFileError.self) { try loaded.requireSomethingRead(from: "clock") }
        // Stated, the same clock is read as it is.
        let stated = try Self.load(time: "{column: time, unit: s}", csv: csv)
        #expect(stated.problems.isEmpty && stated.report.notes.isEmpty)
    }

    @Test func plainSecondsSayNothing() throws {
        let csv = "time,x,y,z\n" + (0..<20).map { "\(Double($0) * 0.01),0,0,-1" }.joined(separator: "\n") + "\n"
        #expect(try Self.load(time: "{column: time}", csv: csv).report.notes.isEmpty)
    }

    @Test func aStatedUnitAndRelativeTimeReadTheClockFromZero() throws {
        let loaded = try Self.load(time: "{column: time, unit: ns, relative: true}",
                                   csv: Self.csv(first: 1_700_000_000_123_456_789, step: 10_000_000))
        #expect(loaded.problems.isEmpty)
        let times = try #require(loaded.dataset.recordings.first?.timestamps)
        #expect(times.first == 0 && abs(times[49] - 0.49) < 1e-12)
        // relative: true on a seconds clock that is not epoch-sized shifts it too.
        let seconds = "time,x,y,z\n" + (0..<20).map { "\(5 + Double($0) * 0.01),0,0,-1" }.joined(separator: "\n")
        let shifted = try Self.load(time: "{column: time, relative: true}", csv: seconds)
        #expect(shifted.dataset.recordings[0].timestamps.first == 0)
        let kept = try Self.load(time: "{column: time}", csv: seconds)
        #expect(kept.dataset.recordings[0].timestamps.first == 5)
    }

    @Test func relativeContradictingOriginIsAnError() {
        #expect {
            _ = try Self.load(time: "{column: time, unit: s, relative: true, origin: file}", csv: "time,x,y,z\n0,0,0,-1\n")
        } throws: { error in
            let error = error as? DataFileError
            return error?.field == "time.relative" && error?.reason == .relativeContradictsOrigin(relative: true, origin: "file")
        }
    }

    // Found by fuzzing (FuzzDatasetCSV): a first time past Int64 trapped when taken as a clock's origin.
    @Test func aTimeBeyondA64BitClockIsAProblemNamingFileLineAndColumn() throws {
        let loaded = try Self.load(time: "{column: time, unit: ns}", csv: "time,x,y,z\n1e30,0,0,-1\n2e30,0,0,-1\n")
        let problem = try #require(loaded.problems.first { $0.kind == .outOfRange }, "\(loaded.problems)")
        #expect(problem.location.file.hasSuffix("r.csv"))
        #expect(problem.location.line == 2)
        #expect(problem.location.field == "time")
        #expect(problem.location.reason == .timeBeyondClock(1e30), "\(problem)")
    }

    // Found by fuzzing (FuzzDatasetCSV): integer epoch times further apart than Int64 holds trapped when
    // subtracted exactly; they are subtracted as doubles instead.
    @Test func integerTimesTooFarApartToSubtractExactlyAreReadAsDoubles() throws {
        let csv = "time,x,y,z\n9000000000000000000,0,0,-1\n-9000000000000000000,0,0,-1\n"
        let loaded = try Self.load(time: "{column: time, unit: ns}", csv: csv)
        let times = try #require(loaded.dataset.recordings.first?.timestamps)
        #expect(times == [0, -1.8e10])
    }
}
