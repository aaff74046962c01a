/// Cuts a sample stream into overlapping windows of fixed duration.
///
/// A window holds the samples with timestamps in `(t − duration, t]`, where `t` is the time of the
/// newest sample; a window is emitted every `hop` seconds once the stream is `duration` long.
/// Storage is a ring buffer bounded by ``maximumRate``, so memory stays bounded on endless
/// streams; a stream faster than that keeps only the newest samples of each window.
///
/// - Complexity: O(1) amortised per sample; O(window) when a window is emitted. Storage grows with
///   the first window; after that, no allocation.
public struct SlidingWindow {
    /// Window length, seconds.
    public let duration: Double
    /// Time between the ends of consecutive windows, seconds.
    public let hop: Double
    /// The highest sampling rate, Hz, the buffer is sized for.
    public let maximumRate: Double

    private var buffer: RingBuffer<MotionSample>
    private var scratch: [MotionSample]
    private var firstTimestamp: Double?
    private var nextEmission: Double?

    /// Creates a window; `duration` and `hop` in seconds, `maximumRate` in Hz.
    public init(duration: Double, hop: Double, maximumRate: Double = 200) throws(ConfigurationError) {
        try ConfigurationError.requirePositive(duration, "window.duration")
        try ConfigurationError.requirePositive(hop, "window.hop")
        try ConfigurationError.requirePositive(maximumRate, "window.maximumRate")
        self.duration = duration
        self.hop = hop
        self.maximumRate = maximumRate
        let capacity = Int((duration * maximumRate).rounded(.up)) + 1
        buffer = RingBuffer(capacity: capacity)
        scratch = []
    }

    /// Adds `sample` and, when a window is due, calls `body` with the window's samples, oldest first.
    ///
    /// The buffer passed to `body` is valid only during the call.
    public mutating func process(_ sample: MotionSample, _ body: (UnsafeBufferPointer<MotionSample>) -> Void) {
        buffer.append(sample)
        while let oldest = buffer.first, oldest.timestamp <= sample.timestamp - duration {
            buffer.removeFirst()
        }
        if firstTimestamp == nil {
            firstTimestamp = sample.timestamp
            nextEmission = sample.timestamp + duration
        }
        guard let due = nextEmission, sample.timestamp >= due - 1e-9 else { return }
        // Skip emissions a gap passed over, so a gap yields one window, not a burst.
        var next = due + hop
        while next <= sample.timestamp { next += hop }
        nextEmission = next
        scratch.removeAll(keepingCapacity: true)
        for s in buffer { scratch.append(s) }
        scratch.withUnsafeBufferPointer(body)
    }

    /// Forgets all samples.
    public mutating func reset() {
        buffer.removeAll()
        scratch.removeAll(keepingCapacity: true)
        firstTimestamp = nil
        nextEmission = nil
    }
}
