import Foundation
import GestureData

/// What ``DTWModelFile`` and ``MiniRocketModelFile`` share: a model's JSON written atomically, and read back
/// with every failure named after the file.
enum ModelFile {
    /// Writes the bytes `encode` returns to `url` atomically (a reader sees the old file or the new one, never a
    /// partial one); an encoding failure names the file.
    static func write(to url: URL, _ encode: () throws -> Data) throws(DataFileError) {
        let data: Data
        do { data = try encode() } catch {
            throw DataFileError(file: url.path, "cannot encode the model: \(error.localizedDescription)")
        }
        try AtomicFile.write(data, to: url)
    }

    /// The file at `url` decoded by `decode`; a read failure, or `decode`'s failure in the words of `message`, is
    /// an error naming the file. O(file size).
    static func read<Model, Failure: Error>(from url: URL, _ decode: (Data) throws(Failure) -> Model,
                                            message: (Failure) -> String) throws(DataFileError) -> Model {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DataFileError(file: url.path, "cannot read: \(error.localizedDescription)")
        }
        do { return try decode(data) } catch { throw DataFileError(file: url.path, message(error)) }
    }
}
