import Foundation
import GestureKit

/// The continuous-time script of one recording: a base attitude and a chain of motions, with
/// the annotations of the gestures among them. Independent of sampling rate and sensor.
struct SyntheticScene: Sendable {
    /// Where the device rests: face up with the subject's pitch and a random heading.
    var base: Quaternion
    /// World up in the base device frame.
    var up: Vector3
    /// Start time of each motion, seconds, increasing; motions are contiguous.
    var starts: [Double] = []
    var motions: [SyntheticMotion] = []
    var annotations: [Annotation] = []
    /// Where the next motion starts, seconds.
    var end = 0.0

    init(base: Quaternion) {
        self.base = base
        up = base.conjugate.rotate(Vector3(0, 0, 1))
    }

    mutating func append(_ motion: SyntheticMotion, label: String? = nil) {
        starts.append(end)
        motions.append(motion)
        if let label {
            annotations.append(Annotation(start: Self.tidy(end), end: Self.tidy(end + motion.duration), label: label))
        }
        end += motion.duration
    }

    /// Appends `motions` one after the other, annotated as one event labelled `label` from the first one's start
    /// to the last one's end (a bout). O(motions).
    mutating func append(bout motions: [SyntheticMotion], label: String) {
        let start = end
        for motion in motions { append(motion) }
        annotations.append(Annotation(start: Self.tidy(start), end: Self.tidy(end), label: label))
    }

    /// Annotation times are kept to 0.1 ms so files stay readable; motions start and end at rest, so the 50 µs
    /// this moves a boundary changes no sample's meaning.
    private static func tidy(_ t: Double) -> Double { (t * 10_000).rounded() / 10_000 }

    /// The true motion at `t` seconds; before the first or after the last motion, its end state.
    func state(at t: Double) -> MotionState {
        // Last motion starting at or before t (binary search; the first one for t < 0).
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        let (offset, user) = motions[lo].evaluate(t - starts[lo], up: up)
        return MotionState(attitude: base * offset, userAcceleration: base.rotate(user))
    }
}
