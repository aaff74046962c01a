import Foundation

/// A causal per-recording normalisation of several channels at once: each value becomes its standard score against
/// the channel's own history, so a person who moves harder or holds the device otherwise reads on a common scale.
///
/// Each ``update(_:)`` replaces each selected channel's value x by (x − m) / s, where m and s are that channel's exponentially
/// weighted mean and standard deviation over the stream so far, the new value included, with a time constant of
/// ``timeConstant`` seconds (each sample's weight decays by e⁻¹ every time constant). The weights are normalised by
/// their sum, so the first samples are weighed as a plain mean would weigh them rather than pulled towards zero.
/// The time constant is turned into a decay per sample at the stream's rate, so the same motion at 25, 50 or 100 Hz
/// gives the same scores.
///
/// s is never below 5 % of the channel's weighted root mean square (nor 10⁻⁹): a channel that has not moved yet
/// (a device lying still before the recording starts) is not blown up into noise. The rule holds in every unit
/// (g, rad/s, radians, seconds), which is why the floor is relative.
///
/// Only the ``selected`` channels are standardised; the others pass unchanged (a spotter standardises the channels
/// whose scale depends on the person, ``MotionChannel/measuresIntensity``, and keeps angles, periods and
/// regularities as they are).
///
/// - Complexity: O(channels) per update, memory O(channels); nothing is allocated after creation, and the state
///   stays bounded on an endless stream.
package struct RunningStandardizer: Sendable, Equatable {
    /// The time constant, seconds.
    package let timeConstant: Double
    /// The number of channels.
    package let channels: Int
    /// The channels standardised, indices in increasing order.
    package let selected: [Int]
    /// The weight a sample keeps at the next sample: exp(−1 / (timeConstant × rate)).
    private let decay: Double
    private var mean: [Double], meanSquare: [Double]
    /// The sum of the weights so far (1 + decay + decay² + …).
    private var weight = 0.0

    /// The fraction of the channel's root mean square that its standard deviation is never taken below.
    package static let relativeFloor = 0.05

    /// A time constant of `seconds` at `samplingRate` Hz over `channels` channels, standardising those `selected`
    /// (all of them by default); throws unless both numbers are positive and finite, there is a channel, and the
    /// selection names channels.
    package init(seconds: Double, samplingRate: Double, channels: Int, selected: [Int]? = nil) throws(ConfigurationError) {
        try ConfigurationError.requirePositive(seconds, "normalization")
        try ConfigurationError.requirePositive(samplingRate, "samplingRate")
        guard channels >= 1 else { throw ConfigurationError(key: "channels", "at least one channel is needed") }
        let selected = Array(Set(selected ?? Array(0..<channels))).sorted()
        guard selected.allSatisfy({ (0..<channels).contains($0) }) else {
            throw ConfigurationError(key: "channels", "the standardised channels must be indices below \(channels), got \(selected)")
        }
        timeConstant = seconds
        self.channels = channels
        self.selected = selected
        decay = exp(-1 / (seconds * samplingRate))
        mean = [Double](repeating: 0, count: channels)
        meanSquare = mean
    }

    /// Replaces each selected one of `values` (one per channel) by its standard score against the channel's weighted
    /// history, this value included (unitless); the others are left as they are.
    package mutating func update(_ values: inout [Double]) {
        precondition(values.count == channels, "one value per channel")
        weight = decay * weight + 1
        // The new sample's share of the normalised weights: 1 at the first sample, 1 − decay in the long run.
        let share = 1 / weight
        for c in selected {
            let x = values[c]
            mean[c] += share * (x - mean[c])
            meanSquare[c] += share * (x * x - meanSquare[c])
            let variance = max(meanSquare[c] - mean[c] * mean[c], 0)
            let floor = max(Self.relativeFloor * meanSquare[c].squareRoot(), 1e-9)
            values[c] = (x - mean[c]) / max(variance.squareRoot(), floor)
        }
    }

    /// Forgets every sample seen.
    package mutating func reset() {
        weight = 0
        for c in 0..<channels { mean[c] = 0; meanSquare[c] = 0 }
    }
}
