import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// The `axivity-ax3-thigh-back` preset (issue 58): two AX3 exports of OMGUI, the thigh the primary unit and the lower
/// back the unit `back`, on one clock by their date-time text, or by an offset estimated from a shared tap.
@Suite struct AxivityThighBackPresetTests {
    @Test func theExampleReadsTheBackAsItsOwnUnitWithItsOwnGaps() throws {
        let loaded = try ImportPresetTests.load("axivity-ax3-thigh-back")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.subject == "p01" && r.session == "2023-05-01" && r.count == 200)
        let backX = try #require(r.column("accel.x@back")), backZ = try #require(r.column("accel.z@back"))
        // The back starts 0.5 s after the thigh and stops 0.5 s before it: 25 samples of its gap at each end.
        let missing = r.timestamps.indices.filter { backX[$0].isNaN }
        // (A sample on the very edge of the back's span may fall either side of it by rounding.)
        #expect(Set(0..<25).union(175..<200).isSubset(of: missing) && missing.count <= 52, "\(missing)")
        #expect(loaded.report.unitGapSamples?["back"] == missing.count)
        // Upright: +1 g on the device's x, −1 g in CoreMotion's sign; the thigh lies with z up.
        #expect(r.timestamps.indices.filter { !backX[$0].isNaN }.allSatisfy { abs(backX[$0] + 1) < 1e-9 })
        #expect(abs(r.column(.accelZ)![0] + 1) < 1e-9 && !backZ[100].isNaN)
        #expect(r.samples[10].units?["back"] == nil && r.samples[100].units?["back"] != nil)
    }

    /// An OMGUI line at `seconds` after 12:00:00 of the example's day.
    static func line(_ seconds: Double, _ x: Double, _ y: Double, _ z: Double) -> String {
        String(format: "2023-05-01 12:00:%06.3f,%.6f,%.6f,%.6f\n", seconds, x, y, z)
    }

    /// A tap both devices felt at 3 s of the thigh's clock: a damped 4 Hz knock, g.
    static func tap(_ t: Double) -> Double { t >= 3 && t < 4 ? 0.8 * exp(-3 * (t - 3)) * sin(2 * .pi * 4 * (t - 3)) : 0 }

    @Test func aBackClockThatDriftedIsPutRightByTheSharedTap() throws {
        // The back device's clock runs 1.7 s ahead of the thigh's.
        let thigh = (0..<400).map { i in Self.line(Double(i) / 50, Self.tap(Double(i) / 50), 0, 1) }.joined()
        let back = (0..<350).map { i -> String in
            let t = 0.5 + Double(i) / 50
            return Self.line(t + 1.7, 1, 0.6 * Self.tap(t), 0)
        }.joined()
        let folder = try PhoneAppRecordings.folder("axivity-ax3-thigh-back", ["p01/day1/thigh.csv": thigh, "p01/day1/back.csv": back])
        defer { try? FileManager.default.removeItem(at: folder) }
        var manifest = try #require(try ImportPresets.manifest("axivity-ax3-thigh-back"))
        manifest.streams![1].clock = .init(search: [-5, 5], event: [2, 5])
        let loaded = try DatasetReader.load(manifest, folder: folder, data: folder)
        #expect(DeviceRecordingTests.errors(loaded).isEmpty, "\(DeviceRecordingTests.errors(loaded))")
        let offset = try #require(loaded.report.clockOffsets?.first)
        #expect(offset.placement == "back" && abs(offset.seconds + 1.7) < 0.01, "\(offset)")
        // On the thigh's clock the back covers 0.5–7.48 s: its gap is the first 25 samples and the last 26.
        let backX = try #require(loaded.dataset.recordings.first?.column("accel.x@back"))
        #expect((48...52).contains(backX.count { $0.isNaN }) && backX[27...360].allSatisfy { !$0.isNaN })
    }
}
