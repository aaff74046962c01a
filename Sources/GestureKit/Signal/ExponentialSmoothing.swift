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

    private enum Keys: String, CodingKey { case perSample, timeConstant }
    /// The compiler-synthesised form of earlier files: `timeConstant: {_0: 0.19}`.
    private enum LegacyKeys: String, CodingKey { case _0 }

    /// Decodes `timeConstant: 0.19` (seconds) or `perSample: 0.1`; files that wrote `timeConstant: {_0: 0.19}`
    /// still read.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        func value(_ key: Keys) throws -> Double? {
            guard c.contains(key) else { return nil }
            if let v = try? c.decode(Double.self, forKey: key) { return v }
            return try c.nestedContainer(keyedBy: LegacyKeys.self, forKey: key).decode(Double.self, forKey: ._0)
        }
        switch (try value(.perSample), try value(.timeConstant)) {
        case let (f?, nil): self = .perSample(f)
        case let (nil, tau?): self = .timeConstant(tau)
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "expected exactly one of timeConstant (seconds) or perSample (a factor in (0, 1])"))
        }
    }

    /// Encodes `timeConstant: τ` or `perSample: f`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case let .perSample(f): try c.encode(f, forKey: .perSample)
        case let .timeConstant(tau): try c.encode(tau, forKey: .timeConstant)
        }
    }

    /// Throws unless the factor is in (0, 1] or the time constant is positive.
    package func validate(_ key: String) throws(ConfigurationError) {
        switch self {
        case let .perSample(f):
            guard f > 0, f <= 1 else { throw ConfigurationError(key: key, "factor must be in (0, 1], got \(f)") }
        case let .timeConstant(tau):
            try ConfigurationError.requirePositive(tau, key)
        }
    }
}
