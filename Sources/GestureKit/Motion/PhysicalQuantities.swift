/// Quantities of a motion that do not depend on how the device is mounted: what a ``PhysicalChannelEstimator``
/// derives from acceleration, rotation rate, magnetic field and pressure, read as the channels of
/// ``MotionChannel/physical``.
///
/// "Up" is the opposite of the gravity estimate; a rotation about up is counted positive counter-clockwise
/// seen from above (right-hand rule about up). Quantities whose sensor the stream lacks are `nil`.
package struct PhysicalQuantities: Hashable, Codable, Sendable {
    /// The quantities, one channel each.
    package enum Kind: String, CaseIterable, Hashable, Sendable {
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
        /// ``PhysicalQuantities/strokePeriod``, s.
        case strokePeriod
        /// ``PhysicalQuantities/rhythmRegularity``, unitless.
        case rhythmRegularity

        /// The unit: `g`, `rad`, `rad/s`, `hPa`, `s` or `1` (unitless).
        package var unit: String {
            switch self {
            case .verticalAcceleration, .horizontalAcceleration, .stillness: "g"
            case .tilt, .headingChange, .magneticHeadingChange: "rad"
            case .yawRate: "rad/s"
            case .pressureChange: "hPa"
            case .strokePeriod: "s"
            case .rhythmRegularity: "1"
            }
        }

        /// Whether the quantity describes the rhythm of a periodic motion (``RhythmTracker``) rather than the motion
        /// at one instant; such channels join the `physical` group only when named.
        package var isRhythm: Bool { self == .strokePeriod || self == .rhythmRegularity }
    }

    /// User acceleration along up (total acceleration less gravity, projected on up), g: positive when the
    /// device speeds up upwards.
    package var verticalAcceleration: Double
    /// The length of user acceleration across gravity, g (≥ 0).
    package var horizontalAcceleration: Double
    /// The angle between the gravity estimate now and a trailing window ago, rad in [0, π].
    package var tilt: Double
    /// Rotation rate about up, rad/s; `nil` without a gyroscope.
    package var yawRate: Double?
    /// The yaw rate integrated over the trailing window, rad (a turn about the vertical of 180° gives π);
    /// `nil` without a gyroscope.
    package var headingChange: Double?
    /// The change of the tilt-compensated magnetic heading over the trailing window, rad, positive
    /// counter-clockwise seen from above; `nil` without a magnetometer.
    package var magneticHeadingChange: Double?
    /// Pressure less its slow trend (a high-pass), hPa; `nil` without a barometer.
    package var pressureChange: Double?
    /// The standard deviation of |acceleration| over the trailing window, g (≈ 0 when the device lies still).
    package var stillness: Double
    /// The period of the motion's rhythm over the trailing window (a stroke or step cycle), s; 0 when there is
    /// none (``RhythmTracker``, on |ω| with a gyroscope, else on |a|).
    package var strokePeriod: Double
    /// How regular that rhythm is: the autocorrelation at the period, in [0, 1]. Near 1 while strokes or steps
    /// repeat; it falls where the rhythm breaks (a turn at a pool wall, a stop).
    package var rhythmRegularity: Double

    /// Creates the quantities; units as their properties state.
    package init(verticalAcceleration: Double, horizontalAcceleration: Double, tilt: Double, yawRate: Double?,
                headingChange: Double?, magneticHeadingChange: Double?, pressureChange: Double?, stillness: Double,
                strokePeriod: Double = 0, rhythmRegularity: Double = 0) {
        self.verticalAcceleration = verticalAcceleration
        self.horizontalAcceleration = horizontalAcceleration
        self.tilt = tilt
        self.yawRate = yawRate
        self.headingChange = headingChange
        self.magneticHeadingChange = magneticHeadingChange
        self.pressureChange = pressureChange
        self.stillness = stillness
        self.strokePeriod = strokePeriod
        self.rhythmRegularity = rhythmRegularity
    }

    private enum CodingKeys: String, CodingKey {
        case verticalAcceleration, horizontalAcceleration, tilt, yawRate, headingChange, magneticHeadingChange
        case pressureChange, stillness, strokePeriod, rhythmRegularity
    }

    /// Decodes the quantities; the rhythm's two, which older encodings lack, read 0 when absent.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(verticalAcceleration: try c.decode(Double.self, forKey: .verticalAcceleration),
                  horizontalAcceleration: try c.decode(Double.self, forKey: .horizontalAcceleration),
                  tilt: try c.decode(Double.self, forKey: .tilt),
                  yawRate: try c.decodeIfPresent(Double.self, forKey: .yawRate),
                  headingChange: try c.decodeIfPresent(Double.self, forKey: .headingChange),
                  magneticHeadingChange: try c.decodeIfPresent(Double.self, forKey: .magneticHeadingChange),
                  pressureChange: try c.decodeIfPresent(Double.self, forKey: .pressureChange),
                  stillness: try c.decode(Double.self, forKey: .stillness),
                  strokePeriod: try c.decodeIfPresent(Double.self, forKey: .strokePeriod) ?? 0,
                  rhythmRegularity: try c.decodeIfPresent(Double.self, forKey: .rhythmRegularity) ?? 0)
    }

    /// The value of `kind`, in its unit; `nil` when its sensor is absent. O(1).
    @inline(__always)
    package subscript(kind: Kind) -> Double? {
        switch kind {
        case .verticalAcceleration: verticalAcceleration
        case .horizontalAcceleration: horizontalAcceleration
        case .tilt: tilt
        case .yawRate: yawRate
        case .headingChange: headingChange
        case .magneticHeadingChange: magneticHeadingChange
        case .pressureChange: pressureChange
        case .stillness: stillness
        case .strokePeriod: strokePeriod
        case .rhythmRegularity: rhythmRegularity
        }
    }
}
