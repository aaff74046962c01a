/// A signal stage named in a configuration, so the stages in front of a recognizer are part of what is
/// trained, evaluated and shipped (an experiment entry's `stages`, a trained model's or configuration's).
///
/// In YAML, a list of one-key maps (or the bare name for the defaults):
/// ```yaml
/// stages:
///   - gravitySplit                         # total acceleration → gravity + user acceleration (τ 0.19 s)
///   - gravitySplit: {timeConstant: 0.3}    # s
///   - attitude: {gain: 0.5}                # AttitudeEstimator (its settings, 1/s, s, rad)
///   - oneEuro: {minimumCutoff: 1, beta: 0.01}
///   - resample: {rate: 50}                 # Hz
///   - physical: {headingWindow: 4}         # PhysicalChannelEstimator (windows and time constants, s)
/// ```
public enum StageSpecification: Hashable, Sendable, Codable, CustomStringConvertible {
    /// ``GravitySplitter`` with its low-pass time constant, seconds.
    case gravitySplit(timeConstant: Double)
    /// ``AttitudeEstimator`` (Mahony AHRS) with its settings.
    case attitude(AttitudeEstimator.Configuration)
    /// ``OneEuroStage`` with its filter's settings.
    case oneEuro(OneEuroFilter.Configuration)
    /// ``Resampler`` to a fixed rate, Hz.
    case resample(rate: Double)
    /// ``PhysicalChannelEstimator`` (the orientation-free channels) with its settings.
    case physical(PhysicalChannelEstimator.Configuration)

    /// The names a specification may have.
    package static let names = ["gravitySplit", "attitude", "oneEuro", "resample", "physical"]

    /// The default gravity split (the smoothing of Apple's Motion Events guide).
    package static var gravitySplit: StageSpecification {
        guard case let .timeConstant(t) = ExponentialSmoothing.documented else { preconditionFailure("documented smoothing is a time constant") }
        return .gravitySplit(timeConstant: t)
    }

    /// A fresh stage.
    ///
    /// - Throws: ``ConfigurationError`` naming the setting that is out of range.
    package func makeStage() throws(ConfigurationError) -> any SignalStage {
        switch self {
        case let .gravitySplit(t):
            try ConfigurationError.requirePositive(t, "gravitySplit.timeConstant")
            return GravitySplitter(smoothing: .timeConstant(t))
        case let .attitude(c): return try AttitudeEstimator(configuration: c)
        case let .oneEuro(c): return OneEuroStage(configuration: c)
        case let .resample(rate): return try Resampler(rate: rate)
        case let .physical(c): return try PhysicalChannelEstimator(configuration: c)
        }
    }

    /// Fresh stages for `specifications`, in order. O(stages).
    package static func makeStages(_ specifications: [StageSpecification]) throws(ConfigurationError) -> [any SignalStage] {
        var stages: [any SignalStage] = []
        for s in specifications { stages.append(try s.makeStage()) }
        return stages
    }

    /// The stage as written in YAML.
    public var description: String {
        switch self {
        case let .gravitySplit(t): "gravitySplit: {timeConstant: \(t)}"
        case .attitude: "attitude"
        case .oneEuro: "oneEuro"
        case let .resample(rate): "resample: {rate: \(rate)}"
        case .physical: "physical"
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Rate: Codable { var rate: Double }
    private struct TimeConstant: Codable {
        var timeConstant: Double?
    }
    /// The One Euro settings, each optional (a missing one takes its default).
    private struct OneEuroSettings: Decodable {
        var minimumCutoff: Double?, beta: Double?, derivativeCutoff: Double?
        var configuration: OneEuroFilter.Configuration {
            let d = OneEuroFilter.Configuration()
            return .init(minimumCutoff: minimumCutoff ?? d.minimumCutoff, beta: beta ?? d.beta, derivativeCutoff: derivativeCutoff ?? d.derivativeCutoff)
        }
    }

    /// Decodes a bare name (the stage's defaults) or a one-key map of the name to its settings.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            switch name {
            case "gravitySplit": self = .gravitySplit
            case "attitude": self = .attitude(AttitudeEstimator.Configuration())
            case "oneEuro": self = .oneEuro(OneEuroFilter.Configuration())
            case "physical": self = .physical(PhysicalChannelEstimator.Configuration())
            default:
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "unknown stage '\(name)'" + (name == "resample" ? "; resample needs {rate: HZ}" : "") + "; stages: \(Self.names.joined(separator: ", "))")
            }
            return
        }
        let c = try decoder.container(keyedBy: Key.self)
        guard c.allKeys.count == 1, let key = c.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a stage is one name or a map of one name to its settings, e.g. {resample: {rate: 50}}; stages: \(Self.names.joined(separator: ", "))"))
        }
        switch key.stringValue {
        case "gravitySplit":
            let t = try c.decodeIfPresent(TimeConstant.self, forKey: key)?.timeConstant
            self = t.map { .gravitySplit(timeConstant: $0) } ?? .gravitySplit
        case "attitude": self = .attitude(try c.decodeIfPresent(AttitudeEstimator.Configuration.self, forKey: key) ?? .init())
        case "oneEuro": self = .oneEuro(try c.decodeIfPresent(OneEuroSettings.self, forKey: key)?.configuration ?? .init())
        case "resample": self = .resample(rate: try c.decode(Rate.self, forKey: key).rate)
        case "physical": self = .physical(try c.decodeIfPresent(PhysicalChannelEstimator.Configuration.self, forKey: key) ?? .init())
        default:
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "unknown stage '\(key.stringValue)'; stages: \(Self.names.joined(separator: ", "))")
        }
        // Settings are checked when decoded, not first when a stage is made.
        do { _ = try makeStage() } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: error.description)
        }
    }

    /// Encodes the one-key map form.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case let .gravitySplit(t): try c.encode(TimeConstant(timeConstant: t), forKey: Key("gravitySplit"))
        case let .attitude(configuration): try c.encode(configuration, forKey: Key("attitude"))
        case let .oneEuro(configuration): try c.encode(configuration, forKey: Key("oneEuro"))
        case let .resample(rate): try c.encode(Rate(rate: rate), forKey: Key("resample"))
        case let .physical(configuration): try c.encode(configuration, forKey: Key("physical"))
        }
    }
}
