import GestureKit

/// How a DTW entry's rejection thresholds are chosen (the `rejection` key of its configuration):
///
/// ```yaml
/// rejection: {method: sigma, k: 3}                 # mean + k·σ of the training examples' distances
/// rejection: {method: stream, objective: f1}       # per class, the best event F1 on the training recordings
/// rejection: {method: stream, maxFalsePerHour: 5}  # the best pooled recall within the budget, which all classes share
/// rejection: none                                  # no rejection (closed-set segment classification)
/// ```
/// `method` may be left out: `k` implies `sigma`, `objective` or `maxFalsePerHour` imply `stream`.
package enum RejectionSettings: Hashable, Sendable, Codable {
    /// `mean + k·σ` of each class's training distances (``DTWModel/rejectionK``).
    case sigma(k: Double)
    /// Chosen on the training recordings by ``StreamCalibration``.
    case stream(StreamCalibration.Objective)
    /// No rejection.
    case none

    /// Whether thresholds are calibrated on streams.
    package var isStream: Bool {
        if case .stream = self { true } else { false }
    }

    private enum Keys: String, CodingKey { case method, k, objective, maxFalsePerHour }

    /// Decodes `none`, `null` or a map (see the type's documentation); errors name the key.
    package init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() { self = .none; return }
            if let text = try? single.decode(String.self) {
                guard text == "none" else {
                    throw DecodingError.dataCorruptedError(in: single, debugDescription: "expected none or a map {method: sigma | stream, …}, got '\(text)'")
                }
                self = .none
                return
            }
        }
        let c = try decoder.container(keyedBy: Keys.self)
        let k = try c.decodeIfPresent(Double.self, forKey: .k)
        let objective = try c.decodeIfPresent(String.self, forKey: .objective)
        let budget = try c.decodeIfPresent(Double.self, forKey: .maxFalsePerHour)
        let method = try c.decodeIfPresent(String.self, forKey: .method) ?? (k != nil ? "sigma" : "stream")
        switch method {
        case "sigma":
            guard objective == nil, budget == nil else {
                throw DecodingError.dataCorruptedError(forKey: .method, in: c, debugDescription: "objective and maxFalsePerHour are for method stream")
            }
            let k = k ?? 3
            guard k.isFinite, k >= 0 else { throw DecodingError.dataCorruptedError(forKey: .k, in: c, debugDescription: "must be ≥ 0, got \(k)") }
            self = .sigma(k: k)
        case "stream":
            guard k == nil else { throw DecodingError.dataCorruptedError(forKey: .k, in: c, debugDescription: "k is for method sigma") }
            if let budget {
                guard objective == nil || objective == "recall" else {
                    throw DecodingError.dataCorruptedError(forKey: .objective, in: c, debugDescription: "with maxFalsePerHour the objective is recall, got '\(objective!)'")
                }
                guard budget.isFinite, budget >= 0 else {
                    throw DecodingError.dataCorruptedError(forKey: .maxFalsePerHour, in: c, debugDescription: "must be a finite number ≥ 0, got \(budget)")
                }
                self = .stream(.maxFalsePerHour(budget))
            } else {
                guard objective == nil || objective == "f1" else {
                    throw DecodingError.dataCorruptedError(forKey: .objective, in: c, debugDescription: "expected f1 (or maxFalsePerHour: N), got '\(objective!)'")
                }
                self = .stream(.f1)
            }
        default:
            throw DecodingError.dataCorruptedError(forKey: .method, in: c, debugDescription: "expected sigma or stream, got '\(method)'")
        }
    }

    /// Encodes the map form (`none` as the string).
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .none:
            var c = encoder.singleValueContainer()
            try c.encode("none")
        case let .sigma(k):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode("sigma", forKey: .method)
            try c.encode(k, forKey: .k)
        case .stream(.f1):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode("stream", forKey: .method)
            try c.encode("f1", forKey: .objective)
        case let .stream(.maxFalsePerHour(budget)):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode("stream", forKey: .method)
            try c.encode(budget, forKey: .maxFalsePerHour)
        }
    }
}
