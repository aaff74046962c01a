import Foundation
@testable import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// Recordings in the layouts of real logging apps (issue 30) are read right, or refused naming file,
/// line and field.
@Suite struct PhoneAppRecordingTests {
    static let perG = 1 / 9.80665

    // MARK: 1. One RFC 4180 field reader

    @Test func quotedFieldsKeepTheirSeparators() {
        #expect(DelimitedText.fields(#""0,5","1,25",x"#, separator: UInt8(ascii: ",")) == ["0,5", "1,25", "x"])
        #expect(DelimitedText.fields(#" "say ""hi""" , b ,"#, separator: UInt8(ascii: ",")) == [#"say "hi""#, "b", ""])
        #expect(DelimitedText.fields("a  b\t c", separator: nil) == ["a", "b", "c"])
        #expect(DelimitedText.isDecimalComma("-1,25E-2") && DelimitedText.isDecimalComma("0,5"))
        #expect(!DelimitedText.isDecimalComma("1,2,3") && !DelimitedText.isDecimalComma("0.5") && !DelimitedText.isDecimalComma("1,"))
    }

    @Test func quotedDecimalCommasAreOneFieldInEveryReader() throws {
        let folder = try PhoneAppRecordings.folder("quoted", ["Accelerometer.csv": PhoneAppRecordings.phyphoxQuotedDecimalComma])
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Accelerometer.csv")
        // csv: (and detect, through the same stream): 0,5 m/s² is 0.05 g, not a field "0" and a field "5".
        let loaded = try SampleCSVFormat.load(url)
        let recording = loaded.dataset.recordings[0]
        #expect(abs(recording.column(.accelX)![0] - 0.5 * Self.perG) < 1e-12)
        #expect(abs(recording.column(.accelZ)![0] - 9.81 * Self.perG) < 1e-12)
        #expect(recording.timestamps == [0, 0.01, 0.02, 0.03])
        #expect(loaded.report.notes.contains { $0.contains("decimal commas read") }, "\(loaded.report.notes)")
        // A manifest with a comma separator reads the quoted fields whole, the decimal comma detected and said.
        var manifest = try #require(try ImportPresets.manifest("phyphox"))
        manifest.streams = [manifest.streams![0]]
        manifest.source = .init(files: [.init("{session}.csv", subject: "me")])
        let read = try DatasetReader.load(manifest, folder: folder, data: folder)
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(abs(read.dataset.recordings[0].column(.accelX)![1] + 0.5 * Self.perG) < 1e-12)  // Android sign flipped
        #expect(read.report.notes.contains { $0.contains("decimal commas read") })
        // Stated as points, the same file is refused at its first row with the way out.
        manifest.table.decimal = .point
        manifest.table.delimiter = .comma
        let refused = try DatasetReader.load(manifest, folder: folder, data: folder)
        let first = try #require(refused.problems.first)
        #expect(first.location.line == 2 && first.location.field == "Time (s)")
        #expect(first.location.message.contains("'0,00' is not a number") && first.location.message.contains("table.decimal: comma"))
    }

    @Test func annotationFilesAndLabelColumnsUseTheFieldReader() throws {
        let folder = try PhoneAppRecordings.folder("labels", [
            "a.csv": "start,end,label\n\"0.5\",\"1.0\",\"wave\"\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (annotations, _, problems) = AnnotationFile.read(folder.appendingPathComponent("a.csv"))
        #expect(problems.isEmpty && annotations == [Annotation(start: 0.5, end: 1.0, label: "wave")])
        let bytes = Array("t,label\n0,\"a,b\"\n1,\"c\"\n".utf8) + [0]
        #expect(LabelColumn.values(bytes, lines: [2, 3], field: 1, delimiter: UInt8(ascii: ",")) == ["a,b", "c"])
    }

    // MARK: 2. Units in headers

    @Test func headerUnitsSetTheScaleAndMustAgreeWithAStatedOne() throws {
        let header = "t,Acceleration x (m/s^2),Acceleration y (m/s^2),Acceleration z (m/s^2)"
        let format = try SampleCSVFormat(header: header)
        // The scale, not the sign: +9.80665 stays +1 g.
        #expect(try format.parse(line: "0,0,0,9.80665", lineNumber: 2).acceleration.z == 1)
        #expect(format.notes.contains { $0.contains("m/s² by its header") && $0.contains("--acceleration android-ms2") })
        let android = try SampleCSVFormat(header: header, acceleration: .androidMetersPerSecondSquared)
        #expect(try android.parse(line: "0,0,0,9.80665", lineNumber: 2).acceleration.z == -1)
        let error = #expect(throws: DataFileError.self) { _ = try SampleCSVFormat(header: header, acceleration: .g) }
        #expect(error?.field == "Acceleration x (m/s^2)" && error?.message.contains("--acceleration says g") == true)
        let g = "t,accelerometerAccelerationX(G),accelerometerAccelerationY(G),accelerometerAccelerationZ(G)"
        #expect(throws: DataFileError.self) { _ = try SampleCSVFormat(header: g, acceleration: .androidMetersPerSecondSquared) }
    }

    @Test func restingAccelerationOfAbout9Point8GIsRefused() throws {
        var stream = SampleCSVStream(file: "phone.csv", timeUnit: .s)
        _ = try stream.feed("time,accel_x,accel_y,accel_z")
        let error = #expect(throws: DataFileError.self) { _ = try stream.feed("0,0.1,0.2,9.8") }
        #expect(error?.file == "phone.csv" && error?.line == 2 && error?.field == "accel_x")
        #expect(error?.message.contains("m/s²") == true && error?.message.contains("--acceleration android-ms2") == true)
        // g divided once too often reads 0.1 g.
        var twice = SampleCSVStream(file: "phone.csv", acceleration: .androidMetersPerSecondSquared, timeUnit: .s)
        _ = try twice.feed("time,accel_x,accel_y,accel_z")
        // Stated m/s² is judged over the first 32 lines, or all there are when the input ends sooner.
        #expect(try twice.feed("0,0,0,1") == nil)
        #expect(throws: DataFileError.self) { try twice.finish() }
    }

    @Test func manifestScalesMustAgreeWithHeaderUnitsAndMetersPerSecondSquaredAsGIsAnError() throws {
        let folder = try PhoneAppRecordings.folder("units", ["me/r1/Accelerometer.csv": PhoneAppRecordings.phyphoxRawData])
        defer { try? FileManager.default.removeItem(at: folder) }
        let columns = ["x", "y", "z"].map { "Acceleration \($0) (m/s^2)" }
        func manifest(scale: Double?) -> DatasetManifest {
            DatasetManifest(name: "t", kind: .continuous, time: .init(column: "Time (s)", unit: .s),
                            channels: zip(Channel.acceleration, columns).map { .init($0, column: $1, scale: scale) },
                            source: .init(files: [.init("{subject}/{session}/Accelerometer.csv")]))
        }
        // No scale: the header's unit sets it (and says so).
        let unscaled = try DatasetReader.load(manifest(scale: nil), folder: folder, data: folder)
        #expect(abs(unscaled.dataset.recordings[0].column(.accelZ)![0] - 1) < 1e-12)
        #expect(unscaled.report.notes.contains { $0.contains("by its header") })
        #expect(DatasetValidator().validate(unscaled).isEmpty)
        // A scale that disagrees with the header is an error at the header.
        let wrong = try DatasetReader.load(manifest(scale: 1), folder: folder, data: folder)
        let problem = try #require(wrong.problems.first { $0.kind == .units })
        #expect(problem.location.line == 1 && problem.location.field == "Acceleration x (m/s^2)")
        #expect(problem.location.reason == .unitMismatch(unit: "m/s²", channel: "accel.x", scale: 1, expected: 1 / 9.80665))
        // No unit anywhere and 9.8 "g" at rest: reading refuses it at the first row, naming the scale.
        let plainFolder = try PhoneAppRecordings.folder("plain", ["me/r1/Accelerometer.csv": "time,ax,ay,az\n0,0.1,0,9.8\n0.01,0.1,0,9.81\n0.02,0.1,0,9.79\n"])
        defer { try? FileManager.default.removeItem(at: plainFolder) }
        var plain = manifest(scale: nil)
        plain.time = .init(column: "time", unit: .s)
        plain.channels = zip(Channel.acceleration, ["ax", "ay", "az"]).map { .init($0, column: $1) }
        let loaded = try DatasetReader.load(plain, folder: plainFolder, data: plainFolder)
        let units = DatasetValidator().validate(loaded).filter { $0.kind == .units }
        #expect(units.count == 1 && units[0].location.line == 2 && units[0].location.field == "ax", "\(units)")
        #expect(units.first?.severity == .error && units.first?.location.message.contains("the values look like m/s²; give accel.x, accel.y, accel.z scale: 0.10197162129779283") == true)
    }

    // MARK: 3. An explicit time unit applies to the column it names

    @Test func statedTimeUnitReadsTheColumnWithoutAUnit() throws {
        let format = try SampleCSVFormat(header: "time,seconds_elapsed,z,y,x", acceleration: .androidMetersPerSecondSquared, timeUnit: .ns)
        #expect(format.timeIndex.map { format.columns[$0] } == "time")
        #expect(format.notes.contains { $0.contains("column 'time' read as nanoseconds") })
        let unstated = try SampleCSVFormat(header: "time,seconds_elapsed,z,y,x", acceleration: .androidMetersPerSecondSquared)
        #expect(unstated.timeIndex.map { unstated.columns[$0] } == "seconds_elapsed")
        #expect(unstated.notes.filter { $0.hasPrefix("time:") }.count == 1)  // which column: said once
    }

    // MARK: 5. Label runs in time order

    @Test func aWatchFilesThreeRunsAreThreeAnnotations() throws {
        let folder = try PhoneAppRecordings.folder("watch", ["ana/gym-1.csv": PhoneAppRecordings.sensorLogWatch()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try DatasetManifest(yaml: PhoneAppRecordings.sensorLogWatchManifest)
        var loaded = try DatasetReader.load(manifest, folder: folder, data: folder)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let annotations = loaded.dataset.recordings[0].annotations
        #expect(annotations.count == 3, "\(annotations)")
        // Times count from the first row's (a batch written late, 0.16 s after the earliest sample).
        let shift = 0.16
        for (a, run) in zip(annotations, PhoneAppRecordings.sensorLogWatchRuns) {
            #expect(a.label == run.label && abs(a.start - (run.start - shift)) < 1e-6 && abs(a.end - (run.end - shift)) < 1e-6, "\(a)")
        }
        // The uptime clock (89,098 s) is made relative, as its column's name says it is one.
        #expect(loaded.dataset.recordings[0].timestamps.first == 0)
        #expect(loaded.dataset.recordings[0].timestamps.min().map { abs($0 + shift) < 1e-9 } == true)
        // Sorting keeps every label with its sample.
        let report = DatasetRepair.apply(.sort, to: &loaded)
        #expect(report.sortedRecordings == 1)
        let sorted = loaded.dataset.recordings[0]
        let after = LabelColumn.perSample(sorted.annotations, times: sorted.timestamps, background: "-")
        for (t, label) in zip(sorted.timestamps, after) {
            let truth = PhoneAppRecordings.sensorLogWatchRuns.first { t >= $0.start - shift - 1e-6 && t <= $0.end - shift + 1e-6 }?.label ?? "-"
            #expect(label == truth, "\(t)")
        }
        #expect(DatasetValidator().validate(loaded).filter { $0.severity == .error }.isEmpty)
    }

    // MARK: 8, 9. phyphox exports

    @Test func phyphoxSemicolonDecimalCommaExportReadsWithThePreset() throws {
        let folder = try PhoneAppRecordings.folder("phyphox-semicolon", [
            "bob/run-1/Accelerometer.csv": PhoneAppRecordings.phyphoxSemicolonAccelerometer,
            "bob/run-1/Gyroscope.csv": PhoneAppRecordings.phyphoxSemicolonGyroscope,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try DatasetReader.load(try #require(try ImportPresets.manifest("phyphox")), folder: folder, data: folder)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let r = loaded.dataset.recordings[0]
        #expect(r.count == 4 && abs(r.column(.accelX)![0] + 0.05) < 1e-12 && abs(r.column(.accelZ)![0] + 1) < 1e-12)
        #expect(abs(r.column(.gyroX)![1] - 0.1) < 1e-12)
        #expect(loaded.report.notes.contains { $0.contains("separated by ';'") })
        #expect(loaded.report.notes.contains { $0.contains("decimal commas") })
        // A manifest that states ',' names the mismatch, not a missing column.
        var comma = try #require(try ImportPresets.manifest("phyphox"))
        comma.table.delimiter = .comma
        let refused = try DatasetReader.load(comma, folder: folder, data: folder)
        let first = try #require(refused.problems.first)
        #expect(first.location.message.contains("separated by ';'") && first.location.message.contains("table.delimiter"), "\(first)")
        // An unknown decimal mark is refused naming the key and the marks there are.
        #expect(throws: DataFileError(file: "dataset.yaml", field: "table.decimal", .notOneOf("dot", allowed: ["point", "comma"]))) {
            _ = try DatasetManifest(yaml: "name: x\ntable: {delimiter: ';', header: true, decimal: dot}\nchannels: []\n")
        }
    }

    @Test func phyphoxRawDataReadsWithItsPreset() throws {
        let folder = try PhoneAppRecordings.folder("phyphox-raw", ["bob/run-1/Raw Data.csv": PhoneAppRecordings.phyphoxRawData])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try DatasetReader.load(try #require(try ImportPresets.manifest("phyphox-raw")), folder: folder, data: folder)
        #expect(loaded.problems.isEmpty && DatasetValidator().validate(loaded).isEmpty)
        #expect(abs(loaded.dataset.recordings[0].column(.accelZ)![2] + 1) < 1e-12)
    }

    // MARK: 6. Sensor Logger's Orientation.csv

    @Test func sensorLoggerPresetReadsOrientationWhenPresent() throws {
        let folder = try PhoneAppRecordings.folder("sensor-logger", [
            "ana/s1/TotalAcceleration.csv": PhoneAppRecordings.sensorLoggerTotalAcceleration(),
            "ana/s1/Gyroscope.csv": PhoneAppRecordings.sensorLoggerTotalAcceleration().replacingOccurrences(of: "9.80665", with: "0.5"),
            "ana/s1/Orientation.csv": PhoneAppRecordings.sensorLoggerOrientation(turn: .pi),
            "ana/s2/TotalAcceleration.csv": PhoneAppRecordings.sensorLoggerTotalAcceleration(),
            "ana/s2/Gyroscope.csv": PhoneAppRecordings.sensorLoggerTotalAcceleration(),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try DatasetReader.load(try #require(try ImportPresets.manifest("sensor-logger")), folder: folder, data: folder)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let byID = Dictionary(uniqueKeysWithValues: loaded.dataset.recordings.map { ($0.id, $0) })
        let turned = try #require(byID["ana/s1"])
        #expect(abs(turned.column(.quatW)![0] - 1) < 1e-9 && abs(turned.column(.quatX)!.last! - 1) < 1e-9)
        #expect(byID["ana/s2"]?.column(.quatW) == nil)
        #expect(loaded.report.notes.contains { $0.contains("orientation (Orientation.csv) is optional") })
    }
}
