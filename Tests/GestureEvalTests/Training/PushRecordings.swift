import Foundation
import GestureData
import GestureEval

/// Subject `s` pushes 5 times with peaks of [0.6, 1.2, 1.4, 1.6][s] g over background of [0.1, 0.1, 0.2, 0.9][s] g.
func pushRecording(subject s: Int, take: Int) -> Recording {
    let rate = 50.0, times = (0..<Int(40 * rate)).map { Double($0) / rate }
    let starts = (0..<5).map { 4.0 + 7.0 * Double($0) + 0.3 * Double(take) }
    let x = times.map { t -> Double in
        let noise = [0.1, 0.1, 0.2, 0.9][s] * sin(t * 7.3 + Double(s))
        guard let g = starts.first(where: { t >= $0 && t <= $0 + 0.6 }) else { return noise }
        return [0.6, 1.2, 1.4, 1.6][s] * sin(Double.pi * (t - g) / 0.6)
    }
    return Recording(id: "s\(s)-\(take)", subject: "s\(s)", session: "take\(take)", timestamps: times, channels: [(.accelX, x), (.accelY, x.map { _ in 0 }), (.accelZ, x.map { _ in -1 })],
                     annotations: starts.map { Annotation(start: $0, end: $0 + 0.6, label: "push") })
}
