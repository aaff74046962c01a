import Foundation
import GestureKit
import GestureTestSupport
import Testing

@Suite struct DetectCommandTests {
    struct Event: Decodable, Equatable {
        var label: String
        var phase: String
        var start: Double
        var end: Double
        var time: Double
        var score: Double
    }

    /// Face up 2 s, upright in portrait 2 s, face down 2 s: a CSV with the `t,x,y,z` header.
    static func tiltCSV(rate: Double, header: String = "t,x,y,z") -> String {
        let script = MotionScript.still(.identity, duration: 2)
            .then(.still(Quaternion(EulerAngles(pitch: .pi / 2, roll: 0, yaw: 0)), duration: 2))
            .then(.still(Quaternion(EulerAngles(pitch: 0, roll: .pi, yaw: 0)), duration: 2))
        var csv = header + "\n"
        for s in script.samples(rate: rate) {
            let a = s.acceleration
            csv += "\(s.timestamp),\(a.x),\(a.y),\(a.z)\n"
        }
        return csv
    }

    @Test(arguments: [25.0, 50.0, 100.0]) func orientationOverStdinGivesTheTiltEvents(rate: Double) throws {
        let result = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-", "--json"],
                                              stdin: Self.tiltCSV(rate: rate))
        #expect(result.status == 0, "\(result.stderr)")
        // Only what was assumed for the bare x,y,z columns, once.
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.hasPrefix("detect: channels: bare x,y,z taken as acceleration in g"), "\(result.stderr)")
        let events = try result.jsonLines(Event.self)
        let sequence = events.map { "\($0.phase) \($0.label)" }
        #expect(sequence == [
            "began faceUp", "began lyingOnBack", "ended lyingOnBack", "ended faceUp", "began portrait",
            "ended portrait", "began faceDown",
        ])
        let portrait = try #require(events.first { $0.label == "portrait" && $0.phase == "began" })
        #expect(portrait.time > 2 && portrait.time < 2.6, "detected \(portrait.time - 2) s after the tilt")
        let faceUp = try #require(events.first { $0.label == "faceUp" && $0.phase == "ended" })
        #expect(faceUp.start == 0 && faceUp.end == faceUp.time)
    }

    /// A shake whose last strong reading is 0.02 s before the file ends: `detect` reports its end when the input
    /// ends (it printed only "began" before the recognizers were finished).
    @Test func aShakeAtTheVeryEndOfTheFileIsReported() throws {
        let samples = GestureMotions.vigorousShake().samples(rate: 50)
        var counter = try ShakeCounter()
        let shake = try #require(counter.run(over: samples).last)
        var csv = "t,x,y,z\n"
        for s in samples where s.timestamp <= shake.end + 0.02 {
            csv += "\(s.timestamp),\(s.acceleration.x),\(s.acceleration.y),\(s.acceleration.z)\n"
        }
        let result = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", "-", "--json"], stdin: csv)
        #expect(result.status == 0, "\(result.stderr)")
        let events = try result.jsonLines(Event.self)
        #expect(events.map(\.phase) == ["began", "ended"], "\(result.stdout)")
        #expect(abs((events.last?.start ?? 0) - shake.start) < 0.02, "within a sample at 50 Hz (the CSV's rounding)")
    }

    @Test func tableOutputFromAFileWithTheLongHeader() throws {
        let url = TemporaryFolder.root.appendingPathComponent("tilt-\(UUID().uuidString).csv")
        try Self.tiltCSV(rate: 50, header: "time,accel_x,accel_y,accel_z").write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.contains("phase") == true && lines.first?.contains("label") == true)
        #expect(lines.count == 8)
        #expect(lines.last?.contains("faceDown") == true)
    }

    @Test func realtimeReplayGivesTheSameEvents() throws {
        // Half a second of samples: the paced run takes about that long, and must print the same.
        let csv = String(Self.tiltCSV(rate: 50).split(separator: "\n").prefix(26).joined(separator: "\n")) + "\n"
        let url = TemporaryFolder.root.appendingPathComponent("short-\(UUID().uuidString).csv")
        try csv.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let fast = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", url.path, "--json"])
        let paced = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", url.path, "--json", "--realtime"])
        #expect(fast.status == 0 && paced.status == 0)
        #expect(!fast.stdout.isEmpty)
        #expect(paced.stdout == fast.stdout)
    }

    @Test func configurationFileIsApplied() throws {
        // With the device's gravity ignored and an extreme smoothing time constant of 5 s the
        // orientation cannot follow the 2-second poses: fewer events than with the defaults.
        let url = TemporaryFolder.root.appendingPathComponent("slow-\(UUID().uuidString).json")
        try Data(#"{"smoothing": {"timeConstant": {"_0": 5}}}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let slow = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--config", url.path,
                                             "--input", "-", "--json"], stdin: Self.tiltCSV(rate: 50))
        #expect(slow.status == 0, "\(slow.stderr)")
        let events = try slow.jsonLines(Event.self)
        #expect(!events.contains { $0.label == "portrait" })
    }

    @Test func reportFolderHoldsTheRunAndExportsToANotebook() throws {
        let root = TemporaryFolder.root.appendingPathComponent("detect-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-", "--json",
                                               "--report", "reports/tilt"], stdin: Self.tiltCSV(rate: 50), directory: root)
        #expect(result.status == 0, "\(result.stderr)")
        let folder = root.appendingPathComponent("reports/tilt")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["events.csv", "report.json", "results.json", "signal.annotations.csv", "signal.events.csv",
                          "signal.signal.csv", "signal.svg", "summary.md"])
        struct Results: Decodable {
            struct Samples: Decodable { var accepted: Int }
            var recognizer: String
            var samples: Samples
            var eventCounts: [String: [String: Int]]
        }
        let results = try JSONFile.decode(Results.self, at: folder.appendingPathComponent("results.json"))
        #expect(results.recognizer == "orientation")
        #expect(results.samples.accepted == 300)
        #expect(results.eventCounts["portrait"] == ["began": 1, "ended": 1])
        let events = try String(contentsOf: folder.appendingPathComponent("events.csv"), encoding: .utf8)
        let printed = try result.jsonLines(Event.self)
        #expect(events.split(separator: "\n").count == 1 + printed.count)
        let svg = try String(contentsOf: folder.appendingPathComponent("signal.svg"), encoding: .utf8)
        #expect(svg.contains("detected portrait"))
        let manifest = try String(contentsOf: folder.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(manifest.contains("\"--report\""))

        let export = try GestureLabBinary.run(["export", "notebook", "--report", "reports/tilt"], directory: root)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("notebooks-export/tilt.ipynb").path))
    }

    @Test func badValueNamesFileLineAndField() throws {
        let result = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-"],
                                              stdin: "t,x,y,z\n0,0,0,-1\n0.02,0,oops,-1\n")
        result.expectFailure(file: "<stdin>", line: 3, field: "y", message: "'oops' is not a number")
    }

    @Test func missingFileFailsWithOneLine() throws {
        let result = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "no/such/file.csv"])
        #expect(result.expectFailure(file: "no/such/file.csv", alone: true)?.message == "no such file")
    }

    @Test(arguments: [("seconds,a,b,c", "no acceleration columns"), ("when,x,y,z", "no time column")])
    func unknownHeaderIsReported(header: String, message: String) throws {
        let result = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-"],
                                              stdin: header + "\n0,0,0,-1\n")
        let error = result.expectFailure(file: "<stdin>", line: 1, message: message)
        #expect(error?.message.contains(header) == true, "the header is quoted")
    }

    /// The tilt script as a CoreMotion logger writes it: Euler attitude, gravity, rotation rate and
    /// user acceleration, no total acceleration column (it is gravity + user acceleration).
    static func coreMotionLoggerCSV(rate: Double) -> String {
        let script = MotionScript.still(.identity, duration: 2)
            .then(.still(Quaternion(EulerAngles(pitch: .pi / 2, roll: 0, yaw: 0)), duration: 2))
            .then(.still(Quaternion(EulerAngles(pitch: 0, roll: .pi, yaw: 0)), duration: 2))
        var csv = "timestamp,attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,"
            + "rotationRate.x,rotationRate.y,rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z\n"
        for s in script.samples(rate: rate) {
            let e = s.attitude!.eulerAngles, g = s.gravity!, r = s.rotationRate!, u = s.userAcceleration!
            csv += [s.timestamp, e.roll, e.pitch, e.yaw, g.x, g.y, g.z, r.x, r.y, r.z, u.x, u.y, u.z]
                .map { "\($0)" }.joined(separator: ",") + "\n"
        }
        return csv
    }

    @Test func coreMotionLoggerHeaderIsReadWithItsGravity() throws {
        let logger = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-", "--json"],
                                              stdin: Self.coreMotionLoggerCSV(rate: 50))
        let total = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-", "--json"],
                                             stdin: Self.tiltCSV(rate: 50))
        #expect(logger.status == 0, "\(logger.stderr)")
        #expect(logger.stderr.isEmpty)
        let events = try logger.jsonLines(Event.self), reference = try total.jsonLines(Event.self)
        // The same states as from total acceleration...
        #expect(Set(events.map { "\($0.phase) \($0.label)" }) == Set(reference.map { "\($0.phase) \($0.label)" }))
        #expect(events.last.map { "\($0.phase) \($0.label)" } == "began faceDown")
        // ...but the device's own gravity channel needs no smoothing: each pose is seen on its first
        // sample, where total acceleration is low-passed first and seen later.
        let portrait = try #require(events.first { $0.label == "portrait" && $0.phase == "began" })
        let smoothed = try #require(reference.first { $0.label == "portrait" && $0.phase == "began" })
        #expect(abs(portrait.time - 2) < 0.021, "\(portrait.time)")
        #expect(smoothed.time > portrait.time + 0.1)
        let faceDown = try #require(events.first { $0.label == "faceDown" && $0.phase == "began" })
        #expect(abs(faceDown.time - 4) < 0.021, "\(faceDown.time)")
    }

    @Test func androidMetersPerSecondSquaredAreConverted() throws {
        // Android reports +9.81 m/s² up at rest: the CoreMotion reading times −9.80665.
        var android = "time_ms,ax,ay,az\n"
        for line in Self.tiltCSV(rate: 50).split(separator: "\n").dropFirst() {
            let v = line.split(separator: ",").map { Double($0)! }
            android += "\(v[0] * 1000),\(v[1] * -9.80665),\(v[2] * -9.80665),\(v[3] * -9.80665)\n"
        }
        let converted = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-", "--json",
                                                  "--acceleration", "android-ms2"], stdin: android)
        let native = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-", "--json"],
                                              stdin: Self.tiltCSV(rate: 50))
        #expect(converted.status == 0, "\(converted.stderr)")
        let events = try converted.jsonLines(Event.self)
        #expect(events.map { "\($0.phase) \($0.label)" } == (try native.jsonLines(Event.self)).map { "\($0.phase) \($0.label)" })
        for (a, b) in zip(events, try native.jsonLines(Event.self)) { #expect(abs(a.time - b.time) < 1e-6) }
        // Read as g, the same numbers are nearly 10 g readings with Android's sign: not the tilt sequence.
        let unconverted = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-", "--json"],
                                                   stdin: android)
        #expect(try unconverted.jsonLines(Event.self).map(\.label) != events.map(\.label))
    }

    @Test func invalidConfigurationNamesTheKey() throws {
        let url = TemporaryFolder.root.appendingPathComponent("bad-\(UUID().uuidString).yaml")
        try "enterAngle: 2.0\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--config", url.path, "--input", "-"],
                                              stdin: "t,x,y,z\n")
        result.expectFailure(file: url.path, message: "invalid configuration for 'orientation': enterAngle: ", alone: true)
    }

    @Test func nonFiniteAndBackwardSamplesAreSkippedAndCounted() throws {
        let csv = "t,x,y,z\n0,0,0,-1\n0.02,nan,0,-1\n0.04,0,0,-1\n0.03,0,0,-1\n0.04,0,0,-1\n"
        let result = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-", "--json"], stdin: csv)
        #expect(result.status == 0)
        // After the one line on the bare x,y,z columns.
        #expect(result.stderr.hasSuffix("\ndetect: skipped 3 of 5 samples (1 non-finite, 1 duplicate time, 1 out of order)\n"), "\(result.stderr)")
    }

    @Test(arguments: [
        ["detect", "--recognizer", "orientation", "--input", "-", "--bogus"],
        ["detect", "--recognizer", "no-such-recognizer", "--input", "-"],
        ["detect", "--input", "-"],
    ]) func usageErrorsExitTwo(arguments: [String]) throws {
        let result = try GestureLabBinary.run(arguments, stdin: "")
        #expect(result.status == 2)
        #expect(result.stderr.contains("Usage:") || result.stderr.contains("Error:"))
        #expect(result.stdout.isEmpty)
    }

    /// Events appear while the input is still open: the first is read before the stream ends.
    @Test func eventsArePrintedAsSamplesArrive() throws {
        let process = Process()
        process.executableURL = GestureLabBinary.url
        process.arguments = ["detect", "--recognizer", "orientation", "--input", "-", "--json"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("t,x,y,z\n0,0,0,-1\n0.02,0,0,-1\n".utf8))
        // Blocks until the first event line arrives; would hang (not pass) if output waited for the end.
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        try input.fileHandleForWriting.close()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let first = try JSONDecoder().decode(Event.self, from: received.split(separator: UInt8(ascii: "\n"))[0])
        #expect(first.phase == "began")
        #expect(process.terminationStatus == 0)
    }
}
