import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where tests write their files: one folder per test process, `$TMPDIR/gesturelab-tests-<pid>`, removed when the
/// process exits, so a test run leaves nothing in the system's temporary directory even where a test does not
/// clean up after itself (a failed expectation skips the rest of a test; fixtures shared by many tests have no
/// single owner).
public enum TemporaryFolder {
    /// The test process's folder, created on first use; tests put uniquely named files and folders in it.
    public static let root: URL = {
        let url = URL(fileURLWithPath: path, isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TemporaryFolder.path) }
        return url
    }()

    private static let path = FileManager.default.temporaryDirectory.appendingPathComponent("gesturelab-tests-\(getpid())").path
}
