/// The name of one column of a recording.
///
/// Standard names map onto ``GestureKit/MotionSample`` channels and carry fixed units:
/// `accel.*`, `gravity.*`, `user.*` in g; `gyro.*` in rad/s; `quat.*` unit quaternion;
/// `roll`, `pitch`, `yaw` in radians. Any other name is kept as an auxiliary column.
public struct Channel: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    public static let accelX: Channel = "accel.x", accelY: Channel = "accel.y", accelZ: Channel = "accel.z"
    public static let gyroX: Channel = "gyro.x", gyroY: Channel = "gyro.y", gyroZ: Channel = "gyro.z"
    public static let quatW: Channel = "quat.w", quatX: Channel = "quat.x", quatY: Channel = "quat.y", quatZ: Channel = "quat.z"
    public static let gravityX: Channel = "gravity.x", gravityY: Channel = "gravity.y", gravityZ: Channel = "gravity.z"
    public static let userX: Channel = "user.x", userY: Channel = "user.y", userZ: Channel = "user.z"
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
