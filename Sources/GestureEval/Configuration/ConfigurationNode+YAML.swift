import GestureKit
import Yams

extension ConfigurationNode {
    /// The tree of a composed YAML document (`nil`, an empty document, is `null`). Plain scalars keep
    /// their text and are typed when decoded, as Yams' own decoder does.
    init(yaml node: Yams.Node?) {
        switch node {
        case nil:
            self = .null
        case let .scalar(scalar)?:
            let isNull = scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
            self = isNull ? .null : .scalar(scalar.string)
        case let .mapping(mapping)?:
            self = .mapping(mapping.map { Entry(key: $0.key.string ?? "\($0.key)", value: ConfigurationNode(yaml: $0.value)) })
        case let .sequence(sequence)?:
            self = .sequence(sequence.map { ConfigurationNode(yaml: $0) })
        }
    }

    /// The 1-based line of the key at a dotted path (`entries[0].configuration.threshold`) in `node`,
    /// as ``StrictDecoder`` names it, or the line of the deepest part of the path that exists.
    static func line(of path: String, in node: Yams.Node) -> Int? {
        var current = node
        var line = node.mark?.line
        var rest = Substring(path)
        while !rest.isEmpty {
            if rest.first == "." { rest = rest.dropFirst() }
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
                      case let .sequence(items) = current, items.indices.contains(index) else { return line }
                current = items[index]
                line = current.mark?.line ?? line
                rest = rest[rest.index(after: close)...]
                continue
            }
            let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
            let name = String(rest[..<end])
            guard case let .mapping(mapping) = current, let pair = mapping.first(where: { $0.key.string == name }) else { return line }
            line = pair.key.mark?.line ?? line
            current = pair.value
            rest = rest[end...]
        }
        return line
    }
}
