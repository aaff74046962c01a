import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// The `mhealth-log` preset reads the MHEALTH dataset's `.log` files: three units (chest; left ankle and right lower
/// arm with accelerometer, gyroscope and magnetometer), 23 numbers and a label per line, 50 Hz, m/s² and °/s.
@Suite struct MHealthLogPresetTests {
    /// A line in the dataset's layout: chest acceleration, two ECG leads, then per unit (ankle, arm) acceleration,
    /// rotation rate and magnetic field, then the label; separated by tabs (`spaces` for runs of spaces instead).
    static func line(chest: [Double], ankle: [Double], arm: [Double], label: Int, spaces: Bool = false) -> String {
        let values = chest + [0.12, -0.07] + ankle + arm
        return values.map { "\($0)" }.joined(separator: spaces ? "   " : "\t") + (spaces ? "  " : "\t") + "\(label)"
    }

    /// Ten lines made up for this test: at rest with z up (+9.80665 m/s²), the lower arm turning at 90 °/s about x
    /// from line 4 on, labelled walking (4) from line 5 on.
    static func text(spaces: Bool = false) -> String {
        (0..<10).map { i in
            line(chest: [0, 0, 9.80665], ankle: [0.5, 0, 9.80665, 0, 0, 0, 0.3, -0.2, 0.5],
                 arm: [0, 0, 9.80665, i >= 4 ? 90 : 0, 0, 0, -0.1, 0.4, 0.2], label: i >= 5 ? 4 : 0, spaces: spaces)
        }.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [false, true])
    func readsTheThreeUnitsInGAndRadiansPerSecond(spaces: Bool) throws {
        let loaded = try DeviceRecordingTests.read("mhealth-log", "mHealth_subject3.log", Self.text(spaces: spaces))
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.subject == "3" && r.count == 10)
        #expect(r.timestamps.enumerated().allSatisfy { abs($1 - Double($0) / 50) < 1e-12 })
        func column(_ name: String) throws -> [Double] { try #require(r.column(Channel(rawValue: name)), "\(name)") }
        let z = try column("accel.z"), ankleZ = try column("accel.z@left-ankle"), ankleX = try column("accel.x@left-ankle")
        let armGyro = try column("gyro.x@right-lowerarm"), mag = try column("mag_local_x@left-ankle"), ecg = try column("ecg_1")
        #expect(abs(z[0] + 1) < 1e-12 && abs(ankleZ[0] + 1) < 1e-12)
        #expect(abs(ankleX[0] + 0.5 / 9.80665) < 1e-12)
        #expect(abs(armGyro[4] - .pi / 2) < 1e-12 && armGyro[3] == 0)
        #expect(mag[0] == 0.3 && ecg[0] == 0.12)
        // The primary unit has no gyroscope; both others are on every sample.
        #expect(r.column(.gyroX) == nil)
        #expect(r.samples.allSatisfy { $0.units?.keys.sorted() == ["left-ankle", "right-lowerarm"] })
        let gyro = try #require(MotionChannel(rawValue: "gyro.x@right-lowerarm"))
        #expect(abs(gyro.value(in: r.samples[9])! - .pi / 2) < 1e-12)
        #expect(r.annotations.map(\.label) == ["walking"])
        #expect(abs(r.annotations[0].start - 0.1) < 1e-12 && abs(r.annotations[0].end - 0.18) < 1e-12)
        #expect(DeviceRecordingTests.errors(loaded).isEmpty, "\(DeviceRecordingTests.errors(loaded))")
    }
}
