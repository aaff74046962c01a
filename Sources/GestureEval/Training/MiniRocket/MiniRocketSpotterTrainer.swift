import Foundation
import GestureKit
import GestureData

/// The trainer of ``GestureKit/MiniRocketSpotter`` (`minirocket-stream`): windows of the continuous training
/// recordings behind the setup's stages, cross-fitted stream calibration and hard negatives
/// (``MiniRocketStreamTrainer``), with a grid search over ``MiniRocketStreamSettings/searchable`` scored by the
/// calibration's held-out detections.
///
/// Its ``exampleConfiguration()`` is a stream model of the acceleration at 25 Hz: 1 s windows with 0.25 s of context,
/// every 0.25 s, 168 features fitted on 20 s of the bench stream with seeded random weights (see
/// `bench minirocket-stream`): it scores every window, which is what `bench soak` and the robustness tests exercise.
///
/// - Complexity: see ``MiniRocketStreamTrainer``, times the search's candidates.
public struct MiniRocketSpotterTrainer: RecognizerTrainer {
    /// A trainer.
    public init() {}

    /// `minirocket-stream`.
    public var identifier: String { MiniRocketSpotter.identifier }

    /// Checks that every searched key is one of ``MiniRocketStreamSettings/searchable`` and that the configuration decodes.
    public func validate(_ setup: TrainingSetup) throws(TrainingError) {
        try setup.requireSearchable(MiniRocketStreamSettings.searchable)
        do { _ = try setup.configuration.decoding.decode(MiniRocketStreamSettings.self) } catch {
            throw setup.error("invalid minirocket-stream configuration: \(error)")
        }
    }

    /// The best model of the search on continuous recordings (segments are refused), windows cut from the signal
    /// behind the stages, as the spotter sees it.
    public func train(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> TrainedModel {
        guard setup.kind == .continuous else {
            throw setup.error("minirocket-stream spots gestures in continuous recordings; for segments use minirocket")
        }
        let staged = try setup.staged(recordings)
        return try setup.search(from: setup.configuration) { try detect($0, on: $1, setup: setup) }
            .best(on: recordings) { (value) throws(TrainingError) in
                do {
                    let settings = try value.decoding.decode(MiniRocketStreamSettings.self)
                    let result = try MiniRocketStreamTrainer(settings: settings, matching: setup.matching).train(staged)
                    // The file is the scored pipeline: the stages (and derivations) the detections ran behind.
                    var model = result.model
                    model.stages = setup.scoredStages(reading: model.channels, training: recordings)
                    return .init(model: TrainedModel(model, summary: result.summary), heldOutEvents: result.detections)
                } catch let error as TrainingError {
                    throw error
                } catch {
                    throw setup.error("minirocket-stream training: \(error)")
                }
            }
    }

    /// The model's pipeline (``pipeline(for:)``) over each recording, a channel the recordings lack being an error:
    /// what `detect` runs.
    public func detect(_ model: TrainedModel, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
        let rocketModel = try expect(model, MiniRocketModel.self)
        let pipeline: Pipeline
        do { pipeline = try Self.pipeline(for: rocketModel) } catch { throw setup.error("\(error)") }
        return try setup.run(pipeline, on: recordings, checkChannels: true)
    }

    /// The spotter behind the stages its model records.
    ///
    /// - Throws: ``GestureKit/ConfigurationError`` for a model or stage setting out of range.
    static func pipeline(for model: MiniRocketModel) throws -> Pipeline {
        Pipeline(stages: try StageSpecification.makeStages(model.stages), recognizers: [try MiniRocketSpotter(configuration: model)])
    }

    /// A stream model records its stages itself: the model's pipeline.
    public func pipeline(forModel document: any ConfigurationDecoding, registry: RecognizerRegistry) throws -> Pipeline? {
        guard let spotter = try registry.makeRecognizer(identifier, configuration: document) as? MiniRocketSpotter else { return nil }
        return try Self.pipeline(for: spotter.configuration)
    }

    /// The windows drawn and scored and the cross-fitted trainings (continuous recordings only).
    public func workload(_ setup: TrainingSetup, training judged: [Recording]) -> TrainingWorkload {
        var w = TrainingWorkload(trainingSamples: judged.reduce(0) { $0 + $1.count })
        guard setup.kind == .continuous, setup.modelFile == nil,
              let settings = try? setup.configuration.decoding.decode(MiniRocketStreamSettings.self) else { return w }
        w.count(miniRocketStream: settings, judged: judged)
        return w
    }

    /// Per pass (a second one retrains with hard negatives, on ``TrainingWorkload/rocketHardNegatives`` more windows):
    /// the full model and one per subject group, each transforming its windows, filling its Gram matrix (O(n²·f)) and
    /// decomposing it (O(n³), ``TrainingCostModel/eigenSeconds(windows:)``), then every training window scored once;
    /// each search candidate repeats that. Testing scores one window per hop. `nil` when the workload counts no features.
    public func estimatedSeconds(of w: TrainingWorkload, searched: Double, testing: TrainingWorkload.Testing, model: TrainingCostModel) -> Double? {
        guard w.rocketFeatures > 0 else { return nil }
        let f = Double(w.rocketFeatures), g = Double(w.crossFitTrainings), share = w.crossFitShare
        let passes = w.backgroundMining ? [Double(w.examples), Double(w.examples + w.rocketHardNegatives)] : [Double(w.examples)]
        var transforms = 0.0, ridge = 0.0, eigen = 0.0
        for n in passes {
            transforms += n * (1 + g * share) + Double(w.rocketScoredWindows)
            ridge += n * n * (1 + g * share * share) * f / 2
            eigen += model.eigenSeconds(windows: n) + g * model.eigenSeconds(windows: n * share)
        }
        let training = max(1, searched) * (model.perRocketCell * f * w.exampleLength * transforms + model.perRidgeCell * ridge + eigen)
        return training + model.perRocketCell * f * w.exampleLength * testing.samples * w.rocketWindowsPerTestSample
            + model.perUnit * testing.units
    }

    /// The model file at `url` (``MiniRocketModelFile``).
    public func readModel(at url: URL) throws(DataFileError) -> TrainedModel {
        try readModel(at: url, MiniRocketModelFile.read, summary: MiniRocketClassifierTrainer.summary)
    }

    /// Writes the ``GestureKit/MiniRocketModel`` atomically.
    public func writeModel(_ model: TrainedModel, to url: URL) throws(DataFileError) {
        try MiniRocketClassifierTrainer().writeModel(model, to: url)
    }

    /// The stream model described in the type's discussion.
    public func exampleConfiguration() throws -> JSONConfiguration? {
        let model = try Self.syntheticModel(stream: BenchmarkStream.samples(seconds: 20, rate: 100, seed: 1), channels: MotionChannel.acceleration,
                                            rate: 25, window: 1, context: 0.25, hop: 0.25, features: 168, maxDilations: 8, seed: 1)
        return JSONConfiguration(data: try model.encoded())
    }

    /// A stream model for `stream` (`bench minirocket-stream`, ``exampleConfiguration()``): the transform fitted on
    /// 32 windows of it, seeded random weights, two classes (`background`, `gesture` above 0.5). O(windows × features).
    package static func syntheticModel(stream: [MotionSample], channels: [MotionChannel], rate: Double, window: Double, context: Double,
                                       hop: Double, features: Int, maxDilations: Int, seed: UInt64) throws -> MiniRocketModel {
        let n = EventStage.lengths(samplingRate: rate, minimumDuration: window, maximumDuration: window, context: context).maximum
        let values = try MiniRocketSpotter.series(channels: channels, samplingRate: rate, samples: stream).values
        let c = channels.count, count = values.count / c
        let starts = stride(from: 0, to: max(1, count - n), by: max(1, (count - n) / 32))
        let examples = try starts.map { s in try DTWSeries(interleaved: Array(values[(s * c)..<((s + n) * c)]), dimensions: c) }
        let transform = try MiniRocket(fitting: examples, featureCount: features, maxDilationsPerKernel: maxDilations, seed: seed)
        let f = transform.featureCount
        var random = SplitMix64(seed: seed)
        return MiniRocketModel(channels: channels, samplingRate: rate, transform: transform,
                               featureMeans: [Double](repeating: 0.5, count: f), featureScales: [Double](repeating: 0.25, count: f),
                               labels: ["background", "gesture"], weights: (0..<(2 * f)).map { _ in random.gaussian() / Double(f).squareRoot() },
                               intercepts: [0, 0], alpha: 1, seed: seed,
                               stream: .init(window: window, hop: hop, context: context, refractoryTime: 0.5, backgroundLabel: "background",
                                             thresholds: ["gesture": 0.5]))
    }
}

extension TrainingWorkload {
    /// Counts what a `minirocket-stream` training processes: the windows it draws (positives overlapping each judged
    /// annotation, `negativesPerPositive` per positive, at most `maxWindows`), the windows each calibration scores,
    /// and the cross-fitted trainings. O(recordings + annotations).
    mutating func count(miniRocketStream settings: MiniRocketStreamSettings, judged: [Recording]) {
        let rates = judged.compactMap(\.samplingRate)
        guard !rates.isEmpty else { return }
        let rate = settings.samplingRate ?? rates.reduce(0, +) / Double(rates.count)
        let duration = judged.reduce(0) { $0 + $1.duration }
        let annotations = judged.flatMap(\.annotations)
        // Positives: windows overlapping an annotation by half the shorter of the two, max(duration, window) / hop
        // each; negatives: windows keeping half a window away from every annotation, the time left once each
        // annotation is widened by a window on either side (long events leave few). In the recordings and in each
        // augmented copy of them; the draw takes negativesPerPositive per positive, at most maxWindows in all.
        let copies = Double(settings.augmentation.copies)
        let positives = (1 + copies) * annotations.reduce(0.0) { $0 + max($1.end - $1.start, settings.window) / settings.hop }
        let away = duration - annotations.reduce(0.0) { $0 + $1.end - $1.start + 2 * settings.window }
        let negatives = (1 + copies) * max(0, away) / settings.hop
        let drawnPositives = min(positives, Double(max(1, Int(Double(settings.maxWindows) / (1 + settings.negativesPerPositive)))))
        let drawnNegatives = min(settings.negativesPerPositive * drawnPositives, Double(settings.maxWindows) - drawnPositives, negatives)
        examples = min(settings.maxWindows, Int((drawnPositives + drawnNegatives).rounded(.up)))
        classes = Set(annotations.map(\.label)).count + 1
        exampleLength = (settings.window + 2 * settings.context) * rate
        channels = settings.channels?.count ?? 3
        rocketFeatures = MiniRocket.kernelCount * (settings.features / MiniRocket.kernelCount)
        rocketScoredWindows = Int(duration / settings.hop)
        let testRate = rates.reduce(0, +) / Double(rates.count)
        rocketWindowsPerTestSample = 1 / (testRate * settings.hop)
        // Hard negatives: at most a third of maxWindows, from the negatives not drawn; how many of those the cross-fitted
        // false activations offer is known only once trained: half (SwimWatch_Turns' folds added 18–333 of 333). None
        // left: no second pass.
        rocketHardNegatives = settings.hardNegatives ? Int(min(Double(settings.maxWindows / 3), max(0, negatives - drawnNegatives)) / 2) : 0
        backgroundMining = settings.hardNegatives && rocketHardNegatives > 0
        let groups = CrossFitting.groups(of: judged.map(\.subject), count: settings.crossFitGroups)
        if groups.count > 1 {
            crossFitTrainings = groups.count
            crossFitShare = Double(groups.count - 1) / Double(groups.count)
        }
    }
}
