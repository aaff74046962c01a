import Foundation

extension DataFileError {
    /// Reads a UTF-8 text file whole; a failure names the file.
    ///
    /// The one place data and configuration files are read as text, so every reader reports an
    /// unreadable file the same way.
    package static func readText(_ url: URL) throws(DataFileError) -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw DataFileError(file: url.path, .unreadable(error.localizedDescription))
        }
    }
}
