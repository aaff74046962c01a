import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// A manifest's `sensors:` read more units from one file: an empty cell in a unit's columns is that unit's gap,
/// counted as its own; a row without the primary unit is dropped and counted.
@Suite struct DatasetManifestSensorsTests {
    static func folder(csv: String = SensorUnitsFixture.csv, manifest: String = SensorUnitsFixture.manifest) throws -> URL {
        let folder = datasetTestFolder()
        try writeFixture(csv, "recordings/units.csv", in: folder)
        try writeFixture(manifest, "dataset.yaml", in: folder)
        return folder
    }

    @Test func anEmptyCellInAUnitsColumnIsThatUnitsGapOnly() throws {
        let loaded = try DatasetReader.load(at: try Self.folder())
        #expect(DatasetValidator().validate(loaded).filter { $0.severity == .error }.isEmpty)
        let recording = try #require(loaded.dataset.recordings.first)
        #expect(recording.timestamps == [0, 0.1, 0.2, 0.3, 0.5, 0.6, 0.7])
        #expect(recording.channelNames.map(\.rawValue) == ["accel.x", "accel.y", "accel.z", "accel.x@lowerarm", "accel.y@lowerarm", "accel.z@lowerarm"])
        #expect(loaded.report.sensorGaps == ["units.csv": ["primary": 1, "lowerarm": 2]])
        #expect(loaded.report.lines.contains("sensors: units.csv: 3 unit-rows empty, each its unit's own gap: primary 1 (rows dropped), lowerarm 2"))
        let samples = recording.samples
        let armX = try #require(MotionChannel(rawValue: "accel.x@lowerarm"))
        #expect(samples.map { armX.value(in: $0) } == [0.01, 0.02, nil, 0.04, nil, 0.07, 0.08])
        #expect(samples.allSatisfy { $0.isFinite && $0.acceleration.z == -1 })
        // Every cell of a gap is NaN, also the ones the file gave (t = 0.5 s).
        #expect(recording.column("accel.z@lowerarm")?[4].isNaN == true)
    }

    @Test func aRowMissingSomePrimaryCellsIsStillAnError() throws {
        let csv = SensorUnitsFixture.csv.replacingOccurrences(of: "0.3,0,0,-1000,", with: "0.3,0,,-1000,")
        let problems = DatasetValidator().validate(try DatasetReader.load(at: try Self.folder(csv: csv)))
        #expect(problems.contains { $0.kind == .missingValue && $0.location.line == 5 && $0.location.field == "ay" })
        #expect(problems.filter { $0.kind == .missingValue }.count == 1)
    }

    @Test func aManifestWithoutSensorsReadsAsBefore() throws {
        let plain = SensorUnitsFixture.manifest.components(separatedBy: "sensors:")[0]
            + "recordings:\n  - {id: units, subject: s1, session: '1', file: recordings/units.csv}\n"
        let loaded = try DatasetReader.load(at: try Self.folder(manifest: plain))
        let recording = try #require(loaded.dataset.recordings.first)
        #expect(recording.channelNames.map(\.rawValue) == ["accel.x", "accel.y", "accel.z"])
        #expect(recording.count == 8 && loaded.report.sensorGaps == nil)
        #expect(loaded.problems.filter { $0.kind == .missingValue }.count == 3)
        let manifest = try DatasetManifest(yaml: plain)
        #expect(!manifest.yaml().contains("sensors"))
        let withSensors = try DatasetManifest(yaml: SensorUnitsFixture.manifest)
        #expect(try DatasetManifest(yaml: withSensors.yaml()) == withSensors)
    }

    @Test func badSensorsAreErrorsAtTheirKey() {
        for (text, field) in [(SensorUnitsFixture.manifest.replacingOccurrences(of: "placement: lowerarm", with: "placement: lower arm"), "sensors[0].placement"),
                              (SensorUnitsFixture.manifest.replacingOccurrences(of: "{name: accel.x, column: bx", with: "{name: accel.x@arm, column: bx"),
                               "sensors[0].channels[0].name")] {
            let error = #expect(throws: DataFileError.self) { try DatasetManifest(yaml: text) }
            #expect(error?.field == field)
        }
    }
}
