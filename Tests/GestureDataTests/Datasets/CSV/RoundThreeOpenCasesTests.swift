import Foundation
@testable import GestureData
import GestureTestSupport
import Testing

/// Issue 75, shape 6: round three's open cases, each read right or refused with a hint that leads to a right reading.
@Suite struct RoundThreeOpenCasesTests {
    static func milliG(header: String = "time,accel_x,accel_y,accel_z") -> String { RoundFourRecordings.milliG(header: header) }

    @Test func milliGReadAsGIsAnErrorInAProjectDatasetAndUnderAHeaderSayingG() throws {
        let folder = try PhoneAppRecordings.folder("milli-g", [
            "recordings/a.csv": Self.milliG(),
            "dataset.yaml": "name: mg\nkind: continuous\nchannels: [{name: accel.x, column: accel_x}, {name: accel.y, column: accel_y}, {name: accel.z, column: accel_z}]\n"
                + "recordings:\n  - {id: a, subject: me, session: '1', file: recordings/a.csv}\n",
            "header-g.csv": Self.milliG(header: "time,accel_x (g),accel_y (g),accel_z (g)"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        // A project dataset states no scale: milli-g read as g was a warning (exit 0); now an error naming the scale.
        let loaded = try DatasetSource(folder.path).load()
        let problem = try #require(loaded.problems.first { $0.kind == .units }, "\(loaded.problems)")
        #expect(problem.severity == .error && problem.location.field == "accel_x" && problem.location.line == 2
                    && problem.location.message.contains("look like milli-g") && problem.location.message.contains("scale: 0.001"), "\(problem)")
        // A header that says g over milli-g: refused, naming the scale that reads it.
        let error = #expect(throws: DataFileError.self) { try SampleCSVFormat.load(folder.appendingPathComponent("header-g.csv")) }
        #expect(error?.field == "accel_x (g)" && error?.message.contains("the header states g") == true
                    && error?.message.contains("look like milli-g") == true && error?.message.contains("scale: 0.001") == true, "\(String(describing: error))")
    }

    @Test func userAccelerationInMetresPerSecondSquaredInMotionIsRefused() throws {
        let text = RoundFourRecordings.movingUserAcceleration()
        guard case let .failure(error) = PhysicsOnEveryPathTests.stream(text, file: "linear.csv") else {
            Issue.record("a stream read m/s² without gravity as total acceleration")
            return
        }
        #expect(error.field == "accel_x" && error.message.contains("without gravity") && (error.line ?? 0) > 400, "\(error)")
        let folder = try PhoneAppRecordings.folder("linear", ["linear.csv": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = #expect(throws: DataFileError.self) { try SampleCSVFormat.load(folder.appendingPathComponent("linear.csv")) }
        #expect(file?.message.contains("without gravity") == true && file?.message.contains("give total acceleration") == true, "\(String(describing: file))")
        // The same hand with gravity (about −1 g on z) is read.
        let withGravity = text.split(separator: "\n").enumerated().map { k, line -> String in
            guard k > 0 else { return String(line) }
            let f = line.split(separator: ",").map { Double($0)! }
            return String(format: "%.2f,%.4f,%.4f,%.4f", f[0], f[1] / 9.80665, f[2] / 9.80665, f[3] / 9.80665 - 1)
        }.joined(separator: "\n") + "\n"
        #expect(try PhysicsOnEveryPathTests.stream(withGravity).get().count == 1500)
    }

    @Test func anEpochClockCSVReadsAsAManifestReadsIt() throws {
        let text = RoundFourRecordings.epochUnit()
        let folder = try PhoneAppRecordings.folder("epoch", ["p01/unit.csv": text, "unix.csv": text.replacingOccurrences(of: "epoch,", with: "unix_time,")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = try SampleCSVFormat.load(folder.appendingPathComponent("p01/unit.csv"))
        var manifest = DatasetManifest(name: "epoch", kind: .continuous, channels: zip(Channel.acceleration, ["accel_x", "accel_y", "accel_z"]).map { .init($0, column: $1) },
                                       source: .init(files: [.init("{subject}/unit.csv")]))
        manifest.time = DatasetManifest.TimeMapping(column: "epoch")
        let read = try DatasetReader.load(manifest, folder: folder, data: folder)
        let times = try #require(csv.dataset.recordings.first?.timestamps)
        #expect(times.count == 1000 && times == read.dataset.recordings.first?.timestamps && abs(times[999] - 19.98) < 1e-9)
        #expect(csv.report.notes.contains { $0.contains("'epoch' read as milliseconds") }, "\(csv.report.notes)")
        #expect(try SampleCSVFormat.load(folder.appendingPathComponent("unix.csv")).dataset.recordings[0].timestamps == times)
    }

    @Test func aFileWithoutTimeAndAGyroscopeInDegreesIsReadWithTheOptionItsHintNames() throws {
        let folder = try PhoneAppRecordings.folder("no-time-degrees", ["imu.csv": PhysicsRecordings.arduinoLog()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("imu.csv")
        let error = #expect(throws: DataFileError.self) { try SampleCSVFormat.load(url, rate: 119) }
        #expect(error?.field == "gX" && error?.message.contains("pass --gyroscope deg/s") == true, "\(String(describing: error))")
        let read = try SampleCSVFormat.load(url, rate: 119, rotationRate: .degreesPerSecond)
        let peak = read.dataset.recordings[0].samples.compactMap { $0.rotationRate?.length }.max() ?? 0
        #expect(abs(peak - 390 * .pi / 180) < 0.1, "\(peak)")
        #expect(read.report.notes.contains { $0.contains("--gyroscope deg/s") }, "\(read.report.notes)")
        // A header that says otherwise is refused, naming both.
        let folder2 = try PhoneAppRecordings.folder("no-time-radians", ["imu.csv": PhysicsRecordings.arduinoLog(header: "aX,aY,aZ,gX (rad/s),gY (rad/s),gZ (rad/s)")])
        defer { try? FileManager.default.removeItem(at: folder2) }
        let clash = #expect(throws: DataFileError.self) { try SampleCSVFormat.load(folder2.appendingPathComponent("imu.csv"), rate: 119, rotationRate: .degreesPerSecond) }
        #expect(clash?.line == 1 && clash?.field == "gX (rad/s)" && clash?.message.contains("--gyroscope says deg/s") == true, "\(String(describing: clash))")
    }
}
