import Foundation
@testable import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// Issue 56, "physics on every path": a gyroscope in °/s, a zero point nobody removed, and acceleration without
/// gravity are refused on every path that reads samples (a manifest, a `csv:` file, a CSV stream as `detect` reads
/// it), and each refusal's hint, applied, reads the file right by physics.
@Suite struct PhysicsOnEveryPathTests {
    static func wobble(_ i: Int, _ amplitude: Double) -> Double { DeviceRecordings.wobble(i, amplitude) }

    /// Feeds `text` through a stream as `detect` reads it; returns its samples or the error it stopped with.
    static func stream(_ text: String, rate: Double? = nil, acceleration: SampleCSVFormat.AccelerationUnit? = nil,
                       file: String = "log.csv") -> Result<[MotionSample], DataFileError> {
        var stream = SampleCSVStream(file: file, acceleration: acceleration, rate: rate)
        var samples: [MotionSample] = []
        do throws(DataFileError) {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if let s = try stream.feed(String(line)) { samples.append(s) }
                while let s = stream.nextHeld() { samples.append(s) }
            }
            try stream.finish()
            while let s = stream.nextHeld() { samples.append(s) }
        } catch {
            return .failure(error)
        }
        return .success(samples)
    }

    // MARK: Case 1: °/s in a stream

    @Test func aStreamRefusesDegreesPerSecondAndItsHeaderHintReadsThem() throws {
        guard case let .failure(error) = Self.stream(PhysicsRecordings.arduinoLog(), rate: 119) else {
            Issue.record("a gyroscope in °/s streamed as rad/s was read")
            return
        }
        #expect(error.field == "gX" && error.message.contains("the rotation rate peaks at") && error.message.contains("gX (deg/s)"), "\(error)")
        // The hint: the unit named in the header. Punches then peak near 390 °/s = 6.8 rad/s, rest near 0.
        let fixed = try Self.stream(PhysicsRecordings.arduinoLog(header: "aX,aY,aZ,gX (deg/s),gY (deg/s),gZ (deg/s)"), rate: 119).get()
        let peak = fixed.compactMap { $0.rotationRate?.length }.max() ?? 0
        #expect(abs(peak - 390 * .pi / 180) < 0.1, "\(peak)")
        #expect(abs(fixed[50].acceleration.length - 1) < 0.01 && fixed[50].rotationRate!.length < 0.01)
    }

    // MARK: Case 2: a still device turning

    static func manifest(gyroScale: Double? = nil, gyroOffsets: [Double]? = nil) -> DatasetManifest {
        var channels: [DatasetManifest.ChannelMapping] = [.init(.accelX, column: "accel_x"), .init(.accelY, column: "accel_y"), .init(.accelZ, column: "accel_z")]
        for (k, (c, name)) in zip(Channel.rotationRate, ["gyro_x", "gyro_y", "gyro_z"]).enumerated() {
            channels.append(.init(c, column: name, scale: gyroScale, offset: gyroOffsets?[k]))
        }
        var manifest = DatasetManifest(name: "shimmer", kind: .continuous, channels: channels, source: .init(files: [.init("{subject}/{session}.csv")]))
        manifest.time = DatasetManifest.TimeMapping(column: "time_ms", scale: 0.001)
        return manifest
    }

    @Test func aStillDeviceReadingSteadyRotationIsRefusedAndEachHintReadsIt() throws {
        let folder = try PhoneAppRecordings.folder("still-gyro", ["p01/still.csv": PhysicsRecordings.stillShimmer(),
                                                                 "p02/zero.csv": PhysicsRecordings.stillShimmer(atRest: (7.15, -7.15, 7.15))])
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try DatasetReader.load(Self.manifest(), folder: folder, data: folder)
        let problems = refused.problems.filter { $0.kind == .units }
        #expect(problems.count == 2 && problems.allSatisfy { $0.severity == .error && $0.location.field == "gyro_x" }, "\(refused.problems)")
        let degrees = try #require(problems.first { $0.location.file.hasSuffix("still.csv") })
        #expect(degrees.location.message.contains("holds at 2") && degrees.location.message.contains("scale: \(Double.pi / 180)"), "\(degrees)")
        // The hint for degrees per second: scale π/180. Rotation at rest is then 0.035 rad/s, and nothing is refused.
        let scaled = try DatasetReader.load(Self.manifest(gyroScale: .pi / 180), folder: folder, data: folder)
        let still = try #require(scaled.dataset.recordings.first { $0.subject == "p01" })
        #expect(!scaled.problems.contains { $0.location.file.hasSuffix("still.csv") }, "\(scaled.problems)")
        #expect(still.samples.allSatisfy { $0.rotationRate!.length < 0.04 })
        // A zero point (rad/s around 7.15, as unscaled MotionPlus counts read): the offsets the message names remove it.
        let zero = try #require(problems.first { $0.location.file.hasSuffix("zero.csv") })
        #expect(zero.location.message.contains("offsets -7.1") && zero.location.message.contains(", 7.1"), "\(zero)")
        let offset = try DatasetReader.load(Self.manifest(gyroOffsets: [-7.15, 7.15, -7.15]), folder: folder, data: folder)
        let centred = try #require(offset.dataset.recordings.first { $0.subject == "p02" })
        #expect(!offset.problems.contains { $0.location.file.hasSuffix("zero.csv") }, "\(offset.problems)")
        #expect(centred.samples.allSatisfy { $0.rotationRate!.length < 0.1 })
    }

    @Test func aCSVFileAndAStreamRefuseTheStillRotationToo() throws {
        let folder = try PhoneAppRecordings.folder("still-csv", ["still.csv": PhysicsRecordings.stillShimmer()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: DataFileError.self) { try SampleCSVFormat.load(folder.appendingPathComponent("still.csv")) }
        #expect(error?.field == "gyro_x" && error?.message.contains("across gravity while the acceleration stays still") == true, "\(String(describing: error))")
        guard case let .failure(streamed) = Self.stream(PhysicsRecordings.stillShimmer()) else {
            Issue.record("the stream read a still device turning at 2 rad/s")
            return
        }
        #expect(streamed.field == "gyro_x" && streamed.message.contains("gyro_x (deg/s)"), "\(streamed)")
        // The hint: the unit named in the header.
        let named = PhysicsRecordings.stillShimmer().replacingOccurrences(of: "gyro_x,gyro_y,gyro_z", with: "gyro_x (deg/s),gyro_y (deg/s),gyro_z (deg/s)")
        let samples = try Self.stream(named).get()
        #expect(samples.count == 87 && samples.allSatisfy { $0.rotationRate!.length < 0.04 })
    }

    /// A device lying still with a gyroscope at rest (rad/s), and one vibrating (rates swinging ±2 rad/s at 20 Hz about
    /// 0) are read without a word: only a rotation rate that holds is impossible.
    @Test func aStillOrVibratingDeviceIsRead() throws {
        let still = PhysicsRecordings.stillShimmer(seconds: 4, atRest: (0.01, -0.01, 0))
        #expect(try Self.stream(still).get().count == 204)
        var vibrating = "time_ms,accel_x,accel_y,accel_z,gyro_x,gyro_y,gyro_z\n"
        for i in 0..<400 {
            vibrating += String(format: "%.3f,0.01,-0.05,%.4f,%.3f,0.01,0\n", Double(i) * 10, -1.03 + Self.wobble(i, 0.002), 2 * sin(Double(i) * 2 * .pi * 20 / 100))
        }
        #expect(try Self.stream(vibrating).get().count == 400)
    }

    // MARK: Cases 3, 4, 10: acceleration without gravity

    @Test func accelerationWithoutGravityIsRefusedNamingGravityCSVAndThePresetReadsIt() throws {
        let folder = try PhoneAppRecordings.folder("ios", PhysicsRecordings.sensorLoggerIOS())
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("me/rest-1/Accelerometer.csv")
        // csv: and detect's stream read m/s² without gravity as g: both refuse it, naming Gravity.csv and the preset.
        let error = #expect(throws: DataFileError.self) { try SampleCSVFormat.load(file) }
        #expect(error?.message.contains("without gravity") == true && error?.message.contains("Gravity.csv") == true
                    && error?.message.contains("sensor-logger-ios") == true, "\(String(describing: error))")
        guard case let .failure(streamed) = Self.stream(try String(contentsOf: file, encoding: .utf8), file: file.path) else {
            Issue.record("the stream read acceleration without gravity as total acceleration")
            return
        }
        #expect(streamed.message.contains("sensor-logger-ios"), "\(streamed)")
        // Case 10: stated as Android's m/s², the values divided by 9.80665 are not "already g".
        guard case let .failure(stated) = Self.stream(try String(contentsOf: file, encoding: .utf8), acceleration: .androidMetersPerSecondSquared, file: file.path) else {
            Issue.record("the stream read acceleration without gravity as total acceleration")
            return
        }
        #expect(!stated.message.contains("already g") && stated.message.contains("without gravity"), "\(stated)")
        // The hint: the sensor-logger-ios preset adds Gravity.csv. At rest |a| is then 1 g, −1 g on z (CoreMotion).
        let manifest = try #require(try ImportPresets.manifest("sensor-logger-ios"))
        let loaded = try DatasetReader.load(manifest, folder: folder, data: folder)
        #expect(DatasetValidator().validate(loaded).filter { $0.severity == .error }.isEmpty, "\(DatasetValidator().validate(loaded))")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.count > 390 && r.samples.allSatisfy { abs($0.acceleration.length - 1) < 0.01 && $0.acceleration.z < -0.99 })
        #expect(loaded.report.notes.contains { $0.contains("= user.x…z + gravity.x…z") }, "\(loaded.report.notes)")
    }

    /// Case 4: the same file renamed TotalAcceleration.csv (as a user does when the Android preset finds none) rests
    /// near 0 g for minutes: the preset's stated scale adds no gravity, so it is refused, not imported with 0 warnings.
    @Test func renamedUserAccelerationIsRefusedByTheAndroidPreset() throws {
        let folder = try PhoneAppRecordings.folder("renamed", PhysicsRecordings.sensorLoggerIOS(seconds: 6, accelerometerName: "TotalAcceleration.csv"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try #require(try ImportPresets.manifest("sensor-logger"))
        let loaded = try DatasetReader.load(manifest, folder: folder, data: folder)
        let problem = try #require(loaded.problems.first { $0.kind == .units }, "\(loaded.problems)")
        #expect(problem.severity == .error && problem.location.message.contains("rests at 0.0"), "\(problem)")
        #expect(problem.location.message.contains("acceleration without gravity"), "\(problem)")
    }

    /// A hand-held phone's user acceleration is never still: it is judged by its mean, which is about 0.
    @Test func handHeldUserAccelerationIsRefusedInAStream() throws {
        var text = "time,seconds_elapsed,z,y,x\n"
        for i in 0..<800 {
            let t = Double(i) / 100
            text += "\(1_709_371_800_000_000_000 + Int64(i) * 10_000_000)"
                + String(format: ",%.2f,%.3f,%.3f,%.3f\n", t, 0.6 * sin(t * 7), 0.5 * sin(t * 5.3 + 1), 0.4 * sin(t * 3.1 + 2))
        }
        guard case let .failure(error) = Self.stream(text, file: "Accelerometer.csv") else {
            Issue.record("a hand-held phone's user acceleration streamed as total acceleration")
            return
        }
        #expect(error.message.contains("without gravity"), "\(error)")
        // Case 10: with an epoch clock alone (lines held while it settles) and Android's m/s² stated, such motion
        // reads about 0.1 once divided by 9.80665: not "already g", but without gravity.
        var held = "time,z,y,x\n"
        for i in 0..<800 {
            let t = Double(i) / 100
            held += "\(1_709_371_800_000_000_000 + Int64(i) * 10_000_000)"
                + String(format: ",%.3f,%.3f,%.3f\n", 1.0 * sin(t * 7), 0.8 * sin(t * 5.3 + 1), 0.6 * sin(t * 3.1 + 2))
        }
        guard case let .failure(stated) = Self.stream(held, acceleration: .androidMetersPerSecondSquared, file: "Accelerometer.csv") else {
            Issue.record("user acceleration in m/s² streamed as total acceleration")
            return
        }
        #expect(!stated.message.contains("already g") && stated.message.contains("without gravity"), "\(stated)")
    }

    /// A swimmer's watch is never still and turns every way, so its mean acceleration vector is small; its mean |a|
    /// stays near 1 g (gravity is in it), and it is read. (SwimWatch_Turns' backstroke was refused before this.)
    @Test func aDeviceTurningEveryWayWithGravityIsRead() throws {
        var text = "time,ax,ay,az\n"
        for i in 0..<1500 {
            let t = Double(i) / 50
            // Gravity in the device frame sweeps the sphere (one turn about z per 1.3 s, about x per 2.9 s), plus strokes.
            let (a, b) = (2 * Double.pi * t / 1.3, 2 * Double.pi * t / 2.9)
            let g = Vector3(cos(a) * sin(b), sin(a) * sin(b), cos(b))
            let stroke = 0.3 * sin(2 * .pi * t / 0.7)
            text += String(format: "%.2f,%.4f,%.4f,%.4f\n", t, g.x + stroke, g.y, g.z - stroke)
        }
        #expect(try Self.stream(text).get().count == 1500)
    }

    /// Total acceleration with moments of free fall (a drop) is read: most still stretches have gravity.
    @Test func aDropInARecordingAtRestIsRead() throws {
        var text = "time,ax,ay,az\n"
        for i in 0..<1000 {
            let falling = (400..<430).contains(i)
            text += String(format: "%.2f,%.4f,%.4f,%.4f\n", Double(i) / 100, Self.wobble(i, 0.002), Self.wobble(i + 1, 0.002),
                           falling ? 0.004 : -1 + Self.wobble(i + 2, 0.002))
        }
        #expect(try Self.stream(text).get().count == 1000)
        let folder = try PhoneAppRecordings.folder("drop", ["drop.csv": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SampleCSVFormat.load(folder.appendingPathComponent("drop.csv")).dataset.recordings[0].count == 1000)
    }

    // MARK: Case 12: a first sample above 1000 milli-g

    static func milliG(first: Double) -> String {
        var text = "timestamp,x,y,z\n"
        for i in 0..<200 {
            text += String(format: "%.2f,%.1f,%.1f,%.1f\n", Double(i) / 25, wobble(i, 4), wobble(i + 1, 4), i == 0 ? first : 1000 + wobble(i + 2, 3))
        }
        return text
    }

    @Test func aFirstMilliGSampleAbove1000IsASampleNotMetadata() throws {
        let folder = try PhoneAppRecordings.folder("milli", ["p01/walk.csv": Self.milliG(first: 1003)])
        defer { try? FileManager.default.removeItem(at: folder) }
        var manifest = try #require(try ImportPresets.manifest("garmin"))
        var unscaled = manifest
        for i in unscaled.channels.indices { unscaled.channels[i].scale = nil }
        unscaled.time = DatasetManifest.TimeMapping(column: "timestamp", scale: 1)
        manifest.time = unscaled.time
        let refused = try DatasetReader.load(unscaled, folder: folder, data: folder)
        #expect(!refused.problems.contains { $0.kind == .outOfRange }, "\(refused.problems)")
        let units = try #require(refused.problems.first { $0.kind == .units })
        #expect(units.location.message.contains("look like milli-g") && units.location.message.contains("scale: 0.001"), "\(units)")
        // The hint applied: every row is a sample, the first 1.003 g.
        let read = try DatasetReader.load(manifest, folder: folder, data: folder)
        let r = try #require(read.dataset.recordings.first)
        #expect(read.problems.isEmpty && r.count == 200 && abs(abs(r.column(.accelZ)![0]) - 1.003) < 1e-9, "\(read.problems)")
        // A stream holds the lines after such a first line and names the unit rather than a metadata row.
        guard case let .failure(error) = Self.stream(Self.milliG(first: 1003)) else {
            Issue.record("milli-g streamed as g")
            return
        }
        #expect(error.message.contains("milli-g") && !error.message.contains("metadata"), "\(error)")
        // A real metadata row (a start time in epoch seconds) is still one.
        guard case let .failure(meta) = Self.stream(Self.milliG(first: 1_495_437_325)) else {
            Issue.record("a metadata row streamed as a sample")
            return
        }
        #expect(meta.message.contains("metadata"), "\(meta)")
    }
}
