import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// Epoch clocks from phone logging apps reach the recognizers in seconds, and what was inferred is said.
@Suite struct ClockCommandTests {
    struct Event: Decodable, Equatable {
        var label: String
        var phase: String
        var time: Double
    }

    /// Three vigorous shakes at 100 Hz, with the time column written by `time` from seconds.
    static func shakesCSV(header: String, time: (Double) -> String) -> String {
        let script = GestureMotions.vigorousShake().then(GestureMotions.vigorousShake()).then(GestureMotions.vigorousShake())
        var csv = header + "\n"
        for s in script.samples(rate: 100) {
            csv += "\(time(s.timestamp)),\(s.acceleration.x),\(s.acceleration.y),\(s.acceleration.z)\n"
        }
        return csv
    }

    /// Sensor Logger: nanoseconds since the epoch.
    static let epochNanoseconds = shakesCSV(header: "time,accel_x,accel_y,accel_z") {
        "\(1_700_000_000_000_000_000 + Int64(($0 * 100).rounded()) * 10_000_000)"
    }
    /// An Android logger: milliseconds since the epoch.
    static let epochMilliseconds = shakesCSV(header: "timestamp,accel_x,accel_y,accel_z") {
        "\(1_700_000_000_000 + Int64(($0 * 100).rounded()) * 10)"
    }
    static let seconds = shakesCSV(header: "time,accel_x,accel_y,accel_z") { String(format: "%.2f", $0) }

    static func write(_ text: String, _ name: String) throws -> URL {
        let folder = TemporaryFolder.root.appendingPathComponent("clock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test(arguments: [("ns", epochNanoseconds, "nanoseconds"), ("ms", epochMilliseconds, "milliseconds")])
    func detectFindsTheShakesOfAnEpochClock(_ name: String, _ csv: String, _ unit: String) throws {
        let reference = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", "-", "--json"], stdin: Self.seconds)
        let expected = try reference.jsonLines(Event.self)
        #expect(expected.filter { $0.phase == "began" || $0.phase == "instant" }.count >= 3, "\(reference.stdout)")
        let url = try Self.write(csv, "Accelerometer-\(name).csv")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        for input in [url.path, "-"] {
            let run = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", input, "--json"],
                                               stdin: input == "-" ? csv : nil)
            #expect(run.status == 0, "\(run.stderr)")
            let events = try run.jsonLines(Event.self)
            #expect(events.map(\.label) == expected.map(\.label) && events.map(\.phase) == expected.map(\.phase))
            for (a, b) in zip(events, expected) { #expect(abs(a.time - b.time) < 1e-6) }
            // Said once, on standard error.
            let said = run.stderr.split(separator: "\n").filter { $0.contains("read as \(unit)") }
            #expect(said.count == 1, "\(run.stderr)")
            #expect(said.first?.contains("relative to the first sample") == true)
        }
    }

    @Test func statedUnitAndRelativeTimeSayNothing() throws {
        let run = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", "-", "--json",
                                            "--time-unit", "ns", "--relative-time"], stdin: Self.epochNanoseconds)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(try run.jsonLines(Event.self).contains { $0.label == "shake" })
        let help = try GestureLabBinary.run(["detect", "--help"])
        #expect(help.stdout.contains("--time-unit") && help.stdout.contains("--relative-time"))
    }

    @Test(arguments: ["inspect", "validate"]) func datasetsCommandsReportTheInferredClock(_ command: String) throws {
        let url = try Self.write(Self.epochNanoseconds, "Accelerometer.csv")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let run = try GestureLabBinary.run(["datasets", command, "csv:\(url.path)"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("'time' read as nanoseconds (median step 0.01 s, 100 Hz)"), "\(run.stdout)")
        if command == "inspect" { #expect(try DatasetInspection.of("csv:\(url.path)").estimatedRate == 100) }
    }

    @Test func realtimeReplayOfASecondsReadEpochClockDoesNotHang() throws {
        // Stated as seconds, epoch nanoseconds are steps of 1e7 s: each wait is capped by the gap policy.
        var csv = "time_s,accel_x,accel_y,accel_z\n"
        for k in 0..<4 { csv += "\(1_700_000_000_000_000_000 + k * 10_000_000),0,0,-1\n" }
        let url = try Self.write(csv, "stalled.csv")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let start = Date()
        let run = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", url.path, "--realtime"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func evaluateSaysOnceWhatReadingADatasetInferred() throws {
        let url = try Self.write(Self.epochNanoseconds, "Accelerometer.csv")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let run = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--dataset", "csv:\(url.path)", "--quiet"])
        let notes = run.stderr.split(separator: "\n").filter { $0.hasPrefix("note: ") }
        // Once the clock, once the sign every csv: reading states (issue 75).
        #expect(notes.count == 2, "\(run.stderr)")
        #expect(notes.first?.contains("'time' read as nanoseconds (median step 0.01 s, 100 Hz)") == true, "\(run.stderr)")
        #expect(notes.last?.contains("sign: at rest the device lay level reading -1 g on z") == true, "\(run.stderr)")
    }
}
