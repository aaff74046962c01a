import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// Clocks that drift (issue 72): a phone and a watch recorded 600 s, the watch's clock 2.34 s ahead and 0.1 % fast,
/// both feeling shakes at 5, 300 and 590 s. One offset aligns one moment only; two events give offset and rate.
@Suite struct ClockDriftTests {
    static let shakes = [5.0, 300, 590]

    /// The shakes on the phone's clock, g: 3 Hz under a smooth envelope, a second each.
    static func shake(_ t: Double) -> Double {
        guard let c = shakes.first(where: { abs(t - $0) < 0.5 }) else { return 0 }
        let u = t - c + 0.5
        return 1.8 * sin(.pi * u) * sin(2 * .pi * 3 * u)
    }

    static func load(clock: String, name: String = #function) throws -> LoadedDataset {
        let folder = datasetTestFolder(name)
        var phone = "time,ax,ay,az\n", watch = "time,wx,wy,wz\n"
        for i in 0..<30_000 {
            let t = Double(i) / 50
            phone += "\(t),\(shake(t)),0,-1\n"
            // The watch samples at 25 Hz of its own clock, which reads 1.001 s a second and 2.34 s ahead.
            if i % 2 == 0 { watch += "\(1.001 * t + 2.34),0,-1,\(0.7 * shake(t))\n" }
        }
        try writeFixture(phone, "phone.csv", in: folder)
        try writeFixture(watch, "watch.csv", in: folder)
        try writeFixture(TwoDeviceFixture.manifest(clock: clock, scale: nil), "dataset.yaml", in: folder)
        return try DatasetSource(folder.path).load()
    }

    /// The largest difference between the wrist's z and 0.7 of the phone's x over the shake at `c` s.
    static func misfit(_ recording: Recording, at c: Double) throws -> Double {
        let z = try #require(recording.column("accel.z@wrist")), x = try #require(recording.column(.accelX))
        return recording.timestamps.indices.filter { abs(recording.timestamps[$0] - c) < 0.5 }
            .map { abs(z[$0].isNaN ? .infinity : z[$0] - 0.7 * x[$0]) }.max() ?? .infinity
    }

    @Test func oneOffsetFromOneEventWarnsThatTheClocksDrift() throws {
        let loaded = try Self.load(clock: "{search: [-5, 5], event: [3, 8]}")
        let offset = try #require(loaded.report.clockOffsets?.first)
        #expect(abs(offset.seconds + 2.345) < 0.01 && offset.drift == nil, "\(offset)")
        let warning = try #require(loaded.problems.first { $0.kind == .clockOffset }, "\(loaded.problems)")
        #expect(warning.severity == .warning && warning.location.message.contains("drift") && warning.location.message.contains("events:"),
                "\(warning.location.message)")
        // The warning is the truth: the watch lags by more than half a second at the end.
        let recording = try #require(loaded.dataset.recordings.first)
        #expect(try Self.misfit(recording, at: 5) < 0.35)
        #expect(try Self.misfit(recording, at: 590) > 0.8)
        // The whole recording as the event: the same warning.
        let whole = try Self.load(clock: "{search: [-5, 5]}")
        #expect(whole.problems.contains { $0.kind == .clockOffset && $0.location.message.contains("drift") }, "\(whole.problems)")
    }

    @Test func twoEventsGiveOffsetAndRateAndAlignTheWholeRecording() throws {
        let loaded = try Self.load(clock: "{search: [-5, 5], events: [[3, 8], [585, 595]]}")
        #expect(loaded.problems.filter { $0.kind == .clockOffset }.isEmpty, "\(loaded.problems)")
        let offset = try #require(loaded.report.clockOffsets?.first)
        let drift = try #require(offset.drift)
        #expect(abs(drift.rate - 1 / 1.001) < 2e-5 && abs(drift.seconds + 2.93) < 0.01 && drift.event == [585, 595], "\(offset)")
        #expect(loaded.report.lines.contains { $0.contains("(wrist)") && $0.contains("rate 0.99") && $0.contains("ppm fast") }, "\(loaded.report.lines)")
        let recording = try #require(loaded.dataset.recordings.first)
        for c in Self.shakes { #expect(try Self.misfit(recording, at: c) < 0.35, "shake at \(c) s") }
    }

    @Test func eventsAreTwoWindowsInOrderBesideASearch() throws {
        for (clock, message) in [("{search: [-5, 5], events: [[3, 8]]}", "two windows"),
                                 ("{search: [-5, 5], events: [[300, 310], [3, 8]]}", "two windows"),
                                 ("{search: [-5, 5], event: [3, 8], events: [[3, 8], [585, 595]]}", "event"),
                                 ("{offset: -2.34, events: [[3, 8], [585, 595]]}", "offset")] {
            let manifest = TwoDeviceFixture.manifest(clock: clock)
            #expect(Comment(rawValue: clock)) {
                try DatasetManifest(yaml: manifest, file: "dataset.yaml")
            } throws: { error in
                guard let error = error as? DataFileError else { return false }
                return error.field?.hasSuffix("clock.events") == true && "\(error)".contains(message)
            }
        }
    }
}
