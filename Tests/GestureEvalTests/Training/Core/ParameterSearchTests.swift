import Foundation
@testable import GestureData
@testable import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// How ``ParameterSearch`` scores its candidates: by running each model over the training recordings, or, when
/// training spotted every recording with a model learned without its subject, by those held-out detections.
@Suite struct ParameterSearchTests {
    /// Two still recordings (60 s and 40 s at 10 Hz) with three annotated gestures `a`.
    static let recordings: [Recording] = [("r0", 60, [(10.0, 12.0), (30, 32)]), ("r1", 40, [(20, 22)])].map { id, seconds, spans in
        let t = (0...(seconds * 10)).map { Double($0) / 10 }
        let rest: [(Channel, [Double])] = [(.accelX, t.map { _ in 0 }), (.accelY, t.map { _ in 0 }), (.accelZ, t.map { _ in -1 })]
        return Recording(id: id, timestamps: t, channels: rest, annotations: spans.map { Annotation(start: $0.0, end: $0.1, label: "a") })
    }

    /// One event on each annotation of `recordings`.
    static let hits = recordings.map { r in
        r.annotations.map { GestureEvent(label: "a", phase: .ended, start: $0.start, end: $0.end, time: $0.end, score: 0.1) }
    }

    /// A search over `peakThreshold` ∈ {1, 2} g of the shake counter (which never fires on still recordings), scored by F1.
    static func search() throws -> ParameterSearch<ConfigurationValue> {
        let entry = Experiment.Entry(name: "e", recognizer: "shake", datasets: ["d"], labels: ["a"],
                                     search: ["peakThreshold": .init(values: [1, 2])])
        let setup = entry.setup(kind: .continuous, registry: .standard)
        return setup.search(from: .object([:])) { try RuleBasedTrainer(identifier: entry.recognizer).detect($0, on: $1, setup: setup) }
    }

    /// The same model for every combination; held-out detections that find every gesture for `perfect` and none
    /// for the other value. The search must follow the held-out detections, whichever value has them.
    @Test(arguments: [1.0, 2.0]) func heldOutDetectionsAreWhatTheSearchScores(perfect: Double) throws {
        let trained = try Self.search().best(on: Self.recordings) { value in
            let events = value[path: "peakThreshold"] == .number(perfect) ? Self.hits : Self.recordings.map { _ in [] }
            return .init(model: Trained(.object([:]), summary: TrainingSummary()), heldOutEvents: events)
        }
        #expect(trained.summary.values["peakThreshold"] == perfect)
        #expect(trained.summary.operatingPoint?.score == 1)
        #expect(trained.summary.operatingPoint?.recall == 1)
        #expect(trained.summary.operatingPoint?.heldOut == true)
    }

    /// Without held-out detections each candidate runs over the recordings: the counter finds nothing with either
    /// value, so the first value wins a tie at F1 0, and nothing says held out.
    @Test func withoutHeldOutDetectionsTheModelIsRun() throws {
        let trained = try Self.search().best(on: Self.recordings) { value in
            .init(model: Trained(value, summary: TrainingSummary()))
        }
        #expect(trained.summary.values["peakThreshold"] == 1)
        #expect(trained.summary.operatingPoint?.score == 0)
        #expect(trained.summary.operatingPoint?.heldOut == false)
    }

    /// End to end on the shipped hard synthetic stream (shakes among jogging, clapping, brushing teeth, …): a
    /// search over the band of stream-calibrated DTW templates reports as its training score the F1 of the chosen
    /// configuration's held-out detections (each subject spotted by templates trained without it), not that of
    /// the final model run over the recordings its templates were cut from.
    @Test func streamCalibratedDTWIsScoredOnCrossFittedDetections() throws {
        let dataset = try DatasetReader.load(at: SharedData.packageRoot.appendingPathComponent("datasets/default-hard")).dataset
        let settings = SyntheticShakeFixture.dtwSettings(["minimumDuration": .number(0.3), "maximumDuration": .number(1.5),
                                                          "rejection": .object(["method": .string("stream"), "objective": .string("f1")])])
        // Shakes only: the dataset's other gestures are background here.
        let entry = Experiment.Entry(name: "dtw", recognizer: "dtw", configuration: settings, datasets: ["d"], labels: ["shake"],
                                     search: ["band": .init(values: [0.05, 0.3])])
        let experiment = Experiment(name: "x", datasets: ["d": .source("unused")], entries: [entry])
        let trained = try EntryTrainer(entry: entry, experiment: experiment, kind: .continuous, registry: .standard, trainers: .standard).train(on: dataset.recordings)
        #expect(trained.summary.operatingPoint?.heldOut == true)
        #expect(trained.summary.crossFit?.subjectShare == 1)
        let band = try #require(trained.summary.values["band"])

        // The chosen configuration trained again outside the search: its held-out detections' F1.
        let judged = entry.judged(dataset.recordings, kind: .continuous)
        let chosen = try entry.baseConfiguration().setting("band", to: .number(band))
        let matching = experiment.matching.eventMatching
        let candidate = try DTWTemplateMatcherTrainer.templates(judged, configuration: chosen, kind: .continuous, name: entry.name, matching: matching)
        let heldOut = try #require(candidate.heldOutEvents)
        let counts = zip(judged, heldOut).reduce(EventCounts()) { $0 + matching.match(annotations: $1.0.annotations, events: $1.1).counts }
        #expect(counts.truePositives > 0)
        #expect(abs(try #require(trained.summary.operatingPoint?.score) - counts.f1) < 1e-12)

        // The final model run over the recordings it was trained on scores differently (its templates find themselves).
        guard let model = trained.model(as: DTWModel.self) else { Issue.record("not a DTW model"); return }
        let inSample = try judged.map { r -> [GestureEvent] in
            var matcher = try DTWTemplateMatcher(configuration: model)
            var events = matcher.process(r.samples)
            matcher.finish(into: &events)
            return events
        }
        let inSampleCounts = zip(judged, inSample).reduce(EventCounts()) { $0 + matching.match(annotations: $1.0.annotations, events: $1.1).counts }
        #expect(inSampleCounts != counts, "held-out and in-sample detections differ on this data")
    }

    /// The number of medoids per class is searchable: the chosen model holds that many templates, and a number that
    /// is not a whole count is refused before any training.
    @Test func theNumberOfMedoidsIsSearchable() throws {
        let dataset = try DatasetReader.load(at: SharedData.packageRoot.appendingPathComponent("datasets/default-hard")).dataset
        let settings = SyntheticShakeFixture.dtwSettings(["minimumDuration": .number(0.3), "maximumDuration": .number(1.5), "band": .number(0.1),
                                                          "rejection": .object(["method": .string("stream"), "objective": .string("f1")])])
        func entry(_ values: [Double]) -> Experiment.Entry {
            Experiment.Entry(name: "dtw", recognizer: "dtw", configuration: settings, datasets: ["d"], labels: ["shake"],
                             search: ["selection": .init(values: values)])
        }
        let searched = entry([1, 4])
        let experiment = Experiment(name: "x", datasets: ["d": .source("unused")], entries: [searched])
        let trained = try EntryTrainer(entry: searched, experiment: experiment, kind: .continuous, registry: .standard, trainers: .standard).train(on: dataset.recordings)
        let k = try #require(trained.summary.values["selection"])
        #expect([1, 4].contains(k))
        guard let model = trained.model(as: DTWModel.self) else { Issue.record("not a DTW model"); return }
        #expect(Double(model.templates.count { $0.label == "shake" }) == k)

        let fractional = entry([2, 2.5])
        #expect(throws: ExperimentError(entry: "dtw", "search selection: numbers of medoids per class are whole numbers ≥ 1, got 2.5")) {
            _ = try EntryTrainer(entry: fractional, experiment: Experiment(name: "x", datasets: ["d": .source("unused")], entries: [fractional]), kind: .continuous, registry: .standard, trainers: .standard)
        }
    }
}
