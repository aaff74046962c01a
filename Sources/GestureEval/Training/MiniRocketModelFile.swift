import Foundation
import GestureKit
import GestureData

/// Reads and writes ``GestureKit/MiniRocketModel`` files (JSON; written atomically).
public enum MiniRocketModelFile {
    /// Writes `model` to `url` atomically: a reader sees the old file or the new one, never a partial one.
    public static func write(_ model: MiniRocketModel, to url: URL) throws(DataFileError) {
        let data: Data
        do { data = try model.encoded() } catch {
            throw DataFileError(file: url.path, "cannot encode the model: \(error.localizedDescription)")
        }
        try AtomicFile.write(data, to: url)
    }

    /// Reads a model; a missing, corrupted, foreign or newer file is an error naming the file.
    public static func read(from url: URL) throws(DataFileError) -> MiniRocketModel {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DataFileError(file: url.path, "cannot read: \(error.localizedDescription)")
        }
        do { return try MiniRocketModel.decode(data) } catch {
            throw DataFileError(file: url.path, error.description)
        }
    }
}
