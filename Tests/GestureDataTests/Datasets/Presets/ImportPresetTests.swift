import Foundation
import GestureData
import GestureTestSupport
import Testing

/// Each preset reads the example recording beside it to the expected samples in g and rad/s.
@Suite struct ImportPresetTests {
    static func load(_ name: String) throws -> LoadedDataset {
        let loaded = try DatasetReader.load(at: SharedData.packageRoot.appendingPathComponent("datasets/presets/\(name)"))
        #expect(loaded.problems.isEmpty)
        #expect(DatasetValidator().validate(loaded).isEmpty, "\(DatasetValidator().validate(loaded))")
        return loaded
    }

    static let perG = 1 / 9.80665

    /// Each preset's one copy is GestureData's resource `Resources/Presets/<name>.yaml`: the text ImportPresets reads
    /// from the built bundle is that file's, and `datasets/presets/<name>/dataset.yaml` is a link to it (not a
    /// second copy), beside its example recording.
    @Test func presetsMatchTheBuiltInTexts() throws {
        let resources = SharedData.packageRoot.appendingPathComponent("Sources/GestureData/Resources/Presets")
        let names = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter { $0.hasSuffix(".yaml") }
            .map { String($0.dropLast(".yaml".count)) }
        #expect(ImportPresets.byName.keys.sorted() == names.sorted())
        #expect(names.count == 21)
        for (name, yaml) in ImportPresets.byName {
            let resource = resources.appendingPathComponent("\(name).yaml")
            let url = SharedData.packageRoot.appendingPathComponent("datasets/presets/\(name)/dataset.yaml")
            #expect(try String(contentsOf: resource, encoding: .utf8) == yaml, "the bundle's \(name).yaml differs from Sources/GestureData/Resources/Presets")
            #expect(try String(contentsOf: url, encoding: .utf8) == yaml, "datasets/presets/\(name)/dataset.yaml differs from ImportPresets")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == "../../../Sources/GestureData/Resources/Presets/\(name).yaml",
                    "datasets/presets/\(name)/dataset.yaml is not a link to the resource")
            #expect(FileManager.default.fileExists(atPath: url.deletingLastPathComponent().appendingPathComponent("example").path))
            #expect(try ImportPresets.manifest(name)?.source != nil)
        }
    }

    @Test func sensorLoggerAlignsTheGyroscopeOntoTheAccelerometer() throws {
        let loaded = try Self.load("sensor-logger")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.subject == "alice" && r.session == "2024-02-24_10-15-30")
        // The first accelerometer row precedes the gyroscope (dropped); the next is 10.104 ms after it.
        #expect(r.count == 7)
        #expect(abs(r.timestamps[0] - 0.010104) < 1e-12)
        // Row 2 of TotalAcceleration.csv: z,y,x = 9.7935,-0.086,0.0512 m/s², Android sign.
        let s = r.samples[0]
        #expect(abs(s.acceleration.x + 0.0512 * Self.perG) < 1e-12)
        #expect(abs(s.acceleration.y - 0.0860 * Self.perG) < 1e-12)
        #expect(abs(s.acceleration.z + 9.7935 * Self.perG) < 1e-12)
        // The example's gyroscope x is 0.02 + 3 t rad/s, so interpolation at 0.010104 s gives 0.050312.
        #expect(abs(s.rotationRate!.x - 0.050312) < 1e-12)
        #expect(s.rotationRate!.y == 0.0127 && s.rotationRate!.z == -0.0061)
        // Magnetometer.csv's z is −40 + 100 (t − 0.41) µT and Barometer.csv's pressure 1013 + 2 (t − 0.40) hPa, on
        // seconds_elapsed: at the accelerometer's 0.422449 s they interpolate to −38.7551 µT and 1013.044898 hPa.
        #expect(abs(s.magneticField!.z + 38.7551) < 1e-9 && s.magneticField!.x == 21.5 && s.magneticField!.y == -7.25)
        #expect(abs(s.pressure! - 1013.044898) < 1e-9)
        #expect(r.column(.pressure)?.count == 7 && r.has(Channel.magneticField))
        #expect(loaded.report.relativeTimeRecordings == 1 && loaded.report.alignedRecordings == 1)
    }

    /// iOS writes user acceleration and gravity to two files, both m/s² with CoreMotion's sign: their sum is the total.
    @Test func sensorLoggerIOSAddsGravityToUserAcceleration() throws {
        let loaded = try Self.load("sensor-logger-ios")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.subject == "dana" && r.session == "2024-03-02_09-30-00" && r.count == 8)
        #expect(r.timestamps[0] == 0 && abs(r.timestamps[7] - 0.07) < 1e-9)
        // Row 3 of Accelerometer.csv: z,y,x = -0.0098,0.0041,0.2 m/s²; of Gravity.csv: -9.7935,-0.5131,0.
        let s = r.samples[2]
        #expect(abs(s.userAcceleration!.x - 0.2 * Self.perG) < 1e-12 && abs(s.gravity!.z + 9.7935 * Self.perG) < 1e-12)
        #expect(abs(s.acceleration.x - 0.2 * Self.perG) < 1e-12)
        #expect(abs(s.acceleration.y - (0.0041 - 0.5131) * Self.perG) < 1e-12)
        #expect(abs(s.acceleration.z - (-0.0098 - 9.7935) * Self.perG) < 1e-12)
        #expect(r.samples.allSatisfy { abs($0.acceleration.length - 1) < 0.01 })
        // The example's gyroscope x is 0.02 + 3 t rad/s on seconds_elapsed: at the accelerometer's 0.025 s, 0.095.
        #expect(abs(s.rotationRate!.x - 0.095) < 1e-9 && s.rotationRate!.y == 0.0127)
        #expect(loaded.report.alignedRecordings == 1)
    }

    @Test func phyphoxReadsQuotedHeadersAndExponentNumbers() throws {
        let loaded = try Self.load("phyphox")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.subject == "bob" && r.session == "walk-1" && r.count == 5)
        #expect(abs(r.timestamps[0] - 0.0100762) < 1e-12)
        let s = r.samples[0]
        #expect(abs(s.acceleration.z + 9.8059321 * Self.perG) < 1e-12)
        #expect(abs(s.acceleration.x - 0.1125041 * Self.perG) < 1e-12)
        // Gyroscope z is 0.25 − 2 t rad/s in the example.
        #expect(abs(s.rotationRate!.z - (0.25 - 2 * 0.0100762)) < 1e-9)
        #expect(abs(s.rotationRate!.x - 0.0015) < 1e-12)
    }

    @Test func androidCSVSpreadsBatchesAndReadsLabels() throws {
        let loaded = try Self.load("android-csv")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.subject == "p01" && r.session == "2024-05-21-walk")
        // Five batches of two rows 20 ms apart become 10 ms steps from 0.
        for (i, t) in r.timestamps.enumerated() { #expect(abs(t - Double(i) / 100) < 1e-12) }
        #expect(loaded.report.spreadBatches == 5 && loaded.report.spreadRows == 5)
        #expect(abs(r.samples[0].acceleration.y + 9.79 * Self.perG) < 1e-12)
        #expect(r.samples[5].rotationRate!.x == 1.231)
        #expect(r.annotations.count == 1)
        let a = try #require(r.annotations.first)
        #expect(a.label == "shake" && abs(a.start - 0.04) < 1e-12 && abs(a.end - 0.07) < 1e-12)
    }

    @Test func coreMotionLoggerKeepsGAndRadians() throws {
        let loaded = try Self.load("coremotion-logger")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.subject == "carol" && r.session == "desk-1" && r.count == 6)
        #expect(abs(r.timestamps[5] - 0.1) < 1e-9)
        let s = r.samples[3]
        #expect(s.acceleration.z == -1.0013)
        #expect(s.rotationRate!.z == 0.0312)
        #expect(s.attitude!.w == 1 && s.gravity!.z == -1 && s.userAcceleration!.x == 0.0042)
    }

    @Test(arguments: ["empatica-e4", "actigraph-csv", "wisdm-raw", "mhealth", "garmin", "activpal", "shimmer-consensys", "axivity-ax3",
                      "axivity-ax6", "metawear", "polar-sensor-logger", "arduino-imu-capture", "mhealth-log",
                      "axivity-ax3-thigh-back", "shimmer-consensys-wrist-ankle"])
    func devicePresetsReadTheirExamplesAtRest(_ name: String) throws {
        let loaded = try Self.load(name)
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.timestamps.first == 0 && r.count >= 50)
        // Each example starts lying still with its z axis up: CoreMotion's −1 g on z.
        #expect(abs(r.column(.accelZ)![0] + 1) < 0.02, "\(name): \(r.column(.accelZ)![0])")
        #expect(abs(r.column(.accelX)![0]) < 0.02)
    }
}
