import Foundation
import GestureKit
import Yams

/// A recognizer configuration read from a YAML document (a preset in `configs/`).
public struct YAMLConfiguration: ConfigurationDecoding, Sendable {
    /// The YAML text.
    public var text: String
    /// Where it came from, for error messages.
    public var source: String

    /// Wraps YAML text; `source` names it in errors.
    public init(text: String, source: String = "<yaml>") {
        self.text = text
        self.source = source
    }

    /// Reads a YAML file and checks its syntax, so a syntax error is reported at its line here
    /// rather than inside whatever decodes the document later.
    public init(contentsOf url: URL) throws(DataFileError) {
        let text = try DataFileError.readText(url)
        do {
            _ = try Yams.compose(yaml: text)
        } catch {
            throw DataFileError(file: url.path, decoding: error)
        }
        self.init(text: text, source: url.path)
    }

    /// Decodes the YAML text as `type`; errors name the key path and line.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try YAMLDecoder().decode(type, from: text)
        } catch let error as YamlError {
            throw DataFileError(file: source, decoding: error)
        } catch let error as DecodingError {
            // A syntax error is the file's fault, at a line; a wrong key is the caller's to describe.
            guard case .dataCorrupted(let context) = error, context.underlyingError is YamlError else { throw error }
            throw DataFileError(file: source, decoding: error)
        }
    }
}
