import Foundation
import GestureKit
import GestureData

/// Reads and writes ``GestureKit/MiniRocketModel`` files (JSON; written atomically).
package enum MiniRocketModelFile {
    /// Writes `model` to `url` atomically: a reader sees the old file or the new one, never a partial one.
    package static func write(_ model: MiniRocketModel, to url: URL) throws(DataFileError) {
        try ModelFile.write(to: url, model.encoded)
    }

    /// Reads a model; a missing, corrupted, foreign or newer file is an error naming the file.
    package static func read(from url: URL) throws(DataFileError) -> MiniRocketModel {
        try ModelFile.read(from: url, MiniRocketModel.decode, message: \.description)
    }
}
