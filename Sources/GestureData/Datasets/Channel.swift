/// The name of one column of a recording.
///
/// Standard names map onto ``GestureKit/MotionSample`` channels and carry fixed units:
/// `accel.*`, `gravity.*`, `user.*` in g; `gyro.*` in rad/s; `quat.*` unit quaternion;
/// `roll`, `pitch`, `yaw` in radians. Any other name is kept as an auxiliary column.
public struct Channel: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The column name, for example `accel.x`.
    public var rawValue: String
    /// A channel named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A channel named by a string literal.
    public init(stringLiteral value: String) { rawValue = value }
    /// The column name.
    public var description: String { rawValue }

    /// Acceleration including gravity, g (CoreMotion sign).
    public static let accelX: Channel = "accel.x", accelY: Channel = "accel.y", accelZ: Channel = "accel.z"
    /// Rotation rate, rad/s.
    public static let gyroX: Channel = "gyro.x", gyroY: Channel = "gyro.y", gyroZ: Channel = "gyro.z"
    /// Attitude quaternion components, scalar first (unitless).
    public static let quatW: Channel = "quat.w", quatX: Channel = "quat.x", quatY: Channel = "quat.y", quatZ: Channel = "quat.z"
    /// Gravity in the device frame, g.
    public static let gravityX: Channel = "gravity.x", gravityY: Channel = "gravity.y", gravityZ: Channel = "gravity.z"
    /// User acceleration (gravity removed), g.
    public static let userX: Channel = "user.x", userY: Channel = "user.y", userZ: Channel = "user.z"
    /// Euler angles, radians (CoreMotion convention).
    public static let roll: Channel = "roll", pitch: Channel = "pitch", yaw: Channel = "yaw"

    /// The three acceleration channels, x, y, z.
    public static let acceleration: [Channel] = [.accelX, .accelY, .accelZ]
    /// The three rotation-rate channels.
    public static let rotationRate: [Channel] = [.gyroX, .gyroY, .gyroZ]
    /// The four attitude channels, scalar first.
    public static let attitude: [Channel] = [.quatW, .quatX, .quatY, .quatZ]
    /// The three gravity channels.
    public static let gravity: [Channel] = [.gravityX, .gravityY, .gravityZ]
    /// The three user-acceleration channels.
    public static let userAcceleration: [Channel] = [.userX, .userY, .userZ]
}
