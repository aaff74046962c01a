import Foundation
import GestureKit

/// Continuous 25 Hz recordings of one person for the window classifiers (``GestureKit/MiniRocketSpotter``): rest with
/// noise, jogging-like bouncing (a 3 Hz bob on z) as confusing background, and a "wave" (a 1.5 Hz swing on x of 1.2 s)
/// every 10 s, with the waves' spans. GestureEval's stream trainer tests make their recordings of it, GestureKit's
/// adaptation tests their people.
public enum WaveRecordings {
    /// One recording of `seconds` (g, seconds from 0) and its waves; `seed` draws the noise and where the 10 s cycle
    /// starts (0–3 s in). A wave that would start before 0 or end after the last sample is left out.
    public static func recording(seconds: Double = 120, seed: UInt64) -> (samples: [MotionSample], gestures: [GestureSpan]) {
        var random = SplitMix64(seed: seed)
        let rate = 25.0
        var samples: [MotionSample] = [], gestures: [GestureSpan] = []
        let offset = random.uniform(0...3)
        for i in 0..<Int(seconds * rate) {
            let t = Double(i) / rate
            let phase = (t + offset).truncatingRemainder(dividingBy: 10)
            var x = 0.03 * random.gaussian(), z = 1 + 0.03 * random.gaussian()
            if phase > 4, phase < 5.2 { x += 0.8 * sin(2 * .pi * 1.5 * (phase - 4)) }
            if phase > 7, phase < 9 { z += 0.5 * sin(2 * .pi * 3 * phase) }
            samples.append(MotionSample(timestamp: t, acceleration: Vector3(x, 0.03 * random.gaussian(), z)))
        }
        var start = 4 - offset
        while start + 1.2 < seconds {
            if start > 0 { gestures.append(GestureSpan(label: "wave", start: start, end: start + 1.2)) }
            start += 10
        }
        return (samples, gestures)
    }

    /// `recording` with the x acceleration inside each wave (its start and end included) divided by `factor`: a person
    /// whose waves are weaker than the population's.
    public static func weakened(_ recording: (samples: [MotionSample], gestures: [GestureSpan]),
                                by factor: Double) -> (samples: [MotionSample], gestures: [GestureSpan]) {
        let samples = recording.samples.map { s in
            guard recording.gestures.contains(where: { s.timestamp >= $0.start && s.timestamp <= $0.end }) else { return s }
            var weak = s
            weak.acceleration.x /= factor
            return weak
        }
        return (samples, recording.gestures)
    }
}
