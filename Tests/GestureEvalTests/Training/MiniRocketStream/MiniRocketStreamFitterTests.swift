import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

@Suite struct MiniRocketStreamFitterTests {
    /// A 25 Hz recording of `seconds` (``GestureTestSupport/WaveRecordings``): rest with noise, jogging-like bouncing
    /// (a 3 Hz bob) as confusing background, and a "wave" (a 1.5 Hz swing on x of 1.2 s) every 10 s, annotated.
    static func recording(_ id: String, subject: String, seconds: Double = 120, seed: UInt64) -> Recording {
        let r = WaveRecordings.recording(seconds: seconds, seed: seed)
        return Recording(id: id, subject: subject, samples: r.samples,
                         annotations: r.gestures.map { Annotation(start: $0.start, end: $0.end, label: $0.label) })
    }

    static func settings(_ extra: String = "") throws -> MiniRocketStreamSettings {
        let yaml = """
            {"channels": ["accel.x", "accel.z"], "window": 1.2, "hop": 0.2, "context": 0.2, "refractoryTime": 1,
             "features": 336, "maxDilationsPerKernel": 4, "negativesPerPositive": 3, "maxWindows": 300, "seed": 5\(extra)}
            """
        return try JSONConfiguration(data: Data(yaml.utf8)).decode(MiniRocketStreamSettings.self)
    }

    static let training = (0..<4).map { recording("r\($0)", subject: "s\($0)", seed: UInt64($0 + 1)) }

    /// Three recordings of one subject, each with a 30 s gap after 60 s (annotations moved with the clock).
    static let gapped = (0..<3).map { i -> Recording in
        var r = recording("g\(i)", subject: "only", seed: UInt64(20 + i))
        r.timestamps = r.timestamps.map { $0 > 60 ? $0 + 30 : $0 }
        r.annotations = r.annotations.filter { $0.end < 60 || $0.start > 60 }.map { a in
            a.start > 60 ? Annotation(start: a.start + 30, end: a.end + 30, label: a.label) : a
        }
        return r
    }

    @Test func trainsACalibratedSpotterThatFindsTheGesturesOfANewSubject() throws {
        let result = try MiniRocketStreamFitter(settings: Self.settings()).train(Self.training)
        let model = result.model
        #expect(model.labels == ["background", "wave"] && model.stream?.thresholds["wave"] != nil)
        #expect(result.detections.count == Self.training.count)
        // The drawing rule: at most maxWindows / (1 + 3) positives, three negatives each, hard negatives on top.
        let positives = result.summary.values["positives"]!, negatives = result.summary.values["negatives"]!
        #expect(positives == min(result.summary.values["positiveWindows"]!, 75) && negatives == 3 * positives)
        #expect(result.summary.values["windows"]! == positives + negatives + (result.summary.values["hardNegatives"] ?? 0))
        // A new subject, spotted sample by sample: most waves found, the bouncing not taken for one.
        let test = Self.recording("new", subject: "new", seed: 99)
        var spotter = try MiniRocketSpotter(configuration: model)
        let events = spotter.run(over: test.samples)
        let outcome = EventMatching(toleranceBefore: 0.5, toleranceAfter: 0.5).match(annotations: test.annotations, events: events).counts
        #expect(outcome.recall >= 0.8, "recall \(outcome.recall) on \(test.annotations.count) waves")
        #expect(outcome.insertions <= 2, "\(outcome.insertions) false activations")
    }

    @Test func sameSeedSameModelAndDetections() throws {
        let a = try MiniRocketStreamFitter(settings: Self.settings(", \"hardNegatives\": false")).train(Self.training)
        let b = try MiniRocketStreamFitter(settings: Self.settings(", \"hardNegatives\": false")).train(Self.training)
        #expect(try a.model.encoded() == b.model.encoded())
        #expect(a.detections == b.detections)
    }

    /// Issue 77: a comparison (a search's candidate) whose recordings all have a held-out model fits no model of all
    /// windows, yet scores and detects exactly as a full training; with a subject left in-sample it fits one to score it.
    @Test func aComparisonGivesAFullTrainingsDetectionsWithoutTheFullFit() throws {
        let settings = try Self.settings(", \"hardNegatives\": false")
        var comparing = MiniRocketStreamFitter(settings: settings)
        comparing.comparesOnly = true
        let full = try MiniRocketStreamFitter(settings: settings).train(Self.training), compared = try comparing.train(Self.training)
        #expect(compared.detections == full.detections && compared.heldOutWindows == full.heldOutWindows)
        #expect(compared.summary.thresholds == full.summary.thresholds && compared.summary.crossFit == full.summary.crossFit)
        #expect(compared.model.labels == full.model.labels && compared.model.weights != full.model.weights, "a held-out model stands in")
        #expect(compared.model.stream?.thresholds == full.model.stream?.thresholds)
        // One subject: no held-out model, so the full model scores in-sample and is fitted as before.
        let alone = try comparing.train(Self.gapped), fullAlone = try MiniRocketStreamFitter(settings: settings).train(Self.gapped)
        #expect(try alone.model.encoded() == fullAlone.model.encoded() && alone.detections == fullAlone.detections)
    }

    /// Issue 44, end to end: the detections a training returns at the thresholds it chose are what the trained
    /// spotter streams, on recordings with a gap. One subject leaves no held-out model, so the full model scored its
    /// own windows: the summary names the subject, and `strictCrossFitting` refuses instead.
    /// With a per-recording normalisation too: training and `detect` read its running statistics alike, across the gap.
    @Test(arguments: [nil, 20] as [Double?])
    func detectionsAtTheChosenThresholdsAreTheStreamedEventsAndInSampleIsNamed(normalization: Double?) throws {
        let gapped = Self.gapped
        let result = try MiniRocketStreamFitter(settings: Self.settings(normalization.map { ", \"normalization\": \($0)" } ?? "")).train(gapped)
        #expect(result.model.stream?.normalization == normalization)
        #expect(result.summary.crossFit?.inSample == ["only"])
        for (r, found) in zip(gapped, result.detections) {
            var spotter = try MiniRocketSpotter(configuration: result.model)
            let streamed = spotter.run(over: r.samples)
            #expect(streamed.map { [$0.start, $0.end, $0.score] } == found.map { [$0.start, $0.end, $0.score] }, "\(r.id)")
            // No window spans the gap.
            #expect(!streamed.contains { $0.start < 60 && $0.end > 90 })
        }
        #expect(throws: ConfigurationError.self) {
            try MiniRocketStreamFitter(settings: Self.settings(", \"strictCrossFitting\": true")).train(gapped)
        }
    }

    /// Issue 55's ensemble: thresholds calibrated on the mean of the members' held-out window scores, and its detections
    /// at them are what the ensemble model streams (one subject: each member scored its own windows), across a gap,
    /// with one member normalised per recording. Members on another window grid are refused.
    @Test func anEnsemblesDetectionsAreWhatItStreams() throws {
        let gapped = Self.gapped
        let trainer = MiniRocketStreamFitter(settings: try Self.settings(", \"hardNegatives\": false"))
        let raw = try trainer.train(gapped)
        let normalised = try MiniRocketStreamFitter(settings: Self.settings(", \"hardNegatives\": false, \"normalization\": 20")).train(gapped)
        let result = try trainer.ensemble([raw, normalised], recordings: gapped)
        let model = result.model
        #expect(model.version == 5 && model.ensemble?.count == 1 && model.ensemble?[0].stream?.normalization == 20)
        #expect(model.stream?.thresholds["wave"] != nil && model.ensemble?[0].stream?.thresholds.isEmpty == true)
        #expect(result.summary.values["ensembleMembers"] == 2)
        // The calibrated windows are the members' means.
        let w = result.heldOutWindows[1][40], a = raw.heldOutWindows[1][40], b = normalised.heldOutWindows[1][40]
        #expect(w.end == a.end && w.scores == zip(a.scores, b.scores).map { ($0 + $1) / 2 })
        var found = 0
        for (r, detections) in zip(gapped, result.detections) {
            var spotter = try MiniRocketSpotter(configuration: model)
            let streamed = spotter.run(over: r.samples)
            #expect(streamed.map { [$0.start, $0.end, $0.score] } == detections.map { [$0.start, $0.end, $0.score] }, "\(r.id)")
            found += streamed.count
        }
        #expect(found >= 10)
        let offGrid = try MiniRocketStreamFitter(settings: Self.settings(", \"hardNegatives\": false, \"samplingRate\": 20")).train(gapped)
        #expect(throws: ConfigurationError.self) { try trainer.ensemble([raw, offGrid], recordings: gapped) }
        #expect(throws: ConfigurationError.self) { try trainer.ensemble([raw], recordings: gapped) }
    }

    /// Augmentation is part of what is trained: the same seed gives the same model bytes, another augmentation seed
    /// another model, and the copies' windows change the model from the unaugmented one.
    @Test func augmentationIsSeededAndDeterministic() throws {
        let augmented = ", \"hardNegatives\": false, \"augmentation\": {\"copies\": 1, \"rotation\": 30, \"scale\": [0.8, 1.2], \"seed\": 3}"
        let a = try MiniRocketStreamFitter(settings: Self.settings(augmented)).train(Self.training)
        let b = try MiniRocketStreamFitter(settings: Self.settings(augmented)).train(Self.training)
        #expect(try a.model.encoded() == b.model.encoded())
        #expect(a.summary.values["augmentedRecordings"] == 4)
        let reseeded = try MiniRocketStreamFitter(settings: Self.settings(augmented.replacingOccurrences(of: "\"seed\": 3", with: "\"seed\": 4"))).train(Self.training)
        #expect(try reseeded.model.encoded() != a.model.encoded())
        let plain = try MiniRocketStreamFitter(settings: Self.settings(", \"hardNegatives\": false")).train(Self.training)
        #expect(try plain.model.encoded() != a.model.encoded())
        #expect(plain.summary.values["augmentedRecordings"] == nil)
        // Calibration runs on the recordings as recorded: one detection list each.
        #expect(a.detections.count == Self.training.count)
        #expect(throws: (any Error).self) { try Self.settings(", \"augmentation\": {\"copies\": 1, \"warp\": [1.2, 0.9]}") }
    }

    @Test func settingsAreCheckedWithTheirKey() throws {
        #expect(throws: (any Error).self) { try JSONConfiguration(data: Data(#"{"hop": 1}"#.utf8)).decode(MiniRocketStreamSettings.self) }
        #expect(throws: (any Error).self) { try Self.settings(", \"rejection\": {\"method\": \"sigma\", \"k\": 3}") }
        #expect(throws: (any Error).self) { try JSONConfiguration(data: Data(#"{"window": 1, "maxWindows": 5}"#.utf8)).decode(MiniRocketStreamSettings.self) }
        #expect(throws: (any Error).self) { try JSONConfiguration(data: Data(#"{"window": 0}"#.utf8)).decode(MiniRocketStreamSettings.self) }
        #expect(throws: (any Error).self) { try Self.settings(", \"classWeights\": \"heavy\"") }
        #expect(try Self.settings(", \"classWeights\": \"balanced\"").balancedClassWeights)
        #expect(try !Self.settings().balancedClassWeights)
        #expect(throws: (any Error).self) { try Self.settings(", \"normalization\": 0") }
        #expect(try Self.settings(", \"normalization\": 45").normalization == 45 && Self.settings().normalization == nil)
    }
}
