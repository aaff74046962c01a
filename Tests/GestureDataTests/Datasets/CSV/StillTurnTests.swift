import Foundation
@testable import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// Issue 75, shape 1: a gyroscope in °/s read as rad/s while the unit lies still turns gravity by hundreds of degrees
/// that the accelerometer does not see; physics compares the two over still stretches on every path, and a manifest
/// column whose header says `(deg/s)` is read in degrees per second.
@Suite struct StillTurnTests {
    /// A manifest of the lower-back unit's file; `external` adds a source (external data: unstated units refused).
    static func manifest(gyroScale: Double? = nil, gyroColumns: [String] = ["gyro_x", "gyro_y", "gyro_z"], external: Bool = true) -> DatasetManifest {
        var channels: [DatasetManifest.ChannelMapping] = [.init(.accelX, column: "accel_x"), .init(.accelY, column: "accel_y"), .init(.accelZ, column: "accel_z")]
        for (c, name) in zip(Channel.rotationRate, gyroColumns) { channels.append(.init(c, column: name, scale: gyroScale)) }
        let source: DatasetManifest.Source? = external ? .init(files: [.init("{subject}/{session}.csv")]) : nil
        var manifest = DatasetManifest(name: "lower-back", kind: .continuous, channels: channels, source: source)
        manifest.time = DatasetManifest.TimeMapping(column: "time", scale: 1)
        if !external { manifest.recordings = [.init(id: "still", subject: "p01", session: "1", file: "p01/still.csv")] }
        return manifest
    }

    @Test func aSlowGyroscopeInDegreesIsRefusedOnEveryPathAndItsScaleReadsIt() throws {
        let folder = try PhoneAppRecordings.folder("slow-gyro", ["p01/still.csv": RoundFourRecordings.lowerBackStill()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try DatasetReader.load(Self.manifest(), folder: folder, data: folder)
        let problem = try #require(loaded.problems.first { $0.kind == .units }, "\(loaded.problems)")
        #expect(problem.severity == .error && problem.location.field == "gyro_x" && problem.location.file.hasSuffix("p01/still.csv"))
        #expect((problem.location.line ?? 0) > 200, "the line where the verdict was reached: \(problem)")
        let message = problem.location.message
        // 16 s at about 0.3 rad/s across gravity: well over 200° where the accelerometer moves a fraction of a degree.
        #expect(message.contains("turns gravity by") && message.contains("scale: \(Double.pi / 180)"), "\(message)")
        if case let .turnWhileStill(turned, tilt, seconds, rate, _, stated, _) = problem.location.reason {
            #expect(turned > 3 && tilt < 0.02 && seconds > 15 && (0.2...0.35).contains(rate) && stated == nil, "\(problem.location.reason)")
        } else {
            Issue.record("not a turn while still: \(problem.location.reason)")
        }
        // A csv: file and a stream refuse it too, naming the option and the header that read degrees per second.
        let file = folder.appendingPathComponent("p01/still.csv")
        let error = #expect(throws: DataFileError.self) { try SampleCSVFormat.load(file) }
        #expect(error?.field == "gyro_x" && error?.message.contains("turns gravity by") == true
                    && error?.message.contains("--gyroscope deg/s") == true, "\(String(describing: error))")
        guard case let .failure(streamed) = PhysicsOnEveryPathTests.stream(RoundFourRecordings.lowerBackStill()) else {
            Issue.record("a stream read a slow gyroscope in °/s as rad/s")
            return
        }
        #expect(streamed.field == "gyro_x" && streamed.message.contains("turns gravity by"), "\(streamed)")
        // The hint applied: π/180 in the manifest, or --gyroscope deg/s; the rates are then a few thousandths of rad/s.
        let scaled = try DatasetReader.load(Self.manifest(gyroScale: .pi / 180), folder: folder, data: folder)
        #expect(!scaled.problems.contains { $0.kind == .units }, "\(scaled.problems)")
        #expect(scaled.dataset.recordings[0].samples.allSatisfy { $0.rotationRate!.length < 0.008 })
        let stated = try SampleCSVFormat.load(file, rotationRate: .degreesPerSecond)
        let rate = try #require(stated.dataset.recordings.first?.column(.gyroX))
        #expect(abs(rate[0] - (0.2 + DeviceRecordings.wobble(3, 0.02)) * .pi / 180) < 1e-5, "\(rate[0])")
    }

    @Test func aProjectDatasetWarnsAndAStatedScaleStillWarns() throws {
        let folder = try PhoneAppRecordings.folder("slow-gyro-project", ["p01/still.csv": RoundFourRecordings.lowerBackStill()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = try DatasetReader.load(Self.manifest(external: false), folder: folder, data: folder)
        let warning = try #require(project.problems.first { $0.kind == .units }, "\(project.problems)")
        #expect(warning.severity == .warning && warning.location.message.contains("turns gravity by"), "\(warning)")
        // A stated scale that leaves the turn: a warning saying the scale, without suggesting π/180 on top of it.
        let stated = try DatasetReader.load(Self.manifest(gyroScale: 1, external: true), folder: folder, data: folder)
        let problem = try #require(stated.problems.first { $0.kind == .units }, "\(stated.problems)")
        #expect(problem.severity == .warning && problem.location.message.contains("with the stated scale 1.0"), "\(problem)")
        #expect(!problem.location.message.contains("scale: \(Double.pi / 180)"), "\(problem)")
    }

    /// A real slow rotation (0.15 rad/s, which still windows let through) that the accelerometer follows is read, and
    /// so is a gyroscope in rad/s whose zero point (0.01 rad/s) is left in.
    @Test func aRealSlowTurnAndAZeroPointAreRead() throws {
        let folder = try PhoneAppRecordings.folder("slow-turn", ["p01/still.csv": RoundFourRecordings.slowTilt(),
                                                                  "p02/still.csv": RoundFourRecordings.lowerBackStill(atRest: (0.01, -0.005, 0.004))])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try DatasetReader.load(Self.manifest(), folder: folder, data: folder)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(try SampleCSVFormat.load(folder.appendingPathComponent("p01/still.csv")).dataset.recordings[0].count == 1200)
        // Without the accelerometer following, the same rate is a turn it does not see.
        var windows = PhysicalPlausibility.StillWindows()
        for i in 0..<1200 {
            windows.add(time: Double(i) / 100, acceleration: Vector3(0, 0, -1), rotationRate: Vector3(0.15, 0, 0))
        }
        let turn = try #require(windows.turnWhileStill)
        #expect(abs(turn.turned - 0.15 * 12) < 0.05 && turn.tilt < 1e-9 && abs(turn.rate - 0.15) < 0.01, "\(turn)")
    }

    /// The manifest reader reads a gyroscope column's header unit as it reads an accelerometer's: `Gyroscope X (deg/s)`
    /// is times π/180 without a scale, and a scale that contradicts it is a problem naming the column.
    @Test func aManifestGyroscopeColumnInDegreesByItsHeaderIsScaled() throws {
        let names = ["Gyroscope X (deg/s)", "Gyroscope Y (deg/s)", "Gyroscope Z (deg/s)"]
        let folder = try PhoneAppRecordings.folder("gyro-header", ["p01/still.csv": RoundFourRecordings.lowerBackStill(gyroscope: names)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try DatasetReader.load(Self.manifest(gyroColumns: names), folder: folder, data: folder)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let x = try #require(loaded.dataset.recordings.first?.column(.gyroX))
        #expect(abs(x[0] - (0.2 + DeviceRecordings.wobble(3, 0.02)) * .pi / 180) < 1e-5, "\(x[0])")
        #expect(loaded.report.notes.contains { $0.contains("rotation rate in degrees per second by its header ('Gyroscope X (deg/s)'") }, "\(loaded.report.notes)")
        let contradicted = try DatasetReader.load(Self.manifest(gyroScale: 1, gyroColumns: names), folder: folder, data: folder)
        let mismatch = try #require(contradicted.problems.first { $0.kind == .units }, "\(contradicted.problems)")
        #expect(mismatch.location.field == "Gyroscope X (deg/s)" && mismatch.location.line == 1
                    && mismatch.location.message.contains("±\(Double.pi / 180) for °/s to rad/s"), "\(mismatch)")
    }
}
