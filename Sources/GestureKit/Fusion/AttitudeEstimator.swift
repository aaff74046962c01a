#if canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// Estimates attitude from accelerometer and gyroscope (a Mahony-style complementary filter), so
/// raw IMU data gets the channels of fused device motion: attitude, gravity and user acceleration
/// in the CoreMotion convention.
///
/// The gyroscope is integrated (`q ← q · exp(½ ω̄ dt)`, ω̄ the mean rate over the interval); the
/// accelerometer then pulls the estimated gravity toward the measured direction by turning at `gain · (â × ĝ)`, where
/// `â` is measured and `ĝ` estimated gravity, both unit vectors in the device frame. Settings
/// follow x-io's Fusion library: a proportional ``Configuration/gain`` (1/s), a start-up ramp
/// from ``Configuration/startupGain`` down to the gain over ``Configuration/startupTime``
/// seconds, and **acceleration rejection**: while measured and estimated gravity differ by more
/// than ``Configuration/accelerationRejection`` radians (the device is being accelerated), the
/// accelerometer is ignored; if that lasts ``Configuration/recoveryTime`` seconds, the tilt is
/// re-taken from the accelerometer and the start-up ramp restarts.
///
/// The first sample sets the tilt from the accelerometer with yaw zero (yaw is unobservable
/// without a magnetometer, as CoreMotion's `xArbitraryZVertical` frame). Output: attitude (device
/// → reference), gravity = attitude's gravity (g), user acceleration = acceleration − gravity.
///
/// Odd input: samples with a NaN or infinite value, and samples not later than the previous one,
/// produce nothing. Samples without a rotation rate, and samples that already carry an attitude
/// (unless ``Configuration/overwrite``), pass through unchanged. Across a gap longer than
/// ``Configuration/maximumInterval`` the gyroscope is not integrated: the tilt is re-taken from the
/// accelerometer (heading kept) and the ramp restarts; across a gap that is also longer than the resampler's
/// (``RunBoundary``, 0.5 s) the estimator starts as on a new stream.
///
/// - Complexity: O(1) per sample, no allocation.
public struct AttitudeEstimator: SignalStage, Sendable {
    /// Settings in 1/s, seconds and radians.
    public struct Configuration: Codable, Hashable, Sendable, DefaultConfiguration {
        /// Accelerometer feedback gain, 1/s (Fusion's default 0.5): higher trusts the accelerometer more.
        public var gain: Double
        /// Gain, 1/s, at start-up, ramping down to ``gain`` (Fusion's initial gain 10).
        public var startupGain: Double
        /// Length of the start-up ramp, seconds (Fusion's 3 s).
        public var startupTime: Double
        /// Largest angle, radians, between measured and estimated gravity for the accelerometer to be used (10°).
        public var accelerationRejection: Double
        /// Time, seconds, of continuous rejection after which the start-up ramp restarts.
        public var recoveryTime: Double
        /// Longest interval, seconds, over which the gyroscope is integrated.
        public var maximumInterval: Double
        /// Replace an attitude the sample already has.
        public var overwrite: Bool

        /// Creates settings; the defaults are x-io Fusion's.
        public init(
            gain: Double = 0.5,
            startupGain: Double = 10,
            startupTime: Double = 3,
            accelerationRejection: Double = 10 * Double.pi / 180,
            recoveryTime: Double = 5,
            maximumInterval: Double = 0.5,
            overwrite: Bool = false
        ) {
            self.gain = gain
            self.startupGain = startupGain
            self.startupTime = startupTime
            self.accelerationRejection = accelerationRejection
            self.recoveryTime = recoveryTime
            self.maximumInterval = maximumInterval
            self.overwrite = overwrite
        }

        /// The default settings (the smoothing of Apple's Motion Events guide).
        public static var defaultValue: Configuration { Configuration() }

        private enum CodingKeys: String, CodingKey {
            case gain, startupGain, startupTime, accelerationRejection, recoveryTime, maximumInterval, overwrite
        }

        /// Decodes settings; a missing key takes its default, and a value out of range is a decoding error.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Configuration()
            self.init(
                gain: try c.decode(.gain, default: d.gain),
                startupGain: try c.decode(.startupGain, default: d.startupGain),
                startupTime: try c.decode(.startupTime, default: d.startupTime),
                accelerationRejection: try c.decode(.accelerationRejection, default: d.accelerationRejection),
                recoveryTime: try c.decode(.recoveryTime, default: d.recoveryTime),
                maximumInterval: try c.decode(.maximumInterval, default: d.maximumInterval),
                overwrite: try c.decode(.overwrite, default: d.overwrite)
            )
        }
    }

    /// The settings.
    public let configuration: Configuration
    /// The current attitude estimate, `nil` before the first sample with a rotation rate.
    public private(set) var attitude: Quaternion?
    /// How many samples had their accelerometer ignored by acceleration rejection.
    package private(set) var rejectedSamples = 0
    private var lastTimestamp = -Double.infinity
    private var rampStart = 0.0
    private var rejectedFor = 0.0
    private var previousRate: Vector3?
    /// Whether samples without a rotation rate get an attitude too, from the accelerometer alone: the tilt
    /// that turns the previous estimate least to put gravity along the measured acceleration (heading is
    /// kept, as nothing observes it). Off by default (such samples pass through unchanged);
    /// ``Pipeline/prepare(for:)`` turns it on for accelerometer-only streams.
    package var tiltsWithoutRotationRate = false

    /// Creates the stage, or throws when a setting is out of range.
    public init(configuration: Configuration = Configuration()) throws(ConfigurationError) {
        try ConfigurationError.requireNonNegative(configuration.gain, "gain")
        try ConfigurationError.requireNonNegative(configuration.startupGain, "startupGain")
        try ConfigurationError.requireNonNegative(configuration.startupTime, "startupTime")
        guard configuration.accelerationRejection > 0, configuration.accelerationRejection <= Double.pi else {
            throw ConfigurationError(key: "accelerationRejection", "must be in (0, π] radians, got \(configuration.accelerationRejection)")
        }
        try ConfigurationError.requirePositive(configuration.recoveryTime, "recoveryTime")
        try ConfigurationError.requirePositive(configuration.maximumInterval, "maximumInterval")
        self.configuration = configuration
    }

    /// The attitude whose gravity is `acceleration`'s direction, with zero yaw; identity when
    /// the acceleration is too small to give a direction (free fall).
    package static func tilt(from acceleration: Vector3) -> Quaternion {
        guard acceleration.length > 0.1, let a = acceleration.normalized else { return .identity }
        return arc(from: a, to: Vector3(0, 0, -1))
    }

    /// The shortest rotation taking unit vector `a` onto unit vector `b` (about any normal axis
    /// when they are opposite).
    static func arc(from a: Vector3, to b: Vector3) -> Quaternion {
        let c = min(1, max(-1, a.dot(b)))
        let axis = a.cross(b)
        guard axis.length < 1e-9 else { return Quaternion(angle: acos(c), axis: axis) }
        if c > 0 { return .identity }
        let normal = abs(a.x) < 0.9 ? Vector3(1, 0, 0).cross(a) : Vector3(0, 1, 0).cross(a)
        return Quaternion(angle: .pi, axis: normal)
    }

    /// `q` turned in the device frame just enough that its gravity points along `acceleration`,
    /// keeping as much of its heading as possible.
    static func aligned(_ q: Quaternion, to acceleration: Vector3) -> Quaternion {
        guard acceleration.length > 0.1, let a = acceleration.normalized else { return q }
        return (q * arc(from: a, to: q.gravity)).normalized ?? q
    }

    /// Consumes one sample, appending the samples it produces to `output`.
    public mutating func process(_ sample: MotionSample, into output: inout [MotionSample]) {
        guard sample.isFinite, sample.timestamp > lastTimestamp else { return }
        // After a gap (``RunBoundary``) longer than the intervals it is told to bridge, the estimate starts as on a new stream.
        if lastTimestamp.isFinite, sample.timestamp - lastTimestamp > configuration.maximumInterval,
           RunBoundary.isGap(from: lastTimestamp, to: sample.timestamp) { reset() }
        if sample.rotationRate == nil, tiltsWithoutRotationRate, configuration.overwrite || sample.attitude == nil {
            let q = attitude.map { Self.aligned($0, to: sample.acceleration) } ?? Self.tilt(from: sample.acceleration)
            attitude = q
            lastTimestamp = sample.timestamp
            output.append(fused(sample, q))
            return
        }
        guard let rate = sample.rotationRate, configuration.overwrite || sample.attitude == nil else {
            output.append(sample)
            return
        }
        output.append(update(sample, rate: rate))
    }

    /// Advances the estimate with `sample` and returns it with attitude, gravity and user acceleration.
    private mutating func update(_ sample: MotionSample, rate: Vector3) -> MotionSample {
        let t = sample.timestamp
        defer { lastTimestamp = t }
        guard var q = attitude else {
            let q = Self.tilt(from: sample.acceleration)
            attitude = q
            rampStart = t
            previousRate = rate
            return fused(sample, q)
        }
        let dt = t - lastTimestamp
        guard dt <= configuration.maximumInterval else {
            // Integrating one rate reading over a long gap would be a guess: take the tilt from the
            // accelerometer (feedback alone cannot undo a turn near 180°) and restart the ramp.
            q = Self.aligned(q, to: sample.acceleration)
            attitude = q
            rampStart = t
            rejectedFor = 0
            previousRate = nil
            return fused(sample, q)
        }

        let sinceStart = t - rampStart
        let starting = sinceStart < configuration.startupTime
        let gain = starting
            ? configuration.startupGain + (configuration.gain - configuration.startupGain) * sinceStart / configuration.startupTime
            : configuration.gain

        // Predict with the gyroscope (trapezoidal: the mean of the rates at both ends of the interval),
        // then correct the prediction, so the accelerometer is compared with gravity at its own time.
        let mean = previousRate.map { ($0 + rate) * 0.5 } ?? rate
        previousRate = rate
        q = q * Self.rotation(mean, dt)
        if let measured = sample.acceleration.normalized {
            let estimated = q.gravity
            let error = measured.cross(estimated)
            let angle = atan2(error.length, measured.dot(estimated))
            if starting || angle <= configuration.accelerationRejection {
                q = q * Self.rotation(error * gain, dt)
                rejectedFor = max(0, rejectedFor - dt)
            } else {
                rejectedSamples += 1
                rejectedFor += dt
                if rejectedFor >= configuration.recoveryTime {
                    // Rejected for too long: trust the accelerometer again, as Fusion re-initialises.
                    q = Self.aligned(q, to: sample.acceleration)
                    rampStart = t
                    rejectedFor = 0
                }
            }
        }
        q = q.normalized ?? q
        attitude = q
        return fused(sample, q)
    }

    /// The body-frame rotation by rate `omega` (rad/s) over `dt` seconds.
    private static func rotation(_ omega: Vector3, _ dt: Double) -> Quaternion {
        let turn = omega.length * dt
        return turn > 0 ? Quaternion(angle: turn, axis: omega) : .identity
    }

    private func fused(_ sample: MotionSample, _ q: Quaternion) -> MotionSample {
        var s = sample
        let g = q.gravity
        s.attitude = q
        s.gravity = g
        s.userAcceleration = sample.acceleration - g
        return s
    }

    /// Forgets every sample seen, as if newly created.
    public mutating func reset() {
        attitude = nil
        rejectedSamples = 0
        lastTimestamp = -.infinity
        rampStart = 0
        rejectedFor = 0
        previousRate = nil
    }
}
