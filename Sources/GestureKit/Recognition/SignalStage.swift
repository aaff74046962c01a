/// A signal-processing step between the sensor and the recognizers: a filter, a gravity split,
/// a resampler.
///
/// A stage may emit zero, one or several samples for each input (a resampler going up in rate
/// emits several), always in time order.
public protocol SignalStage: Sendable {
    /// Consumes one sample and appends what it produces to `output`.
    ///
    /// - Complexity: O(1) amortised per sample; allocation-free once `output` has capacity.
    mutating func process(_ sample: MotionSample, into output: inout [MotionSample])

    /// Forgets all state.
    mutating func reset()
}
