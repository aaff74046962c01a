import Foundation
import GestureKit

/// One stretch of synthetic motion in continuous time, relative to its own start and to the
/// recording's base attitude.
///
/// `evaluate` gives the rotation away from the base attitude (device frame) and the user
/// acceleration in the base device frame (g, CoreMotion sign). Every motion starts and ends at
/// the base attitude at rest, so motions can be chained without jumps. Position-defined motions
/// (shapes, lifting) are differentiated numerically: a = (p(t+h) − 2p(t) + p(t−h)) / h².
enum SyntheticMotion: Hashable, Sendable {
    /// Lying still.
    case rest(duration: Double)
    /// Held in a still hand: physiological tremor around 8–12 Hz with a tiny wobble of attitude.
    case tremor(duration: Double, amplitude: Double, frequency: Double, axis: Vector3, rotation: Double, rotationAxis: Vector3, phase: Double)
    /// Carried while walking: vertical bounce at the step frequency, sideways sway at half of it, rocking.
    case walking(duration: Double, stepFrequency: Double, bounce: Double, sway: Double, rock: Double, phase: Double)
    /// Picked up (lifted by `height` metres and pitched by `tilt` radians), held, and set down.
    case pickUp(duration: Double, height: Double, tilt: Double, liftTime: Double, tremor: Double)
    /// A knock at `at` seconds: a damped oscillation along `axis`.
    case bump(duration: Double, at: Double, amplitude: Double, frequency: Double, decay: Double, axis: Vector3)
    /// Vibration (a buzzing phone, an engine) along `axis`.
    case vibration(duration: Double, amplitude: Double, frequency: Double, axis: Vector3)
    /// Tilted by `angle` radians about `axis` and back: a glance, not a flip.
    case tilt(duration: Double, angle: Double, axis: Vector3, turnTime: Double)
    /// A running or stair-climbing gait: a sharp vertical impact at every step (harmonics of the step
    /// frequency, peaks about `impact` g), sideways sway at half the step frequency and the device rocking
    /// by up to `rock` radians (a phone in a trouser pocket rocks with the thigh).
    case gait(duration: Double, stepFrequency: Double, impact: Double, sway: Double, rock: Double, phase: Double)
    /// Short knocks at `times` (seconds into the motion): damped oscillations along `axis`, each `amplitude` g
    /// at first (hands clapping around the phone, the phone struck on a table, fingers typing on it).
    case impacts(duration: Double, times: [Double], amplitude: Double, frequency: Double, decay: Double, axis: Vector3)
    /// Dropped at `at` seconds: free fall for `fall` seconds (the accelerometer reads about 0 g), then a soft
    /// landing of `landing` seconds that stops it (a half-sine with the fall's momentum), then rest.
    case drop(duration: Double, at: Double, fall: Double, landing: Double)
    /// Strokes back and forth along `axis` at `frequency` Hz, `amplitude` g, in bursts of `burst` seconds
    /// separated by `pause` seconds (brushing teeth with the device in the hand).
    case strokes(duration: Double, axis: Vector3, amplitude: Double, frequency: Double, burst: Double, pause: Double)
    /// Shaken along `axis` at `frequency` Hz, `amplitude` g, whole cycles, ramped over half a cycle;
    /// the wrist rocks by up to `wobble` radians about the axis across the screen, a quarter cycle ahead.
    case shake(duration: Double, axis: Vector3, amplitude: Double, frequency: Double, wobble: Double)
    /// A push (a slap or a gentler movement) of the device toward `direction`: it accelerates that
    /// way at up to `peak` g for `startTime` s, then brakes, `brakingRatio` × as strongly for
    /// 1/`brakingRatio` × as long, so the velocity returns to 0. A ratio above 1 brakes harder
    /// than it starts. In CoreMotion's sign the start lobe reads against `direction`, the
    /// braking lobe along it.
    case push(direction: Vector3, peak: Double, startTime: Double, brakingRatio: Double)
    /// Turned over by `angle` radians about `axis`, held, and turned back.
    case flip(duration: Double, axis: Vector3, angle: Double, turnTime: Double)
    /// A shape drawn in the plane `plane` (a rotation of the device x–y plane), `size` metres across,
    /// with the wrist turning by up to `wrist` radians.
    case shape(duration: Double, shape: ShapeGesture, size: Double, plane: Quaternion, wrist: Double)

    /// The length, seconds.
    var duration: Double {
        switch self {
        case let .rest(d), let .tremor(d, _, _, _, _, _, _), let .walking(d, _, _, _, _, _), let .pickUp(d, _, _, _, _),
             let .bump(d, _, _, _, _, _), let .vibration(d, _, _, _), let .tilt(d, _, _, _), let .shake(d, _, _, _, _),
             let .flip(d, _, _, _), let .shape(d, _, _, _, _), let .gait(d, _, _, _, _, _), let .impacts(d, _, _, _, _, _),
             let .drop(d, _, _, _), let .strokes(d, _, _, _, _, _):
            d
        case let .push(_, _, startTime, ratio):
            startTime + startTime / ratio
        }
    }

    private static let x = Vector3(1, 0, 0), y = Vector3(0, 1, 0)
    private static let h = 1e-3

    /// The rotation from the base attitude and the user acceleration (base device frame, g) at
    /// `t` seconds into the motion; `up` is the world's up direction in the base device frame.
    func evaluate(_ t: Double, up: Vector3) -> (offset: Quaternion, user: Vector3) {
        switch self {
        case .rest:
            return (.identity, .zero)

        case let .tremor(d, a, f, axis, rho, rotationAxis, phase):
            let env = MotionProfile.envelope(t, duration: d, ramp: 0.3)
            let w = 2 * Double.pi * f * t
            let user = axis * (a * env * (sin(w + phase) + 0.5 * sin(1.37 * w + 2 * phase)))
            return (Quaternion(angle: rho * env * sin(w + phase + 0.7), axis: rotationAxis), user)

        case let .walking(d, f, bounce, sway, rock, phase):
            let env = MotionProfile.envelope(t, duration: d, ramp: 0.5)
            let w = 2 * Double.pi * f * t + phase
            let vertical = bounce * (sin(w) + 0.3 * sin(2 * w + 0.5))
            let user = (up * vertical + Self.x * (sway * sin(w / 2)) + Self.y * (0.3 * bounce * sin(w + 1))) * env
            let offset = Quaternion(angle: rock * env * sin(w / 2), axis: Self.y) * Quaternion(angle: 0.5 * rock * env * sin(w), axis: Self.x)
            return (offset, user)

        case let .pickUp(d, height, tilt, lift, tremor):
            let hold = d - 2 * lift
            func position(_ t: Double) -> Vector3 { up * (height * MotionProfile.plateau(t, rise: lift, hold: hold)) }
            let p = MotionProfile.plateau(t, rise: lift, hold: hold)
            let shaking = Self.x * (tremor * p * sin(2 * Double.pi * 9 * t))
            let user = SensorPhysics.userAcceleration(physical: Self.secondDerivative(position, t)) + shaking
            return (Quaternion(angle: tilt * p, axis: Self.x), user)

        case let .gait(d, f, impact, sway, rock, phase):
            let env = MotionProfile.envelope(t, duration: d, ramp: 0.5)
            let w = 2 * Double.pi * f * t + phase
            // Zero-mean harmonics: the device bobs but goes nowhere on average; peaks ≈ impact.
            let vertical = impact * (sin(w) + 0.6 * sin(2 * w + 0.4) + 0.35 * sin(3 * w + 0.8)) / 1.6
            let user = (up * vertical + Self.x * (sway * sin(w / 2)) + Self.y * (0.4 * impact * sin(w + 1.3))) * env
            let offset = Quaternion(angle: rock * env * sin(w / 2), axis: Self.x) * Quaternion(angle: 0.4 * rock * env * sin(w), axis: Self.y)
            return (offset, user)

        case let .impacts(_, times, a, f, decay, axis):
            var v = 0.0
            for at in times where t > at {
                let s = t - at
                if s < 12 * decay { v += a * exp(-s / decay) * sin(2 * Double.pi * f * s) }
            }
            return (.identity, axis * v)

        case let .drop(_, at, fall, landing):
            let s = t - at
            guard s > 0 else { return (.identity, .zero) }
            // Free fall: physical acceleration −1 g along up, so user acceleration (which opposes it) +1 g.
            if s < fall { return (.identity, up) }
            // Landing: a half-sine of area `fall` g·s stops the fall.
            let l = s - fall
            guard l < landing else { return (.identity, .zero) }
            let peak = fall * Double.pi / (2 * landing)
            return (.identity, up * (-peak * sin(Double.pi * l / landing)))

        case let .strokes(d, axis, a, f, burst, pause):
            let cycle = burst + pause
            let inCycle = t.truncatingRemainder(dividingBy: cycle)
            guard inCycle < burst else { return (.identity, .zero) }
            let env = MotionProfile.envelope(inCycle, duration: burst, ramp: 0.5 / f) * MotionProfile.envelope(t, duration: d, ramp: 0.1)
            return (.identity, axis * (a * env * sin(2 * Double.pi * f * inCycle)))

        case let .bump(_, at, a, f, decay, axis):
            let s = t - at
            guard s > 0 else { return (.identity, .zero) }
            return (.identity, axis * (a * exp(-s / decay) * sin(2 * Double.pi * f * s)))

        case let .vibration(d, a, f, axis):
            let env = MotionProfile.envelope(t, duration: d, ramp: 0.1)
            return (.identity, axis * (a * env * sin(2 * Double.pi * f * t)))

        case let .tilt(d, angle, axis, turn), let .flip(d, axis, angle, turn):
            let p = MotionProfile.plateau(t, rise: turn, hold: d - 2 * turn)
            return (Quaternion(angle: angle * p, axis: axis), .zero)

        case let .shake(d, axis, a, f, wobble):
            let env = MotionProfile.envelope(t, duration: d, ramp: 0.5 / f)
            let w = 2 * Double.pi * f * t
            let rock = Quaternion(angle: wobble * env * cos(w), axis: axis.cross(Vector3(0, 0, 1)))
            return (rock, axis * (a * env * sin(w)))

        case let .push(direction, peak, startTime, ratio):
            let start = peak * MotionProfile.halfSine(t / startTime)
            let braking = ratio * peak * MotionProfile.halfSine((t - startTime) * ratio / startTime)
            // User acceleration opposes the device's physical acceleration.
            return (.identity, direction * (braking - start))

        case let .shape(d, shape, size, plane, wrist):
            func position(_ t: Double) -> Vector3 {
                let p = shape.position(at: t / d)
                return plane.rotate(Vector3(p.x * size, p.y * size, 0))
            }
            // The wrist follows the pen's excursion from the straight path between the shape's ends,
            // so the attitude is back at the base when the shape is finished.
            let s = t / d
            let p = shape.position(at: s) - (shape.position(at: 0) + (shape.position(at: 1) - shape.position(at: 0)) * MotionProfile.minimumJerk(s))
            let offset = Quaternion(angle: wrist * p.x, axis: Self.y) * Quaternion(angle: -wrist * p.y, axis: Self.x)
            return (offset, SensorPhysics.userAcceleration(physical: Self.secondDerivative(position, t)))
        }
    }

    /// The second derivative of `position` (metres) at `t`, m/s², by a central difference.
    @inline(__always)
    private static func secondDerivative(_ position: (Double) -> Vector3, _ t: Double) -> Vector3 {
        (position(t + h) - position(t) * 2 + position(t - h)) * (1 / (h * h))
    }
}
