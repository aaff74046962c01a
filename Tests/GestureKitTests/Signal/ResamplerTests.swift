import GestureKit
import Testing

@Suite struct ResamplerTests {
    static func ramp(rate: Double, seconds: Double) -> [MotionSample] {
        (0..<Int(seconds * rate)).map {
            let t = Double($0) / rate
            return MotionSample(timestamp: t, acceleration: Vector3(2 * t, -t, 1))
        }
    }

    static func run(_ resampler: inout Resampler, _ samples: [MotionSample]) -> [MotionSample] {
        var out: [MotionSample] = []
        for s in samples { resampler.process(s, into: &out) }
        return out
    }

    /// Linear interpolation reproduces a linear signal exactly on the new grid.
    @Test(arguments: [(100.0, 50.0), (25.0, 100.0), (60.0, 100.0)])
    func linearSignalOnTheNewGrid(from: Double, to: Double) throws {
        var resampler = try Resampler(rate: to)
        let out = Self.run(&resampler, Self.ramp(rate: from, seconds: 2))
        let lastInput = Double(Int(2 * from) - 1) / from
        #expect(out.count == Int((lastInput * to + 1e-9).rounded(.down)) + 1)
        for (k, s) in out.enumerated() {
            #expect(near(s.timestamp, Double(k) / to, 1e-12))
            #expect(near(s.acceleration, Vector3(2 * s.timestamp, -s.timestamp, 1), 1e-9))
        }
    }

    @Test func gapRestartsTheGridInsteadOfInventingSamples() throws {
        var resampler = try Resampler(rate: 10, maximumGap: 0.5)
        let input = [0.0, 0.1, 0.2, 1.55, 1.65].map { MotionSample(timestamp: $0, acceleration: .zero) }
        let times = Self.run(&resampler, input).map(\.timestamp)
        #expect(times.count == 5)
        #expect(near(times[3], 1.55) && near(times[4], 1.65))
    }

    @Test func attitudeIsInterpolatedOnTheSphere() throws {
        var resampler = try Resampler(rate: 20)
        let a = MotionSample(timestamp: 0, acceleration: .zero, attitude: .identity)
        let b = MotionSample(timestamp: 0.1, acceleration: .zero, attitude: Quaternion(angle: 1, axis: Vector3(0, 0, 1)))
        let out = Self.run(&resampler, [a, b])
        #expect(out.count == 3)
        #expect(near(out[1].attitude!.angle, 0.5, 1e-12))
    }

    /// The magnetometer, the barometer and the orientation-free quantities are interpolated like the other sensors,
    /// so a recognizer behind a resampler (a DTW matcher) reads them.
    @Test func magneticFieldPressureAndPhysicalQuantitiesAreInterpolated() throws {
        var resampler = try Resampler(rate: 20)
        func quantities(_ v: Double) -> PhysicalQuantities {
            PhysicalQuantities(verticalAcceleration: v, horizontalAcceleration: 2 * v, tilt: 3 * v, yawRate: 4 * v, headingChange: nil,
                               magneticHeadingChange: 5 * v, pressureChange: nil, stillness: 6 * v)
        }
        var a = MotionSample(timestamp: 0, acceleration: .zero, magneticField: Vector3(10, 0, -40), pressure: 1000)
        var b = MotionSample(timestamp: 0.1, acceleration: .zero, magneticField: Vector3(20, 2, -40), pressure: 1002)
        a.physical = quantities(0)
        b.physical = quantities(1)
        let out = Self.run(&resampler, [a, b])
        #expect(out.count == 3)
        #expect((out[1].magneticField! - Vector3(15, 1, -40)).length < 1e-12 && near(out[1].pressure!, 1001, 1e-12))
        let middle = try #require(out[1].physical)
        #expect(near(middle.tilt, 1.5, 1e-12) && near(middle.yawRate!, 2, 1e-12) && near(middle.stillness, 3, 1e-12))
        #expect(middle.headingChange == nil && middle.pressureChange == nil)
    }

    @Test func invalidRateIsRejected() {
        #expect(throws: ConfigurationError.self) { try Resampler(rate: 0) }
    }
}

@Suite struct SlidingWindowTests {
    @Test func windowsCoverTheirDurationAndHop() throws {
        var window = try SlidingWindow(duration: 1, hop: 0.5, maximumRate: 100)
        var ends: [Double] = []
        for i in 0..<(50 * 3) {
            let t = Double(i) / 50
            window.process(MotionSample(timestamp: t, acceleration: .zero)) { samples in
                let first = samples.first!.timestamp, last = samples.last!.timestamp
                #expect(last - first < 1 && last - first > 0.95)
                ends.append(last)
            }
        }
        #expect(ends.count == 4)
        for (a, b) in zip(ends, ends.dropFirst()) { #expect(near(b - a, 0.5, 1e-9)) }
    }

    /// A stream faster than the window was sized for keeps only the newest samples: bounded memory.
    @Test func memoryStaysBoundedOnAFastStream() throws {
        var window = try SlidingWindow(duration: 0.5, hop: 0.5, maximumRate: 20)
        var largest = 0
        for i in 0..<10_000 {
            window.process(MotionSample(timestamp: Double(i) / 1000, acceleration: .zero)) { largest = max(largest, $0.count) }
        }
        #expect(largest == 11)
    }
}
