// The `Decoder` and its three containers over a ``ConfigurationNode``. Every keyed access is reported
// to the shared `State`, which is what lets ``StrictDecoder`` find keys nobody asked for.

struct NodeDecoder: Decoder {
    let node: ConfigurationNode
    let codingPath: [any CodingKey]
    let state: StrictDecoder.State
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .mapping(entries) = node else {
            throw DecodingError.typeMismatch([String: Any].self, .init(
                codingPath: codingPath, debugDescription: "expected a mapping, found \(state.describe(node))"))
        }
        state.open(at: codingPath)
        return KeyedDecodingContainer(NodeKeyedContainer<Key>(entries: entries, codingPath: codingPath, state: state))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .sequence(items) = node else {
            throw DecodingError.typeMismatch([Any].self, .init(
                codingPath: codingPath, debugDescription: "expected a sequence, found \(state.describe(node))"))
        }
        return NodeUnkeyedContainer(items: items, codingPath: codingPath, state: state)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        NodeSingleValueContainer(node: node, codingPath: codingPath, state: state)
    }
}

/// A coding key for positions in a sequence.
struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "[\(intValue ?? 0)]" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

struct NodeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let entries: [ConfigurationNode.Entry]
    let codingPath: [any CodingKey]
    let state: StrictDecoder.State

    var allKeys: [Key] { entries.compactMap { Key(stringValue: $0.key) } }

    private func value(_ key: Key) -> ConfigurationNode? {
        state.ask(key.stringValue, at: codingPath)
        return entries.first { $0.key == key.stringValue }?.value
    }

    private func required(_ key: Key) throws -> ConfigurationNode {
        guard let node = value(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return node
    }

    func contains(_ key: Key) -> Bool { value(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try required(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try state.unbox(T.self, try required(key), path: codingPath + [key])
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type as Bool.Type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type as String.Type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type as Double.Type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type as Float.Type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type as Int.Type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type as Int64.Type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type as Int32.Type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type as UInt.Type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type as UInt64.Type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type as UInt32.Type, key) }

    /// The one path for the typed overloads above.
    private func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try decode(type, forKey: key) as T
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(node: try required(key), codingPath: codingPath + [key], state: state).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(node: try required(key), codingPath: codingPath + [key], state: state).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        NodeDecoder(node: .mapping(entries), codingPath: codingPath, state: state)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(node: try required(key), codingPath: codingPath + [key], state: state)
    }
}

struct NodeUnkeyedContainer: UnkeyedDecodingContainer {
    let items: [ConfigurationNode]
    let codingPath: [any CodingKey]
    let state: StrictDecoder.State
    var currentIndex = 0

    init(items: [ConfigurationNode], codingPath: [any CodingKey], state: StrictDecoder.State) {
        self.items = items
        self.codingPath = codingPath
        self.state = state
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> (ConfigurationNode, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "the sequence has no more items"))
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if items[currentIndex] == .null { currentIndex += 1; return true }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNext(type) }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeNext(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeNext(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeNext(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeNext(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeNext(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeNext(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeNext(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeNext(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeNext(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeNext(type) }

    /// The one path for the typed overloads above.
    private mutating func decodeNext<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, path) = try next()
        return try state.unbox(T.self, node, path: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (node, path) = try next()
        return try NodeDecoder(node: node, codingPath: path, state: state).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (node, path) = try next()
        return try NodeDecoder(node: node, codingPath: path, state: state).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (node, path) = try next()
        return NodeDecoder(node: node, codingPath: path, state: state)
    }
}

struct NodeSingleValueContainer: SingleValueDecodingContainer {
    let node: ConfigurationNode
    let codingPath: [any CodingKey]
    let state: StrictDecoder.State

    func decodeNil() -> Bool { node == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try state.unbox(T.self, node, path: codingPath)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try state.unbox(type, node, path: codingPath) }
    func decode(_ type: String.Type) throws -> String { try state.unbox(type, node, path: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try state.unbox(type, node, path: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try state.unbox(type, node, path: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try state.unbox(type, node, path: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try state.unbox(type, node, path: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try state.unbox(type, node, path: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try state.unbox(type, node, path: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try state.unbox(type, node, path: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try state.unbox(type, node, path: codingPath) }
}
