import Foundation

/// Something that can decode a recognizer's configuration: JSON here, YAML in the research layer.
public protocol ConfigurationDecoding {
    /// Decodes a value of `type`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T
}

/// A configuration held as JSON bytes, decoded strictly: a key the configuration type does not
/// know is an error naming it and the nearest known key (see ``StrictDecoder``), and a key written
/// twice in one object an error naming it, never ignored.
public struct JSONConfiguration: ConfigurationDecoding, Sendable {
    /// The JSON document.
    public var data: Data

    /// Wraps a JSON document.
    public init(data: Data) {
        self.data = data
    }

    /// Decodes `type` from ``data``; O(document size).
    ///
    /// - Throws: `DecodingError` for malformed JSON or a missing or mistyped value,
    ///   ``ConfigurationError`` for a key written twice in one object or an unknown key.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let repeated = Self.firstRepeatedKey(in: data) { throw repeated }
        return try StrictDecoder().decode(type, from: JSONDecoder().decode(ConfigurationNode.self, from: data))
    }
}

/// Stable string identifiers → recognizer factories.
///
/// Nothing registers itself: ``standard`` lists the built-in recognizers explicitly, and an app
/// adds its own with ``register(_:)``.
public struct RecognizerRegistry: Sendable {
    /// Why a recognizer could not be made.
    public enum Error: Swift.Error, CustomStringConvertible {
        /// No recognizer has this identifier.
        case unknownIdentifier(String, known: [String])
        /// The configuration could not be decoded or is out of range.
        case invalidConfiguration(identifier: String, reason: String)

        /// A one-line, human-readable account.
        public var description: String {
            switch self {
            case let .unknownIdentifier(id, known):
                "unknown recognizer '\(id)'; known: \(known.joined(separator: ", "))"
            case let .invalidConfiguration(id, reason):
                "invalid configuration for '\(id)': \(reason)"
            }
        }
    }

    private struct Entry: Sendable {
        var makeDefault: @Sendable () throws -> any Recognizer
        var makeFrom: @Sendable (any ConfigurationDecoding) throws -> any Recognizer
    }

    private var entries: [String: Entry] = [:]

    /// An empty registry.
    public init() {}

    /// The identifiers registered, sorted.
    public var identifiers: [String] { entries.keys.sorted() }

    /// Registers `type` under its ``ConfigurableRecognizer/identifier``, replacing any earlier entry.
    public mutating func register<R: ConfigurableRecognizer>(_ type: R.Type) where R.Configuration: Decodable {
        entries[R.identifier] = Entry(
            makeDefault: {
                guard let defaultConstructible = R.Configuration.self as? any DefaultConfiguration.Type,
                      let configuration = defaultConstructible.defaultValue as? R.Configuration
                else { throw Error.invalidConfiguration(identifier: R.identifier, reason: "a configuration is required") }
                return try R(configuration: configuration)
            },
            makeFrom: { decoder in
                let configuration: R.Configuration
                do {
                    configuration = try decoder.decode(R.Configuration.self)
                } catch {
                    throw Error.invalidConfiguration(identifier: R.identifier, reason: describe(error))
                }
                do {
                    return try R(configuration: configuration)
                } catch {
                    throw Error.invalidConfiguration(identifier: R.identifier, reason: "\(error)")
                }
            }
        )
    }

    /// Makes the recognizer `identifier` with its default configuration.
    public func makeRecognizer(_ identifier: String) throws -> any Recognizer {
        try entry(identifier).makeDefault()
    }

    /// Makes the recognizer `identifier` from a configuration document.
    public func makeRecognizer(_ identifier: String, configuration: any ConfigurationDecoding) throws -> any Recognizer {
        try entry(identifier).makeFrom(configuration)
    }

    private func entry(_ identifier: String) throws(Error) -> Entry {
        guard let entry = entries[identifier] else {
            throw Error.unknownIdentifier(identifier, known: identifiers)
        }
        return entry
    }
}

/// A configuration with a default value: the preset that reproduces the published detector it comes from (named on each recognizer).
public protocol DefaultConfiguration {
    /// The default settings.
    static var defaultValue: Self { get }
}

/// A readable account of a decoding error: the key path and what was wrong.
func describe(_ error: any Swift.Error) -> String {
    guard let decodingError = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return keys.isEmpty ? "(top level)" : keys.joined(separator: ".")
    }
    switch decodingError {
    case let .keyNotFound(key, context):
        let prefix = path(context)
        return "\(prefix == "(top level)" ? "" : prefix + ".")\(key.stringValue): missing"
    case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
        return "\(path(context)): \(context.debugDescription)"
    @unknown default:
        return "\(error)"
    }
}

extension RecognizerRegistry {
    /// The built-in recognizers, listed explicitly.
    public static var standard: RecognizerRegistry {
        var registry = RecognizerRegistry()
        registry.register(OrientationTracker.self)
        registry.register(ShakeCounter.self)
        registry.register(PeakDirectionDetector.self)
        registry.register(AttitudeFlipDetector.self)
        registry.register(DTWTemplateMatcher.self)
        registry.register(MiniRocketSpotter.self)
        return registry
    }
}
