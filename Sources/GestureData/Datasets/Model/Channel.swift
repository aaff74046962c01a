import GestureKit

/// The name of one column of a recording: a GestureKit ``GestureKit/MotionChannel`` or an auxiliary name.
///
/// There is one channel vocabulary, GestureKit's: every standard name (`accel.*`, `gravity.*`, `user.*` in g;
/// `gyro.*` in rad/s; `quat.*` unit quaternion; `roll`, `pitch`, `yaw` in radians; archive columns `dimN`)
/// resolves to its ``motion`` channel when the column is named, so readers, trainers and recognizers speak of
/// the same channel without passing names around as strings; the magnetometer (`mag.*`, µT) and barometer
/// (`pressure`, hPa) are channels too. A column of any other name (light, a heart rate) is kept as auxiliary
/// data that no recognizer reads.
public struct Channel: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The column name, for example `accel.x`.
    public let rawValue: String
    /// The GestureKit channel the column holds; `nil` for an auxiliary column.
    public let motion: MotionChannel?

    /// The column named `rawValue`; never `nil` (an unknown name is an auxiliary column).
    public init(rawValue: String) {
        self.rawValue = rawValue
        motion = MotionChannel(rawValue: rawValue)
    }

    /// The column that holds `channel`.
    public init(_ channel: MotionChannel) {
        rawValue = channel.rawValue
        motion = channel
    }

    /// A column named by a string literal.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// The column name.
    public var description: String { rawValue }

    /// The sensor unit the column belongs to: the text after the last `@` when it names a placement
    /// (`accel.x@lowerarm`, or an auxiliary `gyr_2_x@lowerarm`); `nil` for the primary unit's columns. A NaN in a
    /// placed column is that unit's gap.
    package var placement: String? {
        if let motion { return motion.placement }
        guard let at = rawValue.lastIndex(of: "@") else { return nil }
        let text = String(rawValue[rawValue.index(after: at)...])
        return MotionChannel.isPlacement(text) ? text : nil
    }

    /// The physical unit of the column for people (`g`, `rad/s`, `rad`, `µT`, `hPa`); empty for unitless quaternion
    /// components, archive columns and auxiliary columns.
    package var physicalUnit: String {
        guard let unit = motion?.unit, unit != "1", unit != "archive" else { return "" }
        return unit
    }

    /// Decodes a column name (any name: unknown ones are auxiliary columns).
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Equal names are equal columns.
    public static func == (a: Channel, b: Channel) -> Bool { a.rawValue == b.rawValue }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Total acceleration, g (CoreMotion sign).
    public static let accelX = Channel(MotionChannel.acceleration[0]), accelY = Channel(MotionChannel.acceleration[1]), accelZ = Channel(MotionChannel.acceleration[2])
    /// Rotation rate, rad/s.
    public static let gyroX = Channel(MotionChannel.rotationRate[0]), gyroY = Channel(MotionChannel.rotationRate[1]), gyroZ = Channel(MotionChannel.rotationRate[2])
    /// Attitude quaternion components, scalar first (unitless).
    public static let quatW = Channel(MotionChannel.attitude[0]), quatX = Channel(MotionChannel.attitude[1]), quatY = Channel(MotionChannel.attitude[2]), quatZ = Channel(MotionChannel.attitude[3])
    /// Gravity in the device frame, g.
    public static let gravityX = Channel(MotionChannel.gravity[0]), gravityY = Channel(MotionChannel.gravity[1]), gravityZ = Channel(MotionChannel.gravity[2])
    /// User acceleration (gravity removed), g.
    public static let userX = Channel(MotionChannel.userAcceleration[0]), userY = Channel(MotionChannel.userAcceleration[1]), userZ = Channel(MotionChannel.userAcceleration[2])
    /// Euler angles, radians (CoreMotion convention).
    public static let roll = Channel(MotionChannel.eulerAngles[0]), pitch = Channel(MotionChannel.eulerAngles[1]), yaw = Channel(MotionChannel.eulerAngles[2])

    /// The three total-acceleration columns, x, y, z.
    public static let acceleration = MotionChannel.acceleration.map(Channel.init)
    /// The three rotation-rate columns.
    public static let rotationRate = MotionChannel.rotationRate.map(Channel.init)
    /// The four attitude columns, scalar first.
    public static let attitude = MotionChannel.attitude.map(Channel.init)
    /// The three gravity columns.
    public static let gravity = MotionChannel.gravity.map(Channel.init)
    /// The three user-acceleration columns.
    public static let userAcceleration = MotionChannel.userAcceleration.map(Channel.init)
    /// Euler angle columns roll, pitch, yaw, radians.
    public static let eulerAngles = MotionChannel.eulerAngles.map(Channel.init)
    /// The three magnetic-field columns, µT.
    public static let magneticField = MotionChannel.magneticField.map(Channel.init)
    /// The pressure column, hPa.
    public static let pressure = Channel(MotionChannel.pressure)
}
