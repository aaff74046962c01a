import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// A clock that only moves when the source sleeps or the test advances it.
final class VirtualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = 100.0
    private(set) var sleeps: [Double] = []

    var clock: PacingClock {
        PacingClock(now: { self.now }, sleep: { self.sleep($0) })
    }

    var now: Double { lock.withLock { time } }

    func advance(_ seconds: Double) { lock.withLock { time += seconds } }

    private func sleep(_ seconds: Double) {
        lock.withLock {
            sleeps.append(seconds)
            time += seconds
        }
    }
}

@Suite struct MotionSourceTests {
    static func tilt() -> MotionScript {
        MotionScript.still(.identity, duration: 1)
            .then(.still(Quaternion(EulerAngles(pitch: .pi / 2, roll: 0, yaw: 0)), duration: 1))
    }

    @Test func replayYieldsEverySampleInOrderAndRewinds() {
        let samples = Self.tilt().samples(rate: 50)
        var source = ReplayMotionSource(samples)
        #expect(source.collect() == samples)
        #expect(source.next() == nil)
        source.rewind()
        #expect(source.next() == samples.first)
    }

    @Test func runFeedsARecognizerLikeDirectCalls() throws {
        let samples = Self.tilt().samples(rate: 50)
        var direct = try OrientationTracker()
        let expected = direct.process(samples)
        var viaSource = try OrientationTracker()
        var source = ReplayMotionSource(samples)
        var events: [GestureEvent] = []
        source.run(&viaSource) { events.append($0) }
        #expect(events == expected)
        #expect(events.contains { $0.label == "portrait" && $0.phase == .began })
    }

    @Test func runFeedsAPipelineThroughItsValidator() throws {
        var samples = Self.tilt().samples(rate: 50)
        samples.insert(samples[10], at: 11)  // a duplicate timestamp
        var pipeline = Pipeline(recognizers: [try OrientationTracker()])
        var source = ReplayMotionSource(samples)
        var count = 0
        source.run(&pipeline) { _ in count += 1 }
        #expect(count > 0)
        #expect(pipeline.validator.diagnostics.duplicates == 1)
    }

    @Test func generatedSourceSamplesAtItsRate() {
        var source = GeneratedMotionSource(rate: 25, duration: 2, start: 10) { t in
            MotionSample(timestamp: t, acceleration: Vector3(0, 0, -1))
        }
        let samples = source.collect()
        #expect(samples.count == 50)
        #expect(samples.first?.timestamp == 10)
        #expect(abs(samples.last!.timestamp - (10 + 49.0 / 25)) < 1e-12)
        var endsEarly = GeneratedMotionSource(rate: 10) { t in t < 1 ? MotionSample(timestamp: t, acceleration: .zero) : nil }
        #expect(endsEarly.collect().count == 10)
    }

    @Test(arguments: [1.0, 2.0, 0.5]) func pacedReplayWaitsForTheRecordedTimes(speed: Double) {
        let samples = Self.tilt().samples(rate: 50)
        let virtual = VirtualClock()
        let start = virtual.now
        var source = ReplayMotionSource(samples).paced(speed: speed, clock: virtual.clock)
        var released: [(sample: Double, wall: Double)] = []
        while let s = source.next() { released.append((s.timestamp, virtual.now - start)) }
        #expect(released.count == samples.count)
        for r in released {
            #expect(abs(r.wall - (r.sample - samples[0].timestamp) / speed) < 1e-9)
        }
    }

    @Test func pacedReplayCatchesUpAfterASlowConsumer() {
        let samples = (0..<10).map { MotionSample(timestamp: Double($0) * 0.1, acceleration: .zero) }
        let virtual = VirtualClock()
        var source = ReplayMotionSource(samples).paced(clock: virtual.clock)
        _ = source.next()
        virtual.advance(0.55)  // the consumer stalls for 0.55 s
        for _ in 0..<5 { _ = source.next() }  // samples due at 0.1…0.5 s: no wait
        #expect(virtual.sleeps.isEmpty)
        _ = source.next()  // due at 0.6 s
        #expect(virtual.sleeps.count == 1 && abs(virtual.sleeps[0] - 0.05) < 1e-9)
    }

    @Test func pacedReplayWaitsNoLongerThanTheGapPolicyAcrossAGap() {
        // 10 s of recorded silence, then samples 0.1 s apart again (or a clock read in the wrong unit).
        let times = [0, 0.1, 10.1, 10.2, 1e7]
        let samples = times.map { MotionSample(timestamp: $0, acceleration: .zero) }
        let virtual = VirtualClock()
        var source = ReplayMotionSource(samples).paced(clock: virtual.clock)
        #expect(source.collect().count == times.count)
        let gap = SampleValidator.defaultMaximumGap
        #expect(virtual.sleeps.max()! <= gap)
        // 0.1 s, the gap capped, 0.1 s kept in pace after it, the second gap capped.
        #expect(virtual.sleeps.count == 4)
        #expect(zip(virtual.sleeps, [0.1, gap, 0.1, gap]).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    struct Broken: Error, Equatable {}

    @Test func closureSourcePropagatesItsTypedError() {
        var calls = 0
        var source = ClosureMotionSource { () throws(Broken) -> MotionSample? in
            calls += 1
            if calls > 3 { throw Broken() }
            return MotionSample(timestamp: Double(calls), acceleration: .zero)
        }
        #expect(throws: Broken.self) { _ = try source.collect() }
        #expect(calls == 4)
    }
}
