import Foundation
import GestureKit
import GestureTestSupport
import Testing

@Suite struct MiniRocketSpotterTests {
    /// A 50 Hz stream of two channels (|a| and the x acceleration): rest with noise, and a 1 Hz swing of 1 s every 6 s.
    static func stream(seconds: Double, rate: Double = 50, seed: UInt64 = 3) -> [MotionSample] {
        var random = SplitMix64(seed: seed)
        return (0..<Int(seconds * rate)).map { i in
            let t = Double(i) / rate
            let phase = t.truncatingRemainder(dividingBy: 6)
            let swing = phase > 2 && phase < 3 ? sin(2 * Double.pi * (phase - 2)) : 0
            return MotionSample(timestamp: t, acceleration: Vector3(swing + 0.05 * random.gaussian(), 0.05 * random.gaussian(), 1))
        }
    }

    /// A model for 1 s windows with 0.25 s of context, hop 0.1 s: the transform fitted on windows of the stream, the
    /// weights seeded random numbers (`weightsSeed`), the threshold of "swing" at `threshold`.
    static func model(threshold: Double = 0, refractory: Double = 0.5, weightsSeed: UInt64 = 11) throws -> MiniRocketModel {
        let channels = [MotionChannel(rawValue: "accel.x")!, MotionChannel(rawValue: "accel.magnitude")!]
        let samples = stream(seconds: 30)
        let rate = 50.0, n = 75
        let windows = try stride(from: 0, to: samples.count - n, by: 40).map { s in
            try DTWSeries(interleaved: samples[s..<(s + n)].flatMap { x in channels.map { $0.value(in: x)! } }, dimensions: 2)
        }
        let transform = try MiniRocket(fitting: windows, featureCount: 840, seed: 9)
        let f = transform.featureCount
        var random = SplitMix64(seed: weightsSeed)
        let weights = (0..<(2 * f)).map { _ in random.gaussian() / Double(f).squareRoot() }
        return MiniRocketModel(channels: channels, samplingRate: rate, transform: transform,
                               featureMeans: [Double](repeating: 0.4, count: f), featureScales: [Double](repeating: 0.3, count: f),
                               labels: ["none", "swing"], weights: weights, intercepts: [0, 0], alpha: 1, seed: 9,
                               stream: .init(window: 1, hop: 0.1, context: 0.25, refractoryTime: refractory, backgroundLabel: "none",
                                             thresholds: ["swing": threshold]))
    }

    @Test func streamingScoresEqualBatchScoresOnTheSameWindows() throws {
        let model = try Self.model()
        var spotter = try MiniRocketSpotter(configuration: model)
        #expect(spotter.windowLength == 75 && spotter.hopLength == 5)
        var streamed: [[Double]] = []
        var events: [GestureEvent] = []
        for s in Self.stream(seconds: 20) {
            let before = spotter.windowsScored
            spotter.process(s, into: &events)
            if spotter.windowsScored > before { streamed.append(spotter.scores) }
        }
        let batch = try spotter.windowScores(Self.stream(seconds: 20))
        #expect(streamed.count == batch.count && batch.count == (1000 - 75) / 5 + 1)
        #expect(streamed == batch.map(\.scores))
        // The first window ends at sample 74, the next one a hop later.
        #expect(batch[0].start == 0 && batch[0].end == 74 && batch[1].end == 79)
    }

    /// Per-recording normalisation: a person who moves three times as hard gives the same scores, from the first
    /// window on (standard scores do not depend on the scale, nor does the floor); without it the scores differ.
    @Test func normalisedChannelsReadEveryPersonOnOneScale() throws {
        var model = try Self.model()
        let calm = Self.stream(seconds: 30)
        let vigorous = calm.map { s in MotionSample(timestamp: s.timestamp, acceleration: 3 * s.acceleration) }
        let raw = try MiniRocketSpotter(configuration: model)
        #expect(try raw.windowScores(calm).map(\.scores) != raw.windowScores(vigorous).map(\.scores))
        model.stream?.normalization = 5
        let normalised = try MiniRocketSpotter(configuration: model)
        let a = try normalised.windowScores(calm), b = try normalised.windowScores(vigorous)
        #expect(a.count == b.count && a.count > 100)
        for (x, y) in zip(a, b) { #expect(zip(x.scores, y.scores).allSatisfy { abs($0 - $1) < 1e-6 }, "\(x.startTime) s") }
        // The model file keeps it, as version 4: a reader without the normalisation refuses the model rather than run
        // it without.
        let data = try model.encoded()
        #expect(model.version == 4 && String(decoding: data, as: UTF8.self).contains("\"version\":4"))
        #expect(try MiniRocketModel.decode(data) == model)
        let older = try #require(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"version\":4", with: "\"version\":3").data(using: .utf8))
        #expect(throws: ConfigurationError.self) { try MiniRocketModel.decode(older) }
        // Only a positive, finite time constant is a model.
        model.stream?.normalization = 0
        #expect(throws: ConfigurationError.self) { try MiniRocketSpotter(configuration: model) }
    }

    /// An ensemble (issue 55): each window's scores are the mean of its members' scores, streamed and in batch, each
    /// member reading the stream through its own normalisation. The file is version 5; an older reader, a segment
    /// classifier and a member on another window grid refuse it.
    @Test func anEnsembleScoresTheMeanOfItsMembers() throws {
        let first = try Self.model()
        var second = try Self.model(weightsSeed: 12)
        second.stream?.normalization = 5
        var ensemble = first
        ensemble.ensemble = [second]
        let samples = Self.stream(seconds: 20)
        let a = try MiniRocketSpotter(configuration: first).windowScores(samples)
        let b = try MiniRocketSpotter(configuration: second).windowScores(samples)
        var spotter = try MiniRocketSpotter(configuration: ensemble)
        var streamed: [[Double]] = []
        var events: [GestureEvent] = []
        for s in samples {
            let before = spotter.windowsScored
            spotter.process(s, into: &events)
            if spotter.windowsScored > before { streamed.append(spotter.scores) }
        }
        #expect(streamed.count == a.count && a.count == b.count && a.count > 100)
        for (i, scores) in streamed.enumerated() {
            let mean = zip(a[i].scores, b[i].scores).map { ($0 + $1) / 2 }
            #expect(zip(scores, mean).allSatisfy { abs($0 - $1) < 1e-12 }, "window \(i)")
        }
        #expect(try spotter.windowScores(samples).map(\.scores) == streamed)
        #expect(a.map(\.scores) != streamed && b.map(\.scores) != streamed)
        // Version 5, which a reader without ensembles refuses rather than run the first member alone.
        let data = try ensemble.encoded()
        #expect(ensemble.version == 5 && String(decoding: data, as: UTF8.self).contains("\"version\":5"))
        #expect(try MiniRocketModel.decode(data) == ensemble)
        let older = try #require(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"version\":5", with: "\"version\":4").data(using: .utf8))
        #expect(throws: ConfigurationError.self) { try MiniRocketModel.decode(older) }
        #expect(throws: ConfigurationError.self) { try MiniRocketClassifier(model: ensemble) }
        // Members score the model's windows: another hop, or other channels, is refused.
        var offGrid = ensemble
        offGrid.ensemble?[0].stream?.hop = 0.2
        #expect(throws: ConfigurationError.self) { try MiniRocketSpotter(configuration: offGrid) }
        var otherLabels = ensemble
        otherLabels.ensemble?[0].labels = ["none", "wave"]
        otherLabels.ensemble?[0].stream?.thresholds = [:]
        #expect(throws: ConfigurationError.self) { try MiniRocketSpotter(configuration: otherLabels) }
        var empty = ensemble
        empty.ensemble = []
        #expect(throws: ConfigurationError.self) { try MiniRocketSpotter(configuration: empty) }
        // Without its members the model is what it was.
        ensemble.ensemble = nil
        #expect(ensemble == first && ensemble.version == 2)
    }

    @Test func eventsAreTheBestWindowsAboveThresholdApartByTheRefractoryTime() throws {
        // The median swing score as threshold: some windows fire.
        let model0 = try Self.model()
        let scores = try MiniRocketSpotter(configuration: model0).windowScores(Self.stream(seconds: 20)).map { $0.scores[1] }.sorted()
        let threshold = scores[scores.count / 2]
        var spotter = try MiniRocketSpotter(configuration: Self.model(threshold: threshold))
        let events = spotter.run(over: Self.stream(seconds: 20))
        #expect(!events.isEmpty)
        for e in events {
            #expect(e.label == "swing" && e.phase == .ended && e.score >= threshold)
            // The window without its context: 1 s (to the sample), detected after it ends.
            #expect(abs(e.end - e.start - 0.98) < 1e-9 && e.time >= e.end)
        }
        for (a, b) in zip(events, events.dropFirst()) { #expect(b.start - 0.25 > a.end + 0.25 + 0.5 - 1e-9) }
    }

    @Test func deterministicAcrossRunsAndAfterReset() throws {
        let model = try Self.model(threshold: -0.05)
        var spotter = try MiniRocketSpotter(configuration: model)
        let first = spotter.run(over: Self.stream(seconds: 20))
        let second = spotter.run(over: Self.stream(seconds: 20))
        var fresh = try MiniRocketSpotter(configuration: model)
        #expect(first == second && first == fresh.run(over: Self.stream(seconds: 20)))
        // Another rate of the same motion gives the model's rate after resampling: windows on the same grid.
        #expect(try MiniRocketSpotter(configuration: model).windowScores(Self.stream(seconds: 5)).count == (250 - 75) / 5 + 1)
    }

    @Test func modelRoundTripsWithItsStreamSectionAndOldFilesStillRead() throws {
        let model = try Self.model(threshold: 0.3)
        let data = try model.encoded()
        let decoded = try MiniRocketModel.decode(data)
        #expect(decoded == model && decoded.version == 2 && decoded.stream?.window == 1 && decoded.stream?.hop == 0.1)
        #expect(try decoded.encoded() == data)
        // A segment model is written as version 1, as before, and read back without a stream section.
        var segment = model
        segment.stream = nil
        let old = try segment.encoded()
        #expect(String(decoding: old, as: UTF8.self).contains("\"version\":1"))
        #expect(try MiniRocketModel.decode(old).stream == nil)
        #expect(throws: ConfigurationError.self) { try MiniRocketSpotter(configuration: segment) }
        // A stream section naming a class the model lacks is refused with its key.
        var wrong = model
        wrong.stream?.backgroundLabel = "rest"
        #expect(throws: ConfigurationError(key: "stream.backgroundLabel", "'rest' is not one of the model's classes (none, swing)")) { try wrong.validate() }
    }

    /// Issue 53, case 1: a model records the stages it was scored behind. With stages it is version 3 (a reader that
    /// predates them refuses it rather than running it without), read back equal; without, its bytes are those of
    /// version 2, as before.
    @Test func theModelRecordsItsStagesAndOnlyThenChangesVersion() throws {
        let model = try Self.model(threshold: 0.3)
        let plain = try model.encoded()
        #expect(!String(decoding: plain, as: UTF8.self).contains("stages"))
        var staged = model
        staged.stages = [.oneEuro(.init()), .physical(.init(rhythmWindow: 3, rhythmSource: .rotationRate))]
        #expect(staged.version == 3)
        let data = try staged.encoded()
        let decoded = try MiniRocketModel.decode(data)
        #expect(decoded == staged && decoded.stages == staged.stages)
        #expect(try decoded.encoded() == data)
        staged.stages = []
        #expect(try staged.encoded() == plain, "no stages: version 2's bytes")
        // A version-2 file that claims stages is refused: only version 3 carries them.
        let forged = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"version\":3", with: "\"version\":2")
        #expect(throws: ConfigurationError.self) { try MiniRocketModel.decode(Data(forged.utf8)) }
    }

    /// Issue 44, case 5: the window's class is its highest-scoring gesture class, then its threshold decides. With
    /// constant scores X = 0.9 (threshold 1.0) and Y = 0.5 (threshold 0.2), X is the class and misses its
    /// threshold: no event, streamed or calibrated (the largest margin would have fired Y).
    @Test func aWindowsClassIsItsBestScoreAndThenItsThresholdDecides() throws {
        var model = try Self.model()
        model.labels = ["none", "x", "y"]
        model.weights = [Double](repeating: 0, count: 3 * model.transform.featureCount)
        model.intercepts = [0, 0.9, 0.5]
        model.stream?.thresholds = ["x": 1.0, "y": 0.2]
        var spotter = try MiniRocketSpotter(configuration: model)
        let samples = Self.stream(seconds: 10)
        #expect(spotter.run(over: samples).isEmpty)
        let checker = try MiniRocketSpotter(configuration: model)
        let candidates = checker.candidates(windows: try checker.windowScores(samples))
        #expect(candidates.joined().allSatisfy { model.labels[$0.source] == "x" })
        #expect(checker.events(of: candidates).isEmpty)
        // Lower X's threshold and every window fires X, streamed as calibrated.
        model.stream?.thresholds = ["x": 0.8, "y": 0.2]
        var firing = try MiniRocketSpotter(configuration: model)
        let events = firing.run(over: samples)
        #expect(!events.isEmpty && events.allSatisfy { $0.label == "x" })
        let calibrated = try MiniRocketSpotter(configuration: model)
        #expect(events.map(\.start) == calibrated.events(of: calibrated.candidates(windows: try calibrated.windowScores(samples))).map(\.start))
    }

    /// The differential property: on random streams with gaps and irregular clocks, the streamed events are the
    /// calibration's detections (``MiniRocketSpotter/events(of:)`` of the window candidates), to the bit; no
    /// window spans a gap. Negative refractory times too (dense gestures: 1.5 s windows that may overlap by 0.5 or
    /// 1.2 s before they compete). Half the cases normalise per recording, and a third are ensembles.
    @Test(arguments: 0..<12)
    func streamedEventsEqualTheCalibrationsDetections(seed: UInt64) throws {
        var random = SplitMix64(seed: 0x3C + seed)
        var model = try Self.model(refractory: [0, 0.5, 2, -0.5, -1.2][random.index(5)])
        // The running statistics outlive the gaps in both paths.
        if random.bernoulli(0.5) { model.stream?.normalization = random.uniform(3...30) }
        // A member with other weights and its own normalisation.
        if seed % 3 == 0 {
            var member = try Self.model(weightsSeed: 100 + seed)
            member.stream?.normalization = random.bernoulli(0.5) ? random.uniform(3...30) : nil
            model.ensemble = [member]
        }
        let probe = try MiniRocketSpotter(configuration: model)
        let scores = try probe.windowScores(Self.stream(seconds: 20)).map { $0.scores[1] }.sorted()
        model.stream?.thresholds = ["swing": scores[random.index(scores.count)]]
        // The stream, cut by gaps (longer than the resampler bridges) and with a jittered clock.
        var samples: [MotionSample] = []
        var shift = 0.0
        for (i, s) in Self.stream(seconds: 40, seed: seed).enumerated() {
            if i % 300 == 299, random.bernoulli(0.6) { shift += random.uniform(0.6...4) }
            var s = s
            s.timestamp += shift + random.uniform(-0.006...0.006)
            samples.append(s)
        }
        var spotter = try MiniRocketSpotter(configuration: model)
        let streamed = spotter.run(over: samples)
        let windows = try spotter.windowScores(samples)
        let calibrated = spotter.events(of: spotter.candidates(windows: windows))
        #expect(streamed.map { [$0.start, $0.end, $0.score] } == calibrated.map { [$0.start, $0.end, $0.score] }, "seed \(seed)")
        #expect(streamed.map(\.label) == calibrated.map(\.label))
        // Nothing was dropped undecided (the count outlives `finish`), which is what makes the two equal.
        #expect(spotter.forcedDecisions == 0)
        // Every window lies within one run: its span is the window's length (0.02 s per sample, less the jitter).
        for w in windows { #expect(w.endTime - w.startTime < 1.5 * 1.48) }
    }

    /// Issue 72: the pipeline that `compare` tests with and `detect` runs finished the spotter at every gap, restarting
    /// its running normalisation, while calibration (the batch path) keeps it, so an event after a 1 s gap scored as if
    /// the recording started there. Through a pipeline a gapped recording now gives the calibration's detections.
    @Test func aPipelineAcrossGapsGivesTheCalibrationsDetections() throws {
        var model = try Self.model()
        model.stream?.normalization = 10
        let probe = try MiniRocketSpotter(configuration: model)
        let scores = try probe.windowScores(Self.stream(seconds: 20)).map { $0.scores[1] }.sorted()
        model.stream?.thresholds = ["swing": scores[scores.count / 2]]
        // A gap of a second every 8 s.
        let samples = Self.stream(seconds: 40, seed: 5).enumerated().map { i, s in
            var s = s
            s.timestamp += Double(i / 400)
            return s
        }
        let spotter = try MiniRocketSpotter(configuration: model)
        let calibrated = spotter.events(of: spotter.candidates(windows: try spotter.windowScores(samples)))
        var pipeline = Pipeline(recognizers: [spotter])
        var events: [GestureEvent] = []
        for s in samples { pipeline.process(s, into: &events) }
        pipeline.finish(into: &events)
        #expect(calibrated.count > 4, "events after each gap")
        #expect(events.map { [$0.start, $0.end, $0.score] } == calibrated.map { [$0.start, $0.end, $0.score] })
        #expect(pipeline.forcedDecisions == 0)
    }
}
