import GestureKit

/// A scripted motion defined in continuous time, sampled at any rate, so the same motion can be
/// fed to a recognizer at 25, 50 and 100 Hz.
public struct MotionScript: Sendable {
    /// The motion's length, seconds.
    public var duration: Double
    /// The sample at time `t` seconds (0 ≤ t < duration).
    public var sample: @Sendable (Double) -> MotionSample

    /// Creates a script of `duration` seconds.
    public init(duration: Double, sample: @escaping @Sendable (Double) -> MotionSample) {
        self.duration = duration
        self.sample = sample
    }

    /// The motion sampled at `rate` Hz, starting at t = 0.
    public func samples(rate: Double) -> [MotionSample] {
        let n = Int((duration * rate).rounded(.down))
        return (0..<n).map { sample(Double($0) / rate) }
    }

    /// A device held still at `attitude` (accelerometer reads gravity only).
    public static func still(_ attitude: Quaternion = .identity, duration: Double) -> MotionScript {
        MotionScript(duration: duration) { t in
            MotionSample(timestamp: t, acceleration: attitude.gravity, rotationRate: .zero, attitude: attitude,
                         gravity: attitude.gravity, userAcceleration: .zero)
        }
    }

    /// A device whose attitude follows `attitude(t)` with no linear acceleration; rotation rate
    /// is differentiated numerically.
    public static func rotating(duration: Double, attitude: @escaping @Sendable (Double) -> Quaternion) -> MotionScript {
        MotionScript(duration: duration) { t in
            let q = attitude(t)
            let h = 1e-5
            let dq = q.conjugate * attitude(t + h)
            // Small-angle: body rate ≈ 2 · vector part / h.
            let rate = Vector3(2 * dq.x / h, 2 * dq.y / h, 2 * dq.z / h)
            return MotionSample(timestamp: t, acceleration: q.gravity, rotationRate: rate, attitude: q,
                                gravity: q.gravity, userAcceleration: .zero)
        }
    }

    /// This motion followed by `other`, whose times are shifted to start where this one ends.
    public func then(_ other: MotionScript) -> MotionScript {
        let first = self
        return MotionScript(duration: duration + other.duration) { t in
            if t < first.duration { return first.sample(t) }
            var s = other.sample(t - first.duration)
            s.timestamp = t
            return s
        }
    }
}
