/// Adapting a trained spotter to its user on the device, in closed form, from what an app holds in memory: the
/// person's motion samples and, for the labelled lever, the gestures they performed (an enrolment's "wave three
/// times"). GestureEval's experiments score these same levers (`adaptation:` entries) and add a re-calibrated threshold.
extension MiniRocketModel {
    /// How strongly ``adapted(to:strength:)`` moves a model toward one person; each lever shrinks toward the model
    /// that training on other people gave, and a lever set to `nil` or 0 is off.
    public struct AdaptationStrength: Hashable, Sendable {
        /// The ridge on the residuals (labelled): each class's weights are re-fitted on the person's windows toward the
        /// population weights, with a penalty of `ridge` × the mean squared norm of a window's standardised features
        /// (unitless, > 0, so it reads the same whatever the feature count): smaller follows the person more, 1 is
        /// GestureLab's default. `nil`: the weights stay. Needs gestures: windows overlapping one by at least half are
        /// its positives, windows away from every gesture (by half a window) its negatives.
        public var ridge: Double?
        /// The weight of the person's feature statistics against the training ones, 0…1 (unlabelled): each feature's
        /// mean and scale become (1 − w)·training + w·person, estimated on every window of the person's samples.
        /// 0: the training statistics stay.
        public var standardisationWeight: Double

        /// A strength; see the properties. The default re-fits the weights at GestureLab's default penalty (ρ = 1)
        /// and keeps the statistics.
        public init(ridge: Double? = 1, standardisationWeight: Double = 0) {
            (self.ridge, self.standardisationWeight) = (ridge, standardisationWeight)
        }

        /// Every lever off: ``adapted(to:strength:)`` returns the model unchanged.
        public static let off = AdaptationStrength(ridge: nil, standardisationWeight: 0)

        /// Throws unless the ridge is positive and finite (or `nil`) and the weight in 0…1.
        func validate() throws(AdaptationError) {
            if let ridge, !(ridge.isFinite && ridge > 0) {
                throw .invalidStrength(ConfigurationError(key: "ridge", "must be a positive, finite penalty or nil (off), got \(ridge)"))
            }
            guard (0...1).contains(standardisationWeight) else {
                throw .invalidStrength(ConfigurationError(key: "standardisationWeight", "must lie in 0…1, got \(standardisationWeight)"))
            }
        }

        /// Whether any lever is on.
        var isOff: Bool { ridge == nil && standardisationWeight == 0 }
    }

    /// Why ``adapted(to:strength:)`` refused its input. Non-finite samples are no error: they are skipped, as a
    /// ``Pipeline`` skips them.
    public enum AdaptationError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The model cannot spot (no ``MiniRocketModel/stream`` section) or is invalid; the error names the key.
        case invalidModel(ConfigurationError)
        /// A strength out of range; the error names the lever.
        case invalidStrength(ConfigurationError)
        /// The samples lack a channel of the model that no stage derives (see ``Pipeline/prepare(for:)``).
        case missingChannel(MissingChannelError)
        /// No recording holds one window of the model: at least `seconds` of finite samples (window and both
        /// contexts) are needed, without a gap.
        case notEnoughSamples(seconds: Double)
        /// A gesture whose start or end is not finite, or ends before it starts.
        case invalidGesture(GestureSpan)
        /// A gesture that lies wholly before the first or after the last sample of its recording (a clock mismatch?).
        case gestureOutsideSamples(GestureSpan)
        /// A gesture labelled with no gesture class of the model (its background class is none either).
        case unknownLabel(String)

        /// What went wrong, in one sentence.
        public var description: String {
            switch self {
            case let .invalidModel(error): "the model cannot adapt: \(error)"
            case let .invalidStrength(error): "adaptation strength: \(error)"
            case let .missingChannel(error): "\(error)"
            case let .notEnoughSamples(seconds): "no recording holds one window of the model: give at least \(seconds) s of samples without a gap"
            case let .invalidGesture(g): "gesture '\(g.label)' from \(g.start) to \(g.end) s: its times must be finite, the end not before the start"
            case let .gestureOutsideSamples(g): "gesture '\(g.label)' from \(g.start) to \(g.end) s lies outside its recording's samples: give times on the samples' clock"
            case let .unknownLabel(label): "'\(label)' is no gesture class of the model"
            }
        }
    }

    /// The model adapted to the person who recorded `samples` (seconds, g, rad/s) while performing `gestures`
    /// (times on the samples' clock): ``adapted(to:strength:)`` for one recording.
    ///
    /// - Complexity: see ``adapted(to:strength:)``.
    public func adapted(to samples: [MotionSample], gestures: [GestureSpan],
                        strength: AdaptationStrength = AdaptationStrength()) throws(AdaptationError) -> MiniRocketModel {
        try adapted(to: [(samples, gestures)], strength: strength)
    }

    /// The model adapted to one person from their `recordings`, each its samples (seconds, g, rad/s, as the spotter
    /// reads them) and the gestures performed in it (times on that recording's clock; none for the unlabelled lever),
    /// by the levers of `strength`: feature statistics re-estimated on every window of the samples, then the ridge
    /// re-fitted on the labelled windows. Each member of an ensemble adapts alike. The thresholds, channels, window and
    /// stages stay: run the result as the model was run (``MiniRocketSpotter``).
    ///
    /// The samples are read as the spotter reads them in a ``Pipeline``: through the model's stages, with the stage
    /// that derives a channel the samples lack added as ``Pipeline/prepare(for:)`` adds it; non-finite, repeated and
    /// backward samples are skipped. Windows are those the spotter scores (``MiniRocketModel/Stream/window`` plus its
    /// context, every ``MiniRocketModel/Stream/hop`` seconds), labelled by the rule training labels them by; at most
    /// 600 per lever, every positive and negatives drawn evenly. The ridge needs a window that overlaps a gesture; with
    /// none (gestures shorter than a window's half overlap are still positives when a window covers them), the weights
    /// stay.
    ///
    /// With every lever off (``AdaptationStrength/off``) the model itself is returned, the input unread.
    ///
    /// - Throws: ``AdaptationError``: a model that cannot spot, a strength out of range, a channel no stage derives,
    ///   no recording one window long, a gesture with bad times, outside its samples or of an unknown class.
    /// - Complexity: O(samples × (channels + stages)) to read the samples; per lever and member, one MiniRocket
    ///   transform per window kept (n ≤ 600) and, for the ridge, O(n²·F + n³) for F features.
    public func adapted(to recordings: [(samples: [MotionSample], gestures: [GestureSpan])],
                        strength: AdaptationStrength = AdaptationStrength()) throws(AdaptationError) -> MiniRocketModel {
        guard let stream else {
            throw .invalidModel(ConfigurationError(key: "stream", "a segment classifier has no windows to adapt: adapt a spotter (minirocket-stream)"))
        }
        try strength.validate()
        guard !strength.isOff else { return self }
        try validate(gestures: recordings, background: stream.backgroundLabel)
        let streams = try recordings.map { (r) throws(AdaptationError) in (samples: try spotterInput(r.samples), gestures: r.gestures) }
        let length = EventStage.lengths(samplingRate: samplingRate, minimumDuration: stream.window, maximumDuration: stream.window,
                                        context: stream.context).maximum
        let adapted: MiniRocketModel
        do {
            // The spotter's runs between gaps, without its envelope: one as long as a window is enough.
            let runs = try streams.flatMap { s in try MiniRocketSpotter.series(channels: channels, samplingRate: samplingRate, samples: s.samples).runs }
            guard runs.contains(where: { $0.count >= length }) else { throw AdaptationError.notEnoughSamples(seconds: Double(length) / samplingRate) }
            adapted = try self.adapted(streams: streams, ridge: strength.ridge, standardisationWeight: strength.standardisationWeight)
            try adapted.validate()
        } catch let error as AdaptationError {
            throw error
        } catch let error as ConfigurationError {
            throw .invalidModel(error)
        } catch {
            throw .invalidModel(ConfigurationError(key: "model", "\(error)"))
        }
        return adapted
    }

    /// Throws for a gesture with bad times, of an unknown class, or wholly outside its recording's finite samples.
    /// O(samples + gestures).
    private func validate(gestures recordings: [(samples: [MotionSample], gestures: [GestureSpan])],
                          background: String) throws(AdaptationError) {
        for r in recordings where !r.gestures.isEmpty {
            let times = r.samples.lazy.filter(\.isFinite).map(\.timestamp)
            let first = times.min() ?? .infinity, last = times.max() ?? -.infinity
            for g in r.gestures {
                guard g.start.isFinite, g.end.isFinite, g.start <= g.end else { throw .invalidGesture(g) }
                guard labels.contains(g.label), g.label != background else { throw .unknownLabel(g.label) }
                guard g.end >= first, g.start <= last else { throw .gestureOutsideSamples(g) }
            }
        }
    }

    /// `samples` as the spotter receives them in a pipeline of this model: through its stages and the derivations
    /// ``Pipeline/prepare(for:)`` adds for the first finite sample. O(samples × stages).
    private func spotterInput(_ samples: [MotionSample]) throws(AdaptationError) -> [MotionSample] {
        guard let first = samples.first(where: \.isFinite) else { return [] }
        var pipeline: Pipeline
        do {
            pipeline = Pipeline(stages: try StageSpecification.makeStages(stages), recognizers: [try MiniRocketSpotter(configuration: self)])
        } catch {
            throw .invalidModel(error)
        }
        do { try pipeline.prepare(for: first) } catch { throw .missingChannel(error) }
        return pipeline.stageOutput(samples)
    }

    /// The levers of ``adapted(to:strength:)`` on `streams` whose samples already carry the model's channels (behind
    /// its stages): each member's statistics shrunk toward its windows' by `standardisationWeight` (when above 0),
    /// then its weights re-fitted by the residual ridge at `ridge` (when set and a window is a positive), gestures that
    /// `ignores` marks as don't-care making no positive. GestureEval's experiments adapt through here.
    ///
    /// - Complexity: see ``adapted(to:strength:)``; transforms over up to `threads` threads (`nil`: one per core).
    package func adapted(streams: [(samples: [MotionSample], gestures: [GestureSpan])], ridge: Double?, standardisationWeight: Double,
                         ignores: (String) -> Bool = { _ in false }, threads: Int? = nil) throws -> MiniRocketModel {
        guard !streams.isEmpty, stream != nil else { return self }
        var refitted: [MiniRocketModel] = []
        for member in [self] + (ensemble ?? []) {
            var m = member
            if standardisationWeight > 0 {
                let windows = try Self.adaptationWindows(of: member, streams: streams, labelled: false, ignores: ignores, threads: threads)
                if !windows.labels.isEmpty { m.shrinkStandardisation(toward: windows.features, rows: windows.labels.count, weight: standardisationWeight) }
            }
            if let ridge {
                // Standardised by the statistics just re-estimated, when they were.
                let windows = try Self.adaptationWindows(of: member, streams: streams, labelled: true, ignores: ignores, threads: threads)
                if windows.labels.contains(where: { $0 != nil }) {
                    m.weights = Self.residualRidge(m, features: windows.features, labels: windows.labels, ridge: ridge)
                }
            }
            refitted.append(m)
        }
        var adapted = refitted[0]
        adapted.ensemble = ensemble == nil ? nil : Array(refitted.dropFirst())
        return adapted
    }
}
