import GestureKit
#if canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// What the sensors of a device read for a given true motion, in the CoreMotion convention.
///
/// The accelerometer reports the negative of the specific force: at rest face up it reads
/// (0, 0, −1) g, in free fall 0. Device-frame gravity is `attitude.gravity`; the reading is
/// gravity plus user acceleration rotated into the device frame. All functions are O(1).
package enum SensorPhysics {
    /// Standard gravity, m/s² per g.
    package static let standardGravity = 9.80665

    /// The device-frame channels for `state`: gravity, user acceleration and their sum (the
    /// accelerometer reading), all in g.
    package static func deviceFrame(_ state: MotionState) -> (gravity: Vector3, user: Vector3, acceleration: Vector3) {
        let m = state.attitude.rotationMatrix
        // Reference → device is the transpose of device → reference.
        let gravity = m.transposed * Vector3(0, 0, -1)
        let user = m.transposed * state.userAcceleration
        return (gravity, user, gravity + user)
    }

    /// The user acceleration, g, CoreMotion sign, of a physical acceleration `metresPerSecondSquared`.
    @inlinable
    package static func userAcceleration(physical metresPerSecondSquared: Vector3) -> Vector3 {
        metresPerSecondSquared * (-1 / standardGravity)
    }

    /// The gyroscope reading, rad/s in the device frame, of an attitude that moves from `before`
    /// to `after` in `interval` seconds at a constant body rate.
    ///
    /// Exact for a rotation at constant rate about a fixed body axis (it takes the logarithm of
    /// `before⁻¹ · after`), second-order accurate when `before` and `after` straddle the instant
    /// symmetrically.
    package static func rotationRate(from before: Quaternion, to after: Quaternion, interval: Double) -> Vector3 {
        var d = after.relative(to: before)
        if d.w < 0 { d = Quaternion(w: -d.w, x: -d.x, y: -d.y, z: -d.z) }
        let v = Vector3(d.x, d.y, d.z)
        let s = v.length
        guard s > 0 else { return .zero }
        let angle = 2 * atan2(s, d.w)
        return v * (angle / (s * interval))
    }
}
