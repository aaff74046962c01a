import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// The streaming matcher reports exactly what its calibration counts (``DTWTemplateMatcher/events(of:spottedBy:model:)``
/// of ``DTWTemplateMatcher/scoredCandidates(_:samples:)``), in time, across gaps.
@Suite struct DTWTemplateMatcherCalibrationTests {
    typealias Shapes = DTWTemplateMatcherTests

    /// A one-channel (accel.x) template of 1 s at 50 Hz: 1 + 0.5·sin(2πu), far from the resting value −3, so that
    /// no partial match stays alive at rest.
    static func model(threshold: Double = 0.35, refractoryTime: Double = 2, maximumDuration: Double = 2) throws -> DTWModel {
        let values = (0..<50).map { 1 + 0.5 * sin(2 * Double.pi * Double($0) / 49) }
        return DTWModel(channels: [MotionChannel(rawValue: "accel.x")!], samplingRate: 50, dtw: .full,
                        templates: [.init(label: "g", series: try DTWSeries(values))], rejectionK: nil, thresholds: ["g": threshold],
                        refractoryTime: refractoryTime, minimumDuration: 0.5, maximumDuration: maximumDuration)
    }

    /// Samples at `rate` Hz over `times`, resting at −3 g on x, with the template's shape times `gain` over each
    /// gesture interval (stretched to fit it).
    static func stream(_ times: [Double], gestures: [(start: Double, duration: Double, gain: Double)]) -> [MotionSample] {
        times.map { t in
            var x = -3.0
            for g in gestures where t >= g.start && t <= g.start + g.duration {
                x = g.gain * (1 + 0.5 * sin(2 * Double.pi * (t - g.start) / g.duration))
            }
            return MotionSample(timestamp: t, acceleration: Vector3(x, 0, 1))
        }
    }

    static func grid(from a: Double, to b: Double, rate: Double = 50) -> [Double] {
        (0..<Int(((b - a) * rate).rounded())).map { a + Double($0) / rate }
    }

    static func streamed(_ model: DTWModel, _ samples: [MotionSample]) throws -> [GestureEvent] {
        var matcher = try DTWTemplateMatcher(configuration: model)
        return matcher.run(over: samples)
    }

    static func calibrated(_ model: DTWModel, _ samples: [MotionSample]) throws -> [GestureEvent] {
        DTWTemplateMatcher.events(of: try DTWTemplateMatcher.scoredCandidates(model, samples: samples), model: model)
    }

    /// What both forms report, without the report time (the offline form dates a report at the match's end).
    static func key(_ events: [GestureEvent]) -> [String] {
        events.map { "\($0.label) \($0.start) \($0.end) \($0.score) \($0.details.sorted { $0.key < $1.key })" }
    }

    /// Issue 44, case 1: a weak match, then an exact one within the refractory time, with nothing alive between.
    /// The exact one wins, streamed as calibrated: with no live cell the next match can still start at the next sample.
    @Test func aBetterMatchInsideTheRefractoryTimeWinsWhenNothingIsAliveBetween() throws {
        let model = try Self.model()
        let samples = Self.stream(Self.grid(from: 0, to: 6), gestures: [(1.0, 0.8, 0.8), (2.3, 0.8, 1)])
        // The setup holds: between the two, no partial match is alive.
        var spring = try SPRINGSpotter(template: model.templates[0].series, threshold: 0.35 * 0.35 * 50, minimumLength: 45, maximumLength: 130)
        spring.reportsMatches = false
        for (i, s) in samples.enumerated() {
            _ = [s.acceleration.x].withUnsafeBufferPointer { spring.update($0) }
            if i == Int(2.1 * 50) { #expect(spring.earliestLiveStart == Int.max) }
        }
        let streamed = try Self.streamed(model, samples)
        #expect(streamed.count == 1)
        #expect(abs((streamed.first?.start ?? 0) - 2.3) < 0.05)
        #expect((streamed.first?.score ?? 1) < 0.05)
        #expect(Self.key(streamed) == Self.key(try Self.calibrated(model, samples)))
        #expect(try DTWTemplateMatcher.candidates(model, samples: samples).map(\.start) == streamed.map(\.start))
    }

    /// Issue 44, case 2: a long match waiting behind a pending one is dated by its own samples' times, never
    /// clamped: the matcher dates a candidate when it finds it, from times it keeps for exactly that span. A
    /// gesture longer than the longest match gives matches of the largest length, which reach that span.
    @Test func longMatchesAreDatedByTheirOwnSamples() throws {
        let model = try Self.model(threshold: 0.3, refractoryTime: 0.5, maximumDuration: 4)
        let samples = Self.stream(Self.grid(from: 0, to: 8), gestures: [(1.0, 3.9, 1)])
        let streamed = try Self.streamed(model, samples)
        #expect(streamed.count == 1)
        let e = try #require(streamed.first)
        #expect(abs(e.start - 1.0) < 0.1 && abs(e.end - 4.9) < 0.1, "\(e.start)…\(e.end)")
        #expect(Self.key(streamed) == Self.key(try Self.calibrated(model, samples)))
        // Too slow for the limits: the match is cut at the largest length, the oldest sample the matcher keeps.
        let cut = try Self.model(threshold: 0.6, refractoryTime: 0.5, maximumDuration: 2)
        let long = try Self.streamed(cut, samples)
        #expect(long.contains { abs(($0.end - $0.start) - 2) < 0.03 })
        #expect(Self.key(long) == Self.key(try Self.calibrated(cut, samples)))
    }

    /// Issue 44, case 3: after a 60 s gap, a gesture 61 s after the last one is a new event, though the refractory
    /// time is 2 s and only a few samples lie between them; and no match spans a gap.
    @Test func aGapEndsARunAndNoMatchSpansIt() throws {
        let model = try Self.model()
        let times = Self.grid(from: 0, to: 3) + Self.grid(from: 63, to: 66)
        let samples = Self.stream(times, gestures: [(1.0, 1, 1), (64, 1, 1)])
        let streamed = try Self.streamed(model, samples)
        #expect(streamed.map { ($0.start * 10).rounded() / 10 } == [1.0, 64.0])
        let calibrated = try Self.calibrated(model, samples)
        #expect(Self.key(streamed) == Self.key(calibrated), "\(Self.key(streamed)) vs \(Self.key(calibrated))")
        // A gesture cut by a gap: its halves are 10 s apart, and nothing is spotted.
        let cutTimes = Self.grid(from: 0, to: 1.5) + Self.grid(from: 11.5, to: 14)
        let cutSamples = Self.stream(cutTimes, gestures: [(1.0, 1, 1)]).map { s -> MotionSample in
            var s = s
            // The second half of the gesture, shifted after the gap.
            if s.timestamp > 11 && s.timestamp < 12 { s.acceleration.x = 1 + 0.5 * sin(2 * Double.pi * (s.timestamp - 11)) }
            return s
        }
        // (Strict enough that half a gesture is no match, while the whole one is.)
        let strict = try Self.model(threshold: 0.12)
        #expect(try Self.streamed(strict, samples).count == 2)
        #expect(try Self.streamed(strict, cutSamples).isEmpty)
        #expect(try Self.calibrated(strict, cutSamples).isEmpty)
    }

    /// The differential property: on random streams of two classes of gestures (weak, strong, slow and fast), with
    /// gaps, irregular clocks and a background template, at per-class thresholds, the streamed events are the
    /// calibration's detections, to the bit.
    @Test(arguments: 0..<16)
    func streamedEventsEqualTheCalibrationsDetections(seed: UInt64) throws {
        var random = SplitMix64(seed: 0xD7 + seed)
        var model = try Shapes.model()
        model.rejectionK = nil
        model.thresholds = ["one": random.uniform(0.2...0.7), "two": random.uniform(0.2...0.7)]
        model.refractoryTime = [0, 0.5, 2][random.index(3)]
        model.context = [0, 0.2][random.index(2)]
        if random.bernoulli(0.5) {
            // A background template that looks like a weak "one".
            let values = (0..<40).flatMap { t -> [Double] in
                let v = Shapes.shape("one", Double(t) / 39) * 0.6
                return [v.x, v.y, v.z]
            }
            model.background = [try DTWSeries(interleaved: values, dimensions: 3)]
        }
        let rate = [25.0, 50, 100][random.index(3)]
        var samples: [MotionSample] = []
        var t = 0.0
        for _ in 0..<14 {
            switch random.index(4) {
            case 0:
                // A gap longer than the resampler bridges.
                t += random.uniform(0.6...5)
            default:
                let label = random.bernoulli(0.5) ? "one" : "two"
                let duration = random.uniform(0.6...1.6), gain = random.uniform(0.5...1.2), rest = random.uniform(0...1.5)
                let end = t + duration + rest
                while t < end {
                    let u = (t - (end - rest - duration)) / duration
                    var v = u >= 0 && u <= 1 ? Shapes.shape(label, u) * gain : Vector3.zero
                    v = v + Vector3(0.05 * random.gaussian(), 0.05 * random.gaussian(), 0.05 * random.gaussian())
                    samples.append(MotionSample(timestamp: t, acceleration: v + Vector3(0, 0, -1), gravity: Vector3(0, 0, -1), userAcceleration: v))
                    // An irregular clock: intervals jitter by ±40 %.
                    t += (1 + random.uniform(-0.4...0.4)) / rate
                }
            }
        }
        let streamed = try Self.streamed(model, samples)
        let calibrated = try Self.calibrated(model, samples)
        #expect(Self.key(streamed) == Self.key(calibrated), "seed \(seed)")
        #expect(!calibrated.isEmpty || model.thresholds.values.allSatisfy { $0 < 0.3 })
    }

    /// Issue 53: matches of rising quality, each within the refractory time of the next. A chain that fits the event
    /// stage is decided exactly: nothing dropped, the calibration's events. One longer than the stage holds has no
    /// bounded exact form: the matcher counts the candidates its stage dropped undecided (`forcedDecisions`, kept by
    /// `finish`, cleared by `reset`), and the chain's best match is still its last event, as calibrated.
    @Test func aChainOfBetterMatchesLongerThanTheStageHoldsIsCounted() throws {
        let model = try Self.model(threshold: 0.6, refractoryTime: 1)
        // Gestures of 0.8 s every 1.24 s (62 samples: the same phase on the grid), their gain rising to the template's.
        func chain(_ count: Int) -> [MotionSample] {
            let gestures = (0..<count).map { k -> (start: Double, duration: Double, gain: Double) in
                let start: Double = 1.01 + 1.24 * Double(k), gain: Double = 0.7 + 0.3 * Double(k + 1) / Double(count)
                return (start, 0.8, gain)
            }
            return Self.stream(Self.grid(from: 0, to: 3 + 1.24 * Double(count)), gestures: gestures)
        }
        var matcher = try DTWTemplateMatcher(configuration: model)
        let short = chain(100)
        let fits = matcher.run(over: short)
        #expect(matcher.forcedDecisions == 0)
        #expect(Self.key(fits) == Self.key(try Self.calibrated(model, short)))
        #expect(fits.count >= 50)

        let long = chain(400)
        let streamed = matcher.run(over: long)
        let calibrated = try Self.calibrated(model, long)
        #expect(matcher.forcedDecisions > 0)
        #expect(Self.key(streamed) != Self.key(calibrated))
        #expect(Self.key(Array(streamed.suffix(20))) == Self.key(Array(calibrated.suffix(20))))
        #expect(abs((streamed.last?.start ?? 0) - (1.01 + 1.24 * 399)) < 0.1)
        // A pipeline sums what its spotters report; reset clears it.
        var pipeline = Pipeline(recognizers: [matcher])
        #expect(pipeline.forcedDecisions == matcher.forcedDecisions)
        pipeline.reset()
        matcher.reset()
        #expect(pipeline.forcedDecisions == 0 && matcher.forcedDecisions == 0)
    }
}
