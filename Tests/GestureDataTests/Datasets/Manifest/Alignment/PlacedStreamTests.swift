import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// A manifest's `streams` with a placement each: another device's file read as that unit, put on the primary unit's
/// clock by a stated or estimated offset, its missing times its own gap (issue 58).
@Suite struct PlacedStreamTests {
    static func load(clock: String?, scale: String? = "0.10197162129779283", unitsRow: Bool = false,
                     name: String = #function) throws -> LoadedDataset {
        let folder = datasetTestFolder(name)
        try writeFixture(TwoDeviceFixture.manifest(clock: clock, scale: scale, unitsRow: unitsRow), "dataset.yaml", in: folder)
        try writeFixture(TwoDeviceFixture.phoneCSV, "phone.csv", in: folder)
        try writeFixture(TwoDeviceFixture.watchCSV(unitsRow: unitsRow), "watch.csv", in: folder)
        return try DatasetSource(folder.path).load()
    }

    /// The wrist's gap samples: before the watch starts (0–0.98 s), in its 10–11 s gap, after it stops (17.98–19.98 s).
    static func checkGaps(_ recording: Recording) throws {
        #expect(recording.count == 1000)
        let y = try #require(recording.column("accel.y@wrist"))
        let missing = recording.timestamps.indices.filter { y[$0].isNaN }.map { recording.timestamps[$0] }
        #expect((200...205).contains(missing.count), "\(missing.count) samples in the wrist's gap")
        #expect(missing.allSatisfy { $0 < 1.01 || ($0 > 9.95 && $0 < 11.01) || $0 > 17.95 })
        #expect(missing.contains(0.5) && missing.contains(10.5) && missing.contains(19))
        // The primary unit keeps every sample; the wrist reads −1 g on y where it has a reading.
        #expect(recording.column(.accelZ)?.allSatisfy { $0 == -1 } == true)
        #expect(y.filter { !$0.isNaN }.allSatisfy { abs($0 + 1) < 1e-9 })
        // In the wrist's gap the sample has no wrist unit; elsewhere it has.
        let samples = recording.samples
        #expect(samples[25].units?["wrist"] == nil && samples[750].units?["wrist"] != nil)
    }

    @Test func aStatedOffsetPutsTheWatchOnThePhonesClock() throws {
        let loaded = try Self.load(clock: "{offset: -2.34}")
        #expect(loaded.problems.filter { $0.severity == .error }.isEmpty, "\(loaded.problems)")
        let recording = try #require(loaded.dataset.recordings.first)
        try Self.checkGaps(recording)
        // The shake on the watch's z lines up with the phone's on x (0.7 of it).
        let z = try #require(recording.column("accel.z@wrist")), x = try #require(recording.column(.accelX))
        let k = try #require(recording.timestamps.firstIndex { abs($0 - 5.52) < 1e-9 })
        #expect(abs(z[k] - 0.7 * x[k]) < 0.05)
        let offset = try #require(loaded.report.clockOffsets?.first)
        #expect(loaded.report.clockOffsets?.count == 1 && offset.placement == "wrist" && offset.seconds == -2.34)
        #expect(offset.correlation == nil && offset.search == nil && offset.file.hasSuffix("watch.csv"))
        #expect(loaded.report.lines.contains { $0.hasPrefix("clock: ") && $0.hasSuffix("watch.csv (wrist): -2.340 s as stated") })
        #expect((200...205).contains(loaded.report.unitGapSamples?["wrist"] ?? 0))
        #expect(loaded.report.lines.contains { $0.contains("samples where a placed unit had no reading, its own gap") && $0.contains("wrist ") })
    }

    @Test func anEstimatedOffsetIsReportedWithItsCorrelation() throws {
        let loaded = try Self.load(clock: "{search: [-5, 5], event: [3, 9]}")
        #expect(loaded.problems.filter { $0.severity == .error }.isEmpty, "\(loaded.problems)")
        let offset = try #require(loaded.report.clockOffsets?.first)
        #expect(abs(offset.seconds + TwoDeviceFixture.watchClockAhead) < 0.01, "estimated \(offset.seconds) s")
        #expect((offset.correlation ?? 0) > 0.8 && offset.search == [-5, 5] && offset.event == [3, 9], "\(offset)")
        #expect(loaded.report.lines.contains { $0.contains("(wrist): -2.3") && $0.contains("estimated from |a| (r 0.")
                                                && $0.contains("searched -5 to 5 s over 3–9 s") })
        try Self.checkGaps(try #require(loaded.dataset.recordings.first))
    }

    @Test func aWeakOrEdgeEstimateIsAWarningAndAnImpossibleOneAnError() throws {
        let edge = try Self.load(clock: "{search: [-1, 1], event: [3, 9]}")
        let warning = try #require(edge.problems.first { $0.kind == .clockOffset })
        #expect(warning.severity == .warning)
        #expect(warning.location.message.contains("edge of the search range") || warning.location.message.contains("correlates weakly"))
        #expect(warning.location.file.hasSuffix("watch.csv") && warning.location.field == "clock.search")
        let none = try Self.load(clock: "{search: [40, 50]}")
        let error = try #require(none.problems.first { $0.kind == .clockOffset })
        #expect(error.severity == .error && error.location.message.contains("cover half of the event window"))
    }

    @Test func withoutAClockTheWatchKeepsItsOwnTimes() throws {
        // The clocks are taken to agree: the watch's shake then sits 2.34 s late, and its gaps move with it.
        let loaded = try Self.load(clock: nil)
        let y = try #require(loaded.dataset.recordings.first?.column("accel.y@wrist"))
        #expect(y.count == 1000 && y[100].isNaN && !y[200].isNaN)
        #expect(loaded.report.clockOffsets == nil)
    }

    @Test func aUnitsRowScalesThePlacedColumns() throws {
        // m/(s^2) under the watch's columns: divided by 9.80665 for the wrist as for a primary unit.
        let loaded = try Self.load(clock: "{offset: -2.34}", scale: nil, unitsRow: true)
        #expect(loaded.problems.filter { $0.severity == .error }.isEmpty, "\(loaded.problems)")
        try Self.checkGaps(try #require(loaded.dataset.recordings.first))
    }

    @Test func aPlacedUnitInTheWrongUnitIsReportedNamingTheUnit() throws {
        // The watch's m/s² read as g: rest at 9.8 g on the wrist, while the phone's 1 g passes.
        let loaded = try Self.load(clock: "{offset: -2.34}", scale: nil)
        let units = loaded.problems.filter { $0.kind == .units }
        #expect(units.count == 1)
        let problem = try #require(units.first)
        #expect(problem.location.file.hasSuffix("watch.csv") && problem.location.field == "wx")
        #expect(problem.location.message.contains("accel.x@wrist, accel.y@wrist, accel.z@wrist"), "\(problem.location.message)")
    }

    @Test func badPlacementsAndClocksAreErrorsAtTheirKey() {
        let manifest = TwoDeviceFixture.manifest(clock: "{offset: -2.34}")
        let cases: [(String, String)] = [
            (manifest.replacingOccurrences(of: "placement: wrist", with: "placement: left wrist"), "streams[1].placement"),
            (manifest.replacingOccurrences(of: "clock: {offset: -2.34}", with: "clock: {offset: 1, search: [-1, 1]}"), "streams[1].clock.search"),
            (manifest.replacingOccurrences(of: "clock: {offset: -2.34}", with: "clock: {}"), "streams[1].clock"),
            (manifest.replacingOccurrences(of: "clock: {offset: -2.34}", with: "clock: {search: [3, -3]}"), "streams[1].clock.search"),
            (manifest.replacingOccurrences(of: "clock: {offset: -2.34}", with: "clock: {search: [-3, 3], event: [5, 2]}"), "streams[1].clock.event"),
            (manifest.replacingOccurrences(of: "  - name: phone\n", with: "  - name: phone\n    placement: pocket\n"), "streams[0].placement"),
            (manifest.replacingOccurrences(of: "{name: accel.x, column: wx", with: "{name: accel.x@wrist, column: wx"), "streams[1].channels[0].name"),
            (manifest + "align: {to: watch}\n", "align.to"),
        ]
        for (text, field) in cases {
            let error = #expect(throws: DataFileError.self, "\(field)") { try DatasetManifest(yaml: text) }
            #expect(error?.field == field, "\(text)")
        }
        // A manifest with placed streams writes and reads back as itself.
        do {
            let parsed = try DatasetManifest(yaml: manifest)
            #expect(parsed.streams?[1].placement == "wrist" && parsed.streams?[1].clock?.offset == -2.34)
            // (The YAML encoder writes 15 significant digits, so the scales come back rounded.)
            let again = try DatasetManifest(yaml: parsed.yaml())
            #expect(again.streams?.map(\.placement) == [nil, "wrist"] && again.streams?[1].clock == parsed.streams?[1].clock)
        } catch {
            Issue.record("\(error)")
        }
    }
}
