/// Samples made by a function of time at a fixed rate: a scripted motion, a test signal, or a
/// simulated sensor.
///
/// ```swift
/// // Two seconds of a phone lying face up, at 50 Hz.
/// var source = GeneratedMotionSource(rate: 50, duration: 2) { t in
///     MotionSample(timestamp: t, acceleration: Vector3(0, 0, -1))
/// }
/// ```
///
/// - Complexity: O(1) per sample plus the cost of `sample`.
public struct GeneratedMotionSource: MotionSource, Sendable {
    /// Samples per second, Hz.
    public let rate: Double
    /// Length, seconds; `.infinity` for an endless source.
    public let duration: Double
    /// Time of the first sample, seconds.
    public let start: Double
    private let sample: @Sendable (Double) -> MotionSample?
    private var index = 0

    /// A source sampling `sample(t)` at `t = start + i / rate` for `t < start + duration`; `sample`
    /// may end the stream early by returning `nil`. The sample's own timestamp is used as given.
    public init(rate: Double, duration: Double = .infinity, start: Double = 0,
                sample: @escaping @Sendable (Double) -> MotionSample?) {
        precondition(rate > 0 && rate.isFinite, "rate must be a positive number of Hz")
        self.rate = rate
        self.duration = duration
        self.start = start
        self.sample = sample
    }

    /// The next sample, or `nil` when the stream has ended.
    public mutating func next() -> MotionSample? {
        let offset = Double(index) / rate
        guard offset < duration else { return nil }
        index += 1
        return sample(start + offset)
    }
}

/// A source that calls a closure for each sample: adapts a callback, an iterator or a queue.
public struct ClosureMotionSource<Failure: Error>: MotionSource {
    private let body: () throws(Failure) -> MotionSample?

    /// A source whose ``next()`` calls `body`; `body` returns `nil` to end the stream.
    public init(_ body: @escaping () throws(Failure) -> MotionSample?) {
        self.body = body
    }

    /// The next sample, or `nil` when the stream has ended.
    public mutating func next() throws(Failure) -> MotionSample? {
        try body()
    }
}
