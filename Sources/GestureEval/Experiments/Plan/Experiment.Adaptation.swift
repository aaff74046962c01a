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
    package enum Adaptation: Codable, Hashable, Sendable {
        /// The calibration stretch up to the K-th event of each judged label, with its annotations (K ≥ 0).
        case labelled(events: Int)
        /// The subject's recordings without annotations: the first `seconds` (seconds > 0), or all of them (`nil`).
        case unlabelled(seconds: Double?)

        private enum Keys: String, CodingKey { case labelled, unlabelled }

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
            if hasLabelled {
                let k = try? c.decode(Double.self, forKey: .labelled)
                guard let k, k >= 0, k.rounded() == k, k <= 10_000 else {
                    throw fail(c.codingPath + [Keys.labelled], "must be a whole number ≥ 0 of annotated events per judged label")
                }
                self = .labelled(events: Int(k))
                return
            }
            if let word = try? c.decode(String.self, forKey: .unlabelled), word == "all" {
                self = .unlabelled(seconds: nil)
                return
            }
            let seconds = try? c.decode(Double.self, forKey: .unlabelled)
            guard let seconds, seconds > 0, seconds.isFinite else {
                throw fail(c.codingPath + [Keys.unlabelled], "must be `all` or a finite number of seconds > 0 of the subject's recordings")
            }
            self = .unlabelled(seconds: seconds)
        }

        /// Encodes the form it was decoded from.
        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            switch self {
            case let .labelled(k): try c.encode(k, forKey: .labelled)
            case let .unlabelled(seconds?): try c.encode(seconds, forKey: .unlabelled)
            case .unlabelled(nil): try c.encode("all", forKey: .unlabelled)
            }
        }

        /// The events per judged label of a labelled adaptation; `nil` for an unlabelled one. O(1).
        package var labelledEvents: Int? {
            if case let .labelled(k) = self { return k }
            return nil
        }

        /// How reports name it: `labelled 3`, `unlabelled (all, transductive)`, `unlabelled (first 600 s)`.
        package var description: String {
            switch self {
            case let .labelled(k): "labelled \(k)"
            case .unlabelled(nil): "unlabelled (all of the subject's recordings, transductive)"
            case let .unlabelled(seconds?): "unlabelled (first \(seconds) s)"
            }
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
