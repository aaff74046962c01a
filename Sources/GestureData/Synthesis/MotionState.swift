import GestureKit

/// The true motion of a device at one instant, from which every sensor channel follows.
package struct MotionState: Hashable, Sendable {
    /// The attitude: the rotation taking device-frame vectors to the reference frame.
    package var attitude: Quaternion
    /// The user acceleration in the reference frame, in g, with CoreMotion's sign: the reading is
    /// `gravity + userAcceleration`, so a device accelerated physically by **a** reads −**a**
    /// (a phone pushed to the right first reads negative x, and positive x while braking).
    package var userAcceleration: Vector3

    /// Creates a state.
    package init(attitude: Quaternion, userAcceleration: Vector3 = .zero) {
        self.attitude = attitude
        self.userAcceleration = userAcceleration
    }
}
