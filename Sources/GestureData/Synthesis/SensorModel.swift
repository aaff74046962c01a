import GestureKit
#if canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// The imperfections of a simulated inertial sensor, and the sampling that turns a continuous
/// motion into a ``Recording``.
///
/// The accelerometer and gyroscope carry white Gaussian noise and a constant per-recording bias;
/// attitude and gravity are the fused estimates of an ideal filter (noise-free); the user
/// acceleration channel is the accelerometer reading minus gravity, so
/// `accel = gravity + user` holds on every row, as in CoreMotion. Timestamps are jittered and
/// samples dropped at random; values are rounded to a fixed number of decimals, the sensor's
/// resolution, which also keeps text files small.
package struct SensorModel: Codable, Hashable, Sendable {
    /// Standard deviation of accelerometer noise, g.
    package var accelerometerNoise: Double
    /// Standard deviation of the per-recording accelerometer bias on each axis, g.
    package var accelerometerBias: Double
    /// Standard deviation of gyroscope noise, rad/s.
    package var gyroscopeNoise: Double
    /// Standard deviation of the per-recording gyroscope bias on each axis, rad/s.
    package var gyroscopeBias: Double
    /// Standard deviation of timestamp jitter, seconds; clipped to a quarter of the sampling
    /// interval so timestamps stay strictly increasing.
    package var timestampJitter: Double
    /// Probability that a sample is lost, in [0, 0.5].
    package var dropProbability: Double
    /// Decimals kept in channel values (the resolution, e.g. 4 → 0.0001 g), or `nil` for full precision.
    package var valueDecimals: Int?
    /// Decimals kept in timestamps (4 → 0.1 ms), or `nil` for full precision.
    package var timestampDecimals: Int?

    /// Creates a sensor model; the defaults resemble a phone's MEMS sensors.
    package init(
        accelerometerNoise: Double = 0.01,
        accelerometerBias: Double = 0.01,
        gyroscopeNoise: Double = 0.005,
        gyroscopeBias: Double = 0.01,
        timestampJitter: Double = 0.0005,
        dropProbability: Double = 0.002,
        valueDecimals: Int? = 4,
        timestampDecimals: Int? = 4
    ) {
        self.accelerometerNoise = accelerometerNoise
        self.accelerometerBias = accelerometerBias
        self.gyroscopeNoise = gyroscopeNoise
        self.gyroscopeBias = gyroscopeBias
        self.timestampJitter = timestampJitter
        self.dropProbability = dropProbability
        self.valueDecimals = valueDecimals
        self.timestampDecimals = timestampDecimals
    }

    /// A perfect sensor: no noise, bias, jitter, drops or rounding.
    package static let ideal = SensorModel(
        accelerometerNoise: 0, accelerometerBias: 0, gyroscopeNoise: 0, gyroscopeBias: 0,
        timestampJitter: 0, dropProbability: 0, valueDecimals: nil, timestampDecimals: nil
    )

    private enum CodingKeys: String, CodingKey {
        case accelerometerNoise, accelerometerBias, gyroscopeNoise, gyroscopeBias, timestampJitter,
             dropProbability, valueDecimals, timestampDecimals
    }

    /// Decodes a sensor model; missing keys take the defaults.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = SensorModel()
        self.init(
            accelerometerNoise: try c.decode(.accelerometerNoise, default: d.accelerometerNoise),
            accelerometerBias: try c.decode(.accelerometerBias, default: d.accelerometerBias),
            gyroscopeNoise: try c.decode(.gyroscopeNoise, default: d.gyroscopeNoise),
            gyroscopeBias: try c.decode(.gyroscopeBias, default: d.gyroscopeBias),
            timestampJitter: try c.decode(.timestampJitter, default: d.timestampJitter),
            dropProbability: try c.decode(.dropProbability, default: d.dropProbability),
            // An explicit null means full precision, an absent key the default.
            valueDecimals: c.contains(.valueDecimals) ? try c.decodeIfPresent(Int.self, forKey: .valueDecimals) : d.valueDecimals,
            timestampDecimals: c.contains(.timestampDecimals) ? try c.decodeIfPresent(Int.self, forKey: .timestampDecimals) : d.timestampDecimals
        )
    }

    /// Encodes every key.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(accelerometerNoise, forKey: .accelerometerNoise)
        try c.encode(accelerometerBias, forKey: .accelerometerBias)
        try c.encode(gyroscopeNoise, forKey: .gyroscopeNoise)
        try c.encode(gyroscopeBias, forKey: .gyroscopeBias)
        try c.encode(timestampJitter, forKey: .timestampJitter)
        try c.encode(dropProbability, forKey: .dropProbability)
        // Written even when nil (as null): an absent key would decode as the default.
        try c.encode(valueDecimals, forKey: .valueDecimals)
        try c.encode(timestampDecimals, forKey: .timestampDecimals)
    }

    /// Throws unless every setting is usable; `key` prefixes the names in messages.
    package func validate(_ key: String = "sensor") throws(ConfigurationError) {
        try ConfigurationError.requireNonNegative(accelerometerNoise, "\(key).accelerometerNoise")
        try ConfigurationError.requireNonNegative(accelerometerBias, "\(key).accelerometerBias")
        try ConfigurationError.requireNonNegative(gyroscopeNoise, "\(key).gyroscopeNoise")
        try ConfigurationError.requireNonNegative(gyroscopeBias, "\(key).gyroscopeBias")
        try ConfigurationError.requireNonNegative(timestampJitter, "\(key).timestampJitter")
        guard dropProbability >= 0, dropProbability <= 0.5 else {
            throw ConfigurationError(key: "\(key).dropProbability", "must be in [0, 0.5], got \(dropProbability)")
        }
        for (name, decimals) in [("valueDecimals", valueDecimals), ("timestampDecimals", timestampDecimals)] {
            if let decimals, !(1...12).contains(decimals) {
                throw ConfigurationError(key: "\(key).\(name)", "must be between 1 and 12 (or null for full precision), got \(decimals)")
            }
        }
    }

    /// Samples `motion` at `rate` Hz over `[0, duration)` seconds and returns what this sensor
    /// records: channels `accel.*`, `gyro.*` (rate from the attitude trajectory), `quat.*`,
    /// `gravity.*`, `user.*`.
    ///
    /// Randomness (bias, noise, jitter, drops) comes only from `seed`. The motion is evaluated
    /// three times per sample (the gyroscope differentiates the attitude symmetrically over
    /// ±0.1 ms). O(duration × rate).
    package func record(
        id: String,
        subject: String = "unknown",
        session: String = "unknown",
        duration: Double,
        rate: Double,
        seed: UInt64,
        annotations: [Annotation] = [],
        motion: (Double) -> MotionState
    ) -> Recording {
        var rng = SplitMix64(seed: seed)
        let accelBias = Vector3(rng.gaussian(), rng.gaussian(), rng.gaussian()) * accelerometerBias
        let gyroBias = Vector3(rng.gaussian(), rng.gaussian(), rng.gaussian()) * gyroscopeBias
        let n = max(0, Int((duration * rate + 1e-9).rounded(.down)))
        let h = 1e-4
        let jitterLimit = 0.25 / rate
        let valueScale = valueDecimals.map { pow(10, Double($0)) }
        let timeScale = timestampDecimals.map { pow(10, Double($0)) }
        @inline(__always) func rounded(_ v: Double, _ scale: Double?) -> Double {
            guard let scale else { return v }
            // Adding zero turns −0 into 0, so files never show "-0.0".
            return (v * scale).rounded() / scale + 0
        }

        var timestamps: [Double] = []
        var columns = [[Double]](repeating: [], count: 16)
        timestamps.reserveCapacity(n)
        for c in columns.indices { columns[c].reserveCapacity(n) }

        for i in 0..<n {
            if dropProbability > 0, rng.bernoulli(dropProbability) { continue }
            var t = Double(i) / rate
            if timestampJitter > 0 {
                t += min(jitterLimit, max(-jitterLimit, timestampJitter * rng.gaussian()))
                t = max(0, t)
            }
            t = rounded(t, timeScale)
            let state = motion(t)
            let gyroTrue = SensorPhysics.rotationRate(from: motion(t - h).attitude, to: motion(t + h).attitude, interval: 2 * h)
            var q = state.attitude.normalized ?? .identity
            if q.w < 0 { q = Quaternion(w: -q.w, x: -q.x, y: -q.y, z: -q.z) }
            let frame = SensorPhysics.deviceFrame(MotionState(attitude: q, userAcceleration: state.userAcceleration))
            let accelNoise = Vector3(rng.gaussian(), rng.gaussian(), rng.gaussian()) * accelerometerNoise
            let gyroNoise = Vector3(rng.gaussian(), rng.gaussian(), rng.gaussian()) * gyroscopeNoise
            let accel = frame.acceleration + accelBias + accelNoise
            let gyro = gyroTrue + gyroBias + gyroNoise

            let ax = rounded(accel.x, valueScale), ay = rounded(accel.y, valueScale), az = rounded(accel.z, valueScale)
            let gx = rounded(frame.gravity.x, valueScale), gy = rounded(frame.gravity.y, valueScale), gz = rounded(frame.gravity.z, valueScale)
            timestamps.append(t)
            columns[0].append(ax); columns[1].append(ay); columns[2].append(az)
            columns[3].append(rounded(gyro.x, valueScale)); columns[4].append(rounded(gyro.y, valueScale))
            columns[5].append(rounded(gyro.z, valueScale))
            columns[6].append(rounded(q.w, valueScale)); columns[7].append(rounded(q.x, valueScale))
            columns[8].append(rounded(q.y, valueScale)); columns[9].append(rounded(q.z, valueScale))
            columns[10].append(gx); columns[11].append(gy); columns[12].append(gz)
            // User acceleration is defined as the reading minus gravity, so the identity holds on every row.
            columns[13].append(rounded(ax - gx, valueScale)); columns[14].append(rounded(ay - gy, valueScale))
            columns[15].append(rounded(az - gz, valueScale))
        }
        let names: [Channel] = Channel.acceleration + Channel.rotationRate + Channel.attitude + Channel.gravity + Channel.userAcceleration
        return Recording(
            id: id, subject: subject, session: session, timestamps: timestamps,
            channels: Array(zip(names, columns)), annotations: annotations
        )
    }
}
