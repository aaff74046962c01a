import Foundation

/// A trained MiniRocket classifier: the fitted ``MiniRocket`` transform, the standardisation of its features, and
/// one linear score per class (ridge regression on ±1 targets, one class against the rest).
///
/// A segment's class is the one of highest score `wₖ · ((features − mean) / scale) + bₖ`. The file (JSON) holds
/// everything needed to classify: dilations, biases and channel subsets (in ``transform``), the scaler, the weights,
/// the channels and sampling rate of the input, and what is done with segments whose length differs from the
/// training length (``lengthPolicy``), and the signal stages the model was trained behind (``stages``), so the file
/// is the pipeline that was scored. The seed is provenance only: the kernels are fixed and the biases come from
/// the data.
public struct MiniRocketModel: Codable, Sendable, Equatable {
    /// The newest version this library writes and reads: 2 adds the optional ``stream`` section, 3 the ``stages``,
    /// 4 the stream's ``Stream/normalization``, 5 the ``ensemble``. A model is written with the lowest version that
    /// holds what it has, so models without them stay what they were; a reader that predates the stages, the
    /// normalisation or the ensemble refuses a model with them rather than running it without.
    public static let currentVersion = 5
    /// The versions this library reads.
    package static let supportedVersions = 1...5

    /// The lowest version that holds `stream`, `stages` and an ensemble.
    static func version(stream: Stream?, stages: [StageSpecification], ensemble: Bool) -> Int {
        ensemble ? 5 : stream?.normalization != nil ? 4 : !stages.isEmpty ? 3 : stream == nil ? 1 : 2
    }

    /// How a model spots gestures in a continuous stream (``MiniRocketSpotter``): the window it scores, how often,
    /// the context around it, and when a window's score makes an event. Seconds throughout.
    public struct Stream: Codable, Sendable, Equatable {
        /// The gesture's span in each window, seconds (the event's duration).
        public var window: Double
        /// Time between two scored windows, seconds.
        public var hop: Double
        /// Signal scored before and after the window, seconds each side (not part of the event).
        public var context: Double
        /// Shortest time between two events, seconds (the shared ``EventStage``'s refractory time): two windows
        /// closer than this compete and the higher score wins. Negative where gestures follow each other closer than a
        /// window and its context span: two windows then compete only when they overlap by more than its magnitude,
        /// which is above −(``window`` + 2 × ``context``), so windows at the same place always compete.
        public var refractoryTime: Double
        /// The class of ``MiniRocketModel/labels`` that means "no gesture": never reported.
        public var backgroundLabel: String
        /// Per gesture class, the lowest score that makes a candidate event; a class without one never fires.
        public var thresholds: [String: Double]
        /// When set, the channels are replaced by their moving standard deviation over this many seconds
        /// (``MovingDeviation``, after resampling) before windows are cut: the intensity envelope.
        public var movingDeviation: Double?
        /// When set, each channel whose scale depends on the person (``MotionChannel/measuresIntensity``: g and
        /// rad/s) is replaced by its standard score against its own running mean and standard deviation, time
        /// constant this many seconds (``RunningStandardizer``, after ``movingDeviation``): a causal per-recording
        /// normalisation, kept across gaps and restarted by ``MiniRocketSpotter/reset()``. Angles, periods and
        /// regularities are read as they are.
        public var normalization: Double?

        /// A stream section; ``MiniRocketModel/validate()`` checks it against the model.
        package init(window: Double, hop: Double, context: Double = 0, refractoryTime: Double = 0, backgroundLabel: String,
                    thresholds: [String: Double] = [:], movingDeviation: Double? = nil, normalization: Double? = nil) {
            self.window = window
            self.movingDeviation = movingDeviation
            self.normalization = normalization
            self.hop = hop
            self.context = context
            self.refractoryTime = refractoryTime
            self.backgroundLabel = backgroundLabel
            self.thresholds = thresholds
        }

        /// Throws unless `refractoryTime` (seconds) is finite and above −(`window` + 2 × `context`): windows at the
        /// same place must compete.
        package static func requireRefractoryTime(_ refractoryTime: Double, window: Double, context: Double,
                                                  key: String) throws(ConfigurationError) {
            guard refractoryTime.isFinite, refractoryTime > -(window + 2 * context) else {
                throw ConfigurationError(key: key, "must be a finite number of seconds above −(window + 2 × context) = \(-(window + 2 * context)), got \(refractoryTime)")
            }
        }

        /// Throws unless the durations are valid and the labels are the model's.
        func validate(labels: [String]) throws(ConfigurationError) {
            try ConfigurationError.requirePositive(window, "stream.window")
            try ConfigurationError.requirePositive(hop, "stream.hop")
            try ConfigurationError.requireNonNegative(context, "stream.context")
            try Self.requireRefractoryTime(refractoryTime, window: window, context: context, key: "stream.refractoryTime")
            if let movingDeviation { try ConfigurationError.requirePositive(movingDeviation, "stream.movingDeviation") }
            if let normalization { try ConfigurationError.requirePositive(normalization, "stream.normalization") }
            guard labels.contains(backgroundLabel) else {
                throw ConfigurationError(key: "stream.backgroundLabel", "'\(backgroundLabel)' is not one of the model's classes (\(labels.joined(separator: ", ")))")
            }
            for (label, t) in thresholds.sorted(by: { $0.key < $1.key }) {
                guard labels.contains(label), label != backgroundLabel else {
                    throw ConfigurationError(key: "stream.thresholds.\(label)", "names no gesture class of the model (\(labels.filter { $0 != backgroundLabel }.joined(separator: ", ")))")
                }
                guard t.isFinite else { throw ConfigurationError(key: "stream.thresholds.\(label)", "must be finite, got \(t)") }
            }
        }
    }

    /// What happens to a segment whose length differs from the transform's reference length.
    public enum LengthPolicy: String, Codable, Sendable, CaseIterable {
        /// Transformed at its own length (MiniRocket's variable-length form): the dilations stay those of the reference
        /// length, convolutions are zero-padded, and PPV, a proportion, does not depend on the length.
        case asRecorded
        /// Linearly resampled to the reference length first (shape over duration).
        case resampled
    }

    /// The file format version.
    package var version: Int
    /// The input channels, one transform channel each, in order.
    public var channels: [MotionChannel]
    /// The input's sampling rate, Hz.
    public var samplingRate: Double
    /// Segments of another length than ``MiniRocket/referenceLength``.
    public var lengthPolicy: LengthPolicy
    /// The fitted transform.
    package var transform: MiniRocket
    /// Per feature, the training mean subtracted before scoring.
    package var featureMeans: [Double]
    /// Per feature, the training standard deviation (1 where it was 0) divided by before scoring.
    package var featureScales: [Double]
    /// The classes, sorted; row `k` of ``weights`` scores `labels[k]`.
    public var labels: [String]
    /// Class-major weights on the standardised features: `labels.count × featureCount`.
    package var weights: [Double]
    /// One intercept per class.
    package var intercepts: [Double]
    /// The ridge penalty chosen by leave-one-out (provenance).
    package var alpha: Double
    /// The seed of the channel subsets and bias examples (provenance), if one was used.
    package var seed: UInt64?
    /// How the model spots gestures in streams; `nil` for a segment classifier (version 1).
    public var stream: Stream? {
        didSet { version = Self.version(stream: stream, stages: stages, ensemble: ensemble != nil) }
    }
    /// The signal stages in front of the model, in order, as trained and scored (with the derivations a pipeline would
    /// add written out, e.g. the orientation-free channels' estimator and its rhythm's source): an app runs them in
    /// front of the classifier or spotter. Empty: the input as recorded.
    package var stages: [StageSpecification] {
        get { storedStages ?? [] }
        set {
            storedStages = newValue.isEmpty ? nil : newValue
            version = Self.version(stream: stream, stages: newValue, ensemble: ensemble != nil)
        }
    }
    /// ``stages`` as written: absent when empty, so a model without stages keeps its bytes.
    private var storedStages: [StageSpecification]?
    /// How the settings were chosen, when a trainer chose them (provenance; absent otherwise, so other models keep
    /// their bytes).
    package var selection: AutoSpotterSelection? = nil
    /// The other members of an ensemble, when the model is one (version 5): window classifiers whose scores are
    /// averaged with this model's own, window by window, before the class and the threshold decide (``MiniRocketSpotter``).
    /// Each reads this model's channels at its rate, with a stream section of the same window, hop, context and
    /// moving deviation; its ``Stream/normalization`` is its own, and its thresholds and refractory time are not read
    /// (this model's count). Members have no stages and no ensemble of their own. An ensemble spots only: a segment
    /// classifier (``MiniRocketClassifier``) refuses it.
    public var ensemble: [MiniRocketModel]? = nil {
        didSet { version = Self.version(stream: stream, stages: stages, ensemble: ensemble != nil) }
    }

    private enum CodingKeys: String, CodingKey {
        case version, channels, samplingRate, lengthPolicy, transform, featureMeans, featureScales, labels, weights, intercepts
        case alpha, seed, stream, storedStages = "stages", selection, ensemble
    }

    /// Creates a model; ``validate()`` checks it.
    package init(channels: [MotionChannel], samplingRate: Double, lengthPolicy: LengthPolicy = .asRecorded, transform: MiniRocket,
                featureMeans: [Double], featureScales: [Double], labels: [String], weights: [Double], intercepts: [Double],
                alpha: Double, seed: UInt64? = nil, stream: Stream? = nil, stages: [StageSpecification] = []) {
        version = Self.version(stream: stream, stages: stages, ensemble: false)
        self.stream = stream
        storedStages = stages.isEmpty ? nil : stages
        self.channels = channels
        self.samplingRate = samplingRate
        self.lengthPolicy = lengthPolicy
        self.transform = transform
        self.featureMeans = featureMeans
        self.featureScales = featureScales
        self.labels = labels
        self.weights = weights
        self.intercepts = intercepts
        self.alpha = alpha
        self.seed = seed
    }

    /// Throws unless the model is complete and consistent.
    public func validate() throws(ConfigurationError) {
        guard Self.supportedVersions.contains(version) else {
            throw ConfigurationError(key: "version", "MiniRocket model version \(version) is not supported (this library reads versions \(Self.supportedVersions.lowerBound)…\(Self.supportedVersions.upperBound)); retrain the model")
        }
        if let stream {
            guard version >= 2 else { throw ConfigurationError(key: "version", "a stream section needs version 2, the file says \(version)") }
            if stream.normalization != nil, version < 4 {
                throw ConfigurationError(key: "version", "a stream normalisation needs version 4, the file says \(version)")
            }
            try stream.validate(labels: labels)
        }
        if !stages.isEmpty {
            guard version >= 3 else { throw ConfigurationError(key: "version", "stages need version 3, the file says \(version)") }
            _ = try StageSpecification.makeStages(stages)
        }
        if let ensemble { try validate(ensemble: ensemble) }
        guard !channels.isEmpty else { throw ConfigurationError(key: "channels", "at least one channel is needed") }
        guard channels.count == transform.channelCount else {
            throw ConfigurationError(key: "channels", "names \(channels.count) channels but the transform has \(transform.channelCount)")
        }
        try ConfigurationError.requirePositive(samplingRate, "samplingRate")
        do { try transform.validate() } catch { throw ConfigurationError(key: "transform.\(error.key)", error.message) }
        let f = transform.featureCount
        guard featureMeans.count == f, featureScales.count == f else {
            throw ConfigurationError(key: "featureMeans", "the scaler needs \(f) means and scales, got \(featureMeans.count) and \(featureScales.count)")
        }
        if let i = featureScales.firstIndex(where: { !($0.isFinite && $0 > 0) }) {
            throw ConfigurationError(key: "featureScales[\(i)]", "must be a positive number, got \(featureScales[i])")
        }
        if let i = featureMeans.firstIndex(where: { !$0.isFinite }) { throw ConfigurationError(key: "featureMeans[\(i)]", "must be finite") }
        guard labels.count >= 2 else { throw ConfigurationError(key: "labels", "a classifier needs at least two classes, got \(labels.count)") }
        guard Set(labels).count == labels.count else { throw ConfigurationError(key: "labels", "names a class twice") }
        guard weights.count == labels.count * f, intercepts.count == labels.count else {
            throw ConfigurationError(key: "weights", "needs \(labels.count) × \(f) weights and \(labels.count) intercepts, got \(weights.count) and \(intercepts.count)")
        }
        if let i = weights.firstIndex(where: { !$0.isFinite }) { throw ConfigurationError(key: "weights[\(i)]", "must be finite") }
        if let i = intercepts.firstIndex(where: { !$0.isFinite }) { throw ConfigurationError(key: "intercepts[\(i)]", "must be finite") }
    }

    /// Throws unless every member of `ensemble` is a valid model on this model's window grid (see ``ensemble``).
    private func validate(ensemble: [MiniRocketModel]) throws(ConfigurationError) {
        guard version >= 5 else { throw ConfigurationError(key: "version", "an ensemble needs version 5, the file says \(version)") }
        guard let stream else { throw ConfigurationError(key: "ensemble", "an ensemble spots: the model needs a stream section") }
        guard !ensemble.isEmpty else { throw ConfigurationError(key: "ensemble", "names no member; leave it out instead") }
        for (i, member) in ensemble.enumerated() {
            let key = "ensemble[\(i)]"
            do { try member.validate() } catch { throw ConfigurationError(key: "\(key).\(error.key)", error.message) }
            guard member.ensemble == nil, member.stages.isEmpty else {
                throw ConfigurationError(key: key, "a member has no ensemble and no stages of its own (the model's stages feed every member)")
            }
            guard member.channels == channels, member.samplingRate == samplingRate, member.labels == labels else {
                throw ConfigurationError(key: key, "a member reads the model's channels at its rate and scores its classes")
            }
            guard let s = member.stream, s.window == stream.window, s.hop == stream.hop, s.context == stream.context,
                  s.movingDeviation == stream.movingDeviation, s.backgroundLabel == stream.backgroundLabel else {
                throw ConfigurationError(key: "\(key).stream", "a member scores the model's windows: the same window, hop, context, moving deviation and background class")
            }
        }
    }

    /// The model as JSON (sorted keys, so the same model gives the same bytes).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Decodes and validates a model; the error says what is wrong.
    public static func decode(_ data: Data) throws(ConfigurationError) -> MiniRocketModel {
        let model: MiniRocketModel
        do { model = try JSONDecoder().decode(MiniRocketModel.self, from: data) } catch {
            throw ConfigurationError(key: "model", "not a MiniRocket model: \(error)")
        }
        try model.validate()
        return model
    }
}
