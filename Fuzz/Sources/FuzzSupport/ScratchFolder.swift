import Foundation

/// A folder of this process's own under the temporary directory, where inputs are written for the
/// readers that only take a file URL. Removed when the process exits normally.
public final class ScratchFolder: Sendable {
    /// The folder every target of this process writes into.
    public static let shared = ScratchFolder()

    /// The folder, `gesturelab-fuzz-<pid>` under the temporary directory.
    public let url: URL

    private init() {
        // The process id keeps parallel fuzzers (-jobs, several targets at once) apart.
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gesturelab-fuzz-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.removeItem(at: url)
        Self.mustSucceed { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        atexit { try? FileManager.default.removeItem(at: ScratchFolder.shared.url) }
    }

    /// Writes `data` to `path` (relative to the folder, intermediate folders created) and returns its URL.
    @discardableResult
    public func write(_ data: Data, to path: String) -> URL {
        let file = url.appendingPathComponent(path)
        Self.mustSucceed {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        // Written with write(2) rather than Data.write, which syncs the file to disk: that would cost
        // more than the reader does.
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { fatalError("fuzz harness: cannot create \(file.path)") }
        defer { close(descriptor) }
        data.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let count = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                guard count > 0 else { fatalError("fuzz harness: cannot write \(file.path)") }
                written += count
            }
        }
        return file
    }

    /// The scratch folder failing is the harness's problem, not a finding in a reader: stop with a
    /// message that says so rather than fuzz without inputs.
    private static func mustSucceed(_ body: () throws -> Void) {
        do { try body() } catch {
            fatalError("fuzz harness: cannot write the scratch folder: \(error)")
        }
    }
}
