import Foundation
@testable import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// Issue 56: research devices' exports in their documented layouts (Shimmer's Consensys, Axivity's OMGUI, MbientLab's
/// MetaWear app, Polar Sensor Logger, Arduino's IMU_Capture, the mHealth format's short names) are read right, judged
/// by physics (|a| at rest, the rate, the gyroscope's bias in rad/s), or refused with a fix that, applied here, reads
/// them right.
@Suite struct DeviceLayoutTests {
    /// The median of |a| over the recording, g.
    static func restingMagnitude(_ r: Recording) -> Double {
        let (x, y, z) = (r.column(.accelX)!, r.column(.accelY)!, r.column(.accelZ)!)
        let m = x.indices.map { (x[$0] * x[$0] + y[$0] * y[$0] + z[$0] * z[$0]).squareRoot() }.sorted()
        return m[m.count / 2]
    }

    /// Samples per second over the recording.
    static func rate(_ r: Recording) -> Double { Double(r.count - 1) / (r.timestamps.last! - r.timestamps.first!) }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    static let perDegree = Double.pi / 180

    /// Reads `text` as file `name` with the `csv:` reader.
    static func csv(_ name: String, _ text: String) throws(DataFileError) -> LoadedDataset {
        let folder = try! PhoneAppRecordings.folder("csv-layout", [name: text])
        defer { try? FileManager.default.removeItem(at: folder) }
        return try SampleCSVFormat.load(folder.appendingPathComponent(name))
    }

    // MARK: Shimmer Consensys: the directive, the units row, the device id

    @Test func consensysPresetReadsTheDirectiveTheUnitsRowAndAnyDeviceID() throws {
        let loaded = try DeviceRecordingTests.read("shimmer-consensys", "p01/desk-1.csv", DeviceRecordings.consensys(seconds: 2))
        #expect(DeviceRecordingTests.errors(loaded).isEmpty, "\(DeviceRecordingTests.errors(loaded))")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.count == 102 && r.timestamps[0] == 0)
        #expect(abs(Self.rate(r) - 51.2) < 0.01 && abs(Self.restingMagnitude(r) - 1) < 0.01)
        #expect(abs(r.column(.accelZ)![0] + 1) < 0.01)  // +9.81 m/s² up is CoreMotion's −1 g
        #expect(abs(Self.mean(r.column(.gyroX)!) - 0.3 * Self.perDegree) < 0.001 && abs(Self.mean(r.column(.gyroY)!) + 0.2 * Self.perDegree) < 0.001)
        #expect(loaded.report.notes.contains { $0.contains("spreadsheet directive") && $0.contains("separated by ';'") }, "\(loaded.report.notes)")
        #expect(loaded.report.notes.contains { $0.contains("read as milliseconds (its units row says 'ms')") }, "\(loaded.report.notes)")
        // An export with a CAL row between the header and the units: unitsRow 2, as the preset's conversion says.
        let withFormatRow = try DeviceRecordingTests.read("shimmer-consensys", "p01/desk-1.csv", DeviceRecordings.consensys(formatRow: true)) {
            $0.table.unitsRow = 2
        }
        #expect(DeviceRecordingTests.errors(withFormatRow).isEmpty && withFormatRow.dataset.recordings[0].count == 102)
    }

    /// Case 5: a manifest of its own, no scale stated: the units row sets each scale (m/(s^2) to g, deg/s to rad/s)
    /// and the clock's unit. Without `unitsRow` the units are refused as numbers, naming the key; the key reads it.
    @Test func theUnitsRowSetsTheScalesAManifestLeavesOut() throws {
        let names = ["Accel_LN_X_CAL", "Accel_LN_Y_CAL", "Accel_LN_Z_CAL", "Gyro_X_CAL", "Gyro_Y_CAL", "Gyro_Z_CAL"]
        let channels = zip(Channel.acceleration + Channel.rotationRate, names).map { DatasetManifest.ChannelMapping($0, column: "Shimmer_8A1F_\($1)") }
        var manifest = DatasetManifest(name: "shimmer", kind: .continuous, table: .init(delimiter: .semicolon),
                                       time: .init(column: "Shimmer_8A1F_Timestamp_Unix_CAL", origin: .first), channels: channels,
                                       source: .init(files: [.init("{subject}/{session}.csv")]))
        let folder = try PhoneAppRecordings.folder("units-row", ["p01/desk-1.csv": DeviceRecordings.consensys()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try DatasetReader.load(manifest, folder: folder, data: folder)
        let problem = try #require(refused.problems.first { $0.kind == .nonNumeric }, "\(refused.problems)")
        #expect(problem.location.line == 3 && problem.location.message.contains("table.unitsRow: 1"), "\(problem)")
        manifest.table.unitsRow = 1
        let loaded = try DatasetReader.load(manifest, folder: folder, data: folder)
        #expect(loaded.problems.isEmpty && DeviceRecordingTests.errors(loaded).isEmpty, "\(loaded.problems)")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(abs(Self.restingMagnitude(r) - 1) < 0.01 && abs(Self.rate(r) - 51.2) < 0.01)
        #expect(abs(r.timestamps.last! - 101 / 51.2) < 0.001)  // milliseconds, by the units row
        #expect(abs(Self.mean(r.column(.gyroX)!) - 0.3 * Self.perDegree) < 0.001)
        #expect(loaded.report.notes.contains { $0.contains("rotation rate in °/s by the units row") }, "\(loaded.report.notes)")
    }

    /// A stated scale the units row contradicts (g where the manifest says m/s²) is an error naming the column.
    @Test func aUnitsRowThatContradictsAStatedScaleIsRefused() throws {
        let text = DeviceRecordings.consensys().replacingOccurrences(of: "ms;m/(s^2);m/(s^2);m/(s^2);", with: "ms;g;g;g;")
        let loaded = try DeviceRecordingTests.read("shimmer-consensys", "p01/desk-1.csv", text)
        let problem = try #require(loaded.problems.first { $0.kind == .units }, "\(loaded.problems)")
        #expect(problem.severity == .error && problem.location.field == "Shimmer_8A1F_Accel_LN_X_CAL")
        #expect(problem.location.message.hasPrefix("the units row states g but the manifest scales accel.x by -0.1019"), "\(problem)")
    }

    /// Case 7: a manifest that says `,` reads a `"sep=;"` file by the directive, and says so.
    @Test func theSeparatorDirectiveIsSkippedAndObeyed() throws {
        let loaded = try DeviceRecordingTests.read("shimmer-consensys", "p01/desk-1.csv", DeviceRecordings.consensys()) { $0.table.delimiter = .comma }
        #expect(DeviceRecordingTests.errors(loaded).isEmpty, "\(loaded.problems)")
        #expect(abs(Self.restingMagnitude(loaded.dataset.recordings[0]) - 1) < 0.01)
        #expect(loaded.report.notes.contains { $0.contains("fields separated by ';' as it says (not table.delimiter's ',')") }, "\(loaded.report.notes)")
        #expect(DelimitedText.separatorDirective("\"sep=;\"") == UInt8(ascii: ";") && DelimitedText.separatorDirective("sep=\t") == 9)
        #expect(DelimitedText.separatorDirective("\"sep=,\",,,") == UInt8(ascii: ",") && DelimitedText.separatorDirective("sep=;x") == nil)
        #expect(DelimitedText.separatorDirective("time,x,y,z") == nil)
    }

    @Test func aWildcardColumnMatchingSeveralIsRefusedNamingThem() throws {
        let loaded = try DeviceRecordingTests.read("shimmer-consensys", "p01/desk-1.csv", DeviceRecordings.consensys()) {
            $0.channels[0].column = "*_Accel_LN_*"
        }
        let problem = try #require(loaded.problems.first, "\(loaded.problems)")
        #expect(problem.location.message.hasPrefix("'*_Accel_LN_*' matches 3 columns ('Shimmer_8A1F_Accel_LN_X_CAL'"), "\(problem)")
        #expect(ColumnPattern.matches("X*", "X") && ColumnPattern.matches("X*", "X_ACCELERATION_METERS_PER_SECOND_SQUARED"))
        #expect(!ColumnPattern.matches("X*", "HEADER_TIME_STAMP") && ColumnPattern.matches("a*b*c", "a-b-c") && !ColumnPattern.matches("a*b*c", "a-c-b"))
    }

    /// Case 8: `csv:` finds Consensys' clock and, with no acceleration columns it knows, names the preset; applied, it reads.
    @Test func csvNamesTheConsensysPresetAndThePresetReadsIt() throws {
        let error = #expect(throws: DataFileError.self) { try Self.csv("desk-1.csv", DeviceRecordings.consensys()) }
        let message = try #require(error?.message)
        #expect(message.hasPrefix("no acceleration columns") && !message.contains("no time column"), "\(message)")
        #expect(message.contains("gesturelab datasets import shimmer-consensys DIR"), "\(message)")
        let preset = try DeviceRecordingTests.read("shimmer-consensys", "p01/desk-1.csv", DeviceRecordings.consensys())
        #expect(abs(Self.restingMagnitude(preset.dataset.recordings[0]) - 1) < 0.01)
    }

    /// Case 8: Polar Sensor Logger's `sensor timestamp [ns]` and `X [mg]` on `csv:`: the clock in ns, milli-g to g.
    @Test func csvReadsPolarsNanosecondClockAndMilliG() throws {
        let loaded = try Self.csv("Polar_Sense_B5A3C62E_20230501_120000_ACC.txt", DeviceRecordings.polarAcc(seconds: 2))
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.count == 104 && abs(Self.rate(r) - 52) < 0.01 && r.timestamps[0] == 0)
        #expect(abs(Self.restingMagnitude(r) - 1) < 0.01, "\(Self.restingMagnitude(r))")
        #expect(loaded.report.notes.contains { $0.contains("acceleration in mg by its header ('X [mg]')") }, "\(loaded.report.notes)")
    }

    /// Case 8: `csv:` skips the directive and reads a units row under plain names.
    @Test func csvSkipsTheDirectiveAndReadsAUnitsRow() throws {
        var text = "\"sep=;\"\ntime;accel_x;accel_y;accel_z\nms;m/(s^2);m/(s^2);m/(s^2)\n"
        for i in 0..<100 { text += "\(1_620_000_000_000 + i * 20);\(DeviceRecordings.wobble(i, 0.05));0;-9.80665\n" }
        let loaded = try Self.csv("plain.csv", text)
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.count == 100 && abs(Self.rate(r) - 50) < 1e-6 && abs(Self.restingMagnitude(r) - 1) < 0.01)
        #expect(loaded.report.notes.contains { $0.contains("a units row under the header") && $0.contains("acceleration in m/s²") }, "\(loaded.report.notes)")
    }

    /// Case 8: a headerless OMGUI file is refused as having no header, naming `header: false` and the preset that fits;
    /// the preset reads it (date-time text; Unix seconds with the `time` the preset's conversion names).
    @Test func csvRefusesAHeaderlessOMGUIFileNamingTheAxivityPreset() throws {
        for (text, preset, clock) in [(DeviceRecordings.omgui(), "axivity-ax3", "date-time text"),
                                      (DeviceRecordings.omgui(gyroscope: true), "axivity-ax6", "date-time text"),
                                      (DeviceRecordings.omgui(unixTime: true), "axivity-ax3", "Unix time in seconds")] {
            let error = #expect(throws: DataFileError.self) { try Self.csv("2023-05-01.csv", text) }
            let message = try #require(error?.message)
            #expect(message.hasPrefix("no header: line 1 is data") && message.contains(clock) && message.contains("table.header: false"), "\(message)")
            #expect(message.contains("gesturelab datasets import \(preset) DIR"), "\(message)")
            let loaded = try DeviceRecordingTests.read(preset, "p01/2023-05-01.csv", text) { m in
                if clock.hasPrefix("Unix") { m.time = .init(index: 0, unit: .s, origin: .first) }
            }
            #expect(DeviceRecordingTests.errors(loaded).isEmpty, "\(loaded.problems)")
            let r = try #require(loaded.dataset.recordings.first)
            #expect(r.count == 200 && abs(Self.rate(r) - 100) < 0.01 && abs(Self.restingMagnitude(r) - 1) < 0.02)
            if preset == "axivity-ax6" { #expect(abs(Self.mean(r.column(.gyroX)!) - 0.5 * Self.perDegree) < 0.001) }
        }
    }

    // MARK: Presets reading two sensors at their own rates, and the captures of IMU_Capture

    @Test func metaWearReadsTheGyroscopeAtItsOwnRateOntoTheAccelerometer() throws {
        let loaded = try ImportPresetTests.load("metawear")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.subject == "p01" && r.session == "walk-1" && r.count == 100 && abs(Self.rate(r) - 100) < 1e-6)
        #expect(abs(Self.restingMagnitude(r) - 1) < 0.01)
        // The example's gyroscope x is 0.5 + 0.1 i °/s at −10 + 20 i ms: at the accelerometer's 0 s, 0.55 °/s.
        #expect(abs(r.column(.gyroX)![0] - 0.55 * Self.perDegree) < 1e-9)
        #expect(loaded.report.alignedRecordings == 1)
    }

    @Test func polarSensorLoggerReadsAccAndGyro() throws {
        let folder = try PhoneAppRecordings.folder("polar", [
            "p01/walk-1/Polar_Sense_B5A3C62E_20230501_120000_ACC.txt": DeviceRecordings.polarAcc(seconds: 3),
            "p01/walk-1/Polar_Sense_B5A3C62E_20230501_120000_GYRO.txt": DeviceRecordings.polarGyro(seconds: 3),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try DatasetReader.load(try #require(try ImportPresets.manifest("polar-sensor-logger")), folder: folder, data: folder)
        #expect(DeviceRecordingTests.errors(loaded).isEmpty, "\(loaded.problems)")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.count == 156 && abs(Self.rate(r) - 52) < 0.01 && abs(Self.restingMagnitude(r) - 1) < 0.01)
        #expect(abs(Self.mean(r.column(.gyroZ)!) - 0.15 * Self.perDegree) < 1e-6 && abs(r.column(.accelZ)![0] + 1) < 0.01)
    }

    /// Case 6: IMU_Capture's captures, separated by blank lines, are one recording each, from 0 s at 119 Hz; without
    /// `blankLines: split` they run on as one recording on one clock.
    @Test func imuCaptureReadsEachCaptureAsItsOwnRecording() throws {
        let text = DeviceRecordings.imuCapture(captures: 3, punchIn: 1)
        let loaded = try DeviceRecordingTests.read("arduino-imu-capture", "p01/punch-1.csv", text)
        #expect(DeviceRecordingTests.errors(loaded).isEmpty, "\(loaded.problems)")
        let captures = loaded.dataset.recordings
        #expect(captures.map(\.id) == ["p01/punch-1-1", "p01/punch-1-2", "p01/punch-1-3"], "\(captures.map(\.id))")
        for r in captures {
            #expect(r.count == 119 && r.timestamps[0] == 0 && abs(r.timestamps[118] - 118.0 / 119) < 1e-12)
            #expect(r.subject == "p01" && r.session == "punch-1")
        }
        #expect(abs(Self.restingMagnitude(captures[0]) - 1) < 0.01 && abs(Self.mean(captures[0].column(.gyroX)!) - 0.61 * Self.perDegree) < 0.001)
        // The punch is in the second capture only: its z turns at 390 °/s, 6.8 rad/s.
        #expect(abs(captures[1].column(.gyroZ)!.max()! - 390 * Self.perDegree) < 0.01 && captures[2].column(.gyroZ)!.max()! < 0.02)
        // Lines: the header is 1, capture 1 is lines 2–120, a blank line, capture 2 from line 122.
        #expect(loaded.provenance[1].lines.first == 122 && loaded.provenance[2].lines.last == 360)
        #expect(loaded.report.notes.contains { $0.contains("blank lines split 1 file into 3 recordings") }, "\(loaded.report.notes)")
        let joined = try DeviceRecordingTests.read("arduino-imu-capture", "p01/punch-1.csv", text) { $0.table.blankLines = nil }
        #expect(joined.dataset.recordings.count == 1 && joined.dataset.recordings[0].count == 357)
        #expect(abs(joined.dataset.recordings[0].timestamps[119] - 1) < 1e-12)
    }

    /// Case 6 with a clock in the file: the captures keep the times the file gives them.
    @Test func capturesOfAFileWithAClockKeepItsTimes() throws {
        var text = "time,accel.x,accel.y,accel.z\n"
        for start in [0.0, 5.0] {
            for i in 0..<50 { text += "\(start + Double(i) / 50),\(DeviceRecordings.wobble(i, 0.01)),0,-1\n" }
            text += "\n\n"
        }
        let folder = try PhoneAppRecordings.folder("captures", ["s1/r.csv": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = DatasetManifest(name: "captures", kind: .continuous, table: .init(blankLines: .split), time: .init(column: "time", origin: .file),
                                       channels: Channel.acceleration.map { .init($0) }, source: .init(files: [.init("{subject}/{session}.csv")]))
        let loaded = try DatasetReader.load(manifest, folder: folder, data: folder)
        #expect(loaded.dataset.recordings.map(\.count) == [50, 50])
        #expect(loaded.dataset.recordings[1].timestamps[0] == 5 && abs(loaded.dataset.recordings[1].timestamps[49] - 5.98) < 1e-12)
        #expect(loaded.report.notes.contains { $0.contains("on the file's clock") }, "\(loaded.report.notes)")
    }

    // MARK: mHealth: both spellings of the columns

    /// Case 15: `HEADER_TIME_STAMP,X,Y,Z` (SPADES, the mhealth-format tools) and the long names both read at 80 Hz and 1 g.
    @Test(arguments: [true, false]) func mHealthReadsBothSpellings(_ short: Bool) throws {
        let text = short ? DeviceRecordings.mHealthShortNames() : DeviceRecordings.mHealth()
        let loaded = try DeviceRecordingTests.read("mhealth", "SPADES_1/x.sensor.csv", text)
        #expect(loaded.problems.isEmpty && DeviceRecordingTests.errors(loaded).isEmpty, "\(loaded.problems)")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.count == 160 && abs(Self.rate(r) - 80) < 0.1 && abs(Self.restingMagnitude(r) - 1) < 0.01)
        #expect(abs(r.column(.accelZ)![0] + 1) < 0.01)
    }

    /// A missing column names the preset whose columns the header has.
    @Test func aMissingColumnNamesThePresetThatFits() throws {
        let loaded = try DeviceRecordingTests.read("garmin", "p01/x.csv", DeviceRecordings.mHealthShortNames())
        let problem = try #require(loaded.problems.first { $0.kind == .missingColumn }, "\(loaded.problems)")
        #expect(problem.location.message.contains("the header is that of the mhealth preset"), "\(problem)")
    }
}
