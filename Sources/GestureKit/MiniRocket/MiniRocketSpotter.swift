/// Spots gestures in a continuous motion stream with a MiniRocket window classifier: every
/// ``MiniRocketModel/Stream/hop`` seconds it scores the latest window (the gesture span plus its context on both
/// sides), takes the window's gesture class of highest score (the background class aside), and hands the window to
/// the shared ``EventStage`` when that score reaches the class's threshold; the stage keeps one event per gesture
/// (overlapping windows and windows within the refractory time compete; the highest score wins). Calibration
/// chooses and counts by the same rule (``candidates(windows:)``), so the thresholds describe this spotter.
///
/// Windows never span a gap: after a gap longer than the resampler's ``Resampler/maximumGap`` the run so far is
/// finished and the window grid starts again, as on a new stream.
///
/// Samples are resampled to the model's rate, the model's channels are read into a ring buffer of one window, and
/// each scored window is unrolled into a contiguous buffer and scored by ``MiniRocketClassifier`` exactly as the
/// same window cut from a recording would be (``windowScores(_:samples:)`` is that batch path).
///
/// An ensemble model (``MiniRocketModel/ensemble``) scores each window with every member, each reading the stream
/// through its own normalisation, and the class and threshold decide on the mean of their scores.
///
/// Events: label = gesture class, phase `ended`, `start`/`end` = the window without its context (seconds),
/// `score` = the class's ridge score, `details["margin"]` = score − threshold.
///
/// A sample lacking one of the model's channels is skipped (run the spotter in a ``Pipeline`` to derive user
/// acceleration or gravity). A placed channel (`accel.magnitude@lowerarm`) whose unit is absent from a sample (that
/// unit's gap, ``MotionSample/units``) holds the unit's last value since the start or the last ``reset()``; the
/// sample is skipped only before the unit's first reading. Training reads the same way (``series(channels:samplingRate:movingDeviation:normalization:samples:)``). The model must have a ``MiniRocketModel/stream`` section.
///
/// - Complexity: one MiniRocket transform of a window plus O(classes × features) per hop; O(channels) per sample
///   otherwise. Nothing is allocated per window once the first window is scored (buffers are reused).
public struct MiniRocketSpotter: ConfigurableRecognizer, ChannelRequiring, EventStageReporting, Sendable {
    /// The trained model, with its stream section.
    public typealias Configuration = MiniRocketModel

    /// The registry identifier, `"minirocket-stream"`.
    public static let identifier = "minirocket-stream"

    /// The model.
    public let configuration: MiniRocketModel
    /// The window classifier.
    package let classifier: MiniRocketClassifier
    /// The stream section of the model.
    public let stream: MiniRocketModel.Stream

    /// Samples per scored window (gesture span and both contexts) and between two windows.
    package let windowLength: Int
    /// See ``windowLength``.
    package let hopLength: Int
    /// Per class, its threshold (+∞ for the background and classes without one).
    let thresholds: [Double]

    private var resampler: Resampler
    /// The intensity envelope of ``MiniRocketModel/Stream/movingDeviation``, when set.
    private var envelope: MovingDeviation?
    /// The per-recording normalisation of ``MiniRocketModel/Stream/normalization``, when set: kept across gaps.
    private var standardizer: RunningStandardizer?
    private var stage: EventStage
    /// Times of the latest `windowLength` samples, to date windows.
    private var times: SampleTimes
    /// The latest `windowLength` samples' channels, interleaved, circular (`head` is the oldest sample's slot).
    private var ring: [Double]
    private var head = 0
    /// Samples read since the start.
    private var count = 0
    /// The sample index at which the next window ends.
    private var nextEnd: Int
    /// Scratch reused on every window or sample.
    private var window: [Double]
    /// The scores of the latest scored window, one per class of ``MiniRocketModel/labels`` (zeros before the first).
    package private(set) var scores: [Double]
    /// Windows scored since the start or the last ``reset()``.
    package private(set) var windowsScored = 0
    /// Windows the event stage dropped undecided since the start or the last ``reset()``: more than its
    /// ``EventStage/capacity`` waited at once (a long chain of rising scores above the threshold). While zero, the
    /// events are exactly what calibration counts; ``finish(into:)`` keeps the count.
    package var forcedDecisions: Int { stage.forcedDecisions }
    private var features: [Double]
    /// Each placed channel's last value, held through its unit's gaps; `nil` before the unit's first reading.
    private var held: [Double?]
    private var resampled: [MotionSample] = []
    private var workspace = MiniRocketClassifier.Workspace()
    /// The other members of an ensemble model, each a spotter that never fires: they read every sample before this
    /// one does, on the same window grid, so their latest scores are those of the window this spotter scores.
    private(set) var members: [MiniRocketSpotter]

    /// Creates the spotter; throws ``ConfigurationError`` when the model is invalid or has no stream section.
    public init(configuration: MiniRocketModel) throws(ConfigurationError) {
        guard let stream = configuration.stream else {
            throw ConfigurationError(key: "stream", "this MiniRocket model classifies segments only; train it on streams (gesturelab train --recognizer minirocket-stream) to spot")
        }
        try configuration.validate()
        var own = configuration
        own.ensemble = nil
        classifier = try MiniRocketClassifier(model: own)
        members = try (configuration.ensemble ?? []).map { (member) throws(ConfigurationError) in
            var silent = member
            silent.stream?.thresholds = [:]  // no class fires: the ensemble's thresholds decide
            return try MiniRocketSpotter(configuration: silent)
        }
        self.configuration = configuration
        self.stream = stream
        let rate = configuration.samplingRate
        let lengths = EventStage.lengths(samplingRate: rate, minimumDuration: stream.window, maximumDuration: stream.window,
                                         context: stream.context)
        stage = EventStage(refractoryTime: stream.refractoryTime, context: stream.context)
        windowLength = lengths.maximum
        hopLength = max(1, Int((stream.hop * rate).rounded()))
        // A window is scored as its last sample arrives, and the next starts later: one window's times date both.
        times = SampleTimes(capacity: windowLength)
        thresholds = configuration.labels.map { $0 == stream.backgroundLabel ? .infinity : stream.thresholds[$0] ?? .infinity }
        let c = configuration.channels.count
        ring = [Double](repeating: 0, count: windowLength * c)
        window = [Double](repeating: 0, count: windowLength * c)
        scores = [Double](repeating: 0, count: configuration.labels.count)
        features = [Double](repeating: 0, count: c)
        held = [Double?](repeating: nil, count: c)
        nextEnd = windowLength - 1
        resampler = try Resampler(rate: rate)
        envelope = try stream.movingDeviation.map { (seconds) throws(ConfigurationError) in
            try MovingDeviation(seconds: seconds, samplingRate: rate, channels: c)
        }
        standardizer = try stream.normalization.map { (seconds) throws(ConfigurationError) in
            try RunningStandardizer(seconds: seconds, samplingRate: rate, channels: c, selected: Self.normalizedChannels(configuration.channels))
        }
        resampled.reserveCapacity(8)
    }

    /// The model's channels, which every sample must carry.
    public var requiredChannels: [MotionChannel] { configuration.channels }

    /// Consumes one sample (seconds, g, rad/s), appending any events; a non-finite or out-of-order sample is ignored.
    ///
    /// - Complexity: O(channels), plus one window's scoring every hop.
    public mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {
        guard sample.isFinite else { return }
        for m in members.indices { members[m].process(sample, into: &events) }
        if resampler.isGap(before: sample) { endOwnRun(into: &events) }
        resampled.removeAll(keepingCapacity: true)
        resampler.process(sample, into: &resampled)
        for i in resampled.indices { consume(resampled[i], into: &events) }
    }

    /// Ends the stream: reports the candidate still waiting out the refractory time, then resets (``forcedDecisions``
    /// aside, which stays until ``reset()``).
    ///
    /// - Complexity: O(pending candidates).
    public mutating func finish(into events: inout [GestureEvent]) {
        for m in members.indices { members[m].finish(into: &events) }
        endOwnRun(into: &events)
        // The count outlives the stream it describes, until reset(), as a validator's diagnostics do.
        let forced = stage.forcedDecisions
        reset()
        stage.forcedDecisions = forced
    }

    /// Forgets every sample seen, as if newly created.
    public mutating func reset() {
        resampler.reset()
        stage.reset()
        standardizer?.reset()
        for m in members.indices { members[m].reset() }
        startRun()
        windowsScored = 0
        for d in held.indices { held[d] = nil }
    }

    /// Ends a run at a gap: the waiting windows are decided and the window grid starts again, while the running
    /// normalisation and the latest readings of other units go on, as the batch path (``windowScores(_:threads:)``,
    /// what calibration scores) keeps them. O(pending candidates).
    public mutating func finishRun(into events: inout [GestureEvent]) {
        for m in members.indices { members[m].finishRun(into: &events) }
        endOwnRun(into: &events)
    }

    /// Finishes this spotter's run (a gap, or the stream's end), its members aside.
    private mutating func endOwnRun(into events: inout [GestureEvent]) {
        for p in stage.drain() { emit(p, into: &events) }
        startRun()
    }

    private mutating func startRun() {
        envelope?.reset()
        times.reset()
        head = 0
        count = 0
        nextEnd = windowLength - 1
    }

    private mutating func consume(_ sample: MotionSample, into events: inout [GestureEvent]) {
        let channels = configuration.channels, c = channels.count
        for d in 0..<c {
            guard let v = channels[d].value(in: sample, holding: &held[d]) else { return }
            features[d] = v
        }
        envelope?.update(&features)
        standardizer?.update(&features)
        times.record(sample.timestamp)
        // Write over the oldest sample.
        let slot = count < windowLength ? count : head
        for d in 0..<c { ring[slot * c + d] = features[d] }
        if count >= windowLength { head = (head + 1) % windowLength }
        count += 1
        if count - 1 == nextEnd {
            scoreWindow()
            nextEnd += hopLength
        }
        // The next window starts at nextEnd − length + 1: nothing earlier can compete any more.
        let next = nextEnd - windowLength + 1
        let bound = next < count ? times.time(of: next) : times.now.nextUp
        while let p = stage.nextFinal(earliestPossibleStart: bound) { emit(p, into: &events) }
    }

    /// Scores the window ending at the latest sample and offers its best gesture class to the stage.
    private mutating func scoreWindow() {
        let c = configuration.channels.count, n = windowLength
        // The buffers move out for the call and back after it: uniquely referenced, so nothing is copied or allocated.
        var window = self.window, scores = self.scores, workspace = self.workspace
        self.window = []
        self.scores = []
        self.workspace = MiniRocketClassifier.Workspace()
        defer {
            self.window = window
            self.scores = scores
            self.workspace = workspace
        }
        // Unroll the ring, oldest first.
        let first = count > n ? head : 0
        ring.withUnsafeBufferPointer { r in
            window.withUnsafeMutableBufferPointer { w in
                let tail = (n - first) * c
                w.baseAddress!.update(from: r.baseAddress! + first * c, count: tail)
                (w.baseAddress! + tail).update(from: r.baseAddress!, count: first * c)
            }
        }
        window.withUnsafeBufferPointer { w in
            scores.withUnsafeMutableBufferPointer { s in
                classifier.scores(interleaved: w, length: n, into: s, workspace: &workspace)
            }
        }
        if !members.isEmpty {
            for member in members {
                // The same samples on the same grid: the member scored this very window.
                assert(member.windowsScored == windowsScored + 1)
                for k in scores.indices { scores[k] += member.scores[k] }
            }
            let count = Double(members.count + 1)
            for k in scores.indices { scores[k] /= count }
        }
        windowsScored += 1
        guard let k = Self.bestGestureClass(scores, labels: configuration.labels, background: stream.backgroundLabel),
              scores[k] >= thresholds[k] else { return }
        let end = count - 1
        stage.offer(Self.candidate(start: times.time(of: end - n + 1), end: times.time(of: end), scores: scores, class: k))
    }

    /// The window's gesture class: the highest score, the background class aside (ties: the first class). The
    /// class does not depend on the thresholds, so a stricter threshold only removes windows, as calibration
    /// assumes. O(classes).
    static func bestGestureClass(_ scores: [Double], labels: [String], background: String) -> Int? {
        var best: Int?
        for k in scores.indices where labels[k] != background && scores[k] > (best.map { scores[$0] } ?? -.infinity) { best = k }
        return best
    }

    /// The stage candidate of a window from `start` to `end` (seconds) of class `k`: cost = −score, measure = score.
    static func candidate(start: Double, end: Double, scores: [Double], class k: Int) -> EventStage.Candidate {
        EventStage.Candidate(start: start, end: end, cost: -scores[k], source: k, measure: scores[k])
    }

    private func emit(_ p: EventStage.Candidate, into events: inout [GestureEvent]) {
        events.append(Self.event(p, model: configuration, thresholds: thresholds, reportedAt: times.now))
    }

    /// The event of a kept window, reported at `time` (seconds): score = the class's score, margin = score − threshold.
    static func event(_ p: EventStage.Candidate, model: MiniRocketModel, thresholds: [Double], reportedAt time: Double) -> GestureEvent {
        let (start, end) = EventStage.gesture(from: p.start, to: p.end, context: model.stream?.context ?? 0)
        return GestureEvent(label: model.labels[p.source], phase: .ended, start: start, end: end, time: time,
                            score: p.measure, details: ["margin": p.measure - thresholds[p.source]])
    }
}
