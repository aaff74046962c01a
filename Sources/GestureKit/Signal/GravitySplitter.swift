/// Splits total acceleration into gravity and user acceleration for accelerometer-only streams.
///
/// Gravity is the low-pass of total acceleration; user acceleration is the rest (the high-pass of Apple's
/// Motion Events guide). Samples that already carry gravity and user acceleration (fused device motion)
/// pass through unchanged unless ``overwrite`` is set. After a gap (``RunBoundary``) the low-pass starts afresh.
///
/// - Complexity: O(1) per sample, no allocation.
public struct GravitySplitter: SignalStage, Sendable {
    /// The gravity estimator.
    public var lowPass: LowPassFilter
    /// Whether to replace gravity and user acceleration that the sample already has.
    public var overwrite: Bool
    private var boundary = RunBoundary()

    /// Creates a splitter; the default smoothing is the factor 0.1 at 50 Hz of Apple's Motion Events guide, as a time constant.
    public init(smoothing: ExponentialSmoothing = .documented, overwrite: Bool = false) {
        lowPass = LowPassFilter(smoothing: smoothing, start: .firstSample)
        self.overwrite = overwrite
    }

    /// Consumes one sample, appending the samples it produces to `output`.
    public mutating func process(_ sample: MotionSample, into output: inout [MotionSample]) {
        output.append(split(sample))
    }

    /// Returns `sample` with gravity and user acceleration filled in.
    public mutating func split(_ sample: MotionSample) -> MotionSample {
        if boundary.isGap(before: sample.timestamp) { reset() }
        boundary.note(sample.timestamp)
        var s = sample
        if overwrite || s.gravity == nil || s.userAcceleration == nil {
            let g = lowPass.update(sample.acceleration, at: sample.timestamp)
            s.gravity = g
            s.userAcceleration = sample.acceleration - g
        }
        return s
    }

    /// Forgets every sample seen, as if newly created.
    public mutating func reset() {
        lowPass.reset()
        boundary.reset()
    }
}
