/// Resamples a stream to a fixed rate by linear interpolation (spherical for attitude).
///
/// Output samples fall on the grid `t₀ + k / rate`, where `t₀` is the first input timestamp.
/// Across a gap longer than ``maximumGap`` nothing is invented: the grid restarts at the sample
/// after the gap. Optional channels, and other sensor units (``MotionSample/units``), are interpolated only when
/// both neighbours have them.
///
/// - Complexity: O(1) per output sample, no allocation.
public struct Resampler: SignalStage, Sendable {
    /// Output rate, Hz.
    public let rate: Double
    /// Longest interval, seconds, that is interpolated across.
    public let maximumGap: Double

    private var previous: MotionSample?
    private var gridOrigin = 0.0
    private var nextIndex = 0

    /// Creates a resampler; `rate` in Hz, `maximumGap` in seconds.
    public init(rate: Double, maximumGap: Double = 0.5) throws(ConfigurationError) {
        try ConfigurationError.requirePositive(rate, "resample.rate")
        try ConfigurationError.requirePositive(maximumGap, "resample.maximumGap")
        self.rate = rate
        self.maximumGap = maximumGap
    }

    /// Whether `sample` comes after a gap longer than ``maximumGap``, where the grid restarts: what a spotter
    /// treats as the end of one run of samples and the start of the next.
    ///
    /// - Complexity: O(1).
    package func isGap(before sample: MotionSample) -> Bool {
        guard let prev = previous else { return false }
        return sample.timestamp - prev.timestamp > maximumGap
    }

    /// Consumes one sample, appending the samples it produces to `output`.
    public mutating func process(_ sample: MotionSample, into output: inout [MotionSample]) {
        guard let prev = previous, sample.timestamp > prev.timestamp,
              sample.timestamp - prev.timestamp <= maximumGap
        else {
            if let prev = previous, sample.timestamp <= prev.timestamp { return }
            previous = sample
            gridOrigin = sample.timestamp
            nextIndex = 1
            output.append(sample)
            return
        }
        while true {
            let t = gridOrigin + Double(nextIndex) / rate
            // Tolerance so a grid point that coincides with an input sample is not lost to rounding.
            guard t <= sample.timestamp + 1e-9 else { break }
            let u = min(1, (t - prev.timestamp) / (sample.timestamp - prev.timestamp))
            output.append(Self.interpolate(prev, sample, u, at: t))
            nextIndex += 1
        }
        previous = sample
    }

    /// The sample a fraction `u` of the way from `a` to `b`, stamped `t`.
    static func interpolate(_ a: MotionSample, _ b: MotionSample, _ u: Double, at t: Double) -> MotionSample {
        func lerp(_ p: Vector3?, _ q: Vector3?) -> Vector3? {
            guard let p, let q else { return nil }
            return p + (q - p) * u
        }
        func lerp(_ p: Double?, _ q: Double?) -> Double? {
            guard let p, let q else { return nil }
            return p + (q - p) * u
        }
        var attitude: Quaternion?
        if let p = a.attitude, let q = b.attitude { attitude = Quaternion.slerp(p, q, t: u) }
        var sample = MotionSample(
            timestamp: t,
            acceleration: a.acceleration + (b.acceleration - a.acceleration) * u,
            rotationRate: lerp(a.rotationRate, b.rotationRate),
            attitude: attitude,
            gravity: lerp(a.gravity, b.gravity),
            userAcceleration: lerp(a.userAcceleration, b.userAcceleration),
            magneticField: lerp(a.magneticField, b.magneticField),
            pressure: lerp(a.pressure, b.pressure)
        )
        if let p = a.physical, let q = b.physical {
            // Each quantity is a scalar of the motion: linear between the two samples like the sensors.
            sample.physical = PhysicalQuantities(
                verticalAcceleration: lerp(p.verticalAcceleration, q.verticalAcceleration)!,
                horizontalAcceleration: lerp(p.horizontalAcceleration, q.horizontalAcceleration)!,
                tilt: lerp(p.tilt, q.tilt)!, yawRate: lerp(p.yawRate, q.yawRate), headingChange: lerp(p.headingChange, q.headingChange),
                magneticHeadingChange: lerp(p.magneticHeadingChange, q.magneticHeadingChange),
                pressureChange: lerp(p.pressureChange, q.pressureChange), stillness: lerp(p.stillness, q.stillness)!,
                strokePeriod: lerp(p.strokePeriod, q.strokePeriod)!, rhythmRegularity: lerp(p.rhythmRegularity, q.rhythmRegularity)!)
        }
        // Another unit is interpolated like this one where both neighbours have it; else it is absent (its gap).
        if let p = a.units, let q = b.units {
            var units: [String: MotionSample] = [:]
            for (placement, x) in p { if let y = q[placement] { units[placement] = interpolate(x, y, u, at: t) } }
            sample.units = units
        }
        return sample
    }

    /// Forgets every sample seen, as if newly created.
    public mutating func reset() {
        previous = nil
        gridOrigin = 0
        nextIndex = 0
    }
}
