/// The event rules every spotter shares: duration limits, non-maximum suppression and the refractory time.
///
/// A spotter (``DTWTemplateMatcher``, ``MiniRocketSpotter``) finds candidate matches, each a span of samples with a
/// cost (lower is better: a DTW distance, or a classifier's score negated), and hands them to the stage; the stage
/// decides which become events and when they are final.
///
/// - **Duration limits.** A candidate shorter than ``minimumLength`` or longer than ``maximumLength`` samples (the
///   gesture's durations plus its context on both sides) is dropped.
/// - **Non-maximum suppression.** Candidates that overlap, or lie within the refractory time of each other,
///   compete; the lowest cost wins (the earlier one on ties), so one gesture gives one event.
/// - **Refractory time.** No candidate starting within ``refractory`` samples after a reported event's end is
///   reported.
/// - **Finality.** A candidate is final once the spotter can no longer produce a competing one: the spotter says
///   where its earliest possible future candidate starts (``nextFinal(earliestPossibleStart:)``), so events come
///   at a bounded delay. ``drain()`` ends a stream: what waits is final, as if the stream went on in silence.
///
/// The stage also keeps the times of the latest samples (``record(timestamp:)``), to date candidates given in
/// sample indices (``interval(of:)``), and removes the context from them.
///
/// - Complexity: O(pending candidates) per offer, O(1) per sample; no allocation after ``init`` (the pending list's
///   capacity is reserved).
public struct EventStage: Sendable {
    /// A candidate match: samples `start…end` (indices counted from the stream's first sample, both included).
    public struct Candidate: Hashable, Sendable {
        /// First sample of the match, context included.
        public var start: Int
        /// Last sample of the match, context included.
        public var end: Int
        /// What suppression compares: the lower wins.
        public var cost: Double
        /// Which of the spotter's sources (a template, a class) produced it.
        public var source: Int
        /// The spotter's own figure, carried to its event (a DTW cost, a class score); the stage ignores it.
        public var measure: Double

        /// A candidate from `start` to `end` (sample indices) of `cost` found by `source`.
        public init(start: Int, end: Int, cost: Double, source: Int, measure: Double = 0) {
            self.start = start
            self.end = end
            self.cost = cost
            self.source = source
            self.measure = measure
        }
    }

    /// Shortest candidate, samples (the minimum duration plus twice the context, at least 1).
    public let minimumLength: Int
    /// Longest candidate, samples (the maximum duration plus twice the context, at least ``minimumLength``).
    public let maximumLength: Int
    /// The refractory time, samples.
    public let refractory: Int
    /// The context at either side of a candidate, seconds; ``interval(of:)`` removes it.
    public let context: Double

    /// Times of the latest samples, to date candidates given in sample indices.
    private var timestamps: RingBuffer<Double>
    /// Samples recorded since the start or the last ``reset()``.
    public private(set) var sampleCount = 0
    /// Candidates not yet final, in start order, pairwise not competing (capacity reserved, so no allocation).
    private var pending: [Candidate] = []
    private let pendingCapacity: Int
    /// End (sample index) of the last reported event; candidates starting within the refractory time after it are dropped.
    private var lastReportedEnd = Int.min / 2

    /// The sample lengths of a spotter at `samplingRate` (Hz) with these durations, context and refractory time (seconds).
    ///
    /// - Complexity: O(1).
    public static func lengths(samplingRate rate: Double, minimumDuration: Double, maximumDuration: Double, context: Double,
                               refractoryTime: Double) -> (minimum: Int, maximum: Int, refractory: Int) {
        let minimum = max(1, Int(((minimumDuration + 2 * context) * rate).rounded()))
        return (minimum, max(minimum, Int(((maximumDuration + 2 * context) * rate).rounded())), Int((refractoryTime * rate).rounded()))
    }

    /// A stage for a stream at `samplingRate` (Hz) with the spotter's duration limits, context and refractory time
    /// (seconds), that may have up to `sources` candidates pending at once (each source's latest, twice) and reports
    /// at most `delay` samples after a candidate's end.
    ///
    /// - Complexity: O(maximum length + delay) memory.
    public init(samplingRate: Double, minimumDuration: Double, maximumDuration: Double, context: Double, refractoryTime: Double,
                sources: Int, delay: Int) {
        let (minimum, maximum, refractory) = Self.lengths(samplingRate: samplingRate, minimumDuration: minimumDuration,
                                                          maximumDuration: maximumDuration, context: context, refractoryTime: refractoryTime)
        minimumLength = minimum
        maximumLength = maximum
        self.refractory = refractory
        self.context = context
        // Keep times for a candidate and the delay of its report.
        timestamps = RingBuffer(capacity: maximum + delay + 4)
        pendingCapacity = 2 * sources + 2
        pending.reserveCapacity(pendingCapacity)
    }

    /// Records the next sample's time (seconds); call once per sample, before offering the candidates that end at it.
    ///
    /// - Complexity: O(1).
    public mutating func record(timestamp: Double) {
        timestamps.append(timestamp)
        sampleCount += 1
    }

    /// The time of the latest sample recorded, seconds (0 before any).
    public var now: Double { timestamps.isEmpty ? 0 : timestamps[timestamps.count - 1] }

    /// Whether a candidate waits for finality.
    public var hasPending: Bool { !pending.isEmpty }

    /// Applies the duration limits, the refractory time after the last report and non-maximum suppression: the
    /// candidate replaces every pending one it competes with if its cost is lower than all of theirs, and is
    /// dropped otherwise.
    ///
    /// - Complexity: O(pending candidates).
    public mutating func offer(_ candidate: Candidate) {
        let length = candidate.end - candidate.start + 1
        guard length >= minimumLength, length <= maximumLength else { return }
        // Within the refractory time of a reported event: that event was better (it was final).
        guard candidate.start > lastReportedEnd + refractory else { return }
        let r = refractory
        func competes(_ c: Candidate) -> Bool { candidate.start <= c.end + r && c.start <= candidate.end + r }
        for c in pending where competes(c) && c.cost <= candidate.cost { return }
        pending.removeAll { competes($0) }
        let at = pending.firstIndex { $0.start > candidate.start } ?? pending.endIndex
        pending.insert(candidate, at: at)
    }

    /// The earliest pending candidate if it is final (no candidate starting at or after `earliestPossibleStart`
    /// can compete with it), removed and counted as reported; `nil` otherwise. Call until `nil` after each sample.
    ///
    /// - Complexity: O(pending candidates).
    public mutating func nextFinal(earliestPossibleStart: Int) -> Candidate? {
        guard let p = pending.first, p.end + refractory < earliestPossibleStart else { return nil }
        pending.removeFirst()
        lastReportedEnd = p.end
        return p
    }

    /// Ends the stream: every pending candidate in start order (they do not compete), each counted as reported.
    /// Call ``reset()`` afterwards for a new stream.
    ///
    /// - Complexity: O(pending candidates).
    public mutating func drain() -> [Candidate] {
        let rest = pending
        if let last = rest.last { lastReportedEnd = last.end }
        pending.removeAll(keepingCapacity: true)
        return rest
    }

    /// The time of sample `index`, seconds; one older than the stage keeps is clamped to the oldest kept time.
    ///
    /// - Complexity: O(1).
    public func time(of index: Int) -> Double {
        let oldest = sampleCount - timestamps.count
        return timestamps[min(max(index - oldest, 0), timestamps.count - 1)]
    }

    /// The gesture inside `candidate`, seconds: its span without the context on either side (see
    /// ``gesture(from:to:context:)``).
    ///
    /// - Complexity: O(1).
    public func interval(of candidate: Candidate) -> (start: Double, end: Double) {
        Self.gesture(from: time(of: candidate.start), to: time(of: candidate.end), context: context)
    }

    /// The gesture inside a match from `start` to `end` (seconds): the match without `context` seconds on either side;
    /// its middle instant if the match is shorter than twice the context.
    ///
    /// - Complexity: O(1).
    public static func gesture(from start: Double, to end: Double, context c: Double) -> (start: Double, end: Double) {
        guard c > 0 else { return (start, end) }
        return end - start >= 2 * c ? (start + c, end - c) : ((start + end) / 2, (start + end) / 2)
    }

    /// Forgets every sample and candidate, as if newly created.
    ///
    /// - Complexity: O(maximum length + delay).
    public mutating func reset() {
        timestamps = RingBuffer(capacity: timestamps.capacity)
        sampleCount = 0
        pending = []
        pending.reserveCapacity(pendingCapacity)
        lastReportedEnd = Int.min / 2
    }
}
