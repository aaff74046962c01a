import Foundation
import GestureData
import GestureKit
import Testing

/// Two live sources (issue 58): the second's latest reading joins the first's samples as a unit while it is current by
/// the receiving clock; the first keeps its own clock (issue 72), the reading put on it.
@Suite struct LiveMergeTests {
    static func sample(_ t: Double, x: Double) -> MotionSample {
        MotionSample(timestamp: t, acceleration: Vector3(x, 0, -1))
    }

    @Test func theLatestCurrentReadingJoinsAsTheUnitOnTheFirstSourcesClock() throws {
        var merge = LiveMerge(placement: "wrist", maximumAge: 0.25)
        // Before the second source said anything: no unit.
        #expect(merge.merged(Self.sample(1_000, x: 0.1), at: 0.05).units == nil)
        merge.received(Self.sample(77.5, x: 0.4), at: 0.10)
        merge.received(Self.sample(77.52, x: 0.5), at: 0.12)
        let joined = merge.merged(Self.sample(1_000.1, x: 0.2), at: 0.20)
        // The first source's own time; the reading arrived 0.08 s before the sample, so it is 0.08 s older on that clock.
        #expect(joined.timestamp == 1_000.1 && joined.acceleration.x == 0.2)
        let wrist = try #require(joined.units?["wrist"])
        #expect(wrist.acceleration.x == 0.5 && abs(wrist.timestamp - (1_000.1 - 0.08)) < 1e-9)
        #expect(MotionChannel(rawValue: "accel.x@wrist")?.value(in: joined) == 0.5)
        // 0.25 s after the last reading it is still current; later it is the unit's gap.
        #expect(merge.merged(Self.sample(1_000.2, x: 0), at: 0.37).units?["wrist"] != nil)
        #expect(merge.merged(Self.sample(1_000.3, x: 0), at: 0.38).units == nil)
    }

    /// Issue 72: a source that delivers in batches (ten samples 10 ms apart in one packet) kept its spacing only on
    /// its own clock; timed by arrival, the ten collapsed onto one instant.
    @Test func aBatchOfTheFirstSourceKeepsItsSpacing() {
        var merge = LiveMerge(placement: "wrist")
        merge.received(Self.sample(5, x: 0.5), at: 0.30)
        let batch = (0..<10).map { merge.merged(Self.sample(2 + 0.01 * Double($0), x: 0), at: 0.31) }
        #expect(batch.map(\.timestamp) == (0..<10).map { 2 + 0.01 * Double($0) })
        #expect(batch.allSatisfy { $0.units?["wrist"]?.acceleration.x == 0.5 })
    }

    @Test func aUnitTheFirstSourceCarriesIsKept() {
        var merge = LiveMerge(placement: "wrist")
        var own = Self.sample(0, x: 0)
        own.units = ["wrist": Self.sample(0, x: 0.9), "ankle": Self.sample(0, x: 0.3)]
        merge.received(Self.sample(5, x: 0.5), at: 0.1)
        let joined = merge.merged(own, at: 0.15)
        #expect(joined.units?["wrist"]?.acceleration.x == 0.9 && joined.units?["ankle"]?.acceleration.x == 0.3)
    }
}

/// ``MergedMotionSource``: the second source read on its own thread while the first is pulled.
@Suite struct MergedMotionSourceTests {
    /// `count` samples with `x` = their index, one every `step` seconds of real time.
    struct Paced: MotionSource {
        var count: Int
        var step: Double
        var x: Double
        var index = 0
        mutating func next() -> MotionSample? {
            guard index < count else { return nil }
            Thread.sleep(forTimeInterval: step)
            defer { index += 1 }
            return MotionSample(timestamp: 1_000 + Double(index), acceleration: Vector3(x, 0, -1))
        }
    }

    @Test func theSecondSourcesReadingsJoinTheFirstsSamples() throws {
        let source = MergedMotionSource(primary: Paced(count: 40, step: 0.01, x: 0.1), other: Paced(count: 100, step: 0.005, x: 0.7),
                                        placement: "wrist")
        var samples: [MotionSample] = []
        while let sample = try source.next() { samples.append(sample) }
        #expect(samples.count == 40)
        // On the first source's own clock: 1,000 s and up, a second apart, as it timed them.
        #expect(samples.map(\.timestamp) == (0..<40).map { 1_000 + Double($0) })
        // The second source delivers faster than the first: once it has, nearly every sample carries it.
        let joined = samples.filter { $0.units?["wrist"]?.acceleration.x == 0.7 }
        #expect(joined.count >= 30, "\(joined.count) of 40 carry the wrist")
        #expect(samples.allSatisfy { $0.acceleration.x == 0.1 })
    }
}
