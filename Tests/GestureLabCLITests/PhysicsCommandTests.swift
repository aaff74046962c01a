import Foundation
import GestureTestSupport
import Testing

/// Issue 56 end to end: `detect`, `datasets convert` and `datasets import` refuse what physics rules out, and the
/// fix each names, applied, reads the file right.
@Suite struct PhysicsCommandTests {
    static func run(_ arguments: [String]) throws -> GestureLabBinary.Result { try GestureLabBinary.run(arguments) }

    /// Case 1: an Arduino log with its gyroscope in °/s, no time column, `--rate 119`.
    @Test func detectRefusesDegreesPerSecondAndReadsThemWithTheHeaderFix() throws {
        let folder = try PhoneAppRecordings.folder("arduino", [
            "imu.csv": PhysicsRecordings.arduinoLog(),
            "imu-deg.csv": PhysicsRecordings.arduinoLog(header: "aX,aY,aZ,gX (deg/s),gY (deg/s),gZ (deg/s)"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try Self.run(["detect", "--recognizer", "orientation", "--input", folder.appendingPathComponent("imu.csv").path, "--rate", "119"])
        #expect(refused.status != 0 && refused.stderr.contains("peaks at") && refused.stderr.contains("gX (deg/s)"), "\(refused.stdout)\(refused.stderr)")
        let read = try Self.run(["detect", "--recognizer", "orientation", "--input", folder.appendingPathComponent("imu-deg.csv").path, "--rate", "119", "--json"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stderr.contains("rotation rate in degrees per second by its header"), "\(read.stderr)")
    }

    /// Case 14: activPAL counts described by a project manifest without `scale` read about 264 "g" at rest; `validate`
    /// warns, and `convert`, which would write them as g, refuses and prints the warning; with the scale and offset the
    /// warning names, it writes 1 g at rest.
    @Test func convertRefusesCountsThatValidateWarnsAbout() throws {
        var counts = "Time,Sample Index,X,Y,Z\n"
        for i in 0..<400 {
            // 20 Hz, lying flat: 128 ± 1 on x and y, 192 (128 + 64, 1 g) on z.
            counts += String(format: "%.10f,%d,%d,%d,%d\n", 43265.5 + Double(i) / 20 / 86400, i, 128 + i % 2, 128 - i % 2, 192)
        }
        func manifest(_ conversion: String) -> String {
            """
            name: counts
            kind: continuous
            table: {delimiter: ",", header: true}
            time: {column: Time, scale: 86400, origin: first}
            channels: [{name: accel.x, column: X\(conversion)}, {name: accel.y, column: Y\(conversion)}, {name: accel.z, column: Z\(conversion)}]
            recordings:
              - {id: day, subject: me, session: "1", file: recordings/day.csv}

            """
        }
        let folder = try PhoneAppRecordings.folder("activpal-counts", ["recordings/day.csv": counts, "dataset.yaml": manifest("")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let validate = try Self.run(["datasets", "validate", folder.path])
        #expect(validate.stdout.contains("warning:") && validate.stdout.contains("at rest"), "\(validate.stdout)\(validate.stderr)")
        let refused = try Self.run(["datasets", "convert", folder.path, "--out", out.path])
        #expect(refused.status != 0 && refused.stdout.contains("at rest") && refused.stderr.contains("the written dataset holds g and rad/s"),
                "\(refused.stdout)\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("dataset.yaml").path))
        try manifest(", scale: 0.015625, offset: -2").write(to: folder.appendingPathComponent("dataset.yaml"), atomically: true, encoding: .utf8)
        let written = try Self.run(["datasets", "convert", folder.path, "--out", out.path])
        #expect(written.status == 0, "\(written.stdout)\(written.stderr)")
        let text = try String(contentsOf: out.appendingPathComponent("recordings/day.csv"), encoding: .utf8)
        let row = try #require(text.split(separator: "\n").dropFirst().first?.split(separator: ","))
        let z = try #require(row.last.flatMap { Double($0) })
        #expect(abs(z - 1) < 1e-9, "\(row)")
    }

    /// Cases 2 and 14: `convert` refuses a still Shimmer export whose gyroscope reads steady rotation, as `validate`
    /// does, and writes it once the scale the message names is stated.
    @Test func convertRefusesWhatValidateRefuses() throws {
        let folder = try PhoneAppRecordings.folder("shimmer", ["p01/still.csv": PhysicsRecordings.stillShimmer()])
        defer { try? FileManager.default.removeItem(at: folder) }
        func manifest(_ scale: String) -> String {
            """
            format: gesturelab-dataset/1
            name: shimmer
            kind: continuous
            time: {column: time_ms, scale: 0.001}
            channels:
              - {name: accel.x, column: accel_x}
              - {name: accel.y, column: accel_y}
              - {name: accel.z, column: accel_z}
              - {name: gyro.x, column: gyro_x\(scale)}
              - {name: gyro.y, column: gyro_y\(scale)}
              - {name: gyro.z, column: gyro_z\(scale)}
            source:
              path: .
              files:
                - {pattern: "{subject}/{session}.csv"}
            """
        }
        try manifest("").write(to: folder.appendingPathComponent("dataset.yaml"), atomically: true, encoding: .utf8)
        let validate = try Self.run(["datasets", "validate", folder.path])
        let convert = try Self.run(["datasets", "convert", folder.path, "--out", folder.appendingPathComponent("out").path])
        #expect(validate.status != 0 && convert.status != 0, "\(validate.stdout)\(convert.stdout)\(convert.stderr)")
        #expect(convert.stdout.contains("across gravity while the acceleration stays still") && convert.stdout.contains("scale: 0.0174"), "\(convert.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        try manifest(", scale: 0.017453292519943295").write(to: folder.appendingPathComponent("dataset.yaml"), atomically: true, encoding: .utf8)
        let written = try Self.run(["datasets", "convert", folder.path, "--out", folder.appendingPathComponent("out").path])
        #expect(written.status == 0, "\(written.stdout)\(written.stderr)")
    }

    /// Case 11: the Android preset on an iOS export names the iOS preset, which imports it at 1 g; the iOS preset
    /// refuses an Android export.
    @Test func importNamesTheIOSPresetAndItReadsTheExportAtOneG() throws {
        let folder = try PhoneAppRecordings.folder("ios-export", PhysicsRecordings.sensorLoggerIOS())
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let android = try Self.run(["datasets", "import", "sensor-logger", folder.path, "--out", out.path])
        #expect(android.status != 0 && android.stderr.contains("sensor-logger-ios") && android.stderr.contains("iOS export"), "\(android.stderr)")
        let ios = try Self.run(["datasets", "import", "sensor-logger-ios", folder.path, "--out", out.path])
        #expect(ios.status == 0, "\(ios.stdout)\(ios.stderr)")
        let text = try String(contentsOf: out.appendingPathComponent("recordings/me/rest-1.csv"), encoding: .utf8)
        let header = text.split(separator: "\n")[0].split(separator: ",").map(String.init)
        let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0) ?? .nan } }
        let (x, y, z) = (header.firstIndex(of: "accel.x")!, header.firstIndex(of: "accel.y")!, header.firstIndex(of: "accel.z")!)
        #expect(rows.count > 390 && rows.allSatisfy { abs(($0[x] * $0[x] + $0[y] * $0[y] + $0[z] * $0[z]).squareRoot() - 1) < 0.01 })
        // An Android export (TotalAcceleration.csv beside the others) is refused by the iOS preset.
        try "time,seconds_elapsed,z,y,x\n".write(to: folder.appendingPathComponent("me/rest-1/TotalAcceleration.csv"), atomically: true, encoding: .utf8)
        let wrong = try Self.run(["datasets", "import", "sensor-logger-ios", folder.path, "--out", folder.appendingPathComponent("out2").path])
        #expect(wrong.status != 0 && wrong.stderr.contains("with the sensor-logger preset"), "\(wrong.stderr)")
    }
}
