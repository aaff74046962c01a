/// Decodes a ``ConfigurationNode`` tree into a `Decodable` type and rejects keys the type never read.
///
/// Swift's decoders ignore keys a type does not ask for, so a typo (`peakThreshhold: 5`) silently
/// runs with the default. This decoder records, for every mapping, the keys the type asked about
/// (`decode`, `decodeIfPresent`, `contains`); whatever is left over is an error that names the key
/// path and the nearest key the type does know.
///
/// - Complexity: O(size of the tree) plus O(k²) per unknown key for the suggestion.
package struct StrictDecoder: Sendable {
    /// Creates a decoder.
    package init() {}

    /// Decodes `type` from `node`.
    ///
    /// - Throws: ``ConfigurationError`` for a key written twice in one mapping (which value was meant is not
    ///   for the decoder to guess); `DecodingError` for a missing or mistyped value; ``ConfigurationError`` whose
    ///   key is the dotted path of the first unknown key (in document order) otherwise.
    package func decode<T: Decodable>(_ type: T.Type, from node: ConfigurationNode) throws -> T {
        if let repeated = Self.firstRepeatedKey(in: node) { throw repeated }
        let state = State()
        let value = try state.unbox(T.self, node, path: [])
        if let unknown = state.firstUnknownKey(in: node) { throw unknown }
        return value
    }

    /// Reads, per mapping, which keys were asked for.
    final class State {
        /// Keys asked for, by the mapping's path (`entries[0].configuration`).
        private var asked: [String: Set<String>] = [:]

        func ask(_ key: String, at path: [any CodingKey]) {
            asked[Self.text(path), default: []].insert(key)
        }

        /// Marks a mapping as opened even when no key is asked for (an empty type).
        func open(at path: [any CodingKey]) {
            _ = asked[Self.text(path), default: []]
        }

        /// The first key, walking the tree in document order, that its mapping's type never asked for.
        func firstUnknownKey(in node: ConfigurationNode) -> ConfigurationError? {
            func walk(_ node: ConfigurationNode, _ path: String) -> ConfigurationError? {
                switch node {
                case let .mapping(entries):
                    if let known = asked[path] {
                        for entry in entries where !known.contains(entry.key) {
                            let full = path.isEmpty ? entry.key : path + "." + entry.key
                            return ConfigurationError(key: full, Self.unknownMessage(entry.key, known: known))
                        }
                    }
                    for entry in entries {
                        if let found = walk(entry.value, path.isEmpty ? entry.key : path + "." + entry.key) { return found }
                    }
                case let .sequence(items):
                    for (i, item) in items.enumerated() {
                        if let found = walk(item, path + "[\(i)]") { return found }
                    }
                default:
                    break
                }
                return nil
            }
            return walk(node, "")
        }

        static func text(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let i = key.intValue { text += "[\(i)]" } else {
                    text += text.isEmpty ? key.stringValue : "." + key.stringValue
                }
            }
            return text
        }

        static func unknownMessage(_ key: String, known: Set<String>) -> String {
            let candidates = known.sorted()
            if let nearest = StrictDecoder.nearest(to: key, in: candidates) {
                return "unknown key; did you mean '\(nearest)'?"
            }
            return candidates.isEmpty ? "unknown key; nothing is expected here"
                : "unknown key; expected one of \(candidates.joined(separator: ", "))"
        }

        // MARK: Values

        func unbox<T: Decodable>(_ type: T.Type, _ node: ConfigurationNode, path: [any CodingKey]) throws -> T {
            if let value = try primitive(type, node, path: path) { return value }
            return try T(from: NodeDecoder(node: node, codingPath: path, state: self))
        }

        /// Scalars the standard library decodes through a single-value container, typed here.
        private func primitive<T>(_ type: T.Type, _ node: ConfigurationNode, path: [any CodingKey]) throws -> T? {
            func mismatch(_ expected: String) -> DecodingError {
                DecodingError.typeMismatch(T.self, .init(codingPath: path, debugDescription: "expected \(expected), found \(describe(node))"))
            }
            switch type {
            case is String.Type:
                switch node {
                case let .scalar(text): return text as? T
                case let .number(d): return (d.rounded() == d && abs(d) < 9e15 ? String(Int64(d)) : "\(d)") as? T
                case let .bool(b): return String(b) as? T
                default: throw mismatch("text")
                }
            case is Bool.Type:
                switch node {
                case let .bool(b): return b as? T
                case let .scalar(text):
                    switch text.lowercased() {
                    case "true", "yes", "on": return true as? T
                    case "false", "no", "off": return false as? T
                    default: throw mismatch("true or false")
                    }
                default: throw mismatch("true or false")
                }
            case is Double.Type, is Float.Type:
                guard let d = number(node) else { throw mismatch("a number") }
                return (type == Float.self ? Float(d) as? T : d as? T)
            case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt64.Type, is UInt32.Type:
                guard let d = number(node), d.rounded() == d, abs(d) < 9.0e15 else { throw mismatch("a whole number") }
                // A value out of the type's range is a mismatch: answering nil here would send the decoding back
                // to the type's own init(from:), which asks this container again, without end.
                let value: T?
                switch type {
                case is Int.Type: value = Int(d) as? T
                case is Int64.Type: value = Int64(d) as? T
                case is Int32.Type: value = Int32(exactly: d) as? T
                case is UInt.Type: value = d >= 0 ? UInt(d) as? T : nil
                case is UInt64.Type: value = d >= 0 ? UInt64(d) as? T : nil
                default: value = d >= 0 ? UInt32(exactly: d) as? T : nil
                }
                guard let value else {
                    throw mismatch(type is Int32.Type ? "a whole number within ±2147483647" : "a whole number ≥ 0 in range")
                }
                return value
            default:
                return nil
            }
        }

        private func number(_ node: ConfigurationNode) -> Double? {
            switch node {
            case let .number(d): return d
            case let .scalar(text):
                switch text.lowercased() {
                case ".inf", "+.inf": return .infinity
                case "-.inf": return -.infinity
                case ".nan": return .nan
                default: return Double(text.replacingOccurrences(of: "_", with: ""))
                }
            default: return nil
            }
        }

        func describe(_ node: ConfigurationNode) -> String {
            switch node {
            case let .scalar(text): "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
            case let .number(d): "\(d)"
            case let .bool(b): "\(b)"
            default: node.kind
            }
        }
    }
}

extension StrictDecoder {
    /// The first key, in document order, that its mapping holds twice, as an error naming its dotted path; a YAML
    /// merge key (`<<`) written twice is told to be one list. Every reader of configurations calls this before
    /// decoding, whatever decodes the tree afterwards. O(size of the tree).
    package static func firstRepeatedKey(in node: ConfigurationNode, path: String = "") -> ConfigurationError? {
        switch node {
        case let .mapping(entries):
            var seen: Set<String> = []
            for entry in entries {
                let full = path.isEmpty ? entry.key : path + "." + entry.key
                guard seen.insert(entry.key).inserted else {
                    return ConfigurationError(key: full, entry.key == Self.mergeKey ? Self.repeatedMergeMessage : Self.repeatedMessage)
                }
                if let found = firstRepeatedKey(in: entry.value, path: full) { return found }
            }
        case let .sequence(items):
            for (i, item) in items.enumerated() {
                if let found = firstRepeatedKey(in: item, path: path + "[\(i)]") { return found }
            }
        default:
            break
        }
        return nil
    }

    /// What a repeated key's error says.
    static let repeatedMessage = "written twice in one mapping; keep the value you mean and delete the other"

    /// YAML's merge key.
    package static let mergeKey = "<<"

    /// What two merge keys in one mapping are told: which mapping wins is not for a reader to guess.
    static let repeatedMergeMessage = "merge key written twice in one mapping; merge several mappings with one list, "
        + "`<<: [*first, *second]` (an earlier one wins over a later one, keys written in the mapping over both)"

    /// The candidate closest to `key` by edit distance (case-insensitive), if close enough to be a typo
    /// (at most 2 edits, or a third of its length). O(Σ |key|·|candidate|).
    package static func nearest(to key: String, in candidates: [String]) -> String? {
        let target = Array(key.lowercased())
        var best: (name: String, distance: Int)? = nil
        for candidate in candidates {
            let d = editDistance(target, Array(candidate.lowercased()))
            if d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        guard let best else { return nil }
        return best.distance <= max(2, target.count / 3) ? best.name : nil
    }

    /// Levenshtein distance, O(|a|·|b|) time and O(|b|) memory.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        var current = previous
        for (i, ca) in a.enumerated() {
            current[0] = i + 1
            for (j, cb) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
