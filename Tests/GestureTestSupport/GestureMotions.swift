#if canImport(Darwin)
import Darwin
#else
import Foundation
#endif
import GestureKit

/// Scripted gestures and everyday movements for the rule-based recognizers, in continuous time so
/// each can be sampled at 25, 50 or 100 Hz.
///
/// User acceleration is given directly (g, device frame) and total acceleration is gravity plus
/// it, so a recognizer can use either the user-acceleration channel or its own high-pass. Readings
/// follow the CoreMotion convention: user acceleration is opposite to the device's acceleration
/// (a slap to the right reads −x while the device speeds up, +x while it stops).
public enum GestureMotions {
    /// The phone held upright in portrait (gravity along −y).
    public static let portrait = Quaternion(EulerAngles(pitch: .pi / 2, roll: 0, yaw: 0))

    /// A device whose attitude follows `attitude(t)` while it is accelerated by `userAcceleration(t)`
    /// (g, device frame); rotation rate is differentiated numerically.
    public static func moving(
        duration: Double,
        attitude: @escaping @Sendable (Double) -> Quaternion = { _ in .identity },
        userAcceleration: @escaping @Sendable (Double) -> Vector3
    ) -> MotionScript {
        let rotation = MotionScript.rotating(duration: duration, attitude: attitude)
        return MotionScript(duration: duration) { t in
            var s = rotation.sample(t)
            let u = userAcceleration(t)
            s.userAcceleration = u
            s.acceleration = s.acceleration + u
            return s
        }
    }

    /// sin(π·(t − start)/length) inside [start, start + length], zero outside.
    public static func halfSine(_ t: Double, start: Double, length: Double) -> Double {
        guard t >= start, t <= start + length else { return 0 }
        return sin(.pi * (t - start) / length)
    }

    /// A smooth 0 → 1 ramp over [start, start + length] (zero velocity at both ends).
    public static func ramp(_ t: Double, start: Double, length: Double) -> Double {
        let u = min(1, max(0, (t - start) / length))
        return u * u * (3 - 2 * u)
    }

    /// A vigorous shake: `halfCycles` alternating pushes of `amplitude` g along `axis` at
    /// `frequency` Hz, after `lead` and before `tail` seconds of stillness, phone face up.
    public static func vigorousShake(
        axis: Axis = .x, amplitude: Double = 2.0, frequency: Double = 4, halfCycles: Int = 5,
        lead: Double = 1.5, tail: Double = 1.5
    ) -> MotionScript {
        let length = Double(halfCycles) / (2 * frequency)
        return moving(duration: lead + length + tail) { t in
            var u = Vector3.zero
            if t >= lead, t <= lead + length { u[axis] = amplitude * sin(2 * .pi * frequency * (t - lead)) }
            return u
        }
    }

    /// Picking the phone up off a table: lifted 1 s (0.35 g up, then braking) while tilting 40° toward the user.
    public static func pickUp() -> MotionScript {
        moving(duration: 3.5, attitude: { t in
            Quaternion(angle: 40 * .pi / 180 * ramp(t, start: 1, length: 1), axis: Vector3(1, 0, 0))
        }, userAcceleration: { t in
            let phase = (t >= 1 && t <= 2) ? sin(2 * .pi * (t - 1)) : 0
            return Vector3(0.05 * phase, 0.15 * phase, 0.35 * phase)
        })
    }

    /// Setting the phone down: lowered and levelled over 0.8 s, then a short touch-down knock.
    public static func setDown() -> MotionScript {
        moving(duration: 3.0, attitude: { t in
            Quaternion(angle: 40 * .pi / 180 * (1 - ramp(t, start: 1, length: 0.8)), axis: Vector3(1, 0, 0))
        }, userAcceleration: { t in
            let lower = (t >= 1 && t <= 1.8) ? -0.3 * sin(2 * .pi * (t - 1) / 0.8) : 0
            let knock = halfSine(t, start: 1.8, length: 0.05)
            return Vector3(0.3 * knock, 0.1 * lower, lower + 1.2 * knock)
        })
    }

    /// Walking with the phone held upright: 2 steps per second bounce it ±0.9 g along y (more
    /// than the shake's movement threshold, less than its peak), with sway along x and z.
    public static func walkingBounce(duration: Double = 6) -> MotionScript {
        moving(duration: duration, attitude: { _ in portrait }) { t in
            Vector3(0.25 * sin(2 * .pi * t), 0.9 * sin(2 * .pi * 2 * t), 0.3 * sin(2 * .pi * 2 * t + 1))
        }
    }

    /// A single knock along x: a 2 g, 60 ms push and a 0.9 g rebound.
    public static func singleBump() -> MotionScript {
        moving(duration: 3) { t in
            Vector3(2.0 * halfSine(t, start: 1.5, length: 0.06) - 0.9 * halfSine(t, start: 1.56, length: 0.1), 0, 0)
        }
    }

    /// A stroke toward `direction`, phone face up: the device accelerates toward it with a peak of
    /// `peak` g over 0.12 s, coasts 20 ms, then brakes `brakingRatio` times as hard, long enough to
    /// come to rest (equal push and braking impulse). Readings follow the CoreMotion convention, in
    /// which user acceleration is opposite to the device's acceleration: a stroke to the right reads
    /// along −x first, then along +x as it stops.
    public static func stroke(
        _ direction: Direction, peak: Double = 1.6, brakingRatio: Double = 1.3, lead: Double = 1.5, tail: Double = 1.5
    ) -> MotionScript {
        var axis = Vector3.zero
        axis[direction.axis] = direction.isPositive ? 1 : -1
        let unit = axis
        let push = 0.12
        let brake = push / brakingRatio
        return moving(duration: lead + push + 0.02 + brake + tail) { t in
            let deviceAcceleration = peak * halfSine(t, start: lead, length: push)
                - brakingRatio * peak * halfSine(t, start: lead + push + 0.02, length: brake)
            return unit * -deviceAcceleration
        }
    }

    /// A slap to the left or right: a ``stroke(_:peak:brakingRatio:lead:tail:)`` along x.
    public static func slap(
        _ direction: Direction, peak: Double = 1.6, brakingRatio: Double = 1.3, lead: Double = 1.5, tail: Double = 1.5
    ) -> MotionScript {
        precondition(direction.axis == .x, "slaps are along x")
        return stroke(direction, peak: peak, brakingRatio: brakingRatio, lead: lead, tail: tail)
    }

    /// Turning the phone face down about its y axis in 1 s, holding 1.5 s, and turning it back.
    public static func faceDownFlipAndBack() -> MotionScript {
        MotionScript.rotating(duration: 6) { t in
            let turn = ramp(t, start: 1, length: 1) - ramp(t, start: 3.5, length: 1)
            return Quaternion(angle: .pi * turn, axis: Vector3(0, 1, 0))
        }
    }

    /// Tilting the phone slowly about x to `angle` radians (default 50°) over 4 s, then holding 2 s.
    public static func slowTilt(to angle: Double = 50 * .pi / 180) -> MotionScript {
        MotionScript.rotating(duration: 7) { t in
            Quaternion(angle: angle * ramp(t, start: 1, length: 4), axis: Vector3(1, 0, 0))
        }
    }

    /// Spinning at a constant `rate` rad/s about the device axis `axis`, starting from `start`.
    public static func spin(rate: Double, axis: Vector3, duration: Double, from start: Quaternion = .identity) -> MotionScript {
        MotionScript.rotating(duration: duration) { t in
            start * Quaternion(angle: rate * t, axis: axis)
        }
    }
}

extension MotionScript {
    /// The motion sampled at `rate` Hz with only what an IMU gives: acceleration and rotation rate.
    public func rawSamples(rate: Double) -> [MotionSample] {
        samples(rate: rate).map { MotionSample(timestamp: $0.timestamp, acceleration: $0.acceleration, rotationRate: $0.rotationRate) }
    }
}
