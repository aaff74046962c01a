/// Spots template gestures in a continuous motion stream without manual segmentation, and classifies
/// segments, with a trained ``DTWModel``.
///
/// Samples are resampled to the model's rate (so 25, 50 and 100 Hz streams give the same detections), the
/// model's ``DTWModel/channels`` are read from each sample (divided by ``DTWModel/channelScales`` when set), and every template runs a ``SPRINGSpotter``
/// (subsequence DTW, O(template length) per sample) whose distance trace, the best alignment ending at each sample
/// normalised as `√(cost / template length)`, is read one sample behind: its local minima within the duration
/// limits are the candidates, and a template's threshold is its class's rejection threshold on that distance, so
/// one scale fits all classes. The shared ``EventStage`` makes one event per gesture: candidates of every template
/// and class that overlap, or lie within the model's ``DTWModel/refractoryTime`` (seconds) of each other, compete,
/// and the lowest normalised distance wins. A model's ``DTWModel/background`` templates take part too (at the
/// largest class threshold), and a window one of them wins reports nothing. A winner is reported as one `ended`
/// event once no later candidate can compete with it: no partial match still alive, nor one starting at the next
/// sample, could come within the refractory time. The events are exactly what calibration counts
/// (``events(of:spottedBy:model:)`` of ``scoredCandidates(_:samples:)``). A gap longer than the resampler's
/// ``Resampler/maximumGap`` ends a run: what waits is reported and the matcher starts again, so no match spans a gap.
///
/// Events: label = template class, phase `ended`, `start`/`end` = first/last sample of the match (seconds) without
/// the model's ``DTWModel/context``, `score` = normalised distance, `details["distance"]` = DTW distance,
/// `details["template"]` = template index. With ``DTWModel/movingDeviation`` set, templates and stream are compared
/// as intensity envelopes (``MovingDeviation``), computed after resampling and scaling.
///
/// Spotting compares raw signal values, so it needs a model without preprocessing
/// (``DTWPreprocessing/isPointwise``) and that has rejection thresholds; segment-level preprocessing
/// (downsampling, z-normalisation, offset, fixed length) is for ``classify(_:)``/``DTWClassifier`` only, and such a
/// model is refused here with a ``ConfigurationError``. Spotting warps all channels along one path, so a
/// multichannel model must use dependent DTW; an independent one is refused the same way.
///
/// A sample that lacks one of the model's channels (a `user.x` model fed accelerometer-only samples) cannot
/// be compared and is skipped: check the input with ``check(_:)``, or run the matcher in a ``Pipeline``,
/// which derives user acceleration and gravity with a ``GravitySplitter`` and throws ``MissingChannelError``
/// from ``Pipeline/prepare(for:)`` for a channel nothing derives. A placed channel (`accel.magnitude@lowerarm`)
/// whose unit is absent from a sample (that unit's gap, ``MotionSample/units``) holds the unit's last value since
/// the start or the last ``reset()``, as ``MiniRocketSpotter`` reads it (``MotionChannel/value(in:holding:)``); the
/// sample is skipped only before the unit's first reading. Calibration reads the same way
/// (``scoredCandidates(_:samples:)``).
///
/// - Complexity: O(Σ template lengths × axes) per resampled sample; bounded memory, no allocation except events.
public struct DTWTemplateMatcher: ConfigurableRecognizer, ChannelRequiring, EventStageReporting, Sendable {
    /// The trained model.
    public typealias Configuration = DTWModel

    /// The registry identifier, `"dtw"`.
    public static let identifier = "dtw"

    /// The settings this recognizer was made with.
    public let configuration: DTWModel
    /// The segment classifier for the same model.
    package let classifier: DTWClassifier

    /// Engines that keep their own per-stream state (each has a `reset()`): resampling to the model's rate,
    /// and one subsequence-DTW spotter per template (the class templates, then the background templates).
    private var resampler: Resampler
    private var spotters: [SPRINGSpotter]
    /// Per spotter, the local minima of its distance trace: the candidates.
    private var minima: [TraceMinima]
    /// Per spotter, its threshold on the normalised distance (``spotterThresholds(_:under:)``).
    private let thresholds: [Double]
    /// Match lengths, samples at the model's rate.
    private let minimumLength: Int
    private let maximumLength: Int
    /// Times of the latest samples of the run, to date candidates found in sample indices.
    private var times: SampleTimes
    /// Suppression and refractory time, shared with every spotter; its candidates' source is the spotter index,
    /// cost the normalised distance, measure the DTW cost.
    private var stage: EventStage
    /// 1 / scale per channel (all 1 without ``DTWModel/channelScales``).
    private let inverseScales: [Double]
    /// The intensity envelope of ``DTWModel/movingDeviation``, when set (per-stream state like the spotters).
    private var envelope: MovingDeviation?
    /// Scratch reused on every sample (its contents never outlive one call): the resampled samples, the channels read.
    private var resampled: [MotionSample] = []
    private var features: [Double]
    /// Each placed channel's last value, held through its unit's gaps; `nil` before the unit's first reading.
    private var held: [Double?]

    /// Creates the recognizer; throws ``ConfigurationError`` naming the first setting out of range.
    public init(configuration: DTWModel) throws(ConfigurationError) {
        classifier = try DTWClassifier(model: configuration)
        guard configuration.preprocessing.isPointwise else {
            throw ConfigurationError(key: "preprocessing", "stream spotting compares raw values: downsampling, z-normalisation, offset and fixed-length resampling apply to segments only (use DTWClassifier for segments, or train at the rate you want to spot at)")
        }
        guard configuration.channels.count == 1 || configuration.dtw.multivariate == .dependent else {
            throw ConfigurationError(key: "dtw.multivariate", "stream spotting warps all channels along one path (dependent DTW); an independent model classifies segments only (DTWClassifier)")
        }
        guard configuration.rejectionK != nil || !configuration.thresholds.isEmpty else {
            throw ConfigurationError(key: "rejectionK", "stream spotting needs rejection thresholds (set k, e.g. 3, or calibrate thresholds on streams)")
        }
        let rate = configuration.samplingRate
        let (minimumLength, maximumLength) = Self.lengths(configuration)
        for (i, template) in configuration.templates.enumerated() where configuration.threshold(for: template.label) == nil {
            throw ConfigurationError(key: "calibration.\(template.label)", "template \(i)'s class has no calibration, so no threshold")
        }
        let thresholds = Self.spotterThresholds(configuration, under: configuration)
        var spotters: [SPRINGSpotter] = []
        for (i, series) in Self.spottedSeries(configuration).enumerated() {
            // Cells above the threshold never lead to a point at or below it; a hair looser, so that rounding in
            // the cost units never prunes a point that the distance comparison below keeps.
            let cost = thresholds[i] * thresholds[i] * Double(series.length) * (1 + 1e-9)
            do {
                var spotter = try SPRINGSpotter(template: series, threshold: cost, minimumLength: minimumLength, maximumLength: maximumLength)
                spotter.reportsMatches = false
                spotters.append(spotter)
            } catch {
                throw ConfigurationError(key: Self.key(ofSpotter: i, in: configuration), error.description)
            }
        }
        self.thresholds = thresholds
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        minima = Array(repeating: TraceMinima(), count: spotters.count)
        // A minimum is found one sample after its end and starts at most maximumLength samples before that, and
        // a live cell starts no earlier: the times of maximumLength + 1 samples date both.
        times = SampleTimes(capacity: maximumLength + 1)
        stage = EventStage(refractoryTime: configuration.refractoryTime, context: configuration.context)
        self.configuration = configuration
        self.spotters = spotters
        resampler = try Resampler(rate: rate)
        features = [Double](repeating: 0, count: configuration.channels.count)
        held = [Double?](repeating: nil, count: configuration.channels.count)
        inverseScales = Self.inverseScales(configuration)
        envelope = try Self.envelope(configuration)
        resampled.reserveCapacity(8)
    }

    /// The model's channels, which every sample must carry (see ``check(_:)``).
    public var requiredChannels: [MotionChannel] { configuration.channels }

    /// Candidates the event stage dropped undecided since creation or ``reset()``: more than its
    /// ``EventStage/capacity`` waited at once (a long chain of ever better matches, each within the refractory time
    /// of the next). While zero, the events are exactly what calibration counts; ``finish(into:)`` keeps the count.
    package var forcedDecisions: Int { stage.forcedDecisions }

    /// Throws unless `sample` carries every channel of the model: call it on a stream's first sample. A placed
    /// channel whose unit is in its gap there passes when the primary unit gives the channel (the matcher holds
    /// the unit's values once it arrives); on a stream of one unit it does not (``MotionChannel/isGiven(by:)``).
    ///
    /// - Throws: ``MissingChannelError`` naming the first missing channel and the fix.
    public func check(_ sample: MotionSample) throws(MissingChannelError) {
        if let missing = configuration.channels.first(where: { !$0.isGiven(by: sample) }) {
            throw MissingChannelError(channel: missing, recognizer: Self.identifier)
        }
    }

    /// Classifies a segment (one dimension per model channel) with the model; see ``DTWClassifier``.
    package func classify(_ segment: DTWSeries) throws(DTWError) -> DTWClassification {
        try classifier.classify(segment)
    }

    /// Consumes one sample (seconds, g, rad/s), appending any events; a non-finite or out-of-order sample
    /// is ignored. After a gap longer than the resampler's ``Resampler/maximumGap`` the run so far is finished
    /// (its waiting matches reported) and the matcher starts again, as on a new stream: no match spans a gap.
    ///
    /// - Complexity: O(Σ template lengths × axes) per resampled sample.
    public mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {
        guard sample.isFinite else { return }
        if resampler.isGap(before: sample) { endRun(into: &events) }
        resampled.removeAll(keepingCapacity: true)
        resampler.process(sample, into: &resampled)
        for s in resampled { consume(s, into: &events) }
    }

    /// Ends the stream: reports the matches still waiting out the refractory time or a competing template
    /// (decided as if the stream went on in silence), then resets (``forcedDecisions`` aside, which stays until
    /// ``reset()``).
    ///
    /// - Complexity: O(templates + pending candidates²).
    public mutating func finish(into events: inout [GestureEvent]) {
        endRun(into: &events)
        // The count outlives the stream it describes, until reset(), as a validator's diagnostics do.
        let forced = stage.forcedDecisions
        reset()
        stage.forcedDecisions = forced
    }

    /// Finishes a run: the last trace points, then every waiting candidate; the spotters start afresh.
    private mutating func endRun(into events: inout [GestureEvent]) {
        for i in spotters.indices {
            if let m = minima[i].advance(to: nil) { offer(m, spotter: i) }
        }
        for p in stage.drain() { emit(p, into: &events) }
        envelope?.reset()
        for i in spotters.indices { spotters[i].reset() }
        for i in minima.indices { minima[i].reset() }
        times.reset()
    }

    private mutating func consume(_ sample: MotionSample, into events: inout [GestureEvent]) {
        guard Self.read(configuration.channels, of: sample, scaledBy: inverseScales, holding: &held, into: &features) else { return }
        envelope?.update(&features)
        times.record(sample.timestamp)
        let t = times.count - 1
        features.withUnsafeBufferPointer { x in
            for i in spotters.indices { _ = spotters[i].update(x) }
        }
        for i in spotters.indices {
            let point = Self.tracePoint(spotters[i], at: t, minimumLength: minimumLength, maximumLength: maximumLength)
            if let m = minima[i].advance(to: point) { offer(m, spotter: i) }
        }
        guard stage.hasPending else { return }
        // A later candidate that could beat p grows from a live cell no costlier than p (costs only grow along a
        // path), or starts at the next sample: a true lower bound on its start, per candidate.
        let engines = spotters, clock = times
        func earliestStart(before p: EventStage.Candidate) -> Double {
            var earliest = t + 1
            for s in engines {
                earliest = min(earliest, s.earliestLiveStart(costAtMost: p.cost * p.cost * Double(s.template.length) * (1 + 1e-9)))
            }
            return earliest > t ? clock.now.nextUp : clock.time(of: earliest)
        }
        while let p = stage.nextFinal(earliestPossibleStartBefore: earliestStart) { emit(p, into: &events) }
    }

    /// Hands a trace minimum that passes its spotter's threshold to the event stage.
    private mutating func offer(_ m: TracePoint, spotter i: Int) {
        guard m.distance <= thresholds[i] else { return }
        stage.offer(.init(start: times.time(of: m.start), end: times.time(of: m.end), cost: m.distance, source: i, measure: m.cost))
    }

    private func emit(_ p: EventStage.Candidate, into events: inout [GestureEvent]) {
        // A background template won this window: nothing to report, but it was final like any winner.
        guard let event = Self.event(p, model: configuration, reportedAt: times.now) else { return }
        events.append(event)
    }

    /// The event of a kept candidate (`nil` for a background template's), reported at `time` (seconds).
    static func event(_ p: EventStage.Candidate, model: DTWModel, reportedAt time: Double) -> GestureEvent? {
        guard p.source < model.templates.count else { return nil }
        let (start, end) = EventStage.gesture(from: p.start, to: p.end, context: model.context)
        return GestureEvent(label: model.templates[p.source].label, phase: .ended, start: start, end: end, time: time, score: p.cost,
                            details: ["distance": p.measure.squareRoot(), "template": Double(p.source)])
    }

    /// The model's minimum and maximum match lengths (the gesture's durations plus its context on both sides)
    /// in samples at its rate.
    static func lengths(_ model: DTWModel) -> (minimum: Int, maximum: Int) {
        EventStage.lengths(samplingRate: model.samplingRate, minimumDuration: model.minimumDuration, maximumDuration: model.maximumDuration,
                           context: model.context)
    }

    /// The gesture inside a match from `start` to `end` (seconds): the match without the model's
    /// ``DTWModel/context`` on either side; its middle instant if the match is shorter than the context.
    static func gesture(from start: Double, to end: Double, in model: DTWModel) -> (start: Double, end: Double) {
        EventStage.gesture(from: start, to: end, context: model.context)
    }

    /// A fresh envelope for the model's ``DTWModel/movingDeviation``, or `nil` without one.
    static func envelope(_ model: DTWModel) throws(ConfigurationError) -> MovingDeviation? {
        guard let seconds = model.movingDeviation else { return nil }
        return try MovingDeviation(seconds: seconds, samplingRate: model.samplingRate, channels: model.channels.count)
    }

    /// Writes the values of `channels` in `sample`, times `inverseScales`, into `features`; false when the
    /// sample lacks one of them. A placed channel whose unit is absent gives its last value, kept in `held[d]`
    /// (``MotionChannel/value(in:holding:)``). O(channels), no allocation.
    @inline(__always)
    static func read(_ channels: [MotionChannel], of sample: MotionSample, scaledBy inverseScales: [Double],
                     holding held: inout [Double?], into features: inout [Double]) -> Bool {
        for d in channels.indices {
            guard let v = channels[d].value(in: sample, holding: &held[d]) else { return false }
            features[d] = v * inverseScales[d]
        }
        return true
    }

    /// The series of every spotter: the class templates, then the background templates.
    static func spottedSeries(_ model: DTWModel) -> [DTWSeries] {
        model.templates.map(\.series) + model.background
    }

    /// The model key of spotter `i` (see ``spottedSeries(_:)``), for messages.
    static func key(ofSpotter i: Int, in model: DTWModel) -> String {
        i < model.templates.count ? "templates[\(i)]" : "background[\(i - model.templates.count)]"
    }

    /// 1 / scale per channel of `model` (1 without scales).
    static func inverseScales(_ model: DTWModel) -> [Double] {
        model.channelScales.map { $0.map { 1 / $0 } } ?? [Double](repeating: 1, count: model.channels.count)
    }

    /// Forgets every sample seen, as if newly created.
    public mutating func reset() {
        resampler.reset()
        envelope?.reset()
        for i in spotters.indices { spotters[i].reset() }
        for i in minima.indices { minima[i].reset() }
        times.reset()
        stage.reset()
        for d in held.indices { held[d] = nil }
    }
}
