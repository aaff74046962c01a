import Foundation
import GestureKit
import Yams

/// A recognizer configuration read from a YAML document (a preset in `configs/`).
package struct YAMLConfiguration: ConfigurationDecoding, Sendable {
    /// The YAML text.
    package var text: String
    /// Where it came from, for error messages.
    package var source: String

    /// Wraps YAML text; `source` names it in errors.
    package init(text: String, source: String = "<yaml>") {
        self.text = text
        self.source = source
    }

    /// Reads a YAML file and checks its syntax, so a syntax error is reported at its line here
    /// rather than inside whatever decodes the document later.
    package init(contentsOf url: URL) throws(DataFileError) {
        let text = try DataFileError.readText(url)
        do {
            _ = try Yams.compose(yaml: text)
        } catch {
            throw DataFileError(file: url.path, decoding: error)
        }
        self.init(text: text, source: url.path)
    }

    /// Decodes the YAML text as `type`, strictly: a key the type does not know is an error at its
    /// line naming the nearest known key (``GestureKit/StrictDecoder``). A syntax error is a
    /// ``DataFileError`` at its line; a missing or mistyped value is rethrown as the `DecodingError`
    /// for the caller to describe. O(document size).
    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let root: Yams.Node?
        do { root = try Yams.compose(yaml: text) } catch { throw DataFileError(file: source, decoding: error) }
        do {
            return try StrictDecoder().decode(type, from: ConfigurationNode(yaml: root))
        } catch let error as ConfigurationError {
            throw DataFileError(file: source, line: root.flatMap { ConfigurationNode.line(of: error.key, in: $0) },
                                configuration: error)
        }
    }
}
