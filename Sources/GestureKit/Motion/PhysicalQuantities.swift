/// Quantities of a motion that do not depend on how the device is mounted: what a ``PhysicalChannelEstimator``
/// derives from acceleration, rotation rate, magnetic field and pressure, read as the channels of
/// ``MotionChannel/physical``.
///
/// "Up" is the opposite of the gravity estimate; a rotation about up is counted positive counter-clockwise
/// seen from above (right-hand rule about up). Quantities whose sensor the stream lacks are `nil`.
public struct PhysicalQuantities: Hashable, Codable, Sendable {
    /// The quantities, one channel each.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// ``PhysicalQuantities/verticalAcceleration``, g.
        case verticalAcceleration
        /// ``PhysicalQuantities/horizontalAcceleration``, g.
        case horizontalAcceleration
        /// ``PhysicalQuantities/tilt``, rad.
        case tilt
        /// ``PhysicalQuantities/yawRate``, rad/s.
        case yawRate
        /// ``PhysicalQuantities/headingChange``, rad.
        case headingChange
        /// ``PhysicalQuantities/magneticHeadingChange``, rad.
        case magneticHeadingChange
        /// ``PhysicalQuantities/pressureChange``, hPa.
        case pressureChange
        /// ``PhysicalQuantities/stillness``, g.
        case stillness

        /// The unit: `g`, `rad`, `rad/s` or `hPa`.
        public var unit: String {
            switch self {
            case .verticalAcceleration, .horizontalAcceleration, .stillness: "g"
            case .tilt, .headingChange, .magneticHeadingChange: "rad"
            case .yawRate: "rad/s"
            case .pressureChange: "hPa"
            }
        }
    }

    /// User acceleration along up (total acceleration less gravity, projected on up), g: positive when the
    /// device speeds up upwards.
    public var verticalAcceleration: Double
    /// The length of user acceleration across gravity, g (≥ 0).
    public var horizontalAcceleration: Double
    /// The angle between the gravity estimate now and a trailing window ago, rad in [0, π].
    public var tilt: Double
    /// Rotation rate about up, rad/s; `nil` without a gyroscope.
    public var yawRate: Double?
    /// The yaw rate integrated over the trailing window, rad (a turn about the vertical of 180° gives π);
    /// `nil` without a gyroscope.
    public var headingChange: Double?
    /// The change of the tilt-compensated magnetic heading over the trailing window, rad, positive
    /// counter-clockwise seen from above; `nil` without a magnetometer.
    public var magneticHeadingChange: Double?
    /// Pressure less its slow trend (a high-pass), hPa; `nil` without a barometer.
    public var pressureChange: Double?
    /// The standard deviation of |acceleration| over the trailing window, g (≈ 0 when the device lies still).
    public var stillness: Double

    /// Creates the quantities; units as their properties state.
    public init(verticalAcceleration: Double, horizontalAcceleration: Double, tilt: Double, yawRate: Double?,
                headingChange: Double?, magneticHeadingChange: Double?, pressureChange: Double?, stillness: Double) {
        self.verticalAcceleration = verticalAcceleration
        self.horizontalAcceleration = horizontalAcceleration
        self.tilt = tilt
        self.yawRate = yawRate
        self.headingChange = headingChange
        self.magneticHeadingChange = magneticHeadingChange
        self.pressureChange = pressureChange
        self.stillness = stillness
    }

    /// The value of `kind`, in its unit; `nil` when its sensor is absent. O(1).
    @inline(__always)
    public subscript(kind: Kind) -> Double? {
        switch kind {
        case .verticalAcceleration: verticalAcceleration
        case .horizontalAcceleration: horizontalAcceleration
        case .tilt: tilt
        case .yawRate: yawRate
        case .headingChange: headingChange
        case .magneticHeadingChange: magneticHeadingChange
        case .pressureChange: pressureChange
        case .stillness: stillness
        }
    }
}
