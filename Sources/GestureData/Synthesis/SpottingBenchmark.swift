import Foundation
import GestureKit

/// The workload `gesturelab bench dtw` spots gestures in: a DTW model of smooth 3-axis movements and a
/// noisy stream with those movements planted in it, time-warped. Deterministic for a seed.
///
/// Each template is 1 s at 100 Hz on user acceleration (g), a distinct movement per template and axis of
/// up to about 1.5 g, zero at both ends. The stream alternates 2–4 s of background (Gaussian noise, 0.05 g)
/// with one template at 80–120 % of its duration (plus the same noise), templates in turn.
package struct SpottingBenchmark: Sendable {
    /// Sampling rate of templates and stream, Hz.
    package static let rate = 100.0
    /// Samples per template (1 s at ``rate``).
    package static let templateLength = 100
    /// Axes of every template and sample.
    package static let axes = 3

    /// One template per class (`g0`, `g1`, …), with a rejection calibration that accepts the planted copies.
    package let model: DTWModel
    /// The stream, at ``rate``; acceleration equals user acceleration (no gravity).
    package let samples: [MotionSample]
    /// Gestures planted in the stream.
    package let planted: Int

    /// Generates `templates` templates and about `streamSeconds` seconds of stream (it ends before a
    /// gesture that would not fit) from `seed`.
    ///
    /// - Complexity: O(streamSeconds × ``rate``).
    package init(streamSeconds: Double, templates templateCount: Int = 8, seed: UInt64 = 42) throws(DTWError) {
        var random = SplitMix64(seed: seed)
        let length = Self.templateLength, rate = Self.rate
        var templates: [DTWModel.Template] = []
        var calibration: [String: DTWModel.Calibration] = [:]
        for k in 0..<templateCount {
            var values: [Double] = []
            for t in 0..<length { for a in 0..<Self.axes { values.append(Self.shape(k, Double(t) / Double(length - 1), a)) } }
            templates.append(.init(label: "g\(k)", series: try DTWSeries(interleaved: values, dimensions: Self.axes)))
            calibration["g\(k)"] = .init(mean: 0.15, standardDeviation: 0.05, count: 10, pooled: false)
        }
        model = DTWModel(channels: MotionChannel.userAcceleration, samplingRate: rate, dtw: .full, templates: templates,
                         calibration: calibration, rejectionK: 3, minimumDuration: 0.5, maximumDuration: 2)

        var samples: [MotionSample] = []
        let total = Int(streamSeconds * rate)
        samples.reserveCapacity(total)
        var planted = 0
        var t = 0
        func noisy(_ x: Double, _ y: Double, _ z: Double) -> Vector3 {
            Vector3(x + 0.05 * random.gaussian(), y + 0.05 * random.gaussian(), z + 0.05 * random.gaussian())
        }
        while t < total, templateCount > 0 {
            let gap = Int(rate * (2 + 2 * random.unit()))
            for _ in 0..<gap where t < total {
                let v = noisy(0, 0, 0)
                samples.append(MotionSample(timestamp: Double(t) / rate, acceleration: v, userAcceleration: v))
                t += 1
            }
            let k = planted % templateCount
            let stretched = Int(Double(length) * (0.8 + 0.4 * random.unit()))
            guard t + stretched < total else { break }
            for s in 0..<stretched {
                let u = Double(s) / Double(stretched - 1)
                let v = noisy(Self.shape(k, u, 0), Self.shape(k, u, 1), Self.shape(k, u, 2))
                samples.append(MotionSample(timestamp: Double(t) / rate, acceleration: v, userAcceleration: v))
                t += 1
            }
            planted += 1
        }
        self.samples = samples
        self.planted = planted
    }

    /// Template `k`'s value on `axis` at `u` ∈ [0, 1] of its duration, g.
    static func shape(_ k: Int, _ u: Double, _ axis: Int) -> Double {
        let f = Double(1 + (k + axis) % 3), phase = Double(k * 3 + axis) * 0.7
        return 1.5 * sin(Double.pi * u) * sin(2 * Double.pi * f * u + phase)
    }
}
