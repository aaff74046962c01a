import Foundation
import GestureKit
import Testing

@Suite struct LowPassFilterTests {
    /// The documents' formula, step by step from a zero state.
    @Test func perSampleFactorIsTheDocumentedFormula() {
        var filter = LowPassFilter(smoothing: .perSample(0.1), start: .zero)
        var expected = Vector3.zero
        let inputs = [Vector3(1, 0, -1), Vector3(0.5, 2, -1), Vector3(-3, 0, 0), Vector3(0.25, 0.25, 0.25)]
        for (i, input) in inputs.enumerated() {
            expected = input * 0.1 + expected * 0.9
            #expect(near(filter.update(input, at: Double(i) * 0.02), expected))
        }
    }

    @Test func highPassIsInputMinusLowPass() {
        var high = HighPassFilter(smoothing: .perSample(0.1))
        var low = LowPassFilter(smoothing: .perSample(0.1))
        for i in 0..<20 {
            let input = Vector3(sin(Double(i)), cos(Double(i)), -1)
            #expect(near(high.update(input, at: Double(i)), input - low.update(input, at: Double(i))))
        }
    }

    @Test func timeConstantMatchesTheFactorAtItsRate() {
        let smoothing = ExponentialSmoothing.factor(0.1, atRate: 50)
        #expect(near(smoothing.weight(dt: 0.02), 0.1))
        #expect(near(ExponentialSmoothing.documented.weight(dt: 0.02), 0.1))
    }

    /// A step through a time-constant filter is 1 − exp(−t/τ) at every sampling rate.
    @Test(arguments: [25.0, 50.0, 100.0])
    func stepResponseIsRateInvariant(rate: Double) {
        let tau = 0.2
        var filter = LowPassFilter(smoothing: .timeConstant(tau), start: .zero)
        var last = Vector3.zero
        let n = Int(rate) // one second
        for i in 0...n {
            last = filter.update(Vector3(1, 1, 1), at: Double(i) / rate)
        }
        #expect(near(last.x, 1 - exp(-1 / tau), 1e-12))
    }

    @Test func firstSampleStartHasNoTransient() {
        var filter = LowPassFilter(smoothing: .timeConstant(0.5), start: .firstSample)
        #expect(filter.update(Vector3(0, 0, -1), at: 0) == Vector3(0, 0, -1))
        #expect(near(filter.update(Vector3(0, 0, -1), at: 0.01), Vector3(0, 0, -1)))
    }

    @Test func invalidSmoothingIsRejected() {
        #expect(throws: ConfigurationError.self) { try ExponentialSmoothing.perSample(1.5).validate("smoothing") }
        #expect(throws: ConfigurationError.self) { try ExponentialSmoothing.timeConstant(-1).validate("smoothing") }
    }
}

@Suite struct OneEuroFilterTests {
    /// With β = 0 the 1€ filter is a first-order low-pass with α = 1 / (1 + τ/dt), τ = 1 / (2π f_c).
    @Test func betaZeroIsAFixedCutoffLowPass() {
        var filter = OneEuroFilter(configuration: .init(minimumCutoff: 2, beta: 0, derivativeCutoff: 1))
        let dt = 0.01
        let alpha = 1 / (1 + (1 / (2 * Double.pi * 2)) / dt)
        var expected = 0.3
        _ = filter.update(Vector3(0.3, 0, 0), at: 0)
        for i in 1..<50 {
            let x = sin(Double(i) * 0.3)
            expected = alpha * x + (1 - alpha) * expected
            #expect(near(filter.update(Vector3(x, 0, 0), at: Double(i) * dt).x, expected))
        }
    }

    /// A higher β lets the filter follow a fast ramp with less lag.
    @Test func betaReducesLagInMotion() {
        func lag(beta: Double) -> Double {
            var filter = OneEuroFilter(configuration: .init(minimumCutoff: 1, beta: beta, derivativeCutoff: 1))
            var out = 0.0
            for i in 0...100 {
                let t = Double(i) / 100
                out = filter.update(Vector3(5 * t, 0, 0), at: t).x
            }
            return 5 - out
        }
        #expect(lag(beta: 1) < lag(beta: 0) / 2)
    }

    @Test func irregularTimestampsUseTheActualInterval() {
        var a = OneEuroFilter(configuration: .init(minimumCutoff: 1, beta: 0))
        var b = OneEuroFilter(configuration: .init(minimumCutoff: 1, beta: 0))
        _ = a.update(Vector3(0, 0, 0), at: 0)
        _ = b.update(Vector3(0, 0, 0), at: 0)
        // A duplicate timestamp is ignored rather than dividing by zero.
        let dup = a.update(Vector3(9, 9, 9), at: 0)
        #expect(dup == .zero)
        #expect(a.update(Vector3(1, 0, 0), at: 0.05) == b.update(Vector3(1, 0, 0), at: 0.05))
    }
}

@Suite struct GravitySplitterTests {
    @Test func restingDeviceHasNoUserAcceleration() {
        var splitter = GravitySplitter()
        var last = MotionSample(timestamp: 0, acceleration: .zero)
        for i in 0..<100 {
            last = splitter.split(MotionSample(timestamp: Double(i) / 50, acceleration: Vector3(0, 0, -1)))
        }
        #expect(near(last.gravity!, Vector3(0, 0, -1)))
        #expect(near(last.userAcceleration!, .zero))
    }

    @Test func fusedChannelsPassThrough() {
        var splitter = GravitySplitter()
        let sample = MotionSample(timestamp: 0, acceleration: Vector3(0, 0.5, -1), gravity: Vector3(0, 0, -1),
                                  userAcceleration: Vector3(0, 0.5, 0))
        #expect(splitter.split(sample) == sample)
    }

    @Test func stepOfUserAccelerationDecaysIntoGravityAtTheTimeConstant() {
        var splitter = GravitySplitter(smoothing: .timeConstant(0.25))
        _ = splitter.split(MotionSample(timestamp: 0, acceleration: Vector3(0, 0, -1)))
        var out = splitter.split(MotionSample(timestamp: 0.01, acceleration: Vector3(1, 0, -1)))
        for i in 2...25 { out = splitter.split(MotionSample(timestamp: Double(i) / 100, acceleration: Vector3(1, 0, -1))) }
        // Each new reading is taken to hold over the interval before it, so 0.25 s after the
        // last reading at rest the filter has moved 1 − exp(−0.25/0.25) of the way.
        #expect(near(out.gravity!.x, 1 - exp(-1), 1e-9))
        #expect(near(out.userAcceleration!.x, exp(-1), 1e-9))
    }
}
