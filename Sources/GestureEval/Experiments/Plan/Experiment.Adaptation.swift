import Foundation
import GestureKit

extension Experiment {
    /// How an entry meets each test subject before it is scored (`adaptation:` on an entry):
    ///
    /// - `{labelled: K}`: the subject's *calibration stretch* (``CalibrationStretch``: from the start of the subject's
    ///   first recording, by session then file, to the end of the K-th annotated event of each judged label, all of a
    ///   label's events when it has fewer) is given to the trainer with its annotations; the trainer adapts the fold's
    ///   model and the adapted model detects on the subject's recordings. Every entry of a comparison group in which an
    ///   entry adapts so is judged without the group's largest stretch (don't-care time: neither judged nor background).
    /// - `{unlabelled: all}`: the trainer reads every recording of the subject without annotations before it detects
    ///   (transductive: the test signal itself shapes the model; reports say so).
    /// - `{unlabelled: S}`: only the first S seconds of the subject's recordings (by session, then file), unannotated.
    ///
    /// Unlabelled adaptation reads no annotation, so it excludes no time from judging.
    ///
    /// Either form may add `strength: {threshold: W, ridge: ρ, standardisation: W}` (``Strength``): the levers are then
    /// forced rather than chosen inside the training fold, to measure each lever on its own.
    package enum Adaptation: Codable, Hashable, Sendable {
        /// The calibration stretch up to the K-th event of each judged label, with its annotations (K ≥ 0); `strength`
        /// forced, or `nil`: chosen inside the training fold.
        case labelled(events: Int, strength: Strength? = nil)
        /// The subject's recordings without annotations: the first `seconds` (seconds > 0), or all of them (`nil`);
        /// `strength` as for ``labelled(events:strength:)``.
        case unlabelled(seconds: Double?, strength: Strength? = nil)

        /// How strongly each lever adapts, when an entry forces it: weights of the person's estimate against the
        /// population's (0: the population's; 1: the person's alone) and the residual ridge's relative penalty.
        package struct Strength: Codable, Hashable, Sendable {
            /// Weight of the person's operating threshold, 0…1 (labelled).
            package var threshold: Double
            /// Relative penalty of the ridge re-fitted toward the population weights on the person's labelled windows,
            /// > 0 (a multiple of a window's mean squared feature norm); 0: the weights stay.
            package var ridge: Double
            /// Weight of the person's feature statistics, 0…1.
            package var standardisation: Double

            /// A strength; unsaid levers are off.
            package init(threshold: Double = 0, ridge: Double = 0, standardisation: Double = 0) {
                (self.threshold, self.ridge, self.standardisation) = (threshold, ridge, standardisation)
            }

            private enum Keys: String, CodingKey { case threshold, ridge, standardisation }

            /// Decodes `{threshold: W, ridge: ρ, standardisation: W}`, each optional (0), weights in 0…1, ρ ≥ 0, finite;
            /// other keys are refused.
            package init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Keys.self)
                if let any = try? decoder.container(keyedBy: AnyKey.self), let odd = any.allKeys.first(where: { Keys(rawValue: $0.stringValue) == nil }) {
                    throw ConfigurationError(key: Self.path(c.codingPath + [odd]), "unknown key; a strength has threshold, ridge and standardisation")
                }
                func value(_ key: Keys, upTo limit: Double) throws -> Double {
                    guard c.contains(key) else { return 0 }
                    let v = try? c.decode(Double.self, forKey: key)
                    guard let v, v >= 0, v <= limit, v.isFinite else {
                        throw ConfigurationError(key: Self.path(c.codingPath + [key]), limit.isFinite ? "must be a weight from 0 to 1" : "must be a finite number ≥ 0")
                    }
                    return v
                }
                self.init(threshold: try value(.threshold, upTo: 1), ridge: try value(.ridge, upTo: .infinity),
                          standardisation: try value(.standardisation, upTo: 1))
            }

            /// Encodes every lever.
            package func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(threshold, forKey: .threshold)
                try c.encode(ridge, forKey: .ridge)
                try c.encode(standardisation, forKey: .standardisation)
            }

            static func path(_ keys: [any CodingKey]) -> String {
                keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
            }

            private struct AnyKey: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
        }

        private enum Keys: String, CodingKey { case labelled, unlabelled, strength }

        /// Decodes `{labelled: K}` (a whole number ≥ 0), `{unlabelled: all}` or `{unlabelled: S}` (seconds > 0, finite);
        /// anything else is a ``GestureKit/ConfigurationError`` naming its key path, which an experiment file reports at
        /// its line.
        package init(from decoder: any Decoder) throws {
            func fail(_ keys: [any CodingKey], _ message: String) -> ConfigurationError {
                let parts = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                return ConfigurationError(key: parts.joined(separator: ".").replacingOccurrences(of: ".[", with: "["), message)
            }
            let oneOf = "give one of `labelled: K` (annotated events per judged label) or `unlabelled: all | SECONDS`"
            guard let c = try? decoder.container(keyedBy: Keys.self) else { throw fail(decoder.codingPath, oneOf) }
            let hasLabelled = c.contains(.labelled), hasUnlabelled = c.contains(.unlabelled)
            guard hasLabelled != hasUnlabelled else { throw fail(c.codingPath, oneOf) }
            if c.contains(.strength), (try? c.nestedContainer(keyedBy: Keys.self, forKey: .strength)) == nil {
                throw fail(c.codingPath + [Keys.strength], "must be a map: {threshold: W, ridge: ρ, standardisation: W}")
            }
            let strength = try c.decodeIfPresent(Strength.self, forKey: .strength)
            if hasLabelled {
                let k = try? c.decode(Double.self, forKey: .labelled)
                guard let k, k >= 0, k.rounded() == k, k <= 10_000 else {
                    throw fail(c.codingPath + [Keys.labelled], "must be a whole number ≥ 0 of annotated events per judged label")
                }
                self = .labelled(events: Int(k), strength: strength)
                return
            }
            if let word = try? c.decode(String.self, forKey: .unlabelled), word == "all" {
                self = .unlabelled(seconds: nil, strength: strength)
                return
            }
            let seconds = try? c.decode(Double.self, forKey: .unlabelled)
            guard let seconds, seconds > 0, seconds.isFinite else {
                throw fail(c.codingPath + [Keys.unlabelled], "must be `all` or a finite number of seconds > 0 of the subject's recordings")
            }
            self = .unlabelled(seconds: seconds, strength: strength)
        }

        /// Encodes the form it was decoded from.
        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            switch self {
            case let .labelled(k, _): try c.encode(k, forKey: .labelled)
            case let .unlabelled(seconds?, _): try c.encode(seconds, forKey: .unlabelled)
            case .unlabelled(nil, _): try c.encode("all", forKey: .unlabelled)
            }
            try c.encodeIfPresent(strength, forKey: .strength)
        }

        /// The forced strength; `nil`: chosen inside the training fold. O(1).
        package var strength: Strength? {
            switch self {
            case let .labelled(_, strength), let .unlabelled(_, strength): strength
            }
        }

        /// The events per judged label of a labelled adaptation; `nil` for an unlabelled one. O(1).
        package var labelledEvents: Int? {
            if case let .labelled(k, _) = self { return k }
            return nil
        }

        /// How reports name it: `labelled 3`, `unlabelled (all, transductive)`, `unlabelled (first 600 s)`, with a
        /// forced strength after it (`labelled 3, forced threshold 1, ridge 1, standardisation 0`).
        package var description: String {
            let base = switch self {
            case let .labelled(k, _): "labelled \(k)"
            case .unlabelled(nil, _): "unlabelled (all of the subject's recordings, transductive)"
            case let .unlabelled(seconds?, _): "unlabelled (first \(seconds) s)"
            }
            guard let s = strength else { return base }
            let f = { (v: Double) in v == v.rounded() ? String(Int(v)) : String(v) }
            return base + ", forced threshold \(f(s.threshold)), ridge \(f(s.ridge)), standardisation \(f(s.standardisation))"
        }
    }
}

extension Experiment {
    /// The matching every stage judges with: the file's tolerances and don't-care labels, and, when an entry adapts
    /// from labelled events, the calibration stretches' label (``CalibrationStretch/label``). O(entries).
    package var eventMatching: EventMatching {
        let base = matching.eventMatching
        guard entries.contains(where: { $0.adaptation?.labelledEvents != nil }) else { return base }
        return EventMatching(toleranceBefore: base.toleranceBefore, toleranceAfter: base.toleranceAfter, phases: base.phases,
                             ignoring: base.ignoredLabels + [CalibrationStretch.label])
    }

    /// For each entry of a comparison group in which an entry adapts from labelled events, the largest K of its group:
    /// every entry of the group is judged without the stretch of that K (paired scoring). O(entries).
    package func pairedCalibrationEvents() -> [String: Int] {
        guard let groups = try? comparisonGroups() else { return [:] }
        var events: [String: Int] = [:]
        for group in groups {
            let k = group.entries.compactMap { name in entries.first { $0.name == name }?.adaptation?.labelledEvents }.max()
            guard let k else { continue }
            for name in group.entries { events[name] = k }
        }
        return events
    }
}
