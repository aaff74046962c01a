import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// Time columns carry a unit: stated by the header or inferred from the values, never epoch times
/// silently taken as seconds.
@Suite struct SampleCSVClockTests {
    /// `count` rows at `step` raw units from `first`, with x,y,z of a phone lying still.
    static func csv(_ header: String, first: Int64, step: Int64, count: Int = 50, columns: Int = 3) -> String {
        var text = header + "\n"
        for k in 0..<Int64(count) {
            text += "\(first + k * step)" + String(repeating: ",0", count: columns - 1) + ",-1\n"
        }
        return text
    }

    /// The file read as `csv:`, without the sign line every reading ends with (issue 75, ``SampleCSVSignTests``): these
    /// tests count what is said of the clock.
    static func load(_ text: String, named name: String = "clock.csv") throws -> LoadedDataset {
        var loaded = try SampleCSVFormat.load(try LineEnding.lf.write(text, named: name))
        #expect(loaded.report.notes.last?.hasPrefix("sign: ") == true, "\(loaded.report.notes)")
        loaded.report.notes.removeAll { $0.hasPrefix("sign: ") }
        return loaded
    }

    @Test func epochNanosecondsInATimeColumnAreSecondsFromTheFirstSampleExactly() throws {
        // 100 Hz with a 37 ns drift per step: a Double of 1.7e18 resolves only 256 ns.
        let first: Int64 = 1_700_000_000_123_456_789, step: Int64 = 10_000_037
        let loaded = try Self.load(Self.csv("time,x,y,z", first: first, step: step))
        let times = try #require(loaded.dataset.recordings.first?.timestamps)
        #expect(times == (0..<50).map { Double(Int64($0) * step) / 1e9 })
        let notes = loaded.report.lines.joined(separator: "\n")
        #expect(notes.contains("'time' read as nanoseconds"), "\(notes)")
        #expect(notes.contains("relative to the first sample"), "\(notes)")
        #expect(notes.contains("100 Hz"), "\(notes)")
    }

    @Test func epochMillisecondsInATimestampColumnAreSeconds() throws {
        let loaded = try Self.load(Self.csv("timestamp,accel_x,accel_y,accel_z", first: 1_700_000_000_123, step: 10))
        let times = try #require(loaded.dataset.recordings.first?.timestamps)
        #expect(times.first == 0 && abs(times[49] - 0.49) < 1e-12)
        #expect(loaded.report.notes.count == 1)
        #expect(loaded.report.notes.first?.contains("'timestamp' read as milliseconds") == true, "\(loaded.report.notes)")
        // The hint names the unit that was inferred, not another.
        #expect(loaded.report.notes.first?.hasSuffix("(timestamp_ms or timestamp (ms))") == true, "\(loaded.report.notes)")
        // A relative millisecond clock (no epoch) is inferred from its steps alone.
        let relative = try Self.load(Self.csv("t,accel_x,accel_y,accel_z", first: 0, step: 20))
        #expect(relative.dataset.recordings[0].timestamps[1] == 0.02)
        #expect(relative.report.notes.first?.contains("milliseconds") == true)
        #expect(relative.report.notes.first?.contains("made relative") == false)
    }

    @Test func secondsElapsedIsPreferredOverAnEpochTimeColumn() throws {
        var text = "time,seconds_elapsed,accel_z,accel_y,accel_x\n"
        for k in 0..<20 { text += "\(1_700_000_000_000_000_000 + k * 10_000_000),\(0.5 + Double(k) * 0.01),-1,0,0\n" }
        let loaded = try Self.load(text)
        #expect(loaded.dataset.recordings[0].timestamps == (0..<20).map { 0.5 + Double($0) * 0.01 })
        #expect(loaded.report.notes == ["time: column 'seconds_elapsed' (seconds since the start) used rather than 'time'"])
    }

    @Test(arguments: [("time (ms)", 0.001), ("Time (s)", 1), ("t_us", 1e-6), ("timestamp_ns", 1e-9), ("time[ms]", 0.001)])
    func aUnitInTheHeaderIsStated(header: String, scale: Double) throws {
        // Steps of 7 raw units: as seconds 0.14 Hz, as ns 143 MHz; stated units are taken as they are.
        let loaded = try Self.load(Self.csv("\(header),accel_x,accel_y,accel_z", first: 0, step: 7, count: 5))
        #expect(loaded.dataset.recordings[0].timestamps[1] == 7 * scale)
        #expect(loaded.report.notes.isEmpty)
    }

    @Test func plainSecondsSayNothing() throws {
        var text = "time,accel_x,accel_y,accel_z\n"
        for k in 0..<30 { text += "\(Double(k) * 0.02),0,0,-1\n" }
        let loaded = try Self.load(text)
        #expect(loaded.dataset.recordings[0].timestamps[1] == 0.02)
        #expect(loaded.report.lines.isEmpty)
    }

    @Test func aClockNoUnitMakesPlausibleIsAnError() throws {
        // Steps of 2 µs as seconds: 500 kHz, and every smaller unit only faster.
        var text = "time,accel_x,accel_y,accel_z\n"
        for k in 0..<20 { text += "\(Double(k) * 2e-6),0,0,-1\n" }
        let error = #expect(throws: DataFileError.self) { _ = try Self.load(text) }
        #expect(error?.line == 2 && error?.field == "time", "\(String(describing: error))")
        #expect(error?.message.contains("no unit (s, ms, us, ns) gives a rate of 1 Hz–10 kHz") == true)
        // Stated, the same clock is taken as it is.
        var stated = SampleCSVStream(timeUnit: .s)
        var samples: [MotionSample] = []
        for line in text.split(separator: "\n") { if let s = try stated.feed(String(line)) { samples.append(s) } }
        #expect(samples.count == 20 && stated.notes.isEmpty)
    }

    @Test func relativeTimeStartsAnyClockAtZero() throws {
        var stream = SampleCSVStream(timeUnit: .s, relativeTime: true)
        var times: [Double] = []
        for line in ["t,accel_x,accel_y,accel_z", "5.25,0,0,-1", "5.5,0,0,-1"] {
            if let s = try stream.feed(line) { times.append(s.timestamp) }
        }
        #expect(times == [0, 0.25])
    }

    @Test func aPipeIsHeldOnlyUntilTheUnitIsKnown() throws {
        let pipe = Pipe()
        var source = LineSource(handle: pipe.fileHandleForReading, name: "<pipe>", decoder: SampleCSVStream())
        let text = Self.csv("time,accel_x,accel_y,accel_z", first: 1_700_000_000_000_000_000, step: 10_000_000, count: 12)
        // Nine rows give the eight steps that settle the unit; the pipe is still open.
        pipe.fileHandleForWriting.write(Data(text.split(separator: "\n").prefix(10).map { $0 + "\n" }.joined().utf8))
        #expect(try source.next()?.timestamp == 0)
        for k in 1..<9 { #expect(try source.next()?.timestamp == Double(k) * 0.01) }
        pipe.fileHandleForWriting.write(Data(text.split(separator: "\n").dropFirst(10).map { $0 + "\n" }.joined().utf8))
        try pipe.fileHandleForWriting.close()
        #expect(try source.collect().count == 3)
        #expect(source.decoder.notes.first?.contains("nanoseconds") == true)
    }

    @Test func bareXYZIsSaidToBeAcceleration() throws {
        let loaded = try Self.load(Self.csv("time_ms,x,y,z", first: 0, step: 10))
        #expect(loaded.dataset.recordings[0].column(.accelZ)?.first == -1)
        #expect(loaded.report.notes.count == 1)
        #expect(loaded.report.notes[0].hasPrefix("channels: bare x,y,z taken as acceleration in g"), "\(loaded.report.notes)")
        #expect(loaded.report.notes[0].contains("gyro_x"))
    }

    @Test func bareXYZInAGyroscopesFileIsAnError() throws {
        // Sensor Logger's Gyroscope.csv: rad/s in bare z,y,x columns.
        let text = "time,seconds_elapsed,z,y,x\n1700000000000000000,0.01,0.1,0.2,0.3\n"
        let error = #expect(throws: DataFileError.self) { _ = try Self.load(text, named: "Gyroscope.csv") }
        #expect(error?.message.contains("gyroscope") == true && error?.message.contains("gyro_x") == true,
                "\(String(describing: error))")
        #expect(throws: DataFileError.self) { _ = try SampleCSVFormat(header: "time,gyro,x,y,z") }
    }

    /// Issue 46: ISO-8601 date-time text in a csv: file's time column (a Garmin export) is read as a clock, exact
    /// to the nanosecond and relative to the first sample, whatever the offset; the reading line says so; a later
    /// line that is not such text names its line.
    @Test func isoDateTimeTextIsAClock() throws {
        func file(_ times: [String]) -> String { "timestamp,x,y,z\n" + times.map { "\($0),0,0,-1\n" }.joined() }
        let offset = (0..<100).map { String(format: "2019-03-11T10:00:%06.3f+02:00", Double($0) * 0.04) }
        let url = try LineEnding.lf.write(file(offset), named: "garmin.csv")
        let loaded = try SampleCSVFormat.load(url)
        let times = loaded.dataset.recordings[0].timestamps
        #expect(times.count == 100 && times[0] == 0 && times[99] == Double(99 * 40_000_000) * 1e-9)
        #expect(loaded.report.notes.contains { $0.hasPrefix("time: column 'timestamp' read as ISO-8601 date-time text (offset +02:00)") },
                "\(loaded.report.notes)")
        // The same instants written in UTC give the same times.
        let utc = (0..<100).map { String(format: "2019-03-11T08:00:%06.3fZ", Double($0) * 0.04) }
        #expect(try SampleCSVFormat.load(LineEnding.lf.write(file(utc), named: "utc.csv")).dataset.recordings[0].timestamps == times)
        var broken = offset
        broken[50] = "2019-03-11 10:00:02.000 PM"
        let error = #expect(throws: DataFileError.self) { _ = try SampleCSVFormat.load(LineEnding.lf.write(file(broken), named: "broken.csv")) }
        #expect(error?.line == 52 && error?.message.contains("is not ISO-8601 date-time text") == true, "\(String(describing: error))")
    }
}
