import Foundation
import GestureKit
import Yams

/// A recognizer configuration held as a tree of YAML/JSON values, so an experiment can carry any
/// recognizer's settings, override single keys during a parameter search, and hand the result to
/// ``GestureKit/RecognizerRegistry`` as JSON (the one decoding path an app uses too).
public indirect enum ConfigurationValue: Codable, Hashable, Sendable {
    /// `null` / `~`.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// Any number (integral values are written without a fraction, so `Int` keys decode).
    case number(Double)
    /// Text.
    case string(String)
    /// A sequence.
    case array([ConfigurationValue])
    /// A mapping; keys are kept sorted when written, so equal configurations encode identically.
    case object([String: ConfigurationValue])

    /// Decodes YAML or JSON scalars, sequences and mappings.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([ConfigurationValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: ConfigurationValue].self)) }
    }

    /// Encodes as plain JSON/YAML values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case let .bool(b): try c.encode(b)
        case let .number(d):
            if d.rounded() == d, abs(d) < 9.0e15 { try c.encode(Int64(d)) } else { try c.encode(d) }
        case let .string(s): try c.encode(s)
        case let .array(a): try c.encode(a)
        case let .object(o): try c.encode(o)
        }
    }

    /// Reads a YAML document (a preset in `configs/`); `file` names it in errors.
    /// - Throws: ``DataFileError`` at its line for a syntax error or a key written twice in one mapping (the decoder
    ///   would keep one of the values without a word).
    public init(yaml text: String, file: String) throws(DataFileError) {
        let root: Yams.Node?
        do { root = try Yams.compose(yaml: text) } catch { throw DataFileError(file: file, decoding: error) }
        if let repeated = StrictDecoder.firstRepeatedKey(in: ConfigurationNode(yaml: root)) {
            throw DataFileError(file: file, line: root.flatMap { ConfigurationNode.line(of: repeated.key, in: $0) }, configuration: repeated)
        }
        do {
            let value = try YAMLDecoder().decode(ConfigurationValue.self, from: text)
            self = value == .null ? .object([:]) : value
        } catch {
            throw DataFileError(file: file, decoding: error)
        }
    }

    /// Reads a YAML file.
    public init(contentsOf url: URL) throws(DataFileError) {
        let text = try DataFileError.readText(url)
        try self.init(yaml: text, file: url.path)
    }

    /// The value at a dotted key path (`peakThreshold`, `smoothing.timeConstant`), if any.
    package subscript(path path: String) -> ConfigurationValue? {
        var node = self
        for key in path.split(separator: ".") {
            guard case let .object(o) = node, let next = o[String(key)] else { return nil }
            node = next
        }
        return node
    }

    /// A copy with `value` at the dotted key path, creating intermediate mappings. O(depth).
    package func setting(_ path: String, to value: ConfigurationValue) -> ConfigurationValue {
        let keys = path.split(separator: ".").map(String.init)
        func set(_ node: ConfigurationValue, _ keys: ArraySlice<String>) -> ConfigurationValue {
            guard let first = keys.first else { return value }
            var o: [String: ConfigurationValue] = [:]
            if case let .object(existing) = node { o = existing }
            o[first] = set(o[first] ?? .null, keys.dropFirst())
            return .object(o)
        }
        return set(self, keys[...])
    }

    /// Compact JSON with sorted keys: what the registry decodes and what results record.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding finite numbers, text and containers cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// Block YAML with sorted keys, numbers in Swift's shortest round-trip form and text quoted
    /// as JSON strings (valid YAML), as written for a tuned configuration.
    public var yaml: String {
        func scalar(_ v: ConfigurationValue) -> String? {
            switch v {
            case .null: return "null"
            case let .bool(b): return b ? "true" : "false"
            case let .number(d):
                if d.rounded() == d, abs(d) < 9.0e15 { return String(Int64(d)) }
                return d.isFinite ? "\(d)" : (d.isNaN ? ".nan" : (d > 0 ? ".inf" : "-.inf"))
            case let .string(text):
                let plain = !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) }
                    && Double(text) == nil && !["true", "false", "null", "yes", "no", "on", "off", "~"].contains(text.lowercased())
                return plain ? text : ConfigurationValue.string(text).json
            case let .array(items):
                let parts = items.compactMap(scalar)
                return parts.count == items.count ? "[" + parts.joined(separator: ", ") + "]" : nil
            case let .object(o): return o.isEmpty ? "{}" : nil
            }
        }
        func lines(_ v: ConfigurationValue, indent: String) -> String {
            switch v {
            case let .object(o) where !o.isEmpty:
                return o.keys.sorted().map { key in
                    let name = scalar(.string(key))!
                    if let s = scalar(o[key]!) { return "\(indent)\(name): \(s)\n" }
                    return "\(indent)\(name):\n" + lines(o[key]!, indent: indent + "  ")
                }.joined()
            case let .array(items):
                return items.map { item in
                    if let s = scalar(item) { return "\(indent)- \(s)\n" }
                    return "\(indent)-\n" + lines(item, indent: indent + "  ")
                }.joined()
            default:
                return indent + (scalar(v) ?? "{}") + "\n"
            }
        }
        return lines(self, indent: "")
    }

    /// The configuration in the form ``GestureKit/RecognizerRegistry`` decodes.
    public var decoding: JSONConfiguration { JSONConfiguration(data: Data(json.utf8)) }
}
