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
public struct DTWTemplateMatcherTrainer: RecognizerTrainer {
    /// A trainer.
    public init() {}

    /// `dtw`.
    public var identifier: String { DTWTemplateMatcher.identifier }

    /// A model trained elsewhere may be used as is.
    public var readsModelFiles: Bool { true }

    /// Checks that every searched key is one of ``DTWTrainingSettings/searchable``, that searched numbers of
    /// medoids are whole numbers ≥ 1, and that an entry spotting continuous recordings has a rejection method.
    public func validate(_ setup: TrainingSetup) throws(TrainingError) {
        try setup.requireSearchable(DTWTrainingSettings.searchable)
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

    /// The model file used as is (its stages must be the setup's, or none given), or templates cut from the signal
    /// the matcher will see behind the stages, the best of the search.
    public func train(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> TrainedModel {
        if let file = setup.modelFile {
            // A model trained elsewhere: the same in every fold (like an untrained preset).
            let model: TrainedModel
            do { model = try readModel(at: URL(fileURLWithPath: file)) } catch { throw setup.error(error.description) }
            let dtwModel = try expect(model, DTWModel.self)
            let stages = dtwModel.stages
            // The model runs behind the stages it records; an entry naming others would evaluate something else.
            guard setup.stages.isEmpty || setup.stages == stages
                    || setup.scoredStages(reading: dtwModel.channels, training: recordings) == stages else {
                throw setup.error("stages \(setup.stages) differ from the model's (\(stages.isEmpty ? "none" : "\(stages)")); leave stages out to use the model's")
            }
            return model
        }
        // Templates are cut from the signal the matcher will see behind the stages; candidates are scored by running
        // the whole pipeline on the recordings as recorded.
        let staged = try setup.staged(recordings)
        // Candidates that differ only in rejection or spotting durations share their templates.
        let cache = DTWTrainingCache()
        return try setup.search(from: setup.configuration) { try detect($0, on: $1, setup: setup) }
            .best(on: recordings) { (value) throws(TrainingError) in
                var candidate = try DTWExamples.train(staged, configuration: value, kind: setup.kind, name: setup.name,
                                                      matching: setup.matching, cache: cache)
                if var model = candidate.model.model(as: DTWModel.self) {
                    model.stages = setup.scoredStages(reading: model.channels, training: recordings)
                    candidate.model.model = model
                }
                return candidate
            }
    }

    /// Segments: each classified by the nearest templates (behind the model's stages); continuous recordings: the
    /// model's pipeline (its stages and the matcher), a channel the recordings lack being an error.
    public func detect(_ model: TrainedModel, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
        let dtwModel = try expect(model, DTWModel.self)
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
    public func workload(_ setup: TrainingSetup, training judged: [Recording]) -> TrainingWorkload {
        var workload = TrainingWorkload(trainingSamples: judged.reduce(0) { $0 + $1.count })
        guard setup.modelFile == nil, let settings = try? setup.configuration.decoding.decode(DTWTrainingSettings.self) else { return workload }
        workload.count(dtw: settings, judged: judged, kind: setup.kind, search: setup.search)
        return workload
    }

    /// Band learning, medoids and calibration, then classification (segments: a pruned nearest-neighbour search
    /// against every example, or every matrix against a few templates) or spotting (continuous), with the search's
    /// template sets and cross-fitted trainings; `nil` when the workload counts no examples (a model file).
    public func estimatedSeconds(of w: TrainingWorkload, searched: Double, testing: TrainingWorkload.Testing, model: TrainingCostModel) -> Double? {
        guard w.examples > 0 else { return nil }
        let n = Double(w.examples), length = w.exampleLength, d = Double(w.channels), t = Double(w.templates)
        let window = min(length, 2 * w.band * length + 1)
        // A cell's channels and the work every cell does whatever its channels (see TrainingCostModel.cellOverheadChannels).
        let dc = d + model.cellOverheadChannels
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
            let searchedSpotting = Double(w.trainingSamples) * t * searchedLength * dc
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
        return model.perCell * cells + model.perSpottingCell * spotting + model.perNearestCell * nearest
            + model.perBandSearchCell * bandSearch + model.perBoundSample * bounds + model.perUnit * testing.units
    }

    /// The model file at `url`, summarised by its band and template count.
    public func readModel(at url: URL) throws(DataFileError) -> TrainedModel {
        try readModel(at: url, DTWModelFile.read) { TrainingSummary(values: ["band": $0.dtw.band, "templates": Double($0.templates.count)]) }
    }

    /// Writes the ``GestureKit/DTWModel`` atomically.
    public func writeModel(_ model: TrainedModel, to url: URL) throws(DataFileError) {
        guard let dtwModel = model.model(as: DTWModel.self) else { throw DataFileError(file: url.path, "not a DTW model") }
        try DTWModelFile.write(dtwModel, to: url)
    }

    /// The configuration's renamed keys (``DTWTrainingSettings/deprecations(in:)``).
    public func deprecations(inConfiguration value: ConfigurationValue) -> [String] { DTWTrainingSettings.deprecations(in: value) }

    /// An older model file's renamed keys (``DTWModelFile/deprecations(in:file:)``).
    public func deprecations(inModelFile data: Data, file: String) -> [String] { DTWModelFile.deprecations(in: data, file: file) }

    /// A DTW model records its stages itself: the model's pipeline.
    public func pipeline(forModel document: any ConfigurationDecoding, registry: RecognizerRegistry) throws -> Pipeline? {
        guard let matcher = try registry.makeRecognizer(identifier, configuration: document) as? DTWTemplateMatcher else { return nil }
        return try Pipeline(model: matcher.configuration)
    }

    /// Eight classes: 0.6 s of the bench gestures' acceleration from eight moments of their 10 s script at 25 Hz,
    /// from three noise seeds and the four phases of a 25 Hz grid on a 100 Hz stream (a gap restarts the matcher's
    /// resampling grid at another phase, and these gestures last only a few samples at 25 Hz); medoid templates,
    /// band 10 %, rejection at mean + 3σ. About 0.1 s to train.
    public func exampleConfiguration() throws -> JSONConfiguration? {
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

extension TrainingWorkload {
    /// Counts what DTW training with `settings` processes on `judged` recordings of `kind`, with the `search` ranges.
    /// O(recordings + annotations).
    mutating func count(dtw settings: DTWTrainingSettings, judged: [Recording], kind: Dataset.Kind, search: [String: [Double]]) {
        var lengths: [Double] = [], labels = Set<String>(), rates: [Double] = [], byClass: [String: [Int]] = [:]
        for r in judged {
            let rate = r.samplingRate ?? 0
            rates.append(rate)
            for a in kind == .segments ? Array(r.annotations.prefix(1)) : r.annotations {
                // A template holds the gesture and its context on both sides.
                lengths.append(kind == .segments ? Double(r.count) : max(2, (a.end - a.start + 2 * settings.context) * rate))
                labels.insert(a.label)
                byClass[a.label, default: []].append(Int(lengths[lengths.count - 1].rounded()))
            }
        }
        guard !lengths.isEmpty else { return }
        // Augmented copies add as many examples again each (their warp keeps the mean length about the same).
        examples = lengths.count * (1 + settings.augmentation.copies)
        classes = labels.count
        exampleLength = lengths.reduce(0, +) / Double(lengths.count)
        let meanRate = rates.reduce(0, +) / Double(max(1, rates.count))
        channels = settings.channels?.count ?? 3
        switch settings.selection {
        case .medoid: templates = classes
        case let .medoids(k): templates = min(examples, k * classes)
        case .allExamples: templates = examples
        }
        band = settings.band ?? 0.1
        bandCandidates = settings.band == nil ? 21 : 0
        count(selection: settings.selection, byClass: byClass, copies: settings.augmentation.copies)
        // Search keys that change the templates (the rest only relabel them, see DTWTrainingCache).
        let relabelling: Set<String> = ["rejectionK", "rejection.k", "rejection.maxFalsePerHour", "refractoryTime", "minimumDuration", "maximumDuration"]
        templateShapes = search.filter { !relabelling.contains($0.key) }.values.reduce(1) { $0 * max(1, $1.count) }
        if let contexts = search["context"], !contexts.isEmpty, examples > 0 {
            let gesture = exampleLength - 2 * settings.context * meanRate
            searchedExampleLength = contexts.map { max(2, gesture + 2 * $0 * meanRate) }.reduce(0, +) / Double(contexts.count)
        }
        backgroundMining = settings.backgroundTemplates > 0
        if settings.rejection.isStream {
            let groups = CrossFitting.groups(of: judged.map(\.subject), count: settings.crossFitGroups)
            if groups.count > 1 {
                crossFitTrainings = groups.count
                crossFitShare = Double(groups.count - 1) / Double(groups.count)
            }
        }
        segments = kind == .segments
    }

    /// Counts ``selectionCells`` and ``calibrationCells`` from the example lengths of each class (samples), at
    /// ``band``, with `copies` augmented copies of each example (of about its length). A class of more than 200
    /// examples is counted on 200 of its sorted lengths, evenly spaced, and scaled. O(classes × 200²).
    mutating func count(selection: DTWTrainer.TemplateSelection, byClass: [String: [Int]], copies: Int) {
        guard let dtw = try? DTW(band: band) else { return }
        let a = Double(1 + copies)
        var selectionCells = 0.0, calibrationCells = 0.0
        for lengths in byClass.values where !lengths.isEmpty {
            let sorted = lengths.sorted(), c = sorted.count, q = min(c, 200)
            let sample = (0..<q).map { sorted[$0 * (c - 1) / max(1, q - 1)] }
            var pairs = 0.0, diagonal = 0.0
            for i in 0..<q {
                diagonal += Double(dtw.cells(sample[i], sample[i]))
                for j in (i + 1)..<q { pairs += Double(dtw.cells(sample[i], sample[j])) }
            }
            pairs *= q > 1 ? Double(c * (c - 1)) / Double(q * (q - 1)) : 0
            diagonal *= Double(c) / Double(q)
            // With copies: every pair of originals a² times, and each original against its own copies.
            let selected = a * a * pairs + a * (a - 1) / 2 * diagonal
            let templates: Double = switch selection {
            case .medoid: 1
            case let .medoids(k): min(Double(k), a * Double(c))
            case .allExamples: a * Double(c)
            }
            if case .allExamples = selection {} else { selectionCells += selected }
            // Each example against each template of its class, at the class's mean cells per pair.
            calibrationCells += a * Double(c) * templates * (2 * pairs + diagonal) / (Double(c) * Double(c))
        }
        self.selectionCells = selectionCells
        self.calibrationCells = calibrationCells
    }
}
