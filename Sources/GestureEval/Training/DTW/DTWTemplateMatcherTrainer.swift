import Foundation
import GestureKit
import GestureData

/// The trainer of ``GestureKit/DTWTemplateMatcher`` (`dtw`): templates (medoids by default), the band (learned by
/// leave-one-out unless fixed) and rejection thresholds from the judged annotations, with a grid search over
/// ``DTWTrainingSettings/searchable`` in which candidates that differ only in rejection or spotting durations share
/// their templates (``DTWTrainingCache``); or a trained model file used as is in every fold. Segments are classified
/// by ``GestureKit/DTWClassifier``, continuous recordings spotted by the model's pipeline.
///
/// Its ``exampleConfiguration()`` is a model of eight classes of the bench gestures (``GestureData/BenchmarkStream``),
/// medoid templates at 25 Hz, which `bench soak` and the robustness tests run.
///
/// - Complexity: see ``DTWTrainer``; a search multiplies by its template sets, and each candidate spots or classifies
///   the training recordings once.
package struct DTWTemplateMatcherTrainer: RecognizerTrainer {
    /// Templates and what they were trained with.
    package typealias Model = DTWModel

    /// A trainer.
    package init() {}

    /// The templates, the examples they came from, the hard negatives mined and the background templates kept.
    package var countKeys: Set<String> { ["templates", "examples", "negatives", "backgroundTemplates"] }

    /// `dtw`.
    package var identifier: String { DTWTemplateMatcher.identifier }

    /// A model trained elsewhere may be used as is.
    package var readsModelFiles: Bool { true }

    /// ``DTWTrainingSettings/searchable``.
    package var searchable: [String]? { DTWTrainingSettings.searchable }

    /// Checks that searched numbers of medoids are whole numbers ≥ 1, and that an entry spotting continuous
    /// recordings has a rejection method.
    package func validate(_ setup: TrainingSetup) throws(TrainingError) {
        if let k = setup.search["selection"]?.first(where: { !($0 >= 1 && $0 == $0.rounded()) }) {
            // Four significant digits, as the report writes numbers.
            throw setup.error("search selection: numbers of medoids per class are whole numbers ≥ 1, got \(String(format: "%.4g", k))")
        }
        // Without thresholds the matcher refuses to spot a stream: say so now, not after every fold has trained.
        let searchesRejection = setup.search.keys.contains { $0 == "rejectionK" || $0.hasPrefix("rejection.") }
        if setup.kind == .continuous, setup.modelFile == nil, !searchesRejection,
           let settings = try? setup.configuration.decoding.decode(DTWTrainingSettings.self), case .none = settings.rejection {
            throw setup.error("rejection: none (or rejectionK: null) classifies segments only; spotting a continuous dataset needs thresholds: "
                + "rejection: {method: sigma, k: 3} (mean + k·σ of the training distances) or rejection: {method: stream, objective: f1} "
                + "(or {method: stream, maxFalsePerHour: N}, calibrated on the training recordings); to classify the annotations "
                + "instead, cut them out as a segment dataset: gesturelab datasets segments DATASET --out DIR")
        }
    }

    /// A model file used as is must run behind the setup's stages (or none given): an entry naming others would
    /// evaluate something else.
    package func accept(_ model: DTWModel, fromFile file: String, setup: TrainingSetup, training recordings: [Recording]) throws(TrainingError) {
        let stages = model.stages
        guard setup.stages.isEmpty || setup.stages == stages || setup.scoredStages(reading: model.channels, training: recordings) == stages else {
            throw setup.error("stages \(setup.stages) differ from the model's (\(stages.isEmpty ? "none" : "\(stages)")); leave stages out to use the model's")
        }
    }

    /// Templates cut from the signal the matcher will see behind the stages, the best of the search.
    package func fit(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> Trained<DTWModel> {
        // Templates are cut from the signal the matcher will see behind the stages; candidates are scored by running
        // the whole pipeline on the recordings as recorded.
        let staged = try setup.staged(recordings)
        // Candidates that differ only in rejection or spotting durations share their templates.
        let cache = DTWTrainingCache()
        return try setup.search(from: setup.configuration) { try detect($0, on: $1, setup: setup) }
            .best(on: recordings) { (value) throws(TrainingError) in
                var candidate = try Self.templates(staged, configuration: value, kind: setup.kind, name: setup.name,
                                                   matching: setup.matching, cache: cache)
                candidate.model.model.stages = setup.scoredStages(reading: candidate.model.model.channels, training: recordings)
                return candidate
            }
    }

    /// Segments: each classified by the nearest templates (behind the model's stages); continuous recordings: the
    /// model's pipeline (its stages and the matcher), a channel the recordings lack being an error.
    package func detect(_ dtwModel: DTWModel, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
        if setup.kind == .segments {
            let classifier = try DTWClassifier(model: dtwModel)
            let predicted = try recordings.map { r throws -> String in
                try classifier.classify(DTWExamples.series(r.staged(through: dtwModel.stages), model: dtwModel)).label ?? EventEvaluation.null
            }
            return ([], predicted)
        }
        return try setup.run(try Pipeline(model: dtwModel), on: recordings, checkChannels: true)
    }

    /// The examples, classes, lengths, templates, band and cross-fitting a training step processes; only the
    /// training samples with a model file (nothing is trained) or an invalid configuration.
    package func workload(_ setup: TrainingSetup, training judged: [Recording]) -> DTWWorkload? {
        guard setup.modelFile == nil, let settings = try? setup.configuration.decoding.decode(DTWTrainingSettings.self) else { return nil }
        return DTWWorkload(settings: settings, judged: setup.matching.withoutIgnored(judged), kind: setup.kind, search: setup.search)
    }

    /// Band learning, medoids and calibration, then classification (segments: a pruned nearest-neighbour search
    /// against every example, or every matrix against a few templates) or spotting (continuous), with the search's
    /// template sets and cross-fitted trainings; `nil` when the workload counts no examples (a model file).
    package func estimatedSeconds(of w: DTWWorkload, training samples: Int, searched: Double, testing: TrainingWorkload.Testing,
                                 model: TrainingCostModel) -> Double? {
        guard w.examples > 0 else { return nil }
        let n = Double(w.examples), length = w.exampleLength, d = Double(w.channels), t = Double(w.templates)
        let window = min(length, 2 * w.band * length + 1)
        // A cell's channels and the work every cell does whatever its channels (see DTWCostModel.cellOverheadChannels).
        let dc = d + DTWCostModel.reference.cellOverheadChannels
        // A search over context trains templates of other lengths: cells scale with length × window.
        let searchedLength = w.searchedExampleLength > 0 ? w.searchedExampleLength : length
        let searchedWindow = min(searchedLength, 2 * w.band * searchedLength + 1)
        let shapes = Double(max(1, w.templateShapes)) * (searchedLength * searchedWindow) / (length * window)
        var bandSearch = 0.0, bounds = 0.0, nearest = 0.0
        if w.bandCandidates > 0 {
            // The default candidates: 0 %, 1 %, … 20 % of the length.
            var windows = 0.0
            for j in 0..<w.bandCandidates {
                let fraction = 0.2 * Double(j) / Double(max(1, w.bandCandidates - 1))
                windows += min(length, 2 * fraction * length + 1)
            }
            bandSearch = n * (n - 1) * length * windows * d
            bounds += n * (n - 1) * length * d * Double(w.bandCandidates)
        }
        // Medoids compare the examples of each class pairwise; calibration each example with its class's templates:
        // counted from the examples' lengths when the workload has them (long examples of different lengths cost
        // their length difference as well as the band).
        let medoids = t < n ? (w.selectionCells > 0 ? w.selectionCells * dc : n * n / Double(max(1, w.classes)) * length * window * dc) : 0
        let calibration = w.calibrationCells > 0 ? w.calibrationCells * dc : n * max(1, t / Double(max(1, w.classes))) * length * window * dc
        let perSpottedSample = t * length * dc
        var cells = medoids + calibration, spotting = 0.0
        if w.segments {
            // Against every example: a pruned nearest-neighbour search; against a few templates: every matrix.
            let queries = testing.recordings + searched * n
            if t >= n {
                nearest = queries * t * length * window * d
                bounds += queries * t * length * d
            } else {
                cells += queries * t * length * window * dc
            }
        } else {
            spotting = testing.samples * perSpottedSample
            let searchedSpotting = Double(samples) * t * searchedLength * dc
            if w.crossFitTrainings > 0 {
                // Each template set is trained again without each subject group (medoids are quadratic in the
                // examples); every candidate then spots the training recordings once to choose its thresholds
                // (twice with background mining), and its held-out detections score it.
                cells = (medoids + calibration) * shapes * (1 + Double(w.crossFitTrainings) * w.crossFitShare * w.crossFitShare)
                spotting += max(1, searched) * (w.backgroundMining ? 2 : 1) * searchedSpotting
            } else {
                cells *= shapes
                spotting += searched * searchedSpotting
            }
        }
        return DTWCostModel.reference.perCell * cells + DTWCostModel.reference.perSpottingCell * spotting + DTWCostModel.reference.perNearestCell * nearest
            + DTWCostModel.reference.perBandSearchCell * bandSearch + DTWCostModel.reference.perBoundSample * bounds + model.perUnit * testing.units
    }

    /// The model file at `url`, summarised by its band and template count.
    package func readModel(at url: URL) throws(DataFileError) -> Trained<DTWModel> {
        let model = try DTWModelFile.read(from: url)
        return Trained(model, summary: TrainingSummary(values: ["band": model.dtw.band, "templates": Double(model.templates.count)]))
    }

    /// Writes the ``GestureKit/DTWModel`` atomically.
    package func writeModel(_ model: DTWModel, to url: URL) throws(DataFileError) { try DTWModelFile.write(model, to: url) }

    /// The configuration's renamed keys (``DTWTrainingSettings/deprecations(in:)``).
    package func deprecations(inConfiguration value: ConfigurationValue) -> [String] { DTWTrainingSettings.deprecations(in: value) }

    /// An older model file's renamed keys (``DTWModelFile/deprecations(in:file:)``).
    package func deprecations(inModelFile data: Data, file: String) -> [String] { DTWModelFile.deprecations(in: data, file: file) }

    /// A DTW model records its stages itself: the model's pipeline.
    package func pipeline(forModel document: any ConfigurationDecoding, registry: RecognizerRegistry) throws -> Pipeline? {
        guard let matcher = try registry.makeRecognizer(identifier, configuration: document) as? DTWTemplateMatcher else { return nil }
        return try Pipeline(model: matcher.configuration)
    }

    /// Eight classes: 0.6 s of the bench gestures' acceleration from eight moments of their 10 s script at 25 Hz,
    /// from three noise seeds and the four phases of a 25 Hz grid on a 100 Hz stream (a gap restarts the matcher's
    /// resampling grid at another phase, and these gestures last only a few samples at 25 Hz); medoid templates,
    /// band 10 %, rejection at mean + 3σ. About 0.1 s to train.
    package func exampleConfiguration() throws -> JSONConfiguration? {
        JSONConfiguration(data: try Self.exampleModel().encoded())
    }

    /// The model of ``exampleConfiguration()``.
    package static func exampleModel() throws -> DTWModel {
        let rate = 25.0, starts = [1.9, 2.2, 3.9, 4.1, 6.2, 6.6, 8.2, 8.6]
        var examples: [DTWExample] = []
        for seed in 1...3 {
            let stream = BenchmarkStream.samples(seconds: 10, rate: 100, seed: UInt64(seed))
            for phase in 0..<4 {
                let grid = stride(from: phase, to: stream.count, by: 4).map { stream[$0] }
                for (k, s) in starts.enumerated() {
                    let part = grid.filter { $0.timestamp >= s && $0.timestamp < s + 0.6 }
                    let columns = [\Vector3.x, \.y, \.z].map { axis in part.map { $0.acceleration[keyPath: axis] } }
                    examples.append(DTWExample(label: "soak\(k)", series: try DTWSeries(dimensions: columns)))
                }
            }
        }
        let trainer = DTWTrainer(selection: .medoid, band: 0.1, rejectionK: 3, channels: MotionChannel.acceleration, samplingRate: rate,
                                 minimumDuration: 0.3, maximumDuration: 1.2)
        return try trainer.train(examples).model
    }
}
