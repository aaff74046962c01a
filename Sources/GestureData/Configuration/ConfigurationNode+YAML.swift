import GestureKit
import Yams

extension ConfigurationNode {
    /// The tree of a composed YAML document (`nil`, an empty document, is `null`). Plain scalars keep
    /// their text and are typed when decoded, as Yams' own decoder does. Merge keys (`<<: *anchor`,
    /// or a sequence of anchors) are resolved here, so strict decoding sees the merged keys.
    init(yaml node: Yams.Node?) {
        switch node {
        case nil:
            self = .null
        case let .scalar(scalar)?:
            let isNull = scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
            self = isNull ? .null : .scalar(scalar.string)
        case let .mapping(mapping)?:
            self = .mapping(Self.entries(of: mapping))
        case let .sequence(sequence)?:
            self = .sequence(sequence.map { ConfigurationNode(yaml: $0) })
        }
    }

    /// The entries of a mapping with YAML 1.1 merge keys applied: keys written in the mapping win over
    /// merged ones, and of several merged mappings the earlier wins (the merge-key specification). Two merge keys in
    /// one mapping stay in it, unmerged, so that ``GestureKit/StrictDecoder`` refuses them as a repeated key.
    private static func entries(of mapping: Yams.Node.Mapping) -> [Entry] {
        var explicit: [Entry] = []
        var merged: [Entry] = []
        let mergeKeys = mapping.filter { $0.key.string == StrictDecoder.mergeKey && $0.key.scalar?.style == .plain }
        if mergeKeys.count > 1 {
            return mapping.map { Entry(key: $0.key.string ?? "\($0.key)", value: ConfigurationNode(yaml: $0.value)) }
        }
        for (key, value) in mapping {
            guard key.string == StrictDecoder.mergeKey, key.scalar?.style == .plain else {
                explicit.append(Entry(key: key.string ?? "\(key)", value: ConfigurationNode(yaml: value)))
                continue
            }
            let sources: [Yams.Node] = if case let .sequence(items) = value { Array(items) } else { [value] }
            for case let .mapping(source) in sources {
                for entry in entries(of: source) where !merged.contains(where: { $0.key == entry.key }) {
                    merged.append(entry)
                }
            }
        }
        let written = Set(explicit.map(\.key))
        return merged.filter { !written.contains($0.key) } + explicit
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
