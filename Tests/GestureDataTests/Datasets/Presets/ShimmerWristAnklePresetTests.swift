import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// The `shimmer-consensys-wrist-ankle` preset (issue 58): two Consensys exports, the wrist the primary unit and the
/// ankle the unit `ankle`, each with its units row, on one Unix clock.
@Suite struct ShimmerWristAnklePresetTests {
    @Test func theExampleReadsTheAnkleInGAndRadiansPerSecond() throws {
        let loaded = try ImportPresetTests.load("shimmer-consensys-wrist-ankle")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.subject == "p01" && r.session == "walk-1" && r.count == 154)
        let ankleY = try #require(r.column("accel.y@ankle")), ankleGyro = try #require(r.column("gyro.x@ankle"))
        // The ankle starts 0.25 s after the wrist: the wrist's first 13 samples (0–0.234 s) are the ankle's gap.
        let missing = r.timestamps.indices.filter { ankleY[$0].isNaN }
        #expect(Array(missing.prefix(13)) == Array(0..<13) && !missing.contains(13) && missing.count <= 15, "\(missing)")
        // Upright, +9.807 m/s² on the device's y: −1 g in CoreMotion's sign; the wrist lies with z up.
        #expect(r.timestamps.indices.filter { !ankleY[$0].isNaN }.allSatisfy { abs(ankleY[$0] + 1) < 0.001 })
        #expect(ankleGyro.allSatisfy { $0.isNaN || $0 == 0 })
        #expect(abs(r.column(.accelZ)![0] + 1) < 0.001)
        // The wrist's wave, 30 °/s at its peak (1.25 s), in rad/s.
        let peak = try #require(r.timestamps.firstIndex { abs($0 - 1.25) < 0.01 })
        #expect(abs(r.column(.gyroX)![peak] - 30 * .pi / 180) < 0.01)
    }

    @Test func anAnkleUnitsRowThatContradictsItsScaleIsAnErrorNamingItsColumn() throws {
        let example = SharedData.packageRoot.appendingPathComponent("datasets/presets/shimmer-consensys-wrist-ankle/example/p01/walk-1")
        let wrist = try String(contentsOf: example.appendingPathComponent("wrist.csv"), encoding: .utf8)
        // The ankle's gyroscope exported in rad/s while the preset scales it from deg/s.
        let ankle = try String(contentsOf: example.appendingPathComponent("ankle.csv"), encoding: .utf8)
            .replacingOccurrences(of: "ms;m/(s^2);m/(s^2);m/(s^2);deg/s;deg/s;deg/s;", with: "ms;m/(s^2);m/(s^2);m/(s^2);rad/s;deg/s;deg/s;")
        let folder = try PhoneAppRecordings.folder("shimmer-consensys-wrist-ankle", ["p01/w/wrist.csv": wrist, "p01/w/ankle.csv": ankle])
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try #require(try ImportPresets.manifest("shimmer-consensys-wrist-ankle"))
        let loaded = try DatasetReader.load(manifest, folder: folder, data: folder)
        let problem = try #require(loaded.problems.first { $0.kind == .units })
        #expect(problem.location.file.hasSuffix("ankle.csv") && problem.location.field == "Shimmer_3C2E_Gyro_X_CAL")
        #expect(problem.location.message.contains("gyro.x@ankle"), "\(problem.location.message)")
    }
}
