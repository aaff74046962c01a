import Foundation
import GestureKit
import GestureData

extension Experiment {
    /// Where a dataset comes from: one source, or separate training and test sources (an archive's
    /// fixed split), merged into one dataset whose sessions are `train` and `test`.
    public enum DatasetReference: Codable, Hashable, Sendable {
        /// A ``DatasetSource`` text.
        case source(String)
        /// Training and test sources.
        case split(train: String, test: String)

        private enum Keys: String, CodingKey { case train, test }

        /// Decodes a string or a `{train, test}` mapping.
        public init(from decoder: any Decoder) throws {
            if let s = try? decoder.singleValueContainer().decode(String.self) {
                self = .source(s)
                return
            }
            let c = try decoder.container(keyedBy: Keys.self)
            self = .split(train: try c.decode(String.self, forKey: .train), test: try c.decode(String.self, forKey: .test))
        }

        /// Encodes as it was written.
        public func encode(to encoder: any Encoder) throws {
            switch self {
            case let .source(s):
                var c = encoder.singleValueContainer()
                try c.encode(s)
            case let .split(train, test):
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(train, forKey: .train)
                try c.encode(test, forKey: .test)
            }
        }
    }

    /// A recognizer configuration: a preset file or an inline map.
    public enum ConfigurationSource: Codable, Hashable, Sendable {
        /// A YAML preset path.
        case preset(String)
        /// The settings themselves.
        case inline(ConfigurationValue)
        /// A YAML preset path with the settings read from it once (``Experiment/resolved()``): written as the path,
        /// used as the settings, so the file is not read again however many stages ask.
        case read(path: String, settings: ConfigurationValue)

        /// Decodes a path string or a map.
        public init(from decoder: any Decoder) throws {
            let value = try ConfigurationValue(from: decoder)
            if case let .string(path) = value { self = .preset(path) } else { self = .inline(value) }
        }

        /// Encodes the path or the map.
        public func encode(to encoder: any Encoder) throws {
            switch self {
            case let .preset(path), let .read(path, _): try ConfigurationValue.string(path).encode(to: encoder)
            case let .inline(value): try value.encode(to: encoder)
            }
        }

        /// The settings (read from the preset file when it is one).
        public func resolve() throws(DataFileError) -> ConfigurationValue {
            switch self {
            case let .inline(value), let .read(_, value): return value
            case let .preset(path): return try ConfigurationValue(contentsOf: URL(fileURLWithPath: path))
            }
        }
    }
}
