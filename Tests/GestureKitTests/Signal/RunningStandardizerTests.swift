import Foundation
import GestureKit
import GestureTestSupport
import Testing

@Suite struct RunningStandardizerTests {
    /// The standard score of the last of `xs` from the weights written out (decay^(n−1−i) for sample i), floor included:
    /// the definition, O(n) per value.
    static func reference(_ xs: [Double], decay: Double) -> Double {
        var w = 0.0, m = 0.0, q = 0.0
        for (i, x) in xs.enumerated() {
            let weight = pow(decay, Double(xs.count - 1 - i))
            (w, m, q) = (w + weight, m + weight * x, q + weight * x * x)
        }
        let mean = m / w, square = q / w
        let deviation = max(square - mean * mean, 0).squareRoot()
        return (xs.last! - mean) / max(deviation, RunningStandardizer.relativeFloor * square.squareRoot(), 1e-9)
    }

    @Test func scoresAreTheWeightedStandardScoresOfTheHistory() throws {
        var random = SplitMix64(seed: 4)
        let rate = 20.0, seconds = 3.0
        let xs = (0..<400).map { i in 2 + sin(Double(i) / 7) + 0.3 * random.gaussian() }
        let ys = xs.map { -0.5 * $0 * $0 }
        var standardizer = try RunningStandardizer(seconds: seconds, samplingRate: rate, channels: 2)
        let decay = exp(-1 / (seconds * rate))
        for n in 1...xs.count {
            var values = [xs[n - 1], ys[n - 1]]
            standardizer.update(&values)
            #expect(abs(values[0] - Self.reference(Array(xs[..<n]), decay: decay)) < 1e-9, "sample \(n)")
            #expect(abs(values[1] - Self.reference(Array(ys[..<n]), decay: decay)) < 1e-9, "sample \(n)")
        }
    }

    /// The time constant is in seconds: the same motion sampled at 25, 50 and 100 Hz scores alike at the same times.
    @Test func theSameMotionAtAnyRateGivesTheSameScores() throws {
        func scores(rate: Double) throws -> [Double] {
            var standardizer = try RunningStandardizer(seconds: 4, samplingRate: rate, channels: 1)
            // Score at whole seconds only, so the three rates are compared at the same times.
            return (0..<Int(20 * rate)).compactMap { i in
                let t = Double(i) / rate
                var v = [1 + 0.5 * sin(2 * .pi * 0.7 * t) + (t > 10 ? 1.5 : 0)]
                standardizer.update(&v)
                return i % Int(rate) == 0 && t >= 2 ? v[0] : nil
            }
        }
        let (a, b, c) = (try scores(rate: 25), try scores(rate: 50), try scores(rate: 100))
        #expect(a.count == 18 && b.count == 18 && c.count == 18)
        for i in a.indices {
            #expect(abs(a[i] - c[i]) < 0.1 && abs(b[i] - c[i]) < 0.05, "t = \(i + 2) s: \(a[i]), \(b[i]), \(c[i])")
        }
    }

    /// A device lying still (|a| = 1 g with a millig of noise) is not blown up into noise: the floor, 5 % of the
    /// root mean square, bounds the scores; once it moves, the motion stands out.
    @Test func aStillChannelIsNotAmplifiedIntoNoise() throws {
        var random = SplitMix64(seed: 8)
        var standardizer = try RunningStandardizer(seconds: 30, samplingRate: 50, channels: 1)
        var still: [Double] = [], moving: [Double] = []
        for i in 0..<3000 {
            var v = [1 + 0.001 * random.gaussian() + (i >= 2500 ? 0.8 * sin(Double(i) / 5) : 0)]
            standardizer.update(&v)
            if i < 2500 { still.append(abs(v[0])) } else { moving.append(abs(v[0])) }
        }
        #expect(still.max()! < 0.1)
        #expect(moving.max()! > 2)
        #expect(still.allSatisfy(\.isFinite) && moving.allSatisfy(\.isFinite))
    }

    /// Only the selected channels are standardised; the others (a period, an angle) pass as they are.
    @Test func onlyTheSelectedChannelsAreStandardised() throws {
        var standardizer = try RunningStandardizer(seconds: 1, samplingRate: 10, channels: 3, selected: [2, 0])
        #expect(standardizer.selected == [0, 2])
        var all = try RunningStandardizer(seconds: 1, samplingRate: 10, channels: 3)
        for i in 0..<50 {
            let row = [sin(Double(i)), 1.4 + 0.01 * Double(i), cos(Double(i) / 3)]
            var some = row, every = row
            standardizer.update(&some)
            all.update(&every)
            #expect(some[1] == row[1] && some[0] == every[0] && some[2] == every[2])
        }
        #expect(throws: ConfigurationError.self) { try RunningStandardizer(seconds: 1, samplingRate: 10, channels: 2, selected: [2]) }
        // What a spotter standardises: how hard the device moves, in g or rad/s.
        let names = ["accel.magnitude", "gyro.x", "verticalAcceleration", "stillness", "yawRate", "accel.magnitude@wrist",
                     "tilt", "strokePeriod", "rhythmRegularity", "roll", "quat.w", "pressure"]
        #expect(names.map { MotionChannel(rawValue: $0)!.measuresIntensity } == [true, true, true, true, true, true,
                                                                                false, false, false, false, false, false])
    }

    @Test func resetForgetsTheHistoryAndBadSettingsAreRefused() throws {
        var standardizer = try RunningStandardizer(seconds: 2, samplingRate: 10, channels: 1)
        let fresh = standardizer
        var first = [0.0]
        for x in [5.0, 7, 1, 3] {
            var v = [x]
            standardizer.update(&v)
        }
        standardizer.reset()
        #expect(standardizer == fresh)
        standardizer.update(&first)
        #expect(first == [0])
        #expect(throws: ConfigurationError.self) { try RunningStandardizer(seconds: 0, samplingRate: 10, channels: 1) }
        #expect(throws: ConfigurationError.self) { try RunningStandardizer(seconds: .infinity, samplingRate: 10, channels: 1) }
        #expect(throws: ConfigurationError.self) { try RunningStandardizer(seconds: 1, samplingRate: 10, channels: 0) }
    }
}
