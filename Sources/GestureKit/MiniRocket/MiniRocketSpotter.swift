/// Spots gestures in a continuous motion stream with a MiniRocket window classifier: every
/// ``MiniRocketModel/Stream/hop`` seconds it scores the latest window (the gesture span plus its context on both
/// sides) and hands the windows whose best gesture class reaches that class's threshold to the shared
/// ``EventStage``, which keeps one event per gesture (overlapping windows and windows within the refractory time
/// compete; the highest score wins).
///
/// Samples are resampled to the model's rate, the model's channels are read into a ring buffer of one window, and
/// each scored window is unrolled into a contiguous buffer and scored by ``MiniRocketClassifier`` exactly as the
/// same window cut from a recording would be (``windowScores(_:samples:)`` is that batch path).
///
/// Events: label = gesture class, phase `ended`, `start`/`end` = the window without its context (seconds),
/// `score` = the class's ridge score, `details["margin"]` = score − threshold.
///
/// A sample lacking one of the model's channels is skipped (run the spotter in a ``Pipeline`` to derive user
/// acceleration or gravity). The model must have a ``MiniRocketModel/stream`` section.
///
/// - Complexity: one MiniRocket transform of a window plus O(classes × features) per hop; O(channels) per sample
///   otherwise. Nothing is allocated per window once the first window is scored (buffers are reused).
public struct MiniRocketSpotter: ConfigurableRecognizer, ChannelRequiring, Sendable {
    /// The trained model, with its stream section.
    public typealias Configuration = MiniRocketModel

    /// The registry identifier, `"minirocket-stream"`.
    public static let identifier = "minirocket-stream"

    /// The model.
    public let configuration: MiniRocketModel
    /// The window classifier.
    public let classifier: MiniRocketClassifier
    /// The stream section of the model.
    public let stream: MiniRocketModel.Stream

    /// Samples per scored window (gesture span and both contexts) and between two windows.
    public let windowLength: Int
    /// See ``windowLength``.
    public let hopLength: Int
    /// Per class, its threshold (+∞ for the background and classes without one).
    private let thresholds: [Double]

    private var resampler: Resampler
    /// The intensity envelope of ``MiniRocketModel/Stream/movingDeviation``, when set.
    private var envelope: MovingDeviation?
    private var stage: EventStage
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
    public private(set) var scores: [Double]
    /// Windows scored since the start or the last ``reset()``.
    public private(set) var windowsScored = 0
    private var features: [Double]
    private var resampled: [MotionSample] = []
    private var workspace = MiniRocketClassifier.Workspace()

    /// Creates the spotter; throws ``ConfigurationError`` when the model is invalid or has no stream section.
    public init(configuration: MiniRocketModel) throws(ConfigurationError) {
        guard let stream = configuration.stream else {
            throw ConfigurationError(key: "stream", "this MiniRocket model classifies segments only; train it on streams (gesturelab train --recognizer minirocket-stream) to spot")
        }
        classifier = try MiniRocketClassifier(model: configuration)
        self.configuration = configuration
        self.stream = stream
        let rate = configuration.samplingRate
        let lengths = EventStage.lengths(samplingRate: rate, minimumDuration: stream.window, maximumDuration: stream.window,
                                         context: stream.context, refractoryTime: stream.refractoryTime)
        let hop = max(1, Int((stream.hop * rate).rounded()))
        // A window is final at most one window, the refractory time and a hop after its end.
        stage = EventStage(samplingRate: rate, minimumDuration: stream.window, maximumDuration: stream.window, context: stream.context,
                           refractoryTime: stream.refractoryTime, sources: configuration.labels.count,
                           delay: lengths.maximum + lengths.refractory + hop + 1)
        windowLength = lengths.maximum
        hopLength = hop
        thresholds = configuration.labels.map { $0 == stream.backgroundLabel ? .infinity : stream.thresholds[$0] ?? .infinity }
        let c = configuration.channels.count
        ring = [Double](repeating: 0, count: windowLength * c)
        window = [Double](repeating: 0, count: windowLength * c)
        scores = [Double](repeating: 0, count: configuration.labels.count)
        features = [Double](repeating: 0, count: c)
        nextEnd = windowLength - 1
        resampler = try Resampler(rate: rate)
        envelope = try stream.movingDeviation.map { (seconds) throws(ConfigurationError) in
            try MovingDeviation(seconds: seconds, samplingRate: rate, channels: c)
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
        resampled.removeAll(keepingCapacity: true)
        resampler.process(sample, into: &resampled)
        for i in resampled.indices { consume(resampled[i], into: &events) }
    }

    /// Ends the stream: reports the candidate still waiting out the refractory time, then resets.
    ///
    /// - Complexity: O(pending candidates).
    public mutating func finish(into events: inout [GestureEvent]) {
        for p in stage.drain() { emit(p, into: &events) }
        reset()
    }

    /// Forgets every sample seen, as if newly created.
    public mutating func reset() {
        resampler.reset()
        envelope?.reset()
        stage.reset()
        head = 0
        count = 0
        windowsScored = 0
        nextEnd = windowLength - 1
    }

    private mutating func consume(_ sample: MotionSample, into events: inout [GestureEvent]) {
        let channels = configuration.channels, c = channels.count
        for d in 0..<c {
            guard let v = channels[d].value(in: sample) else { return }
            features[d] = v
        }
        envelope?.update(&features)
        stage.record(timestamp: sample.timestamp)
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
        while let p = stage.nextFinal(earliestPossibleStart: nextEnd - windowLength + 1) { emit(p, into: &events) }
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
        windowsScored += 1
        guard let k = Self.firing(scores, thresholds: thresholds) else { return }
        let end = count - 1
        stage.offer(.init(start: end - n + 1, end: end, cost: -scores[k], source: k, measure: scores[k] - thresholds[k]))
    }

    /// The gesture class whose score reaches its threshold by the largest margin, if any. O(classes).
    static func firing(_ scores: [Double], thresholds: [Double]) -> Int? {
        var best: Int?
        for k in scores.indices where scores[k] >= thresholds[k] {
            if best == nil || scores[k] - thresholds[k] > scores[best!] - thresholds[best!] { best = k }
        }
        return best
    }

    private func emit(_ p: EventStage.Candidate, into events: inout [GestureEvent]) {
        let (start, end) = stage.interval(of: p)
        events.append(GestureEvent(label: configuration.labels[p.source], phase: .ended, start: start, end: end, time: stage.now,
                                   score: -p.cost, details: ["margin": p.measure]))
    }
}

extension MiniRocketSpotter {
    /// One scored window of a recording (the batch path).
    public struct Window: Hashable, Sendable {
        /// First and last sample of the window (context included), indices into the resampled stream.
        public var start: Int
        /// See ``start``.
        public var end: Int
        /// Times of the first and last sample, seconds.
        public var startTime: Double
        /// See ``startTime``.
        public var endTime: Double
        /// One score per class of ``MiniRocketModel/labels``.
        public var scores: [Double]
    }

    /// `channels` of `samples` resampled to `samplingRate` (Hz), as moving standard deviations over `movingDeviation`
    /// seconds when given, interleaved, and their times: the stream the spotter reads. Samples lacking a channel are skipped, as the spotter skips them.
    ///
    /// - Complexity: O(samples × channels).
    public static func series(channels: [MotionChannel], samplingRate: Double, movingDeviation: Double? = nil,
                              samples: some Sequence<MotionSample>) throws(ConfigurationError) -> (values: [Double], times: [Double]) {
        var resampler = try Resampler(rate: samplingRate)
        var envelope = try movingDeviation.map { (seconds) throws(ConfigurationError) in
            try MovingDeviation(seconds: seconds, samplingRate: samplingRate, channels: channels.count)
        }
        var values: [Double] = [], times: [Double] = [], out: [MotionSample] = []
        for sample in samples where sample.isFinite {
            out.removeAll(keepingCapacity: true)
            resampler.process(sample, into: &out)
            for s in out {
                var row = channels.compactMap { $0.value(in: s) }
                guard row.count == channels.count else { continue }
                envelope?.update(&row)
                values += row
                times.append(s.timestamp)
            }
        }
        return (values, times)
    }

    /// The sample index at which each window the spotter scores ends, on a stream of `count` samples: the first at
    /// `windowLength − 1`, then one every `hopLength`. O(windows).
    public static func windowEnds(count: Int, windowLength: Int, hopLength: Int) -> [Int] {
        Array(stride(from: windowLength - 1, to: count, by: hopLength))
    }

    /// Every window the spotter scores on `samples`, scored in one batch over up to `threads` threads: the same
    /// scores as the streaming path, for training and tests.
    ///
    /// - Complexity: one transform per window.
    public func windowScores(_ samples: some Sequence<MotionSample>, threads: Int? = nil) throws -> [Window] {
        let (values, times) = try Self.series(channels: configuration.channels, samplingRate: configuration.samplingRate,
                                              movingDeviation: stream.movingDeviation, samples: samples)
        return try windowScores(values: values, times: times, threads: threads)
    }

    /// ``windowScores(_:threads:)`` of a stream already read by ``series(channels:samplingRate:samples:)``.
    ///
    /// - Complexity: one transform per window.
    public func windowScores(values: [Double], times: [Double], threads: Int? = nil) throws -> [Window] {
        let c = configuration.channels.count, n = windowLength
        let ends = Self.windowEnds(count: times.count, windowLength: n, hopLength: hopLength)
        let segments = try ends.map { e in try DTWSeries(interleaved: Array(values[((e - n + 1) * c)..<((e + 1) * c)]), dimensions: c) }
        let scored = try windowClassifier.classify(segments, threads: threads)
        return zip(ends, scored).map { e, s in
            Window(start: e - n + 1, end: e, startTime: times[e - n + 1], endTime: times[e], scores: s.scores)
        }
    }

    /// The classifier with segments taken as they are (the streaming path applies no length policy).
    private var windowClassifier: MiniRocketClassifier {
        get throws {
            var model = configuration
            model.lengthPolicy = .asRecorded
            return try MiniRocketClassifier(model: model)
        }
    }
}
