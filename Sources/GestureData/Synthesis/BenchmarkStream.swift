import Foundation
import GestureKit

/// The synthetic stream `gesturelab bench recognizers` times every recognizer on: device motion with every
/// channel, gestures of each recognizer's kind, deterministic for a seed.
package enum BenchmarkStream {
    /// A repeating 10-second script: still, a shake, a slap, a flip onto the face and back, with
    /// Gaussian sensor noise (0.01 g, 0.01 rad/s) from a seeded generator; `seconds` long at `rate` Hz.
    ///
    /// - Complexity: O(seconds × rate).
    package static func samples(seconds: Double, rate: Double, seed: UInt64) -> [MotionSample] {
        let n = Int(seconds * rate)
        var samples: [MotionSample] = []
        samples.reserveCapacity(n)
        var random = SplitMix64(seed: seed)
        func smooth(_ u: Double) -> Double {
            let v = min(1, max(0, u))
            return v * v * (3 - 2 * v)
        }
        for i in 0..<n {
            let t = Double(i) / rate
            let phase = t.truncatingRemainder(dividingBy: 10)
            var user = Vector3.zero
            if phase >= 2, phase < 2.625 { user.x = 2 * sin(2 * .pi * 4 * (phase - 2)) }
            if phase >= 4, phase < 4.12 { user.x = 1.5 * sin(.pi * (phase - 4) / 0.12) }
            if phase >= 4.14, phase < 4.23 { user.x = -2 * sin(.pi * (phase - 4.14) / 0.09) }
            // Flip about y: 6–7 s over, 8–9 s back; rate is the derivative of the smooth ramp.
            let turn = smooth(phase - 6) - smooth(phase - 8)
            let turnRate = 6 * (phase >= 6 && phase < 7 ? (phase - 6) * (7 - phase) : 0)
                - 6 * (phase >= 8 && phase < 9 ? (phase - 8) * (9 - phase) : 0)
            let attitude = Quaternion(angle: .pi * turn, axis: Vector3(0, 1, 0))
            let gravity = attitude.gravity
            let noise = Vector3(random.gaussian(), random.gaussian(), random.gaussian()) * 0.01
            let gyroNoise = Vector3(random.gaussian(), random.gaussian(), random.gaussian()) * 0.01
            samples.append(MotionSample(
                timestamp: t, acceleration: gravity + user + noise,
                rotationRate: Vector3(0, .pi * turnRate, 0) + gyroNoise,
                attitude: attitude, gravity: gravity, userAcceleration: user + noise
            ))
        }
        return samples
    }
}
