/// Euler angles in radians, in the CoreMotion convention.
///
/// - `pitch`: rotation about the device x axis, in [−π/2, π/2]; a phone held upright reads +π/2.
/// - `roll`: rotation about the device y axis, in [−π, π]; a phone lying on its right edge reads +π/2.
/// - `yaw`: rotation about the vertical z axis, in [−π, π].
///
/// Each angle grows counter-clockwise when looking down the positive axis (right-hand rule).
/// The attitude is `R = Rz(yaw) · Rx(pitch) · Ry(roll)`; at pitch ±π/2 roll and yaw are
/// degenerate (gimbal lock), which is why magnitudes of Euler angles are a quirky measure of rotation.
public struct EulerAngles: Hashable, Codable, Sendable {
    /// Rotation about x, radians.
    public var pitch: Double
    /// Rotation about y, radians.
    public var roll: Double
    /// Rotation about z, radians.
    public var yaw: Double

    /// Creates Euler angles, in radians.
    public init(pitch: Double, roll: Double, yaw: Double) {
        self.pitch = pitch
        self.roll = roll
        self.yaw = yaw
    }

    /// The root-sum-square of the three angles, radians: the flip magnitude of Apple's `CMDeviceMotion` documentation.
    public var rootSumSquare: Double { (pitch * pitch + roll * roll + yaw * yaw).squareRoot() }
}
