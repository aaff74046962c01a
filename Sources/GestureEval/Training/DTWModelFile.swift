import Foundation
import GestureKit

/// Reads and writes ``DTWModel`` files (JSON; written atomically).
public enum DTWModelFile {
    /// Writes `model` to `url` atomically: a reader sees the old file or the new one, never a partial one.
    public static func write(_ model: DTWModel, to url: URL) throws(DataFileError) {
        do {
            try model.encoded().write(to: url, options: .atomic)
        } catch {
            throw DataFileError(file: url.path, "cannot write the model: \(error.localizedDescription)")
        }
    }

    /// Reads a model; a missing, old, corrupted or foreign file is an error naming the file.
    public static func read(from url: URL) throws(DataFileError) -> DTWModel {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DataFileError(file: url.path, "cannot read: \(error.localizedDescription)")
        }
        do { return try DTWModel.decode(data) } catch {
            throw DataFileError(file: url.path, error.message)
        }
    }
}
