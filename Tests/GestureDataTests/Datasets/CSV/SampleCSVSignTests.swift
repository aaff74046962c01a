import Foundation
@testable import GestureData
import GestureTestSupport
import Testing

/// Issue 75, shape 3: `csv:` says on every run which sign convention it read the acceleration with, reads "g, up
/// positive" (`--acceleration g-up`), and infers it where gravity at rest settles it (a device lying level on z).
@Suite struct SampleCSVSignTests {
    static func load(_ text: String, name: String = "imu.csv", acceleration: SampleCSVFormat.AccelerationUnit? = nil) throws -> LoadedDataset {
        let folder = try PhoneAppRecordings.folder("sign", [name: text])
        defer { try? FileManager.default.removeItem(at: folder) }
        return try SampleCSVFormat.load(folder.appendingPathComponent(name), acceleration: acceleration)
    }

    static func note(_ loaded: LoadedDataset) -> String { loaded.report.notes.first { $0.hasPrefix("sign:") } ?? "" }

    @Test func aDeviceLyingLevelReadingPlusOneGUpIsReadUpPositiveAndSaysSo() throws {
        let loaded = try Self.load(RoundFourRecordings.upPositive())
        let r = try #require(loaded.dataset.recordings.first)
        let z = try #require(r.column(.accelZ)), x = try #require(r.column(.accelX))
        // x-io's +0.998 g up is the project's −0.998 g lying face up; every axis negated, the gyroscope's °/s read.
        #expect(abs(z[0] + 0.998 + DeviceRecordings.wobble(5, 0.002)) < 1e-4 && abs(x[0] + 0.01 + DeviceRecordings.wobble(3, 0.002)) < 1e-4, "\(z[0]) \(x[0])")
        #expect(abs(r.column(.gyroX)![1] - DeviceRecordings.wobble(1, 0.1) * .pi / 180) < 1e-5)
        #expect(Self.note(loaded).contains("up positive") && Self.note(loaded).contains("negated") && Self.note(loaded).contains("--acceleration g"),
                "\(loaded.report.notes)")
        // CoreMotion's −1 g lying face up is read as written, and said.
        let coreMotion = try Self.load(RoundFourRecordings.belowPreamble().split(separator: "\n", omittingEmptySubsequences: false).dropFirst(7).joined(separator: "\n"))
        #expect(coreMotion.dataset.recordings[0].column(.accelZ)!.allSatisfy { $0 < -0.99 }, "\(coreMotion.report.notes)")
        #expect(Self.note(coreMotion).contains("CoreMotion's sign") && Self.note(coreMotion).contains("as written"), "\(coreMotion.report.notes)")
    }

    @Test func gUpIsStatedAndAnUnsettledRestIsSaid() throws {
        // Upright on x (+1 g on x): gravity at rest does not say which convention; read as written, and the note says so.
        let upright = try Self.load(RoundFourRecordings.upPositive(onX: true))
        #expect(upright.dataset.recordings[0].column(.accelX)!.allSatisfy { $0 > 0.99 })
        #expect(Self.note(upright).contains("does not settle it") && Self.note(upright).contains("--acceleration g-up"), "\(upright.report.notes)")
        // Stated: g-up negates, and the note names the option.
        let stated = try Self.load(RoundFourRecordings.upPositive(onX: true), acceleration: .gUp)
        #expect(stated.dataset.recordings[0].column(.accelX)!.allSatisfy { $0 < -0.99 })
        #expect(Self.note(stated).contains("(--acceleration g-up)") && Self.note(stated).contains("up positive"), "\(stated.report.notes)")
        // Stated g keeps a level +1 g as written (the device lay face down).
        let faceDown = try Self.load(RoundFourRecordings.upPositive(), acceleration: .g)
        #expect(faceDown.dataset.recordings[0].column(.accelZ)!.allSatisfy { $0 > 0.99 } && Self.note(faceDown).contains("(--acceleration g)"))
    }
}
