import Foundation
import GestureKit

extension PhysicalPlausibility {
    /// Where gravity is for acceleration found without it, when the layout of the file tells.
    package enum GravitySource: Equatable, Sendable {
        /// Sensor Logger's `Accelerometer.csv` (acceleration without gravity): `gravity` (`Gravity.csv`) and, in an
        /// Android export, `total` (`TotalAcceleration.csv`) beside it, as file names when they are there.
        case sensorLogger(gravity: String?, total: String?)
        /// Gravity columns beside the acceleration in the same file (a CoreMotion logger's `motionGravityX(G)`…),
        /// x, y, z.
        case columns([String])
    }

    /// The gravity source of `file` whose header is `header` (`nil` without one), or `nil` when its layout does not say.
    /// O(header + files in the folder).
    package static func gravitySource(file: String, header: [String]?) -> GravitySource? {
        let url = URL(fileURLWithPath: file)
        if url.lastPathComponent.lowercased() == "accelerometer.csv" {
            let folder = url.deletingLastPathComponent()
            func beside(_ name: String) -> String? {
                FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) ? name : nil
            }
            let gravity = beside("Gravity.csv"), total = beside("TotalAcceleration.csv")
            if gravity != nil || total != nil { return .sensorLogger(gravity: gravity, total: total) }
        }
        guard let header else { return nil }
        let keys = header.map(SampleCSVFormat.normalize)
        for prefix in ["gravity", "motiongravity", "grav", "devicemotiongravity"] {
            let found = ["x", "y", "z"].compactMap { axis in keys.firstIndex(of: prefix + axis) }
            if found.count == 3 { return .columns(found.map { header[$0] }) }
        }
        return nil
    }

    /// What acceleration resting at `magnitude` g is, in words, for every path's message: it holds no gravity.
    package static func withoutGravityDiagnosis(magnitude: Double, channels: String) -> String {
        "the acceleration rests at \(SampleCSVFormat.format(magnitude)) g (median |a| of still stretches, or mean |a| of a device never still), where a device at rest reads 1 g: "
            + "\(channels) hold acceleration without gravity (user or linear acceleration), or a device in free fall, "
            + "where total acceleration is expected"
    }

    /// What a rotation rate held across gravity while still is, in words (``StillWindows``).
    package static func rotationWhileStillDiagnosis(rate: Double, stated: Double?) -> String {
        "\(stated.map { "with the stated scale \($0), " } ?? "")the rotation rate holds at \(SampleCSVFormat.format(rate)) rad/s "
            + "across gravity while the acceleration stays still to within \(SampleCSVFormat.format(stillSpread)) g "
            + "(in stretches of \(SampleCSVFormat.format(stillWindowSeconds)) s or more, over which it would have turned gravity by "
            + "\(Int((stillRotationRate * stillWindowSeconds * 180 / .pi).rounded()))° or more): "
            + "the values are \(stated == nil ? "degrees per second, or " : "")rad/s around a zero point nobody removed"
    }

    /// What a turn the accelerometer does not see is, in words (``StillTurn``): `over a still stretch of 16 s the rotation
    /// rate turns gravity by 264° where the acceleration's direction moves 0.07°`.
    package static func turnWhileStillDiagnosis(_ turn: StillTurn, stated: Double?) -> String {
        func degrees(_ radians: Double) -> String { SampleCSVFormat.format(radians * 180 / .pi) }
        return "\(stated.map { "with the stated scale \($0), " } ?? "")over a still stretch of \(SampleCSVFormat.format(turn.seconds)) s "
            + "the rotation rate turns gravity by \(degrees(turn.turned))° where the acceleration's direction moves \(degrees(turn.tilt))° "
            + "(over all still stretches \(SampleCSVFormat.format(turn.rate)) rad/s across gravity that the accelerometer does not see, "
            + "where a gyroscope in rad/s, its zero point left in, stays under \(SampleCSVFormat.format(stillTurnRate))): "
            + "the values are \(stated == nil ? "degrees per second, or " : "")rad/s around a zero point nobody removed"
    }
}
