import Foundation
@testable import GestureData
import GestureTestSupport
import Testing

/// Issue 75, shape 2: raw int16 counts of a gyroscope (16.4 per °/s) are named with every full-scale family beside
/// π/180, and a hint never compounds a scale already applied ((π/180)², 0.29 times the true rate).
@Suite struct RotationScaleHintTests {
    static let compounded = Double.pi / 180 * Double.pi / 180

    static func manifest(gyroScale: Double?) -> DatasetManifest {
        var channels: [DatasetManifest.ChannelMapping] = zip(Channel.acceleration, ["ax", "ay", "az"]).map { .init($0, column: $1, scale: 1.0 / 16384) }
        channels += zip(Channel.rotationRate, ["gx", "gy", "gz"]).map { .init($0, column: $1, scale: gyroScale) }
        var manifest = DatasetManifest(name: "counts", kind: .continuous, channels: channels, source: .init(files: [.init("{subject}/{session}.csv")]))
        manifest.time = DatasetManifest.TimeMapping(column: "time", scale: 1)
        return manifest
    }

    @Test func rawCountsNameEveryFullScaleFamilyAndNeverCompoundAScale() throws {
        let folder = try PhoneAppRecordings.folder("gyro-counts", ["p01/imu.csv": RoundFourRecordings.rawCounts()])
        defer { try? FileManager.default.removeItem(at: folder) }
        // Unscaled: the counts peak at 4920 "rad/s"; the hint lists the count families, not π/180 (which leaves 86 rad/s).
        let raw = try DatasetReader.load(Self.manifest(gyroScale: nil), folder: folder, data: folder)
        let unscaled = try #require(raw.problems.first { $0.kind == .units }, "\(raw.problems)")
        #expect(unscaled.severity == .error && unscaled.location.field == "gx")
        let words = unscaled.location.message
        #expect(words.contains("raw counts") && words.contains("16.4 counts per °/s") && words.contains("131 counts per °/s")
                    && words.contains("70 mdps per count") && words.contains(SampleCSVFormat.format(Double.pi / 180 / 16.4)), "\(words)")
        #expect(!words.contains("scale: \(Double.pi / 180)"), "π/180 leaves 86 rad/s: \(words)")
        // π/180 applied, as the degrees hint of before said: a warning whose hint names the counts, never (π/180)².
        let degrees = try DatasetReader.load(Self.manifest(gyroScale: .pi / 180), folder: folder, data: folder)
        let stated = try #require(degrees.problems.first { $0.kind == .units }, "\(degrees.problems)")
        #expect(stated.location.message.contains("16.4 counts per °/s (±2000 °/s"), "\(stated)")
        #expect(!stated.location.message.contains(SampleCSVFormat.format(Self.compounded)) && !stated.location.message.contains("\(Self.compounded)"),
                "\(stated)")
        // The family the device was set to: (π/180)/16.4 reads the spins' 300 °/s peak, and nothing is refused.
        let counts = try DatasetReader.load(Self.manifest(gyroScale: .pi / 180 / 16.4), folder: folder, data: folder)
        #expect(counts.problems.isEmpty, "\(counts.problems)")
        let z = try #require(counts.dataset.recordings.first?.column(.gyroZ))
        #expect(abs((z.max() ?? 0) - 300 * .pi / 180) < 0.01, "\(z.max() ?? 0)")
    }

    @Test func theFittingUnitsOfAPeak() {
        // Degrees per second alone when they fit; counts beyond ±2,000; never the scale applied.
        #expect(PhysicalPlausibility.fittingRotationUnits(rawPeak: 390, applied: nil).map(\.factor) == [.pi / 180])
        let counts = PhysicalPlausibility.fittingRotationUnits(rawPeak: 4920, applied: nil)
        #expect(counts.count == 9 && counts.allSatisfy { $0.name.contains("count") && 4920 * $0.factor <= 35 }, "\(counts)")
        let afterDegrees = PhysicalPlausibility.fittingRotationUnits(rawPeak: 4920, applied: .pi / 180)
        #expect(afterDegrees == counts && !afterDegrees.contains { abs($0.factor - Self.compounded) < 1e-12 })
        // Beyond 16 bits: millidegrees per second; beyond any unit: none.
        #expect(PhysicalPlausibility.fittingRotationUnits(rawPeak: 90_000, applied: nil).map(\.name) == ["millidegrees per second"])
        #expect(PhysicalPlausibility.rotationScaleHint(rawPeak: 1e9, applied: nil) == nil)
    }
}
