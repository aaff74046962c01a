// `package`: shared with GestureEval, not part of the API an app sees.
extension KeyedDecodingContainer {
    /// Decodes the value for `key`, or returns `defaultValue` when the key is absent, so a
    /// configuration file need only name the settings it changes.
    package func decode<T: Decodable>(_ key: Key, default defaultValue: @autoclosure () -> T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? defaultValue()
    }
}
