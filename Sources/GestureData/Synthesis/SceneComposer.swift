import Foundation
import GestureKit

/// Draws the parameters of gestures and background activities for one subject.
struct SceneComposer {
    var style: SubjectStyle
    var rng: SplitMix64
    /// Directions and shapes still to come in the current shuffled round, so every label of a
    /// family occurs about equally often.
    private var directions: [Direction] = []
    private var movementDirections: [Direction] = []
    private var shapes: [ShapeGesture] = []

    /// Creates a composer. The first round of directions and shapes starts `offset` places into
    /// their fixed order, so consecutive recordings (which hold about two of each) continue where
    /// the previous one stopped and labels stay balanced across a dataset; later rounds are shuffled.
    init(style: SubjectStyle, rng: SplitMix64, offset: Int = 0) {
        self.style = style
        self.rng = rng
        // Reversed because rounds are consumed from the end.
        directions = Array(Self.rotated(Direction.allCases, by: offset).reversed())
        movementDirections = directions
        shapes = Array(Self.rotated(ShapeGesture.allCases, by: offset).reversed())
    }

    /// The unit vector of `direction` in the device frame.
    private static func unit(_ direction: Direction) -> Vector3 {
        var v = Vector3.zero
        v[direction.axis] = direction == Direction(axis: direction.axis, positive: true) ? 1 : -1
        return v
    }

    private static func rotated<T>(_ a: [T], by offset: Int) -> [T] {
        let k = offset % a.count
        return Array(a[k...] + a[..<k])
    }

    private static let axes = [Vector3(1, 0, 0), Vector3(0, 1, 0)]

    /// A unit vector drawn uniformly on the sphere.
    mutating func randomUnit() -> Vector3 {
        let z = rng.uniform(-1...1), phi = rng.uniform(0...(2 * Double.pi))
        let r = (1 - z * z).squareRoot()
        return Vector3(r * cos(phi), r * sin(phi), z)
    }

    /// `v` tilted toward a random direction by `angle` radians.
    mutating func jittered(_ v: Vector3, by angle: Double) -> Vector3 {
        let axis = v.cross(randomUnit())
        return Quaternion(angle: rng.uniform(0...angle), axis: axis).rotate(v)
    }

    /// One gesture of `family` and its label; with probability `mannerVariation` it is performed weakly, fast
    /// or slowly instead of in the subject's usual manner.
    mutating func gesture(_ family: SyntheticGesture, mannerVariation: Double = 0) -> (SyntheticMotion, String) {
        // No draw at all without variation, so specs without it give the same recordings as before it existed.
        guard mannerVariation > 0, rng.uniform(0...1) < mannerVariation else { return gesture(family, manner: .usual) }
        let usual = style
        defer { style = usual }
        switch Int(rng.uniform(0...3)) {
        case 0:
            style.amplitudeScale *= rng.uniform(0.55...0.75)
            return gesture(family, manner: .weak)
        case 1:
            style.speedScale *= rng.uniform(1.3...1.6)
            return gesture(family, manner: .fast)
        default:
            style.speedScale *= rng.uniform(0.6...0.75)
            return gesture(family, manner: .slow)
        }
    }

    /// How a gesture is performed; besides the style's scales, a weak flip turns only part way and a fast one
    /// is held only briefly.
    private enum Manner { case usual, weak, fast, slow }

    private mutating func gesture(_ family: SyntheticGesture, manner: Manner) -> (SyntheticMotion, String) {
        let tilt = style.axisRotation
        switch family {
        case .shake:
            // Amplitude ≥ 1.6 g and frequency ≤ 5 Hz keep every full lobe above 1.25 g even when
            // sampled at 25 Hz. Two to four whole cycles, at most 0.95 s: the system cancels a
            // shake that goes on for more than about a second.
            let axis = tilt.rotate(rng.choose(Self.axes))
            let frequency = min(5, rng.uniform(2.8...4.5) * style.speedScale)
            let amplitude = rng.uniform(1.9...2.8) * style.amplitudeScale
            let cycles = Double(max(2, Int(rng.uniform(0.5...0.95) * frequency)))
            let motion = SyntheticMotion.shake(
                duration: cycles / frequency, axis: axis, amplitude: amplitude, frequency: frequency,
                wobble: rng.uniform(0.05...0.2)
            )
            return (motion, SyntheticDatasetGenerator.shakeLabel)
        case .slap:
            // A sharp start and a gentler, longer stop. Sampled at 25 Hz the start lobe still reads
            // ≥ 1.05 g (a ≥ 0.096 s half-sine is caught within 21 % of its crest); at 50 Hz even with
            // one sample lost it reads ≥ 0.56 of its peak, above the braking lobe's ≤ 0.45.
            let direction = next(\.directions, of: Direction.allCases)
            let motion = push(direction, tilt: tilt, peak: 1.6...2.6, startTime: 0.12...0.16, braking: 0.33...0.45)
            return (motion, SyntheticDatasetGenerator.slapLabel(direction))
        case .movement:
            // Gentle and slower; braking ranges from weaker to 1.6 × stronger than the start, the
            // case in which "largest reading wins" reports the direction backwards. The start lobe
            // (≥ 0.15 s) reads ≥ 0.38 g even at 25 Hz, above the 0.3 g start threshold.
            let direction = next(\.movementDirections, of: Direction.allCases)
            let motion = push(direction, tilt: tilt, peak: 0.5...0.9, startTime: 0.18...0.3, braking: 0.7...1.6)
            return (motion, SyntheticDatasetGenerator.movementLabel(direction))
        case .flip:
            let turn = rng.uniform(0.4...0.7) / style.speedScale
            let hold = manner == .fast ? rng.uniform(0.1...0.3) : rng.uniform(0.4...1.2)
            let motion = SyntheticMotion.flip(
                duration: 2 * turn + hold, axis: tilt.rotate(rng.choose(Self.axes)),
                angle: manner == .weak ? rng.uniform(1.9...2.5) : Double.pi - rng.uniform(0...0.25), turnTime: turn
            )
            return (motion, SyntheticDatasetGenerator.flipLabel)
        case .shape:
            let shape = next(\.shapes, of: ShapeGesture.allCases)
            return (shapeMotion(shape), shape.rawValue)
        }
    }

    /// A bout of `duration` seconds: `motion` performed again and again, as many times as fit with about 0.4 s of
    /// stillness between two, the stillness stretched evenly so that the bout lasts exactly `duration`; `motion`
    /// alone when it is longer than that. Draws nothing. O(repetitions).
    func bout(of motion: SyntheticMotion, duration: Double) -> [SyntheticMotion] {
        let pause = 0.4, length = motion.duration
        let repetitions = max(1, Int((duration + pause) / (length + pause)))
        guard repetitions > 1 else { return [motion] }
        let gap = (duration - Double(repetitions) * length) / Double(repetitions - 1)
        var motions = [motion]
        for _ in 1..<repetitions { motions += [.rest(duration: gap), motion] }
        return motions
    }

    /// The next label of the shuffled round kept at `round`, starting a new round of `all` when it is used up.
    private mutating func next<Label>(_ round: WritableKeyPath<SceneComposer, [Label]>, of all: [Label]) -> Label {
        if self[keyPath: round].isEmpty { self[keyPath: round] = rng.shuffled(all) }
        return self[keyPath: round].removeLast()
    }

    /// A push (slap or movement) toward `direction` in the frame turned by `tilt`: peak (g), start time (s) and
    /// braking ratio drawn from the ranges in that order, scaled by the subject's style.
    private mutating func push(_ direction: Direction, tilt: Quaternion, peak: ClosedRange<Double>,
                               startTime: ClosedRange<Double>, braking: ClosedRange<Double>) -> SyntheticMotion {
        let peak = rng.uniform(peak) * style.amplitudeScale
        let startTime = rng.uniform(startTime) / style.speedScale
        return .push(direction: tilt.rotate(Self.unit(direction)), peak: peak, startTime: startTime, brakingRatio: rng.uniform(braking))
    }

    /// One performance of `shape`.
    mutating func shapeMotion(_ shape: ShapeGesture) -> SyntheticMotion {
        // Single strokes are longer and quicker than the closed shapes, as people draw them.
        let (base, reach): (ClosedRange<Double>, Double) = switch shape {
        case .lineRight, .lineUp: (0.6...0.9, 1.8)
        case .letterV: (1.1...1.5, 1)
        default: (1.5...2.2, 1)
        }
        let plane = style.axisRotation * Quaternion(angle: rng.uniform(-0.15...0.15), axis: Vector3(0, 0, 1))
        return .shape(
            duration: rng.uniform(base) / style.speedScale, shape: shape,
            size: rng.uniform(0.12...0.25) * reach * style.amplitudeScale, plane: plane, wrist: rng.uniform(0.1...0.3)
        )
    }

    /// A background activity filling exactly `duration` seconds, drawn from `allowed`, and which it is.
    ///
    /// The gentle activities stay below 0.75 g per lobe (so they can never satisfy the shake rule) and
    /// within 0.7 rad of the base attitude (so they never approach a flip); the confusers do not promise
    /// that. Activities that need time to unfold fall back to rest when `duration` is short.
    mutating func background(_ allowed: [SyntheticBackground], duration: Double) -> (SyntheticMotion, SyntheticBackground) {
        var activity = rng.choose(allowed)
        if duration < 2, [.walking, .pickUp, .tilt, .raiseToEar, .jogging, .joggingInPocket, .stairs, .brushingTeeth].contains(activity) { activity = .rest }
        return (backgroundMotion(activity, duration: duration), activity)
    }

    private mutating func backgroundMotion(_ activity: SyntheticBackground, duration: Double) -> SyntheticMotion {
        switch activity {
        case .rest:
            return .rest(duration: duration)
        case .tremor:
            return .tremor(
                duration: duration, amplitude: rng.uniform(0.01...0.04), frequency: rng.uniform(8...12),
                axis: randomUnit(), rotation: rng.uniform(0.003...0.01), rotationAxis: randomUnit(),
                phase: rng.uniform(0...(2 * Double.pi))
            )
        case .walking:
            return .walking(
                duration: duration, stepFrequency: rng.uniform(1.6...2.1), bounce: rng.uniform(0.15...0.35),
                sway: rng.uniform(0.05...0.12), rock: rng.uniform(0.03...0.1), phase: rng.uniform(0...(2 * Double.pi))
            )
        case .pickUp:
            let lift = min(rng.uniform(0.6...0.9), (duration - 0.2) / 2)
            return .pickUp(
                duration: duration, height: rng.uniform(0.15...0.35), tilt: rng.uniform(0.2...0.6),
                liftTime: lift, tremor: rng.uniform(0.01...0.03)
            )
        case .bump:
            return .bump(
                duration: duration, at: rng.uniform(0.3...max(0.3, duration - 0.6)), amplitude: rng.uniform(0.2...0.6),
                frequency: rng.uniform(10...25), decay: rng.uniform(0.015...0.04), axis: jittered(Vector3(0, 0, 1), by: 0.5)
            )
        case .vibration:
            return .vibration(
                duration: duration, amplitude: rng.uniform(0.03...0.12), frequency: rng.uniform(25...60),
                axis: jittered(Vector3(0, 0, 1), by: 0.6)
            )
        case .tilt:
            let azimuth = rng.uniform(0...(2 * Double.pi))
            return .tilt(
                duration: duration, angle: rng.uniform(0.2...0.6), axis: Vector3(cos(azimuth), sin(azimuth), 0),
                turnTime: min(rng.uniform(0.4...0.8), (duration - 0.2) / 2)
            )
        case .raiseToEar:
            // Pitched toward the face and rolled toward the ear: more than 1 rad, held for a call, never upside down.
            let axis = (Vector3(1, 0, 0) + Vector3(0, rng.uniform(-0.6...0.6), rng.uniform(-0.3...0.3))).normalized ?? Vector3(1, 0, 0)
            return .tilt(duration: duration, angle: rng.uniform(1.05...1.45), axis: axis, turnTime: min(rng.uniform(0.4...0.7), (duration - 0.2) / 2))
        case .jogging, .joggingInPocket:
            let pocket = activity == .joggingInPocket
            return .gait(
                duration: duration, stepFrequency: rng.uniform(2.5...3.0), impact: pocket ? rng.uniform(1.6...2.8) : rng.uniform(0.9...1.8),
                sway: rng.uniform(0.1...0.3), rock: pocket ? rng.uniform(0.25...0.45) : rng.uniform(0.05...0.15), phase: rng.uniform(0...(2 * Double.pi))
            )
        case .stairs:
            return .gait(
                duration: duration, stepFrequency: rng.uniform(1.4...1.9), impact: rng.uniform(0.4...0.9),
                sway: rng.uniform(0.05...0.15), rock: rng.uniform(0.05...0.15), phase: rng.uniform(0...(2 * Double.pi))
            )
        case .clapping:
            let interval = rng.uniform(0.25...0.5)
            var times: [Double] = []
            var t = rng.uniform(0.2...0.5)
            while t < duration - 0.3 {
                times.append(t)
                t += interval * rng.uniform(0.9...1.1)
            }
            return .impacts(duration: duration, times: times, amplitude: rng.uniform(2...5), frequency: rng.uniform(10...18),
                            decay: rng.uniform(0.02...0.04), axis: jittered(Vector3(1, 0, 0), by: 0.5))
        case .tableHit:
            let first = rng.uniform(0.3...max(0.3, duration - 0.8))
            let times = rng.uniform(0...1) < 0.5 ? [first] : [first, first + rng.uniform(0.15...0.35)]
            return .impacts(duration: duration, times: times, amplitude: rng.uniform(3...8), frequency: rng.uniform(8...15),
                            decay: rng.uniform(0.03...0.06), axis: jittered(Vector3(0, 0, 1), by: 0.4))
        case .softDrop:
            let fall = min(rng.uniform(0.2...0.35), duration / 4)
            return .drop(duration: duration, at: rng.uniform(0.2...max(0.2, duration - 2 * fall - 0.5)), fall: fall, landing: rng.uniform(0.1...0.18))
        case .brushingTeeth:
            let frequency = rng.uniform(3...5)
            return .strokes(duration: duration, axis: jittered(rng.choose(Self.axes), by: 0.3), amplitude: rng.uniform(0.8...1.5),
                            frequency: frequency, burst: Double(Int(rng.uniform(3...6))) / frequency, pause: rng.uniform(0.2...0.5))
        case .typing:
            var times: [Double] = []
            var t = rng.uniform(0.1...0.3)
            while t < duration - 0.1 {
                times.append(t)
                t += rng.uniform(0.08...0.35)
            }
            return .impacts(duration: duration, times: times, amplitude: rng.uniform(0.05...0.25), frequency: rng.uniform(20...40),
                            decay: rng.uniform(0.005...0.015), axis: jittered(Vector3(0, 0, 1), by: 0.3))
        }
    }
}
