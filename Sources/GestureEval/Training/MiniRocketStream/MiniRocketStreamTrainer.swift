import Foundation
import GestureKit
import GestureData

/// The trainer of ``GestureKit/MiniRocketSpotter`` (`minirocket-stream`): windows of the continuous training
/// recordings behind the setup's stages, cross-fitted stream calibration and hard negatives
/// (``MiniRocketStreamFitter``), with a grid search over ``MiniRocketStreamSettings/searchable`` scored by the
/// calibration's held-out detections. Candidates that differ only in what acts after the fit share it
/// (``MiniRocketStreamTrainingCache``).
///
/// Its ``exampleConfiguration()`` is a stream model of the acceleration at 25 Hz: 1 s windows with 0.25 s of context,
/// every 0.25 s, 168 features fitted on 20 s of the bench stream with seeded random weights (see
/// `bench minirocket-stream`): it scores every window, which is what `bench soak` and the robustness tests exercise.
///
/// - Complexity: see ``MiniRocketStreamFitter``, times the search's candidates.
package struct MiniRocketStreamTrainer: RecognizerTrainer {
    /// A window classifier with its stream settings and thresholds.
    package typealias Model = MiniRocketModel

    /// A trainer.
    package init() {}

    /// `minirocket-stream`.
    /// The features, the windows trained on (positive and negative), the hard negatives mined and added.
    package var countKeys: Set<String> {
        ["features", "windows", "positives", "negatives", "positiveWindows", "negativeWindows", "hardNegatives", "falseActivationsMined"]
    }

    package var identifier: String { MiniRocketSpotter.identifier }

    /// ``MiniRocketStreamSettings/searchable``.
    package var searchable: [String]? { MiniRocketStreamSettings.searchable }

    /// Segments are refused.
    package func refusal(of kind: Dataset.Kind) -> String? {
        kind == .continuous ? nil : "minirocket-stream spots gestures in continuous recordings; for segments use minirocket"
    }

    /// Checks that the configuration decodes.
    package func validate(_ setup: TrainingSetup) throws(TrainingError) {
        do { _ = try setup.configuration.decoding.decode(MiniRocketStreamSettings.self) } catch {
            throw setup.error("invalid minirocket-stream configuration: \(error)")
        }
    }

    /// The best model of the search on continuous recordings (segments are refused), windows cut from the signal
    /// behind the stages, as the spotter sees it.
    package func fit(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> Trained<MiniRocketModel> {
        let staged = try setup.staged(recordings)
        // Candidates that differ only after the fit (refractory time, budget) share it, the winner's retraining too.
        let cache = MiniRocketStreamTrainingCache()
        return try setup.search(from: setup.configuration) { try detect($0, on: $1, setup: setup) }
            .best(on: recordings) { (value) throws(TrainingError) in
                do {
                    let settings = try value.decoding.decode(MiniRocketStreamSettings.self)
                    let result = try MiniRocketStreamFitter(settings: settings, matching: setup.matching).train(staged, cache: cache)
                    // The file is the scored pipeline: the stages (and derivations) the detections ran behind.
                    var model = result.model
                    model.stages = setup.scoredStages(reading: model.channels, training: recordings)
                    return .init(model: Trained(model, summary: result.summary), heldOutEvents: result.detections)
                } catch let error as TrainingError {
                    throw error
                } catch {
                    throw setup.error("minirocket-stream training: \(error)")
                }
            }
    }

    /// The model's pipeline (``pipeline(for:)``) over each recording, a channel the recordings lack being an error:
    /// what `detect` runs.
    package func detect(_ rocketModel: MiniRocketModel, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
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
    package func pipeline(forModel document: any ConfigurationDecoding, registry: RecognizerRegistry) throws -> Pipeline? {
        guard let spotter = try registry.makeRecognizer(identifier, configuration: document) as? MiniRocketSpotter else { return nil }
        return try Self.pipeline(for: spotter.configuration)
    }

    /// The windows drawn and scored and the cross-fitted trainings (continuous recordings only).
    package func workload(_ setup: TrainingSetup, training judged: [Recording]) -> MiniRocketWorkload? {
        guard setup.kind == .continuous, setup.modelFile == nil,
              let settings = try? setup.configuration.decoding.decode(MiniRocketStreamSettings.self) else { return nil }
        var workload = MiniRocketWorkload(stream: settings, judged: judged)
        workload?.fitShapes = setup.search.filter { !MiniRocketStreamTrainingCache.afterTheFit.contains($0.key) }.values
            .reduce(1) { $0 * max(1, $1.count) }
        return workload
    }

    /// Per pass (a second one retrains with hard negatives, on ``MiniRocketWorkload/hardNegatives`` more windows):
    /// the full model (unless ``MiniRocketWorkload/fitsAllWindows`` is false) and one per subject group, each transforming its windows (by their features and channels,
    /// ``MiniRocketCostModel/transformSeconds(windows:length:features:channels:dilations:)``), filling its Gram matrix (O(n²·f)) and
    /// decomposing it (O(n³), ``MiniRocketCostModel/eigenSeconds(windows:)``), then every training window scored once, at
    /// ``MiniRocketWorkload/scoredShare`` of a window's own transform (as are the test windows).
    /// A search runs the first pass once per ``MiniRocketWorkload/fitShapes`` and the second once per candidate.
    /// Testing scores one window per hop. `nil` when the workload counts no features.
    package func estimatedSeconds(of w: MiniRocketWorkload, training samples: Int, searched: Double, testing: TrainingWorkload.Testing,
                                 model: TrainingCostModel) -> Double? {
        guard w.features > 0 else { return nil }
        let rocket = MiniRocketCostModel.reference
        let f = Double(w.features), g = Double(w.crossFitTrainings), share = w.crossFitShare, all = w.fitsAllWindows ? 1.0 : 0
        let transform = { (windows: Double) in
            rocket.transformSeconds(windows: windows, length: w.exampleLength, features: w.features, channels: w.channels, dilations: w.dilations)
        }
        let passes = w.retrainsWithHardNegatives ? [Double(w.examples), Double(w.examples + w.hardNegatives)] : [Double(w.examples)]
        let costs = passes.map { n in
            // Scored windows share their convolutions along the stream (``MiniRocketWorkload/scoredShare``).
            let transforms = n * (all + g * share) + Double(w.scoredWindows) * w.scoredShare
            let ridge = n * n * (all + g * share * share) * f / 2
            let eigen = all * rocket.eigenSeconds(windows: n) + g * rocket.eigenSeconds(windows: n * share)
            return transform(transforms) + rocket.perRidgeCell * ridge + eigen
        }
        let firstPasses = searched > 0 ? Double(max(1, w.fitShapes)) : 1
        let training = firstPasses * costs[0] + max(1, searched) * costs.dropFirst().reduce(0, +)
        return training + transform(testing.samples * w.windowsPerTestSample * w.scoredShare) + model.perUnit * testing.units
    }

    /// The model file at `url` (``MiniRocketModelFile``).
    package func readModel(at url: URL) throws(DataFileError) -> Trained<MiniRocketModel> {
        try MiniRocketClassifierTrainer().readModel(at: url)
    }

    /// Writes the ``GestureKit/MiniRocketModel`` atomically.
    package func writeModel(_ model: MiniRocketModel, to url: URL) throws(DataFileError) { try MiniRocketModelFile.write(model, to: url) }

    /// The stream model described in the type's discussion.
    package func exampleConfiguration() throws -> JSONConfiguration? {
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
