import Foundation
import GestureKit
import GestureData

/// Reads and writes ``DTWModel`` files (JSON; written atomically).
public enum DTWModelFile {
    /// Writes `model` to `url` atomically: a reader sees the old file or the new one, never a partial one.
    package static func write(_ model: DTWModel, to url: URL) throws(DataFileError) {
        try ModelFile.write(to: url, model.encoded)
    }

    /// Reads a model; a missing, old, corrupted or foreign file is an error naming the file.
    public static func read(from url: URL) throws(DataFileError) -> DTWModel {
        try ModelFile.read(from: url, DTWModel.decode, message: \.message)
    }

    /// One line per key an older model file uses that is read under a new name (``DTWModel/renamedKeys(inVersion:)``),
    /// naming the file; empty for a current, unreadable or foreign file (reading it says what is wrong).
    public static func deprecations(in data: Data, file: String) -> [String] {
        struct Version: Decodable { var version: Int }
        guard let version = try? JSONDecoder().decode(Version.self, from: data).version else { return [] }
        return DTWModel.renamedKeys(inVersion: version).map {
            "\(file): a version \(version) DTW model: \($0); train it again to write version \(DTWModel.currentVersion)"
        }
    }

    /// ``deprecations(in:file:)`` of the file at `url`.
    package static func deprecations(at url: URL) -> [String] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        return deprecations(in: data, file: url.path)
    }
}
