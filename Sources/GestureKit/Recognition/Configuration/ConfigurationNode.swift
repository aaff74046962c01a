/// A configuration document as a tree of values, the input of ``StrictDecoder``.
///
/// Scalars written as text (YAML's plain scalars) keep their text and take a type only when a
/// decoder asks for one, as a YAML decoder does; JSON numbers and booleans arrive typed. Mappings
/// keep their keys in document order, so an unknown key is reported where it was written.
package indirect enum ConfigurationNode: Hashable, Sendable {
    /// `null`, `~` or an empty value.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// A number (JSON).
    case number(Double)
    /// A scalar as written (YAML), typed on demand: `"3"` decodes as an `Int`, a `Double` or a `String`.
    case scalar(String)
    /// A sequence.
    case sequence([ConfigurationNode])
    /// A mapping, in document order.
    case mapping([Entry])

    /// One key of a mapping with its value.
    package struct Entry: Hashable, Sendable {
        /// The key as written.
        package var key: String
        /// Its value.
        package var value: ConfigurationNode

        /// Creates an entry.
        package init(key: String, value: ConfigurationNode) {
            self.key = key
            self.value = value
        }
    }

    /// What kind of value this is, for messages (`a mapping`, `a number`, …).
    package var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .scalar: "a scalar"
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        }
    }
}

extension ConfigurationNode: Decodable {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads any JSON (or other self-describing) document as a tree. Mapping keys are sorted, since
    /// `JSONDecoder` does not keep document order.
    package init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            self = .mapping(try keyed.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                Entry(key: $0.stringValue, value: try keyed.decode(ConfigurationNode.self, forKey: $0))
            })
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var items: [ConfigurationNode] = []
            while !unkeyed.isAtEnd { items.append(try unkeyed.decode(ConfigurationNode.self)) }
            self = .sequence(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let b = try? single.decode(Bool.self) { self = .bool(b) }
        else if let d = try? single.decode(Double.self) { self = .number(d) }
        else { self = .scalar(try single.decode(String.self)) }
    }
}
