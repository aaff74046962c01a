import Foundation

extension JSONConfiguration {
    /// The first key, in document order, that a JSON object in `data` holds twice, as an error naming its dotted path
    /// (`stream.hop`, `entries[1].window`); `nil` when there is none or the document is malformed (the JSON decoder
    /// then says where).
    ///
    /// `JSONDecoder` keeps one of a repeated key's values without a word, so the bytes are read here first. Keys are
    /// compared as decoded (`"peak\u0054hreshold"` is `peakThreshold`). O(bytes), one pass.
    static func firstRepeatedKey(in data: Data) -> ConfigurationError? {
        struct Container {
            var isObject: Bool
            var path: String
            var keys: Set<String> = []
            var expectingKey = true
            var key = ""
            var index = 0

            /// The path of the value being read inside this container.
            var childPath: String {
                isObject ? (path.isEmpty ? key : path + "." + key) : path + "[\(index)]"
            }
        }
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var stack: [Container] = []
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> ConfigurationError? in
            var i = 0
            while i < bytes.count {
                switch bytes[i] {
                case quote:
                    var end = i + 1
                    while end < bytes.count, bytes[end] != quote { end += bytes[end] == backslash ? 2 : 1 }
                    if let top = stack.indices.last, stack[top].isObject, stack[top].expectingKey {
                        let key = Self.unescaped(String(decoding: bytes[(i + 1)..<min(end, bytes.count)], as: UTF8.self))
                        stack[top].expectingKey = false
                        stack[top].key = key
                        guard stack[top].keys.insert(key).inserted else {
                            return ConfigurationError(key: stack[top].childPath, StrictDecoder.repeatedMessage)
                        }
                    }
                    i = end
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    stack.append(Container(isObject: bytes[i] == UInt8(ascii: "{"), path: stack.last?.childPath ?? ""))
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if !stack.isEmpty { stack.removeLast() }
                case UInt8(ascii: ","):
                    if let top = stack.indices.last {
                        if stack[top].isObject { stack[top].expectingKey = true } else { stack[top].index += 1 }
                    }
                default:
                    break
                }
                i += 1
            }
            return nil
        }
    }

    /// A key's text with its JSON escapes decoded; as written when it has none or they are malformed (the JSON decoder
    /// then says where). O(key length).
    private static func unescaped(_ key: String) -> String {
        guard key.contains("\\") else { return key }
        return (try? JSONDecoder().decode(String.self, from: Data("\"\(key)\"".utf8))) ?? key
    }
}
