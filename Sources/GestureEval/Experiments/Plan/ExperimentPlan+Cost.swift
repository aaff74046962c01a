import GestureKit
import GestureData

extension ExperimentPlan {
    /// What a training step processes, counted when the plan is made: the basis of its estimated cost.
    public struct Workload: Codable, Hashable, Sendable {
        /// Samples in the fold's training recordings.
        public var trainingSamples: Int
        /// DTW: the examples templates are learned from (judged annotations or segments); 0 for rule-based recognizers.
        public var examples: Int = 0
        /// DTW: the classes among ``examples``.
        public var classes: Int = 0
        /// DTW: mean example length, samples.
        public var exampleLength: Double = 0
        /// DTW: the template sets a search trains (candidates that differ only in rejection, refractory time or
        /// spotting durations share one, see ``DTWTrainingCache``); 1 without a search.
        public var templateShapes: Int = 1
        /// DTW: the mean template length, samples, averaged over the searched `context` values (templates hold
        /// the gesture and its context on both sides); ``exampleLength`` when context is not searched.
        public var searchedExampleLength: Double = 0
        /// DTW with stream calibration: whether background templates are mined (a second calibration pass).
        public var backgroundMining: Bool = false
        /// DTW: the channels compared in each cell.
        public var channels: Int = 0
        /// DTW: the templates the model will hold (classes for medoids, k per class, or every example).
        public var templates: Int = 0
        /// DTW: the warping window as a fraction of the length (a learned band counts as 10 %).
        public var band: Double = 1
        /// DTW: the bands tried by leave-one-out (0 when the band is fixed).
        public var bandCandidates: Int = 0
        /// DTW with stream calibration: the extra template trainings of cross-fitting, one per subject group (see
        /// ``CrossFitting``).
        public var crossFitTrainings: Int = 0
        /// DTW with stream calibration: the share of examples each cross-fitted training sees ((k − 1) / k).
        public var crossFitShare: Double = 0
        /// DTW: whether units classify segments (else they spot in continuous recordings).
        public var segments: Bool = false
        /// MiniRocket: features per series (0 for other recognizers); ``examples``, ``exampleLength`` and ``channels``
        /// count its training segments.
        public var rocketFeatures: Int = 0
        /// MiniRocket in streams: the windows of the training recordings that each calibration scores (one
        /// transform each; ``examples`` counts the drawn training windows, ``exampleLength`` a window's samples).
        public var rocketScoredWindows: Int = 0
        /// MiniRocket in streams: windows scored per test sample (1 / (recording rate × hop)).
        public var rocketWindowsPerTestSample: Double = 0
    }

    /// Seconds per unit of work on one core, from which ``ExperimentPlan/estimatedSeconds(of:)`` adds up a
    /// step. ``reference`` was fitted with `gesturelab bench plan` (release build, one core of the machine
    /// that builds CI); other machines differ by a common factor, which does not change how shards balance.
    public struct CostModel: Codable, Hashable, Sendable {
        /// A rule-based recognizer's step on one sample, including judging its events.
        public var perSample: Double
        /// One DTW cell (one channel of one warping-matrix entry) between two series: medoids, calibration, classification.
        public var perCell: Double
        /// One cell of spotting: a template's column updated for one stream sample (SPRING, per channel).
        public var perSpottingCell: Double
        /// One cell of a 1-nearest-neighbour search (segments classified by every example), where lower
        /// bounds and early abandoning skip most of the matrix.
        public var perNearestCell: Double
        /// One cell of leave-one-out band learning (pruned like ``perNearestCell``).
        public var perBandSearchCell: Double
        /// One sample of one channel of a lower bound (LB_Keogh) between a query and a candidate.
        public var perBoundSample: Double
        /// Fixed cost of a unit: selecting its recordings, judging and collecting its result.
        public var perUnit: Double
        /// MiniRocket: one feature of one series over one sample (convolution share and PPV pooling).
        public var perRocketCell: Double = 8e-11
        /// MiniRocket: one feature of one pair of training examples in the ridge's Gram matrix.
        public var perRidgeCell: Double = 1.2e-10
        /// MiniRocket: the ridge's eigendecomposition, per cube of the training examples (GSL's `gsl_eigen_symmv`,
        /// measured at n = 300…1,200 on one core).
        public var perEigenCell: Double = 1.15e-9

        /// The constants fitted on the default experiment (see the type's discussion).
        public static let reference = CostModel(perSample: 1.9e-7, perCell: 6.5e-10, perSpottingCell: 1.5e-9, perNearestCell: 2.8e-10,
                                                perBandSearchCell: 5e-10, perBoundSample: 2e-9, perUnit: 2e-4)
    }

    /// The estimated one-core time of `step` and the units that test its model, seconds: each search
    /// candidate run over the training recordings, DTW band learning, medoids and calibration, then each
    /// unit over its test recordings. O(units).
    public func estimatedSeconds(of step: TrainingStep, model: CostModel = .reference) -> Double {
        estimatedSeconds(of: step, testing: units.filter { $0.training == step.index }, model: model)
    }

    /// The estimated one-core time of a finished part of a run, seconds: a training step alone (without the
    /// units that test it), or one unit's testing (its share, by test samples, of what its step's units
    /// add). The parts of a plan add up to the sum of ``estimatedSeconds(of:model:)`` over its steps. O(units).
    public func estimatedSeconds(of part: RunProgress, model: CostModel = .reference) -> Double {
        switch part {
        case let .trained(step):
            return estimatedSeconds(of: trainingSteps[step], testing: [], model: model)
        case let .tested(unit):
            let u = units[unit], step = trainingSteps[u.training], tested = units.filter { $0.training == u.training }
            let testing = estimatedSeconds(of: step, testing: tested, model: model) - estimatedSeconds(of: step, testing: [], model: model)
            let samples = tested.reduce(0) { $0 + $1.testSamples }
            return testing * (samples > 0 ? Double(u.testSamples) / Double(samples) : 1 / Double(tested.count))
        }
    }

    private func estimatedSeconds(of step: TrainingStep, testing tested: [WorkUnit], model: CostModel) -> Double {
        let w = step.workload
        let testSamples = Double(tested.reduce(0) { $0 + $1.testSamples })
        let testRecordings = Double(tested.reduce(0) { $0 + $1.testRecordings })
        let searched = Double(step.candidates > 1 ? step.candidates : 0)
        if w.rocketFeatures > 0, w.segments {
            // Training and test segments transformed once each; the Gram matrix of the training features.
            let n = Double(w.examples), f = Double(w.rocketFeatures)
            return model.perRocketCell * f * w.exampleLength * (n + testRecordings) + model.perRidgeCell * n * n * f / 2
                + model.perEigenCell * n * n * n + model.perUnit * Double(tested.count)
        }
        if w.rocketFeatures > 0 {
            // Per pass (a second one retrains with hard negatives): the full model and one per subject group, each
            // transforming its windows and solving its Gram matrix, then every training window scored once; each
            // search candidate repeats that. Testing scores one window per hop.
            let n = Double(w.examples), f = Double(w.rocketFeatures), g = Double(w.crossFitTrainings), share = w.crossFitShare
            let passes = w.backgroundMining ? 2.0 : 1.0
            let transforms = passes * (n * (1 + g * share) + Double(w.rocketScoredWindows))
            let ridge = passes * n * n * (1 + g * share * share) * f / 2
            let eigen = passes * n * n * n * (1 + g * share * share * share)
            let training = max(1, searched) * (model.perRocketCell * f * w.exampleLength * transforms + model.perRidgeCell * ridge
                                               + model.perEigenCell * eigen)
            return training + model.perRocketCell * f * w.exampleLength * testSamples * w.rocketWindowsPerTestSample
                + model.perUnit * Double(tested.count)
        }
        guard w.examples > 0 else {
            return model.perSample * (searched * Double(w.trainingSamples) + testSamples) + model.perUnit * Double(tested.count)
        }
        let n = Double(w.examples), length = w.exampleLength, d = Double(w.channels), t = Double(w.templates)
        let window = min(length, 2 * w.band * length + 1)
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
        // Medoids compare the examples of each class pairwise; calibration each example with its class's templates.
        let medoids = t < n ? n * n / Double(max(1, w.classes)) * length * window * d : 0
        let calibration = n * max(1, t / Double(max(1, w.classes))) * length * window * d
        let perSpottedSample = t * length * d
        var cells = medoids + calibration, spotting = 0.0
        if w.segments {
            // Against every example: a pruned nearest-neighbour search; against a few templates: every matrix.
            let queries = testRecordings + searched * n
            if t >= n {
                nearest = queries * t * length * window * d
                bounds += queries * t * length * d
            } else {
                cells += queries * t * length * window * d
            }
        } else {
            spotting = testSamples * perSpottedSample
            let searchedSpotting = Double(w.trainingSamples) * t * searchedLength * d
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
            + model.perBandSearchCell * bandSearch + model.perBoundSample * bounds + model.perUnit * Double(tested.count)
    }
}

extension ExperimentPlan.Workload {
    /// Counts what `entry` (configuration `configuration`) processes on `training`, judged as `kind`.
    init(entry: Experiment.Entry, configuration: ConfigurationValue, training: [Recording], kind: Dataset.Kind) {
        let judged = entry.judged(training, kind: kind)
        trainingSamples = judged.reduce(0) { $0 + $1.count }
        if entry.recognizer == MiniRocketClassifier.identifier, kind == .segments,
           let settings = try? configuration.decoding.decode(MiniRocketTrainingSettings.self) {
            examples = judged.count
            exampleLength = judged.isEmpty ? 0 : Double(trainingSamples) / Double(judged.count)
            channels = settings.channels?.count ?? 3
            rocketFeatures = MiniRocket.kernelCount * (settings.features / MiniRocket.kernelCount)
            classes = Set(judged.compactMap { $0.annotations.first?.label }).count
            segments = true
            return
        }
        if entry.recognizer == MiniRocketSpotter.identifier, kind == .continuous, entry.model == nil,
           let settings = try? configuration.decoding.decode(MiniRocketStreamSettings.self) {
            self = Self(miniRocketStream: settings, judged: judged, trainingSamples: trainingSamples)
            return
        }
        guard entry.recognizer == DTWTemplateMatcher.identifier, entry.model == nil,
              let settings = try? configuration.decoding.decode(DTWTrainingSettings.self) else { return }
        var lengths: [Double] = [], labels = Set<String>(), rates: [Double] = []
        for r in judged {
            let rate = r.samplingRate ?? 0
            rates.append(rate)
            for a in kind == .segments ? Array(r.annotations.prefix(1)) : r.annotations {
                // A template holds the gesture and its context on both sides.
                lengths.append(kind == .segments ? Double(r.count) : max(2, (a.end - a.start + 2 * settings.context) * rate))
                labels.insert(a.label)
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
        // Search keys that change the templates (the rest only relabel them, see DTWTrainingCache).
        let relabelling: Set<String> = ["rejectionK", "rejection.k", "rejection.maxFalsePerHour", "refractoryTime", "minimumDuration", "maximumDuration"]
        templateShapes = entry.search.filter { !relabelling.contains($0.key) }.values.reduce(1) { $0 * max(1, $1.values.count) }
        if let contexts = entry.search["context"]?.values, !contexts.isEmpty, examples > 0 {
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

    /// Counts what a `minirocket-stream` entry processes: the windows it draws (positives overlapping each judged
    /// annotation, `negativesPerPositive` per positive, at most `maxWindows`), the windows each calibration scores,
    /// and the cross-fitted trainings. O(recordings + annotations).
    private init(miniRocketStream settings: MiniRocketStreamSettings, judged: [Recording], trainingSamples: Int) {
        self.trainingSamples = trainingSamples
        let rates = judged.compactMap(\.samplingRate)
        guard !rates.isEmpty else { return }
        let rate = settings.samplingRate ?? rates.reduce(0, +) / Double(rates.count)
        let duration = judged.reduce(0) { $0 + $1.duration }
        let annotations = judged.flatMap(\.annotations)
        // Windows overlapping an annotation by half the shorter of the two: about (duration + window) / hop each,
        // in the recordings and in each augmented copy of them.
        let copies = Double(settings.augmentation.copies)
        let positives = (1 + copies) * annotations.reduce(0.0) { $0 + ($1.end - $1.start + settings.window) / settings.hop }
        examples = min(settings.maxWindows, Int(((1 + settings.negativesPerPositive) * positives).rounded(.up)))
        classes = Set(annotations.map(\.label)).count + 1
        exampleLength = (settings.window + 2 * settings.context) * rate
        channels = settings.channels?.count ?? 3
        rocketFeatures = MiniRocket.kernelCount * (settings.features / MiniRocket.kernelCount)
        rocketScoredWindows = Int(duration / settings.hop)
        let testRate = rates.reduce(0, +) / Double(rates.count)
        rocketWindowsPerTestSample = 1 / (testRate * settings.hop)
        backgroundMining = settings.hardNegatives
        let groups = CrossFitting.groups(of: judged.map(\.subject), count: settings.crossFitGroups)
        if groups.count > 1 {
            crossFitTrainings = groups.count
            crossFitShare = Double(groups.count - 1) / Double(groups.count)
        }
    }
}
