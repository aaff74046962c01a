import Foundation

/// Derives the orientation-free channels of ``PhysicalQuantities`` sample by sample: acceleration along and
/// across gravity, tilt and heading change over a trailing window, rotation rate about gravity, the
/// tilt-compensated magnetic heading change, high-passed pressure, stillness, and the rhythm (stroke period and
/// regularity, by a ``RhythmTracker`` on the signal ``Configuration/rhythmSource`` names: by default |ω| with a
/// gyroscope, else |a|).
///
/// Each is the same whatever the device's mounting: it is measured against the gravity estimate, not the
/// device's axes. The gravity estimate is the sample's own `gravity` when it carries one (fused device motion,
/// an ``AttitudeEstimator`` or ``GravitySplitter`` earlier in the pipeline); else, with a gyroscope, that of the
/// estimator's own ``AttitudeEstimator`` (x-io Fusion's gains: the gyroscope carries gravity through turns and
/// falls without lag, the accelerometer corrects it slowly); else its own gravity split (the low-pass of
/// ``GravitySplitter``, time constant ``Configuration/gravityTimeConstant``).
///
/// Every window is in seconds and read on the samples' clock, so the same motion at 25, 50 or 100 Hz gives the
/// same values: a value "a window ago" is interpolated between the two samples around it. The sample passes on
/// with ``MotionSample/physical`` filled in, and so does each other unit it carries (``MotionSample/units``), by an
/// estimator of its own per placement; nothing else changes.
///
/// A gap longer than ``SampleValidator/defaultMaximumGap`` (the resampler's) starts the estimator afresh: what
/// follows is estimated as on a new stream, so a recording cut by a gap gives what its two halves give.
///
/// - Complexity: O(1) amortised per sample. The windows' storage grows with the first window of samples (at
///   most ``Configuration/maximumRate`` × window); after that, and after ``reset()``, no call allocates.
public struct PhysicalChannelEstimator: SignalStage, ChannelRequiring, Sendable {
    /// The signal whose rhythm ``PhysicalQuantities/strokePeriod`` and ``PhysicalQuantities/rhythmRegularity`` measure.
    package enum RhythmSource: String, Codable, Hashable, Sendable, CaseIterable {
        /// |ω|, rad/s: an input without a gyroscope cannot give it (``Pipeline/prepare(for:)`` refuses it).
        case rotationRate
        /// |a|, g.
        case acceleration
    }

    /// Settings in seconds and Hz.
    public struct Configuration: Codable, Hashable, Sendable, DefaultConfiguration {
        /// The time constant of the estimator's own gravity split, s, used when a sample has neither gravity nor a
        /// rotation rate.
        package var gravityTimeConstant: Double
        /// How far back ``PhysicalQuantities/tilt`` compares gravity, s.
        package var tiltWindow: Double
        /// The window over which ``PhysicalQuantities/headingChange`` and
        /// ``PhysicalQuantities/magneticHeadingChange`` are taken, s.
        package var headingWindow: Double
        /// The window of ``PhysicalQuantities/stillness``, s.
        package var stillnessWindow: Double
        /// The time constant of the pressure's slow trend, which ``PhysicalQuantities/pressureChange`` removes, s.
        package var pressureTimeConstant: Double
        /// The window over which ``PhysicalQuantities/strokePeriod`` and ``PhysicalQuantities/rhythmRegularity`` are
        /// measured, s (periods of 0.4–3 s are looked for).
        package var rhythmWindow: Double
        /// The highest sampling rate the windows are sized for, Hz; a faster stream keeps only each window's
        /// newest samples, so its oldest value is read a little late.
        package var maximumRate: Double
        /// The signal of the rhythm; `nil`: |ω| for a sample with a rotation rate, else |a| (sample by sample). A
        /// trained model records the one its training recordings gave, so the same rhythm is read where it runs.
        package var rhythmSource: RhythmSource?

        /// Creates settings; the defaults suit arm and body gestures of a few seconds.
        package init(gravityTimeConstant: Double = 0.5, tiltWindow: Double = 2, headingWindow: Double = 4,
                    stillnessWindow: Double = 1, pressureTimeConstant: Double = 10, rhythmWindow: Double = 6,
                    maximumRate: Double = 200, rhythmSource: RhythmSource? = nil) {
            self.gravityTimeConstant = gravityTimeConstant
            self.tiltWindow = tiltWindow
            self.headingWindow = headingWindow
            self.stillnessWindow = stillnessWindow
            self.pressureTimeConstant = pressureTimeConstant
            self.rhythmWindow = rhythmWindow
            self.maximumRate = maximumRate
            self.rhythmSource = rhythmSource
        }

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case gravityTimeConstant, tiltWindow, headingWindow, stillnessWindow, pressureTimeConstant, rhythmWindow, maximumRate, rhythmSource
        }

        /// Decodes settings; a missing one takes its default.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Configuration()
            self.init(gravityTimeConstant: try c.decode(.gravityTimeConstant, default: d.gravityTimeConstant),
                      tiltWindow: try c.decode(.tiltWindow, default: d.tiltWindow),
                      headingWindow: try c.decode(.headingWindow, default: d.headingWindow),
                      stillnessWindow: try c.decode(.stillnessWindow, default: d.stillnessWindow),
                      pressureTimeConstant: try c.decode(.pressureTimeConstant, default: d.pressureTimeConstant),
                      rhythmWindow: try c.decode(.rhythmWindow, default: d.rhythmWindow),
                      maximumRate: try c.decode(.maximumRate, default: d.maximumRate),
                      rhythmSource: try c.decodeIfPresent(RhythmSource.self, forKey: .rhythmSource))
        }

        /// The default settings.
        public static var defaultValue: Configuration { Configuration() }

        /// Checks that every setting is positive and finite.
        ///
        /// - Throws: ``ConfigurationError`` naming the first setting out of range.
        package func validate() throws(ConfigurationError) {
            try ConfigurationError.requirePositive(gravityTimeConstant, "physical.gravityTimeConstant")
            try ConfigurationError.requirePositive(tiltWindow, "physical.tiltWindow")
            try ConfigurationError.requirePositive(headingWindow, "physical.headingWindow")
            try ConfigurationError.requirePositive(stillnessWindow, "physical.stillnessWindow")
            try ConfigurationError.requirePositive(pressureTimeConstant, "physical.pressureTimeConstant")
            try ConfigurationError.requirePositive(rhythmWindow, "physical.rhythmWindow")
            try ConfigurationError.requirePositive(maximumRate, "physical.maximumRate")
        }
    }

    /// The settings.
    package let configuration: Configuration

    /// Gyroscope intervals longer than this are not integrated (a gap in the stream), s.
    static let maximumInterval = 0.5

    /// The input channels besides acceleration: the rotation rate when the rhythm is read from |ω|.
    public var requiredChannels: [MotionChannel] {
        configuration.rhythmSource == .rotationRate ? [MotionChannel(rawValue: "gyro.magnitude")!] : []
    }

    private var gravitySplit: LowPassFilter
    private var attitude: AttitudeEstimator
    /// The attitude estimator's output, kept with its capacity so no sample allocates.
    private var fused: [MotionSample]
    private var pressureTrend: LowPassFilter
    /// Gravity's unit vector a tilt window ago and now.
    private var gravityHistory: TrailingHistory
    /// Running heading from the gyroscope (x) and the unwrapped magnetic heading (y), rad.
    private var headingHistory: TrailingHistory
    private var stillness: TrailingDeviation
    private var rhythm: RhythmTracker
    private var previousTime: Double?
    private var previousYawRate: Double?
    private var heading = 0.0
    private var magneticHeading = 0.0
    private var previousMagneticAngle: Double?
    /// The device axis whose horizontal projection is the magnetic heading's reference (0, 1, 2).
    private var referenceAxis: Int?
    /// One estimator per other sensor unit (``MotionSample/units``), by placement, with these settings: each unit
    /// has its own gravity, histories and rhythm, and its gaps are its own.
    private var unitEstimators: [String: PhysicalChannelEstimator] = [:]

    /// Creates an estimator.
    ///
    /// - Throws: ``ConfigurationError`` for a setting that is not positive.
    package init(configuration: Configuration = Configuration()) throws(ConfigurationError) {
        try configuration.validate()
        self.configuration = configuration
        gravitySplit = LowPassFilter(smoothing: .timeConstant(configuration.gravityTimeConstant), start: .firstSample)
        // Fusion's default settings are in range.
        attitude = try! AttitudeEstimator(configuration: .init(overwrite: true))
        fused = []
        fused.reserveCapacity(4)
        pressureTrend = LowPassFilter(smoothing: .timeConstant(configuration.pressureTimeConstant), start: .firstSample)
        func capacity(_ seconds: Double) -> Int { Int((seconds * configuration.maximumRate).rounded(.up)) + 2 }
        gravityHistory = TrailingHistory(window: configuration.tiltWindow, capacity: capacity(configuration.tiltWindow))
        headingHistory = TrailingHistory(window: configuration.headingWindow, capacity: capacity(configuration.headingWindow))
        stillness = TrailingDeviation(window: configuration.stillnessWindow, capacity: capacity(configuration.stillnessWindow))
        do {
            rhythm = try RhythmTracker(configuration: .init(window: configuration.rhythmWindow))
        } catch {
            throw ConfigurationError(key: "physical.rhythmWindow", error.message)
        }
    }

    /// Consumes one sample and appends it with ``MotionSample/physical`` filled in (samples with a non-finite
    /// value or not later than the previous one pass through untouched).
    public mutating func process(_ sample: MotionSample, into output: inout [MotionSample]) {
        output.append(estimate(sample))
    }

    /// `sample` with ``MotionSample/physical`` filled in. O(1) amortised.
    package mutating func estimate(_ sample: MotionSample) -> MotionSample {
        let t = sample.timestamp
        guard sample.isFinite, previousTime.map({ t > $0 }) ?? true else { return sample }
        // After a gap the history says nothing about what follows: start as on a new stream.
        if let previous = previousTime, RunBoundary.isGap(from: previous, to: t) { reset() }
        let dt = previousTime.map { t - $0 }
        previousTime = t

        let ownGravity = gravitySplit.update(sample.acceleration, at: t)
        var gravity = ownGravity
        if let given = sample.gravity {
            gravity = given
        } else if sample.rotationRate != nil {
            fused.removeAll(keepingCapacity: true)
            attitude.process(sample, into: &fused)
            if let g = fused.last?.gravity { gravity = g }
        }
        // A stream without acceleration has no direction of gravity: keep the last one.
        let down = gravity.normalized ?? gravityHistory.newest ?? Vector3(0, 0, -1)
        let user = sample.acceleration - gravity
        let vertical = user.dot(down)
        let horizontal = (user - down * vertical).length

        gravityHistory.append(down, at: t)
        let past = gravityHistory.valueWindowAgo(at: t)
        let cosine = max(-1, min(1, past.dot(down) / max(past.length, 1e-12)))
        let tilt = acos(cosine)

        // Rotation about up is counter-clockwise seen from above: up is −down.
        let yawRate = sample.rotationRate.map { -$0.dot(down) }
        if let yawRate, let previous = previousYawRate, let dt, dt <= Self.maximumInterval {
            heading += 0.5 * (yawRate + previous) * dt
        }
        previousYawRate = yawRate

        var magneticAvailable = false
        if let field = sample.magneticField, let angle = magneticAngle(field, down: down) {
            if let previous = previousMagneticAngle {
                magneticHeading += remainder(angle - previous, 2 * Double.pi)
            }
            previousMagneticAngle = angle
            magneticAvailable = true
        }
        headingHistory.append(Vector3(heading, magneticHeading, 0), at: t)
        let headingsAgo = headingHistory.valueWindowAgo(at: t)

        var pressureChange: Double?
        if let p = sample.pressure { pressureChange = p - pressureTrend.update(Vector3(p, 0, 0), at: t).x }
        let deviation = stillness.update(sample.acceleration.length, at: t)
        let beat: RhythmTracker.Reading
        switch configuration.rhythmSource {
        case nil: beat = rhythm.update(sample.rotationRate?.length ?? sample.acceleration.length, at: t)
        case .acceleration?: beat = rhythm.update(sample.acceleration.length, at: t)
        // No gyroscope, no rhythm of it: never |a| in its place.
        case .rotationRate?: beat = sample.rotationRate.map { rhythm.update($0.length, at: t) } ?? RhythmTracker.Reading(period: 0, regularity: 0)
        }

        var out = sample
        out.physical = PhysicalQuantities(
            verticalAcceleration: vertical, horizontalAcceleration: horizontal, tilt: tilt, yawRate: yawRate,
            headingChange: yawRate == nil ? nil : heading - headingsAgo.x,
            magneticHeadingChange: magneticAvailable ? magneticHeading - headingsAgo.y : nil,
            pressureChange: pressureChange, stillness: deviation, strokePeriod: beat.period, rhythmRegularity: beat.regularity)
        if let units = sample.units {
            var derived: [String: MotionSample] = [:]
            // In place (the dictionary's modify accessor), so no estimator's buffers are copied per sample.
            for (placement, unit) in units {
                derived[placement] = unitEstimators[placement, default: try! PhysicalChannelEstimator(configuration: configuration)].estimate(unit)
            }
            out.units = derived
        }
        return out
    }

    /// The device's heading against magnetic north, rad, counter-clockwise seen from above: the angle from the
    /// horizontal field to a device axis's horizontal projection. `nil` when the field is (nearly) vertical.
    private mutating func magneticAngle(_ field: Vector3, down: Vector3) -> Double? {
        let north = field - down * field.dot(down)
        guard north.length > 1e-9 else { return nil }
        // The reference axis is kept while it stays well away from the vertical, so the heading has no jumps;
        // when it must change, the running heading continues from the old axis's angle.
        func unit(_ axis: Int) -> Vector3 { axis == 0 ? Vector3(1, 0, 0) : axis == 1 ? Vector3(0, 1, 0) : Vector3(0, 0, 1) }
        func angle(_ axis: Int) -> Double {
            let e = unit(axis)
            let forward = e - down * e.dot(down)
            let up = -down
            // Signed angle from north to forward about up.
            return atan2(north.cross(forward).dot(up), north.dot(forward))
        }
        if let axis = referenceAxis, abs(unit(axis).dot(down)) < 0.9 { return angle(axis) }
        let best = (0..<3).min { abs(unit($0).dot(down)) < abs(unit($1).dot(down)) }!
        if referenceAxis != nil, let previous = previousMagneticAngle, let old = referenceAxis {
            // Carry the old axis's reading into the new axis's frame.
            previousMagneticAngle = previous + remainder(angle(best) - angle(old), 2 * Double.pi)
        }
        referenceAxis = best
        return angle(best)
    }

    /// `samples` with ``MotionSample/physical`` filled in, in one go: what ``estimate(_:)`` gives sample by sample
    /// from a fresh estimator. O(samples).
    ///
    /// - Throws: ``ConfigurationError`` for a setting that is not positive.
    package static func apply(_ configuration: Configuration = Configuration(), to samples: [MotionSample]) throws(ConfigurationError) -> [MotionSample] {
        var estimator = try PhysicalChannelEstimator(configuration: configuration)
        var out: [MotionSample] = []
        out.reserveCapacity(samples.count)
        for s in samples { estimator.process(s, into: &out) }
        return out
    }

    /// Forgets every sample seen, as if newly created.
    public mutating func reset() {
        gravitySplit.reset()
        attitude.reset()
        pressureTrend.reset()
        gravityHistory.reset()
        headingHistory.reset()
        stillness.reset()
        rhythm.reset()
        previousTime = nil
        previousYawRate = nil
        heading = 0
        magneticHeading = 0
        previousMagneticAngle = nil
        referenceAxis = nil
        unitEstimators = [:]
    }
}
