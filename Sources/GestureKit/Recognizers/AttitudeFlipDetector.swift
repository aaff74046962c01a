/// Detects that the device has been turned away from a reference attitude, and turned back.
///
/// The reference is the attitude of the first sample that has one (again after ``reset()``).
/// Each later attitude is taken relative to it (``Quaternion/relative(to:)``) and reduced to one
/// magnitude in radians (``Magnitude``). The device is **flipped** once the magnitude has stayed
/// above ``Configuration/flipAngle`` for ``Configuration/dwell`` seconds, and **restored** when it
/// falls below ``Configuration/restoreAngle``; the band between is hysteresis against flicker.
///
/// Events, labelled `"flip"`: `began` when flipped (start = when the magnitude first exceeded the
/// flip angle, score = magnitude), `ended` when restored (start = the same, score = the largest
/// magnitude of the flip, details `"maximum"` in radians).
///
/// Samples need an attitude: put ``AttitudeEstimator`` before this detector for raw accelerometer
/// and gyroscope data. Samples without attitude, with a NaN or infinite value, or not later than
/// the previous accepted sample are ignored; a gap only delays the decision.
///
/// - Complexity: O(1) per sample, no allocation except for events.
public struct AttitudeFlipDetector: ConfigurableRecognizer, ChannelRequiring, Sendable {
    /// How the relative attitude is reduced to one angle.
    public enum Magnitude: String, Codable, Hashable, Sendable, CaseIterable {
        /// Root-sum-square of the relative Euler angles (pitch, roll, yaw): the measure of Apple's
        /// `CMDeviceMotion` documentation, with the Euler angles' quirks (near ±90° pitch, and beyond it, it overstates).
        case eulerRootSumSquare
        /// The rotation angle of the relative quaternion, in [0, π]: free of Euler-angle quirks.
        case geodesic
    }

    /// Settings in radians and seconds.
    public struct Configuration: Codable, Hashable, Sendable, DefaultConfiguration {
        /// How the relative attitude becomes one angle.
        public var magnitude: Magnitude
        /// Angle, radians, above which the device is flipped.
        public var flipAngle: Double
        /// Angle, radians, below which a flipped device is restored; less than the flip angle.
        public var restoreAngle: Double
        /// Time, seconds, the angle must stay above the flip angle before `began`.
        public var dwell: Double

        /// Creates settings; the defaults reproduce Apple's `CMDeviceMotion` documentation (1.0 and 0.8 rad, Euler RSS).
        public init(
            magnitude: Magnitude = .eulerRootSumSquare,
            flipAngle: Double = 1.0,
            restoreAngle: Double = 0.8,
            dwell: Double = 0
        ) {
            self.magnitude = magnitude
            self.flipAngle = flipAngle
            self.restoreAngle = restoreAngle
            self.dwell = dwell
        }

        /// The default settings (the constants of Apple's `CMDeviceMotion` documentation).
        public static var defaultValue: Configuration { Configuration() }

        private enum CodingKeys: String, CodingKey {
            case magnitude, flipAngle, restoreAngle, dwell
        }

        /// Decodes settings; a missing key takes its default, and a value out of range is a decoding error.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Configuration()
            self.init(
                magnitude: try c.decode(.magnitude, default: d.magnitude),
                flipAngle: try c.decode(.flipAngle, default: d.flipAngle),
                restoreAngle: try c.decode(.restoreAngle, default: d.restoreAngle),
                dwell: try c.decode(.dwell, default: d.dwell)
            )
        }
    }

    /// The registry identifier, `"flip"`.
    public static let identifier = "flip"
    /// The label of every event.
    public static let label = "flip"

    /// The settings this recognizer was made with.
    public let configuration: Configuration
    /// Everything learned from the stream; ``reset()`` replaces it with a new value.
    private var state = State()

    /// The per-stream state: a new value is a detector that has seen no sample.
    private struct State {
        var reference: Quaternion?
        var isFlipped = false
        var lastTimestamp = -Double.infinity
        /// When the magnitude last rose above the flip angle, `nil` while it is below.
        var aboveSince: Double?
        /// The largest magnitude of the current flip, radians.
        var maximum = 0.0
    }

    // MARK: Diagnostics

    /// The reference attitude, `nil` until the first sample with an attitude (read-only diagnostics).
    public var reference: Quaternion? { state.reference }
    /// Whether the device is currently flipped (read-only diagnostics).
    public var isFlipped: Bool { state.isFlipped }

    /// The attitude quaternion: a ``Pipeline`` estimates it (``AttitudeEstimator``) for input without one.
    public var requiredChannels: [MotionChannel] { MotionChannel.attitude }

    /// Creates the recognizer; throws ``ConfigurationError`` naming the first setting out of range.
    public init(configuration: Configuration = Configuration()) throws(ConfigurationError) {
        try ConfigurationError.requirePositive(configuration.flipAngle, "flipAngle")
        try ConfigurationError.requireNonNegative(configuration.restoreAngle, "restoreAngle")
        guard configuration.restoreAngle < configuration.flipAngle else {
            throw ConfigurationError(key: "restoreAngle", "must be less than flipAngle (\(configuration.flipAngle)), got \(configuration.restoreAngle)")
        }
        try ConfigurationError.requireNonNegative(configuration.dwell, "dwell")
        self.configuration = configuration
    }

    /// The magnitude, radians, of `attitude` relative to `reference` under `measure`.
    package static func magnitude(of attitude: Quaternion, relativeTo reference: Quaternion, measure: Magnitude) -> Double {
        let relative = attitude.relative(to: reference)
        switch measure {
        case .eulerRootSumSquare: return relative.eulerAngles.rootSumSquare
        case .geodesic: return relative.angle
        }
    }

    /// Consumes one sample (seconds, g, rad/s), appending any events; a non-finite or out-of-order sample
    /// is ignored.
    ///
    /// - Complexity: O(1).
    public mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {
        guard sample.isFinite, sample.timestamp > state.lastTimestamp, let attitude = sample.attitude?.normalized else { return }
        let t = sample.timestamp
        state.lastTimestamp = t
        guard let reference = state.reference else {
            state.reference = attitude
            return
        }
        let angle = Self.magnitude(of: attitude, relativeTo: reference, measure: configuration.magnitude)
        if state.isFlipped {
            state.maximum = max(state.maximum, angle)
            if angle < configuration.restoreAngle {
                events.append(GestureEvent(label: Self.label, phase: .ended, start: state.aboveSince ?? t, end: t, time: t,
                                           score: state.maximum, details: ["maximum": state.maximum]))
                state.isFlipped = false
                state.aboveSince = nil
            }
            return
        }
        guard angle > configuration.flipAngle else {
            state.aboveSince = nil
            return
        }
        let since = state.aboveSince ?? t
        state.aboveSince = since
        if t - since >= configuration.dwell {
            state.isFlipped = true
            state.maximum = angle
            events.append(GestureEvent(label: Self.label, phase: .began, start: since, end: since, time: t, score: angle))
        }
    }

    /// Forgets every sample seen, as if newly created.
    public mutating func reset() {
        state = State()
    }
}
