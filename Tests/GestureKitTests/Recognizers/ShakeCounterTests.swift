import Foundation
import GestureKit
import GestureTestSupport
import Testing

@Suite struct ShakeCounterTests {
    /// The motion without the user-acceleration channel, so the recognizer's own high-pass is used.
    static func accelerometerOnly(_ samples: [MotionSample]) -> [MotionSample] {
        samples.map { MotionSample(timestamp: $0.timestamp, acceleration: $0.acceleration) }
    }

    @Test(arguments: testRates)
    func vigorousShakeIsExactlyOneShake(rate: Double) throws {
        let samples = GestureMotions.vigorousShake().samples(rate: rate)
        for input in [samples, Self.accelerometerOnly(samples)] {
            var counter = try ShakeCounter()
            let events = counter.process(input)
            #expect(events.map(\.phase) == [.began, .ended])
            let ended = try #require(events.last)
            // Five alternating half-cycles of 2 g, starting at 1.5 s and lasting 0.625 s.
            #expect(ended.details["movements"] == 5)
            #expect(ended.details["reversals"] == 4)
            #expect(abs(ended.score - 2.0) < 0.15)
            #expect(abs(ended.start - 1.5) < 1 / rate + 0.05)
            // Reported after the 0.25 s pause that follows the last strong reading.
            #expect(ended.time >= ended.end + 0.25 && ended.time <= ended.end + 0.25 + 1 / rate + 1e-9)
        }
    }

    /// A shake whose last strong reading comes 0.02 s before the stream ends: its closing pause never
    /// elapses, so only `finish` can report it, at the last sample.
    @Test(arguments: testRates)
    func shakeAtTheVeryEndIsReportedWhenTheStreamEnds(rate: Double) throws {
        let samples = GestureMotions.vigorousShake().samples(rate: rate)
        var counter = try ShakeCounter()
        let lastStrong = try #require(counter.run(over: samples).last).end
        let cut = samples.filter { $0.timestamp <= lastStrong + 0.02 }
        var streaming = try ShakeCounter()
        #expect(streaming.process(cut).map(\.phase) == [.began], "the pause outlasts the stream")
        var events: [GestureEvent] = []
        streaming.finish(into: &events)
        #expect(events.map(\.phase) == [.ended])
        #expect(events.first?.time == cut.last?.timestamp)
        #expect(events.first?.details["movements"] == 5)
        // finish started a new stream: the same samples again give the same shake.
        #expect(streaming.run(over: cut).map(\.phase) == [.began, .ended])
    }

    @Test(arguments: [
        ("pick-up", GestureMotions.pickUp()),
        ("set-down", GestureMotions.setDown()),
        ("walking", GestureMotions.walkingBounce()),
        ("single bump", GestureMotions.singleBump()),
    ])
    func everydayMotionIsNoShake(name: String, script: MotionScript) throws {
        for rate in testRates {
            let samples = script.samples(rate: rate)
            for input in [samples, Self.accelerometerOnly(samples)] {
                var counter = try ShakeCounter()
                let events = counter.process(input)
                #expect(!events.contains { $0.phase == .ended }, "\(name) at \(rate) Hz: \(events)")
                // Every burst that began was closed.
                #expect(events.filter { $0.phase == .began }.count == events.filter { $0.phase == .cancelled }.count)
            }
        }
    }

    @Test func walkingBounceStartsBurstsButTheyAreCancelled() throws {
        // The bounce exceeds 0.75 g, so this exercises the cancel path rather than passing by silence.
        var counter = try ShakeCounter()
        let events = counter.process(GestureMotions.walkingBounce().samples(rate: 50))
        #expect(events.contains { $0.phase == .cancelled })
        #expect(events.allSatisfy { $0.phase != .ended })
    }

    @Test func singleBumpIsCancelledWithTwoMovements() throws {
        var counter = try ShakeCounter()
        let events = counter.process(GestureMotions.singleBump().samples(rate: 100))
        #expect(events.map(\.phase) == [.began, .cancelled])
        #expect(events.last?.details["movements"] == 2)
    }

    @Test func shakeTooWeakOrTooLongIsCancelled() throws {
        var counter = try ShakeCounter()
        let weak = counter.process(GestureMotions.vigorousShake(amplitude: 1.1).samples(rate: 50))
        #expect(weak.map(\.phase) == [.began, .cancelled])
        counter.reset()
        // 12 half-cycles at 4 Hz last 1.5 s, longer than the 1 s maximum: cancelled once, and the
        // rest of the burst does not start another.
        let long = counter.process(GestureMotions.vigorousShake(halfCycles: 12).samples(rate: 50))
        #expect(long.map(\.phase) == [.began, .cancelled])
        #expect(try #require(long.last).time < 1.5 + 1.05)
    }

    @Test func aShakeThatStopsJustBeforeTheLimitCounts() throws {
        // 7 half-cycles at 4 Hz: strong readings until about 0.84 s after the start, then the
        // 0.25 s pause runs past the 1 s limit; the shake still qualifies.
        for rate in testRates {
            let events = try recognize({ try ShakeCounter() }, GestureMotions.vigorousShake(halfCycles: 7), rate: rate)
            #expect(events.map(\.phase) == [.began, .ended], "\(rate) Hz")
        }
    }

    @Test func twoShakesApartAreTwoShakes() throws {
        let twice = GestureMotions.vigorousShake(tail: 1).then(GestureMotions.vigorousShake())
        var counter = try ShakeCounter()
        let events = counter.process(twice.samples(rate: 50))
        #expect(events.filter { $0.phase == .ended }.count == 2)
    }

    @Test func axesAreConfigurable() throws {
        let alongZ = GestureMotions.vigorousShake(axis: .z).samples(rate: 50)
        var xy = try ShakeCounter()
        #expect(xy.process(alongZ).isEmpty)
        var xyz = try ShakeCounter(configuration: .init(axes: [.x, .y, .z]))
        #expect(xyz.process(alongZ).map(\.phase) == [.began, .ended])
    }

    @Test func sameEventsAt25_50_100Hz() throws {
        let script = GestureMotions.vigorousShake(tail: 1)
            .then(GestureMotions.singleBump())
            .then(GestureMotions.walkingBounce(duration: 3))
            .then(GestureMotions.vigorousShake(axis: .y))
        let reference = try recognize({ try ShakeCounter() }, script, rate: 100)
        #expect(reference.filter { $0.phase == .ended }.count == 2)
        for rate in [25.0, 50] {
            let other = try recognize({ try ShakeCounter() }, script, rate: rate)
            #expect(sameEvents(reference, other, tolerance: 1 / rate + 1e-9), "\(rate) Hz: \(other)")
        }
    }

    @Test func oddSamplesAreIgnored() throws {
        let samples = GestureMotions.vigorousShake().samples(rate: 50)
        var clean = try ShakeCounter()
        var dirty = try ShakeCounter()
        #expect(dirty.process(corrupted(samples)) == clean.process(samples))
    }

    @Test func gapLongerThanThePauseEndsTheBurst() throws {
        // Cut the shake after its third half-cycle and resume 1 s later: two bursts, not one.
        let samples = GestureMotions.vigorousShake(halfCycles: 6).samples(rate: 50)
        let cut = 1.5 + 3 / 8.0
        let gapped = samples.filter { $0.timestamp < cut } + samples.filter { $0.timestamp >= cut }.map {
            var s = $0
            s.timestamp += 1
            return s
        }
        var counter = try ShakeCounter(configuration: .init(cooldown: 0))
        let events = counter.process(gapped)
        #expect(events.map(\.phase) == [.began, .ended, .began, .ended])
        #expect(events[1].details["movements"] == 3)
    }

    @Test func configurationDecodesWithDefaultsAndRejectsNonsense() throws {
        let json = JSONConfiguration(data: Data(#"{"pause": 0.3, "axes": ["x"]}"#.utf8))
        let decoded = try json.decode(ShakeCounter.Configuration.self)
        #expect(decoded == ShakeCounter.Configuration(axes: [.x], pause: 0.3))
        #expect(throws: ConfigurationError.self) { try ShakeCounter(configuration: .init(pause: -1)) }
        #expect(throws: ConfigurationError.self) { try ShakeCounter(configuration: .init(axes: [])) }
        let made = try RecognizerRegistry.standard.makeRecognizer("shake")
        #expect(made is ShakeCounter)
    }

    @Test func resetGivesTheEventsOfAFreshCounter() throws {
        // A shake that qualifies, then one too weak: ended, cancelled, and the cooldown between.
        let samples = GestureMotions.vigorousShake().then(GestureMotions.vigorousShake(amplitude: 1.1)).samples(rate: 50)
        let (fresh, afterReset) = try eventsAfterReset({ try ShakeCounter() }, samples)
        #expect(fresh.map(\.phase) == [.began, .ended, .began, .cancelled])
        for events in afterReset { #expect(events == fresh) }
    }
}
