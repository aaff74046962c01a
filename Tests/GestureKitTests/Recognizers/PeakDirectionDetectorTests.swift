import Foundation
import GestureKit
import GestureTestSupport
import Testing

@Suite struct PeakDirectionDetectorTests {
    typealias Configuration = PeakDirectionDetector.Configuration

    /// Samples with total acceleration only, for the presets that high-pass it themselves.
    static func accelerometerOnly(_ samples: [MotionSample]) -> [MotionSample] {
        samples.map { MotionSample(timestamp: $0.timestamp, acceleration: $0.acceleration) }
    }

    /// The directions reported for `script` at `rate` Hz.
    static func directions(_ configuration: Configuration, _ script: MotionScript, rate: Double, raw: Bool = false) throws -> [Direction?] {
        var detector = try PeakDirectionDetector(configuration: configuration)
        let samples = script.samples(rate: rate)
        return detector.process(raw ? accelerometerOnly(samples) : samples).map(\.direction)
    }

    @Test(arguments: [Direction.left, .right])
    func slapWithStrongBrakingHasTheRightDirectionWithTheRemedy(direction: Direction) throws {
        // Braking 1.4 times the push: "the largest reading is the start" reads the slap backwards.
        let slap = GestureMotions.slap(direction, peak: 1.5, brakingRatio: 1.4)
        let opposite: Direction = direction == .left ? .right : .left
        for rate in testRates {
            #expect(try Self.directions(Configuration(), slap, rate: rate) == [direction])
            #expect(try Self.directions(.slap, slap, rate: rate, raw: true) == [direction])
            // The documented failure, with the remedy off.
            #expect(try Self.directions(Configuration(peak: .largest), slap, rate: rate) == [opposite])
            var slapWithoutRemedy = Configuration.slap
            slapWithoutRemedy.peak = .largest
            #expect(try Self.directions(slapWithoutRemedy, slap, rate: rate, raw: true) == [opposite])
        }
    }

    @Test func brakingBelowThresholdFoolsTheLastLobeRule() throws {
        // The override of "Programming iOS 6" takes the last strong lobe as the stop; when braking stays under the
        // slap's 1.0 g, the last lobe is the push and the slap is read backwards.
        let gentle = GestureMotions.slap(.right, peak: 1.5, brakingRatio: 0.5)
        var last = Configuration.slap
        last.peak = .last
        #expect(try Self.directions(last, gentle, rate: 50, raw: true) == [.left])
        #expect(try Self.directions(.slap, gentle, rate: 50, raw: true) == [.right])
    }

    @Test func gentleBrakingIsRightEitherWay() throws {
        let slap = GestureMotions.slap(.right, peak: 1.5, brakingRatio: 0.7)
        for choice in PeakDirectionDetector.PeakChoice.allCases where choice != .last {
            #expect(try Self.directions(Configuration(peak: choice), slap, rate: 50) == [.right])
        }
    }

    /// Direction accuracy over slaps with braking 0.5 to 1.5 times the push, both directions,
    /// three push strengths and three rates, for the default detector (user acceleration, 0.3 g)
    /// and the slap preset (its own high-pass, 1.0 g on x): the remedy is always right; "largest"
    /// is wrong when braking is the larger peak (earlier behind a high-pass); "last" (the
    /// override of "Programming iOS 6") is wrong when the braking stays below the slap's 1.0 g.
    @Test(arguments: [("peak-direction", Configuration()), ("slap", Configuration.slap)])
    func remedyAccuracyOverBrakingRatios(name: String, base: Configuration) throws {
        let ratios = stride(from: 0.5, through: 1.5001, by: 0.1).map { $0 }
        var correct: [PeakDirectionDetector.PeakChoice: Int] = [:]
        var total = 0
        var largestWrongWhenBrakingWeaker = 0
        for ratio in ratios {
            for direction in [Direction.left, .right] {
                for peak in [1.5, 2.0, 2.5] {
                    for rate in testRates {
                        let slap = GestureMotions.slap(direction, peak: peak, brakingRatio: ratio)
                        total += 1
                        for choice in PeakDirectionDetector.PeakChoice.allCases {
                            var configuration = base
                            configuration.peak = choice
                            let got = try Self.directions(configuration, slap, rate: rate, raw: base == .slap)
                            if got == [direction] { correct[choice, default: 0] += 1 }
                            if choice == .largest, ratio < 0.95, got != [direction] { largestWrongWhenBrakingWeaker += 1 }
                        }
                    }
                }
            }
        }
        let line = PeakDirectionDetector.PeakChoice.allCases
            .map { "\($0.rawValue) \(correct[$0, default: 0])/\(total)" }.joined(separator: ", ")
        print("\(name) direction accuracy over braking ratios 0.5–1.5: \(line)")
        #expect(correct[.first] == total)
        // Ratios above 1 (5 of the 11) are read backwards by "largest".
        #expect(correct[.largest, default: 0] <= total * 6 / 11 + 1)
        if base == .slap {
            // The high-pass adds the push it has absorbed to the braking, so it fails earlier.
            #expect(correct[.largest, default: 0] < total / 2)
            #expect(correct[.last, default: 0] < total)
        } else {
            #expect(correct[.last] == total)
            #expect(largestWrongWhenBrakingWeaker == 0)
            #expect(correct[.largest, default: 0] >= total * 5 / 11)
        }
    }

    @Test func aStartBelowThresholdIsFoundOneLobeBack() throws {
        // A gentle push (0.25 g, under the 0.3 g threshold) braked at 0.6 g: the first lobe to cross
        // is the braking; looking one lobe back finds the start.
        for direction in Direction.allCases {
            let stroke = GestureMotions.stroke(direction, peak: 0.25, brakingRatio: 2.4)
            for rate in testRates {
                let got = try recognize({ try PeakDirectionDetector() }, stroke, rate: rate)
                #expect(got.map(\.direction) == [direction], "\(direction) \(rate) Hz: \(got)")
                let opposite = try #require(Direction.allCases.first { $0.axis == direction.axis && $0 != direction })
                #expect(try Self.directions(Configuration(minimumStartPeak: 0), stroke, rate: rate) == [opposite])
            }
        }
    }

    /// The look-back must not reach an old lobe: the braking of a movement three seconds earlier
    /// (quiet since) is opposite to the start of a new movement in the same direction, and was once
    /// taken as the new movement's start, reporting it backwards.
    @Test func anOldBrakingLobeIsNotTakenAsTheStartOfANewMovement() throws {
        for direction in Direction.allCases {
            let stroke = GestureMotions.stroke(direction, peak: 0.8, brakingRatio: 1.0)
            for rate in testRates {
                let got = try recognize({ try PeakDirectionDetector() }, stroke.then(stroke), rate: rate)
                #expect(got.map(\.direction) == [direction, direction], "\(direction) \(rate) Hz: \(got)")
            }
        }
        for direction in [Direction.left, .right] {
            let slap = GestureMotions.slap(direction, peak: 1.5, brakingRatio: 0.9)
            for rate in testRates {
                #expect(try Self.directions(.slap, slap.then(slap), rate: rate, raw: true) == [direction, direction],
                        "slap preset \(direction) \(rate) Hz")
            }
        }
    }

    /// Nor when noise just above the lobe floor (a quarter of `minimumStartPeak`), along the old
    /// braking, keeps that lobe going until just before the new movement: its peak ages out.
    @Test func noiseAlongAnOldLobeDoesNotCarryItsPeakForward() throws {
        for direction in Direction.allCases {
            var unit = Vector3.zero
            unit[direction.axis] = direction.isPositive ? 1 : -1
            let along = unit
            // Readings along +unit are the braking of a movement toward `direction`.
            let blips = GestureMotions.moving(duration: 2) { t in
                along * [0.3, 0.8, 1.3, 1.78].reduce(0) { $0 + 0.08 * GestureMotions.halfSine(t, start: $1, length: 0.12) }
            }
            let script = GestureMotions.stroke(direction, peak: 0.8, brakingRatio: 1.0, tail: 0.5)
                .then(blips)
                .then(GestureMotions.stroke(direction, peak: 0.8, brakingRatio: 1.0, lead: 0.1))
            for rate in testRates {
                let got = try recognize({ try PeakDirectionDetector() }, script, rate: rate)
                #expect(got.map(\.direction) == [direction, direction], "\(direction) \(rate) Hz: \(got)")
            }
        }
    }

    @Test(arguments: Direction.allCases)
    func strokesAlongEachAxisAreNamed(direction: Direction) throws {
        for rate in testRates {
            let events = try recognize({ try PeakDirectionDetector() },
                                       GestureMotions.stroke(direction, peak: 0.8, brakingRatio: 1.2), rate: rate)
            #expect(events.map(\.direction) == [direction], "\(rate) Hz")
            #expect(events.first.map { abs($0.score - 0.8) < 0.06 } == true)
        }
    }

    @Test func nothingStartsDuringTheWarmUp() throws {
        let early = GestureMotions.slap(.right, lead: 0.5)
        #expect(try Self.directions(Configuration(), early, rate: 50).isEmpty)
        #expect(try Self.directions(Configuration(warmUp: 0), early, rate: 50) == [.right])
    }

    /// The clunk: a reading below −2.5 g on x, the jolt of a device moving left that is stopped.
    @Test func clunkPresetFiresOnlyBelowMinus2_5gOnX() throws {
        func clunk(_ x: Double) -> MotionScript {
            GestureMotions.moving(duration: 2) { t in Vector3(x * GestureMotions.halfSine(t, start: 1, length: 0.1), 0, 0) }
        }
        for rate in testRates {
            let events = try recognize({ try PeakDirectionDetector(configuration: .clunk) }, clunk(-3.2), rate: rate)
            #expect(events.map(\.label) == ["clunk"])
            #expect(events.first?.direction == .left)
            #expect(try recognize({ try PeakDirectionDetector(configuration: .clunk) }, clunk(3.2), rate: rate).isEmpty)
            #expect(try recognize({ try PeakDirectionDetector(configuration: .clunk) }, clunk(-2.0), rate: rate).isEmpty)
        }
    }

    @Test func slapPresetReportsHalfASecondAfterTheLastStrongReading() throws {
        let slap = GestureMotions.slap(.left, peak: 1.5, brakingRatio: 1.2)
        var detector = try PeakDirectionDetector(configuration: .slap)
        let events = detector.process(Self.accelerometerOnly(slap.samples(rate: 100)))
        let event = try #require(events.first)
        #expect(events.count == 1 && event.label == "slap")
        #expect(event.time - event.end >= 0.5 && event.time - event.end < 0.52)
    }

    @Test func sameEventsAt25_50_100Hz() throws {
        let script = GestureMotions.slap(.left, brakingRatio: 1.3, tail: 0.8)
            .then(GestureMotions.slap(.right, peak: 1.5, brakingRatio: 0.8, lead: 0.5, tail: 0.8))
            .then(GestureMotions.vigorousShake(axis: .y, lead: 0.5))
        for configuration in [Configuration(), .slap] {
            let reference = try recognize({ try PeakDirectionDetector(configuration: configuration) }, script, rate: 100)
            // The slap preset looks at x only and ignores the shake along y.
            // The shake's first reading is +y: the device first moved down.
            #expect(reference.map(\.direction) == (configuration == .slap ? [.left, .right] : [.left, .right, .down]))
            for rate in [25.0, 50] {
                let other = try recognize({ try PeakDirectionDetector(configuration: configuration) }, script, rate: rate)
                // One sample period, plus the error of placing a crossing of a 0.1-s pulse by linear interpolation.
                #expect(sameEvents(reference, other, tolerance: 1 / rate + 0.02), "\(configuration.label) \(rate) Hz: \(other)")
            }
        }
    }

    @Test func oddSamplesAreIgnored() throws {
        let samples = GestureMotions.slap(.right).then(GestureMotions.slap(.left)).samples(rate: 50)
        var clean = try PeakDirectionDetector()
        var dirty = try PeakDirectionDetector()
        let expected = clean.process(samples)
        #expect(expected.map(\.direction) == [.right, .left])
        #expect(dirty.process(corrupted(samples)) == expected)
    }

    @Test func aGapEndsTheMovementAtTheFirstSampleAfterIt() throws {
        // The stream stops 20 ms into a slap's push and resumes 2 s later at rest.
        let samples = GestureMotions.slap(.right).samples(rate: 50)
        let cut = samples.filter { $0.timestamp <= 1.52 }
        let resumed = MotionScript.still(duration: 1).samples(rate: 50).map {
            var s = $0
            s.timestamp += 3.52
            return s
        }
        var detector = try PeakDirectionDetector()
        let events = detector.process(cut + resumed)
        #expect(events.map(\.direction) == [.right])
        #expect(events.first?.time == 3.52)
    }

    @Test func configurationDecodesWithDefaultsAndRejectsNonsense() throws {
        let json = JSONConfiguration(data: Data(#"{"threshold": 1.0, "axes": ["x"], "peak": "largest"}"#.utf8))
        #expect(try json.decode(Configuration.self) == Configuration(axes: [.x], threshold: 1.0, peak: .largest))
        #expect(throws: ConfigurationError.self) { try PeakDirectionDetector(configuration: .init(quietTime: 0)) }
        #expect(throws: ConfigurationError.self) { try PeakDirectionDetector(configuration: .init(similarPeakRatio: 0.5)) }
        #expect(throws: ConfigurationError.self) {
            try PeakDirectionDetector(configuration: .init(axes: [.x], directions: [.up]))
        }
        #expect(try RecognizerRegistry.standard.makeRecognizer("peak-direction") is PeakDirectionDetector)
    }

    @Test func resetGivesTheEventsOfAFreshDetector() throws {
        // Two strokes: the warm-up, a movement and its lobes, then another from rest.
        let strokes = GestureMotions.stroke(.right).then(GestureMotions.stroke(.up, brakingRatio: 0.8)).samples(rate: 50)
        let (fresh, afterReset) = try eventsAfterReset({ try PeakDirectionDetector() }, strokes)
        #expect(fresh.map(\.direction) == [.right, .up])
        for events in afterReset { #expect(events == fresh) }
        // Slaps read from total acceleration, so the high-pass filter's state is part of what reset must forget.
        let slaps = Self.accelerometerOnly(GestureMotions.slap(.left).then(GestureMotions.slap(.right)).samples(rate: 50))
        let (freshSlaps, slapsAfterReset) = try eventsAfterReset({ try PeakDirectionDetector(configuration: .slap) }, slaps)
        #expect(freshSlaps.map(\.direction) == [.left, .right])
        for events in slapsAfterReset { #expect(events == freshSlaps) }
    }
}
