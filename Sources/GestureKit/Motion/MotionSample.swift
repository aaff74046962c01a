/// One reading of a motion sensor stream.
///
/// Acceleration is the total specific force in g in the device frame, CoreMotion sign convention:
/// a phone lying face up at rest reads about (0, 0, −1). Optional channels are present when the
/// source provides them (fused device motion) and `nil` otherwise.
public struct MotionSample: Hashable, Codable, Sendable {
    /// Time of the reading in seconds, on any monotonic clock.
    public var timestamp: Double
    /// Total acceleration (gravity + user acceleration) in g, device frame.
    public var acceleration: Vector3
    /// Rotation rate in rad/s about the device axes, right-hand rule.
    public var rotationRate: Vector3?
    /// Attitude relative to the source's reference frame (unit quaternion).
    public var attitude: Quaternion?
    /// Gravity in g, device frame.
    public var gravity: Vector3?
    /// User acceleration (total minus gravity) in g, device frame.
    public var userAcceleration: Vector3?
    /// Magnetic field in µT, device frame (a magnetometer), when the source has one.
    public var magneticField: Vector3?
    /// Air (or water) pressure in hPa (a barometer), when the source has one.
    public var pressure: Double?
    /// Orientation-free quantities derived by a ``PhysicalChannelEstimator`` stage, when one ran.
    package var physical: PhysicalQuantities?
    /// The readings of the other sensor units worn with this one at this instant, keyed by placement (`lowerarm`,
    /// `trunk`), each in the same units as this sample's own (g, rad/s, µT, hPa) and stamped with this timestamp;
    /// what a placed channel (`accel.x@lowerarm`, ``MotionChannel/placement``) reads. A placement missing from it
    /// is that unit's gap at this instant, which leaves this sample (the primary unit's) valid. `nil` for a stream
    /// of one unit, so such samples encode as before.
    public var units: [String: MotionSample]?

    /// Creates a sample. Units: seconds, g, rad/s, µT, hPa.
    public init(
        timestamp: Double,
        acceleration: Vector3,
        rotationRate: Vector3? = nil,
        attitude: Quaternion? = nil,
        gravity: Vector3? = nil,
        userAcceleration: Vector3? = nil,
        magneticField: Vector3? = nil,
        pressure: Double? = nil
    ) {
        self.timestamp = timestamp
        self.acceleration = acceleration
        self.rotationRate = rotationRate
        self.attitude = attitude
        self.gravity = gravity
        self.userAcceleration = userAcceleration
        self.magneticField = magneticField
        self.pressure = pressure
    }

    /// Whether the timestamp and every present channel are finite.
    public var isFinite: Bool {
        timestamp.isFinite && acceleration.isFinite
            && (rotationRate?.isFinite ?? true)
            && (attitude?.isFinite ?? true)
            && (gravity?.isFinite ?? true)
            && (userAcceleration?.isFinite ?? true)
            && (magneticField?.isFinite ?? true)
            && (pressure?.isFinite ?? true)
    }
}
