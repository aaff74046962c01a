/// Exponential low-pass filter on a three-axis signal: `y ← w·x + (1 − w)·y`.
///
/// Isolates the slowly varying part of acceleration (gravity). With
/// ``ExponentialSmoothing/perSample(_:)`` and ``Start/zero`` it is exactly the filter of Apple's
/// Motion Events guide, including its start-up transient.
///
/// - Complexity: O(1) per sample, no allocation.
public struct LowPassFilter: Sendable {
    /// Where the filter's state starts.
    public enum Start: String, Codable, Sendable {
        /// At zero, as in Apple's Motion Events guide: the output needs time to settle.
        case zero
        /// At the first input: no start-up transient.
        case firstSample
    }

    /// The smoothing.
    public var smoothing: ExponentialSmoothing
    /// The start policy.
    public var start: Start
    /// The current output.
    public private(set) var value: Vector3 = .zero
    private var lastTimestamp: Double?

    /// Creates a filter. The default smoothing is the factor 0.1 at 50 Hz of Apple's Motion Events guide as a time constant
    /// (≈ 0.19 s), so it responds alike at every rate; pass `.perSample(0.1)` for their exact formula.
    public init(smoothing: ExponentialSmoothing = .documented, start: Start = .zero) {
        self.smoothing = smoothing
        self.start = start
    }

    /// Feeds `input` taken at `timestamp` seconds and returns the filtered value.
    @inlinable
    public mutating func update(_ input: Vector3, at timestamp: Double) -> Vector3 {
        step(input, timestamp)
    }

    @usableFromInline
    mutating func step(_ input: Vector3, _ timestamp: Double) -> Vector3 {
        guard let last = lastTimestamp else {
            lastTimestamp = timestamp
            switch (start, smoothing) {
            case (.firstSample, _):
                value = input
            case let (.zero, .perSample(f)):
                // Exactly the guide's filter: one ordinary step from a zero state.
                value = input * f
            case (.zero, .timeConstant):
                // The state is zero at the first timestamp and rises as 1 − exp(−t/τ) from there,
                // so the start-up transient lasts the same time at every rate.
                value = .zero
            }
            return value
        }
        let w = smoothing.weight(dt: timestamp - last)
        lastTimestamp = timestamp
        value = input * w + value * (1 - w)
        return value
    }

    /// Forgets the state.
    public mutating func reset() {
        value = .zero
        lastTimestamp = nil
    }
}

/// Exponential high-pass filter: the input minus its low-pass, as in Apple's Motion Events guide.
///
/// Removes gravity and other slow components, leaving quick movements.
///
/// - Complexity: O(1) per sample, no allocation.
public struct HighPassFilter: Sendable {
    /// The low-pass filter whose output is subtracted.
    public var lowPass: LowPassFilter

    /// Creates a filter; the default smoothing is rate-invariant, as ``LowPassFilter/init(smoothing:start:)``'s.
    public init(smoothing: ExponentialSmoothing = .documented, start: LowPassFilter.Start = .zero) {
        lowPass = LowPassFilter(smoothing: smoothing, start: start)
    }

    /// Feeds `input` taken at `timestamp` seconds and returns the high-passed value.
    @inlinable
    public mutating func update(_ input: Vector3, at timestamp: Double) -> Vector3 {
        input - lowPass.update(input, at: timestamp)
    }

    /// Forgets the state.
    public mutating func reset() { lowPass.reset() }
}
