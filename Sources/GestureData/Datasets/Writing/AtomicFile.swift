import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the project writes a file: the bytes go to a temporary file beside the target, which is
/// flushed and then renamed over it, so a reader (or a crash, a kill, a full disk) leaves either the old
/// file or the complete new one, never part of it.
///
/// For tests, the environment variable `GESTURELAB_FAIL_WRITE_AT=K` makes the process die (exit status 70)
/// half-way through the K-th write, after half of the temporary file is written and before the rename:
/// the worst moment for a writer that is not atomic.
package enum AtomicFile {
    /// Writes `data` to `url` atomically, creating missing folders when `createFolders` is set.
    ///
    /// - Throws: ``DataFileError`` naming the file and the system's reason.
    /// - Complexity: O(bytes); one extra file in the target's folder while writing.
    package static func write(_ data: Data, to url: URL, createFolders: Bool = false) throws(DataFileError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            if createFolders { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                // Say why: a missing folder is not a permission problem.
                var isFolder: ObjCBool = false
                if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
                    throw DataFileError(file: url.path, "cannot write: the folder \(folder.path) does not exist; create it first")
                }
                if !isFolder.boolValue {
                    throw DataFileError(file: url.path, "cannot write: \(folder.path) is a file, not a folder")
                }
                throw DataFileError(file: url.path, "cannot write: no permission to create files in \(folder.path)")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            if faultInjected() {
                try handle.write(contentsOf: data.prefix(data.count / 2))
                try handle.synchronize()
                exit(70)
            }
            try handle.write(contentsOf: data)
            try handle.synchronize()
            guard rename(temporary.path, url.path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch let error as DataFileError {
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw DataFileError(file: url.path, "cannot write: \(error.localizedDescription)")
        }
    }

    /// Writes `text` as UTF-8; see ``write(_:to:createFolders:)``.
    package static func write(_ text: String, to url: URL, createFolders: Bool = false) throws(DataFileError) {
        try write(Data(text.utf8), to: url, createFolders: createFolders)
    }

    /// The writes so far in this process, for `GESTURELAB_FAIL_WRITE_AT`.
    nonisolated(unsafe) private static var writes = 0
    private static let failAt = ProcessInfo.processInfo.environment["GESTURELAB_FAIL_WRITE_AT"].flatMap(Int.init)
    private static let lock = NSLock()

    private static func faultInjected() -> Bool {
        guard let failAt else { return false }
        lock.lock()
        defer { lock.unlock() }
        writes += 1
        return writes == failAt
    }
}
