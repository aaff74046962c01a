import Foundation
import GestureKit

/// A configuration document on disk: JSON when the file name ends in `.json` (what an app decodes with
/// GestureKit's `JSONConfiguration`, so it carries no comments), YAML otherwise. The one place that chooses.
public enum ConfigurationFile {
    /// Whether `url` names a JSON document.
    package static func isJSON(_ url: URL) -> Bool { url.pathExtension.lowercased() == "json" }

    /// The document at `url`, ready to decode (strictly: unknown keys are errors).
    ///
    /// - Throws: ``DataFileError`` naming the file when it cannot be read (YAML syntax errors name the line).
    public static func read(_ url: URL) throws(DataFileError) -> any ConfigurationDecoding {
        guard isJSON(url) else { return try YAMLConfiguration(contentsOf: url) }
        do {
            return JSONConfiguration(data: try Data(contentsOf: url))
        } catch {
            throw DataFileError(file: url.path, .unreadable(error.localizedDescription))
        }
    }

    /// Writes `value` atomically: JSON for a `.json` name, otherwise YAML after `comments`, one `# ` line each.
    package static func write(_ value: ConfigurationValue, comments: [String] = [], to url: URL) throws(DataFileError) {
        let text = isJSON(url) ? value.json + "\n" : comments.map { "# \($0)\n" }.joined() + value.yaml
        try AtomicFile.write(text, to: url)
    }
}
