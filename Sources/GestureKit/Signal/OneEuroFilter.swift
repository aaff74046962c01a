#if canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// The 1€ filter (Casiez, Roussel and Vogel, CHI 2012): an adaptive low-pass filter whose
/// cut-off rises with the signal's speed, so it smooths jitter at rest and lags little in motion.
///
/// The sampling interval is taken from timestamps, so irregular streams are handled.
///
/// - Complexity: O(1) per sample, no allocation.
public struct OneEuroFilter: Sendable {
    /// Settings, in Hz and seconds.
    public struct Configuration: Hashable, Codable, Sendable {
        /// Cut-off at zero speed, Hz. Lower smooths more at rest.
        public var minimumCutoff: Double
        /// Growth of the cut-off with speed, per (unit of signal per second). Higher lags less.
        public var beta: Double
        /// Cut-off of the speed estimate, Hz.
        public var derivativeCutoff: Double

        /// Creates settings; the defaults are the paper's starting point.
        public init(minimumCutoff: Double = 1.0, beta: Double = 0.0, derivativeCutoff: Double = 1.0) {
            self.minimumCutoff = minimumCutoff
            self.beta = beta
            self.derivativeCutoff = derivativeCutoff
        }
    }

    /// The settings.
    public var configuration: Configuration
    private var previousValue: Vector3 = .zero
    private var previousDerivative: Vector3 = .zero
    private var lastTimestamp: Double?

    /// Creates a filter.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The smoothing factor of a first-order low-pass with cut-off `cutoff` Hz over `dt` seconds.
    @inlinable
    static func alpha(cutoff: Double, dt: Double) -> Double {
        let tau = 1 / (2 * Double.pi * cutoff)
        return 1 / (1 + tau / dt)
    }

    /// Feeds `input` taken at `timestamp` seconds and returns the filtered value.
    public mutating func update(_ input: Vector3, at timestamp: Double) -> Vector3 {
        guard let last = lastTimestamp, timestamp > last else {
            if lastTimestamp == nil {
                previousValue = input
                previousDerivative = .zero
                lastTimestamp = timestamp
            }
            return previousValue
        }
        let dt = timestamp - last
        lastTimestamp = timestamp
        let derivative = (input - previousValue) / dt
        let ad = Self.alpha(cutoff: configuration.derivativeCutoff, dt: dt)
        let smoothedDerivative = derivative * ad + previousDerivative * (1 - ad)
        previousDerivative = smoothedDerivative
        // Each axis adapts to its own speed, as the 1€ filter is defined per channel.
        func axis(_ x: Double, _ prev: Double, _ speed: Double) -> Double {
            let cutoff = configuration.minimumCutoff + configuration.beta * abs(speed)
            let a = Self.alpha(cutoff: cutoff, dt: dt)
            return a * x + (1 - a) * prev
        }
        previousValue = Vector3(
            axis(input.x, previousValue.x, smoothedDerivative.x),
            axis(input.y, previousValue.y, smoothedDerivative.y),
            axis(input.z, previousValue.z, smoothedDerivative.z)
        )
        return previousValue
    }

    /// Forgets the state.
    public mutating func reset() {
        previousValue = .zero
        previousDerivative = .zero
        lastTimestamp = nil
    }
}

/// Applies a 1€ filter to the acceleration of each sample (other channels pass through). After a gap
/// (``RunBoundary``) the filter starts afresh.
public struct OneEuroStage: SignalStage, Sendable {
    /// The filter.
    public var filter: OneEuroFilter
    private var boundary = RunBoundary()

    /// Creates the stage.
    public init(configuration: OneEuroFilter.Configuration = .init()) {
        filter = OneEuroFilter(configuration: configuration)
    }

    /// Consumes one sample, appending the samples it produces to `output`.
    public mutating func process(_ sample: MotionSample, into output: inout [MotionSample]) {
        if boundary.isGap(before: sample.timestamp) { reset() }
        boundary.note(sample.timestamp)
        var s = sample
        s.acceleration = filter.update(sample.acceleration, at: sample.timestamp)
        output.append(s)
    }

    /// Forgets every sample seen, as if newly created.
    public mutating func reset() {
        filter.reset()
        boundary.reset()
    }
}
