import Foundation
import GestureTestSupport
import Testing

/// Issue 75 end to end: each shape of round four, and round three's open cases, through the dataset commands and
/// `detect`: refused with a hint that reads them right, or read right and said.
@Suite struct DatasetsRoundFourCommandTests {
    static func run(_ arguments: [String]) throws -> GestureLabBinary.Result { try GestureLabBinary.run(arguments) }

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    @Test func aSlowGyroscopeInDegreesIsRefusedAndTheOptionItNamesReadsIt() throws {
        let folder = try PhoneAppRecordings.folder("slow-gyro-cli", ["still.csv": RoundFourRecordings.lowerBackStill()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = "csv:" + folder.appendingPathComponent("still.csv").path
        let refused = try Self.run(["datasets", "validate", source])
        #expect(refused.status != 0 && refused.stderr.contains("turns gravity by") && refused.stderr.contains("--gyroscope deg/s"), "\(refused.stdout)\(refused.stderr)")
        let read = try Self.run(["datasets", "validate", source, "--gyroscope", "deg/s"])
        #expect(read.status == 0 && read.stdout.contains("reading: units: rotation rate in degrees per second (--gyroscope deg/s"), "\(read.stdout)\(read.stderr)")
    }

    @Test func aFileWithoutTimeAndAGyroscopeInDegreesThroughInspect() throws {
        let folder = try PhoneAppRecordings.folder("inspect-rate", ["imu.csv": PhysicsRecordings.arduinoLog()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = "csv:" + folder.appendingPathComponent("imu.csv").path
        let refused = try Self.run(["datasets", "inspect", source, "--rate", "119"])
        #expect(refused.status != 0 && refused.stderr.contains("gX: the rotation rate peaks at") && refused.stderr.contains("pass --gyroscope deg/s"), "\(refused.stderr)")
        let read = try Self.run(["datasets", "inspect", source, "--rate", "119", "--gyroscope", "deg/s"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("reading      units: rotation rate in degrees per second (--gyroscope deg/s") && read.stdout.contains("problems     0 errors"),
                "\(read.stdout)")
    }

    @Test func milliGInAProjectDatasetFailsValidate() throws {
        let folder = try PhoneAppRecordings.folder("milli-g-cli", [
            "recordings/a.csv": RoundFourRecordings.milliG(),
            "dataset.yaml": "name: mg\nkind: continuous\nchannels: [{name: accel.x, column: accel_x}, {name: accel.y, column: accel_y}, {name: accel.z, column: accel_z}]\n"
                + "recordings:\n  - {id: a, subject: me, session: '1', file: recordings/a.csv}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run(["datasets", "validate", folder.path])
        #expect(run.status == 1 && run.stdout.hasPrefix("error: ") && run.stdout.contains("accel_x: the acceleration reads 1000 g at rest")
                    && run.stdout.contains("scale: 0.001"), "\(run.stdout)\(run.stderr)")
    }

    @Test func detectRefusesUserAccelerationInMetresPerSecondSquared() throws {
        let folder = try PhoneAppRecordings.folder("linear-cli", ["linear.csv": RoundFourRecordings.movingUserAcceleration()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run(["detect", "--recognizer", "shake", "--input", folder.appendingPathComponent("linear.csv").path])
        #expect(run.status != 0 && run.stderr.contains("without gravity") && run.stderr.contains("linear.csv:"), "\(run.stdout)\(run.stderr)")
    }

    /// Twenty-nine gaps (warnings) before a NaN (an error): the error is listed first, not after "… and 10 more".
    @Test func validateListsErrorsBeforeWarnings() throws {
        var text = "time,accel.x,accel.y,accel.z\n"
        var t = 0.0
        for i in 0..<300 {
            t += i > 0 && i % 10 == 0 ? 0.5 : 0.02
            text += String(format: "%.2f", t) + ",0.01,0.02," + (i == 290 ? "nan" : "-1") + "\n"
        }
        let folder = try PhoneAppRecordings.folder("errors-first", [
            "recordings/a.csv": text,
            "dataset.yaml": "name: gaps\nkind: continuous\nchannels: [{name: accel.x}, {name: accel.y}, {name: accel.z}]\n"
                + "recordings:\n  - {id: a, subject: me, session: '1', file: recordings/a.csv}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run(["datasets", "validate", folder.path])
        let printed = Self.lines(run.stdout)
        #expect(run.status == 1 && printed.first?.hasPrefix("error: ") == true && printed.first?.contains("a.csv:292: accel.z: nan is not finite") == true,
                "\(run.stdout)")
        #expect(printed.dropFirst().prefix(19).allSatisfy { $0.hasPrefix("warning: ") } && run.stdout.contains("… and 10 more (gap 10); --all lists them"),
                "\(run.stdout)")
    }

    @Test func unitsWhoseClocksStartFarApartAreNamedNotNothingRead() throws {
        let folder = try PhoneAppRecordings.folder("far-clocks-cli", [
            "back.csv": RoundFourRecordings.epochUnit(), "wrist.csv": RoundFourRecordings.epochUnit(start: 2296),
            "dataset.yaml": RoundFourRecordings.unitsManifest([("wrist", nil)]),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run(["datasets", "validate", folder.path])
        #expect(run.status == 1 && !run.stderr.contains("nothing read"), "\(run.stderr)")
        #expect(run.stdout.contains("wrist.csv:2: time: the clock of wrist misses the primary unit's") && run.stdout.contains("clock: {offset: -2296.000}"),
                "\(run.stdout)")
    }

    @Test func aPreambleAndASignAreSaid() throws {
        let folder = try PhoneAppRecordings.folder("preamble-cli", ["dot.csv": RoundFourRecordings.belowPreamble(), "xio.csv": RoundFourRecordings.upPositive(onX: true)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let dot = try Self.run(["datasets", "inspect", "csv:" + folder.appendingPathComponent("dot.csv").path])
        #expect(dot.status == 0 && dot.stdout.contains("reading      table: the header is line 8"), "\(dot.stdout)\(dot.stderr)")
        #expect(dot.stdout.contains("reading      sign: at rest the device lay level reading -") && dot.stdout.contains("CoreMotion's sign"), "\(dot.stdout)")
        let xio = try Self.run(["datasets", "inspect", "csv:" + folder.appendingPathComponent("xio.csv").path, "--acceleration", "g-up"])
        #expect(xio.status == 0 && xio.stdout.contains("reading      sign: acceleration read as g, up positive"), "\(xio.stdout)\(xio.stderr)")
    }
}
