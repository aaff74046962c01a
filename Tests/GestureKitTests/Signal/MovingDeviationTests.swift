import Foundation
import GestureKit
import Testing

@Suite struct MovingDeviationTests {
    /// The population standard deviation of `values[max(0, t − n + 1)...t]`, computed directly.
    static func direct(_ values: [Double], _ t: Int, _ n: Int) -> Double {
        let window = values[max(0, t - n + 1)...t]
        let mean = window.reduce(0, +) / Double(window.count)
        return (window.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(window.count)).squareRoot()
    }

    /// Two channels over 1,000 samples (many recomputations of the running sums), one near 1 g with small
    /// variations (where E[x²] − E[x]² cancels most), against the direct computation at every sample.
    @Test func equalsTheDirectStandardDeviationOverTheTrailingWindow() throws {
        let a: [Double] = (0..<1000).map { (t: Int) -> Double in
            let x = Double(t)
            return 1 + 0.01 * sin(x * 0.37) + 0.003 * cos(x * 1.7)
        }
        let b: [Double] = (0..<1000).map { (t: Int) -> Double in
            let x = Double(t)
            return 3 * sin(x * 0.11) * cos(x * 0.023) - 1
        }
        var envelope = try MovingDeviation(seconds: 1.5, samplingRate: 50, channels: 2)
        #expect(envelope.count == 75)
        for t in 0..<1000 {
            var values = [a[t], b[t]]
            envelope.update(&values)
            #expect(abs(values[0] - Self.direct(a, t, 75)) < 1e-9)
            #expect(abs(values[1] - Self.direct(b, t, 75)) < 1e-9)
        }
        let whole = try MovingDeviation.apply(seconds: 1.5, samplingRate: 50, to: [a, b])
        #expect(abs(whole[1][500] - Self.direct(b, 500, 75)) < 1e-9)
        #expect(whole[0][0] == 0)

        envelope.reset()
        var first = [a[0] + 5, b[0]]
        envelope.update(&first)
        #expect(first == [0, 0])
    }

    /// A reset while the first window is still filling, then a stream several windows long: the same values as
    /// a fresh envelope's (the window's storage, grown during the first fill, is reused).
    @Test func aResetDuringTheFirstWindowStartsAfresh() throws {
        let x = (0..<400).map { sin(Double($0) * 0.21) + 0.1 * Double($0 % 7) }
        var envelope = try MovingDeviation(seconds: 1, samplingRate: 50, channels: 1)
        for t in 0..<20 {
            var v = [x[t] * 3]
            envelope.update(&v)
        }
        envelope.reset()
        for t in x.indices {
            var v = [x[t]]
            envelope.update(&v)
            #expect(abs(v[0] - Self.direct(x, t, 50)) < 1e-9, "sample \(t)")
        }
    }

    /// The window is seconds: a 1 Hz sine's envelope is the same at 25, 50 and 100 Hz once the window is full.
    @Test func theWindowIsInSeconds() throws {
        var levels: [Double] = []
        for rate in [25.0, 50, 100] {
            let x = (0..<Int(4 * rate)).map { sin(2 * Double.pi * Double($0) / rate) }
            levels.append(try MovingDeviation.apply(seconds: 2, samplingRate: rate, to: [x])[0].last!)
        }
        #expect(levels.allSatisfy { abs($0 - 0.5.squareRoot()) < 0.01 })
        #expect(throws: ConfigurationError.self) { try MovingDeviation(seconds: 0, samplingRate: 50, channels: 1) }
        #expect(throws: ConfigurationError.self) { try MovingDeviation(seconds: 1, samplingRate: 50, channels: 0) }
    }
}
