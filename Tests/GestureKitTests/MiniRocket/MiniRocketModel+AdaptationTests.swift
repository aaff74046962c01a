import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// An app adapting a spotter to its user from samples and gestures in memory (``MiniRocketModel/adapted(to:strength:)``).
@Suite struct MiniRocketModelAdaptationTests {
    typealias AdaptationError = MiniRocketModel.AdaptationError

    static let channels = [MotionChannel(rawValue: "accel.x")!, MotionChannel(rawValue: "accel.z")!]

    /// Four people's recordings (``WaveRecordings``): the population.
    static let people = (1...4).map { WaveRecordings.recording(seed: UInt64($0)) }

    /// A spotter of 1.2 s waves (0.2 s of context, hop 0.2 s) trained through the API itself: a MiniRocket transform
    /// fitted on windows of the population, zero weights, then the statistics (weight 1) and the ridge re-fitted on
    /// the population's windows.
    static let population: MiniRocketModel = {
        let rate = 25.0, n = 40  // (1.2 s + 2 × 0.2 s) × 25 Hz
        let windows = try! people.flatMap { p in
            let s = try MiniRocketSpotter.series(channels: channels, samplingRate: rate, samples: p.samples)
            return try stride(from: n - 1, to: s.times.count, by: 25).map { end in
                try DTWSeries(interleaved: Array(s.values[((end - n + 1) * 2)..<((end + 1) * 2)]), dimensions: 2)
            }
        }
        let transform = try! MiniRocket(fitting: windows, featureCount: 336, maxDilationsPerKernel: 4, seed: 5)
        let f = transform.featureCount
        let blank = MiniRocketModel(channels: channels, samplingRate: rate, transform: transform,
                                    featureMeans: [Double](repeating: 0, count: f), featureScales: [Double](repeating: 1, count: f),
                                    labels: ["background", "wave"], weights: [Double](repeating: 0, count: 2 * f), intercepts: [0.5, -0.5],
                                    alpha: 1, seed: 5, stream: .init(window: 1.2, hop: 0.2, context: 0.2, refractoryTime: 1,
                                                                     backgroundLabel: "background", thresholds: ["wave": 0]))
        return try! blank.adapted(to: people, strength: .init(ridge: 0.1, standardisationWeight: 1))
    }()

    /// A person whose waves are a third as strong as the population's.
    static let weak = WaveRecordings.weakened(WaveRecordings.recording(seed: 11), by: 3)

    /// The weak person's enrolment: their samples up to a second after their third wave, and those three waves.
    static var enrolment: (samples: [MotionSample], gestures: [GestureSpan]) {
        let third = weak.gestures[2]
        return (weak.samples.filter { $0.timestamp <= third.end + 1 }, Array(weak.gestures.prefix(3)))
    }

    /// The mean over the person's held-out waves (after the enrolment) of the best "wave" score of a window whose
    /// gesture span overlaps the wave by half.
    static func heldOutScore(_ model: MiniRocketModel) throws -> Double {
        let spotter = try MiniRocketSpotter(configuration: model)
        let windows = try spotter.windowScores(weak.samples)
        let k = try #require(model.labels.firstIndex(of: "wave"))
        let held = weak.gestures.dropFirst(3)
        #expect(held.count >= 8)
        let best = held.map { g in
            windows.filter { w in
                let span = (start: w.startTime + 0.2, end: w.endTime - 0.2)
                return min(span.end, g.end) - max(span.start, g.start) >= 0.6
            }.map { $0.scores[k] }.max() ?? -.infinity
        }
        return best.reduce(0, +) / Double(best.count)
    }

    /// Three enrolment waves of a person who waves weakly: the ridge re-fitted toward the population's weights raises
    /// the scores of the person's later waves, which the adaptation never saw; thresholds, channels and window stay.
    @Test func threeWeakWavesRaiseTheScoresOfThePersonsLaterWaves() throws {
        let model = Self.population
        let enrolment = Self.enrolment
        let adapted = try model.adapted(to: enrolment.samples, gestures: enrolment.gestures)
        #expect(adapted.weights != model.weights)
        #expect(adapted.featureMeans == model.featureMeans && adapted.featureScales == model.featureScales)
        #expect(adapted.stream == model.stream && adapted.channels == model.channels && adapted.labels == model.labels)
        let before = try Self.heldOutScore(model), after = try Self.heldOutScore(adapted)
        #expect(after > before + 0.1, "held-out waves score \(before) before, \(after) after")
        // Unlabelled, the statistics move toward the person's, the weights stay.
        let unlabelled = try model.adapted(to: enrolment.samples, gestures: [], strength: .init(ridge: nil, standardisationWeight: 0.5))
        #expect(unlabelled.weights == model.weights && unlabelled.featureMeans != model.featureMeans)
    }

    /// Every lever off: the model itself, whatever the input (it is not read).
    @Test func everyLeverOffReturnsTheModelUnchanged() throws {
        let model = Self.population
        #expect(try model.adapted(to: Self.enrolment.samples, gestures: Self.enrolment.gestures, strength: .off) == model)
        #expect(try model.adapted(to: [], gestures: [GestureSpan(label: "clap", start: .nan, end: 0)], strength: .off) == model)
        #expect(try model.adapted(to: [], strength: .init(ridge: nil, standardisationWeight: 0)) == model)
    }

    /// Bad input is a typed error naming what is wrong, never a crash; non-finite samples are skipped.
    @Test func badInputIsATypedError() throws {
        let model = Self.population
        let samples = Self.enrolment.samples, waves = Self.enrolment.gestures
        let tooFew = AdaptationError.notEnoughSamples(seconds: 1.6)
        #expect(throws: tooFew) { try model.adapted(to: [], gestures: []) }
        #expect(throws: tooFew) { try model.adapted(to: [], strength: .init(ridge: nil, standardisationWeight: 1)) }
        #expect(throws: tooFew) { try model.adapted(to: Array(samples.prefix(30)), gestures: []) }
        let nan = samples.map { MotionSample(timestamp: $0.timestamp, acceleration: Vector3(.nan, .nan, .nan)) }
        #expect(throws: tooFew) { try model.adapted(to: nan, gestures: []) }
        // Non-finite samples among finite ones are skipped, as a pipeline skips them.
        var holed = samples
        for i in stride(from: 7, to: holed.count, by: 50) { holed.insert(MotionSample(timestamp: .nan, acceleration: Vector3(1, 0, .nan)), at: i) }
        #expect(try model.adapted(to: holed, gestures: waves) == model.adapted(to: samples, gestures: waves))
        // Gestures: bad times, outside the samples, of a class the model lacks (its background class is none).
        let bad = GestureSpan(label: "wave", start: .nan, end: 3), backwards = GestureSpan(label: "wave", start: 5, end: 4)
        // NaN is equal to nothing, itself included: the case and the label say it.
        let notANumber = #expect(throws: AdaptationError.self) { try model.adapted(to: samples, gestures: [bad]) }
        if case let .invalidGesture(g) = notANumber { #expect(g.start.isNaN && g.end == 3) } else { Issue.record("\(String(describing: notANumber))") }
        #expect(throws: AdaptationError.invalidGesture(backwards)) { try model.adapted(to: samples, gestures: [backwards]) }
        let later = GestureSpan(label: "wave", start: 500, end: 501.2)
        #expect(throws: AdaptationError.gestureOutsideSamples(later)) { try model.adapted(to: samples, gestures: waves + [later]) }
        #expect(throws: AdaptationError.unknownLabel("clap")) { try model.adapted(to: samples, gestures: [GestureSpan(label: "clap", start: 5, end: 6)]) }
        #expect(throws: AdaptationError.unknownLabel("background")) {
            try model.adapted(to: samples, gestures: [GestureSpan(label: "background", start: 5, end: 6)])
        }
        // Strengths out of range, naming the lever.
        let strengths: [(MiniRocketModel.AdaptationStrength, String)] = [
            (.init(ridge: 0), "ridge"), (.init(ridge: .nan), "ridge"), (.init(ridge: -1), "ridge"),
            (.init(ridge: nil, standardisationWeight: 1.5), "standardisationWeight"), (.init(ridge: 1, standardisationWeight: .nan), "standardisationWeight"),
        ]
        for (strength, key) in strengths {
            let error = #expect(throws: AdaptationError.self) { try model.adapted(to: samples, gestures: waves, strength: strength) }
            guard case let .invalidStrength(e) = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(e.key == key)
        }
        // A segment classifier cannot spot, so has no windows to adapt.
        var classifier = model
        classifier.stream = nil
        let error = #expect(throws: AdaptationError.self) { try classifier.adapted(to: samples, gestures: waves) }
        guard case let .invalidModel(e) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(e.key == "stream" && "\(error!)".contains("spotter"))
    }

    /// Channels are read as a pipeline reads them: one a stage derives is derived (user acceleration by the gravity
    /// split), one nothing derives is the pipeline's error.
    @Test func channelsAreDerivedAsAPipelineDerivesThem() throws {
        var user = Self.population
        user.channels = [MotionChannel(rawValue: "user.x")!, MotionChannel(rawValue: "accel.z")!]
        let enrolment = Self.enrolment
        #expect(try user.adapted(to: enrolment.samples, gestures: enrolment.gestures).weights != user.weights)
        var gyro = Self.population
        gyro.channels = [MotionChannel(rawValue: "gyro.x")!, MotionChannel(rawValue: "accel.z")!]
        let error = #expect(throws: MiniRocketModel.AdaptationError.self) { try gyro.adapted(to: enrolment.samples, gestures: enrolment.gestures) }
        guard case let .missingChannel(missing) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(missing.channel == MotionChannel(rawValue: "gyro.x")!)
    }

    /// Several recordings of the person adapt as one stream of their windows; an ensemble's members adapt alike.
    @Test func recordingsAndEnsemblesAdaptTogether() throws {
        let model = Self.population
        let second = WaveRecordings.weakened(WaveRecordings.recording(seconds: 40, seed: 12), by: 3)
        let both = try model.adapted(to: [Self.enrolment, second])
        #expect(try both.weights != model.adapted(to: Self.enrolment.samples, gestures: Self.enrolment.gestures).weights)
        var ensemble = model
        var member = model
        member.stream?.thresholds = [:]
        ensemble.ensemble = [member]
        let adapted = try ensemble.adapted(to: [Self.enrolment])
        #expect(adapted.ensemble?.first?.weights == adapted.weights && adapted.weights != model.weights)
    }
}
