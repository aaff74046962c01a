#if canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// How strongly an exponential filter follows its input.
///
/// Apple's Motion Events guide uses a per-sample factor (`y ← f·x + (1 − f)·y`, f = 0.1), which means
/// a different cut-off at every sampling rate. ``timeConstant(_:)`` gives the same response at
/// any rate; ``factor(_:atRate:)`` converts a published factor (Apple's Motion Events guide: 0.1) at the rate it ran at.
public enum ExponentialSmoothing: Hashable, Codable, Sendable {
    /// A fixed per-sample factor in (0, 1], exactly the guide's formula; rate-dependent.
    case perSample(Double)
    /// A time constant τ in seconds: the weight of a sample `dt` after the previous is `1 − exp(−dt/τ)`.
    case timeConstant(Double)

    /// The time constant that behaves like per-sample `factor` at `rate` Hz, at every rate.
    public static func factor(_ factor: Double, atRate rate: Double) -> ExponentialSmoothing {
        .timeConstant(-1 / (rate * log(1 - factor)))
    }

    /// The smoothing of Apple's Motion Events guide: factor 0.1 at 50 Hz (τ ≈ 0.19 s).
    public static let documented = ExponentialSmoothing.factor(0.1, atRate: 50)

    /// The weight of a new sample that arrives `dt` seconds after the previous one.
    @inlinable
    public func weight(dt: Double) -> Double {
        switch self {
        case let .perSample(f):
            return f
        case let .timeConstant(tau):
            guard tau > 0 else { return 1 }
            guard dt > 0 else { return 0 }
            return -expm1(-dt / tau)
        }
    }

    /// Throws unless the factor is in (0, 1] or the time constant is positive.
    public func validate(_ key: String) throws(ConfigurationError) {
        switch self {
        case let .perSample(f):
            guard f > 0, f <= 1 else { throw ConfigurationError(key: key, "factor must be in (0, 1], got \(f)") }
        case let .timeConstant(tau):
            try ConfigurationError.requirePositive(tau, key)
        }
    }
}
