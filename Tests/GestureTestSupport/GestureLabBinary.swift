import Foundation

/// Runs the built `gesturelab` executable, for end-to-end tests.
public enum GestureLabBinary {
    /// What a run printed and how it exited.
    public typealias Result = ExternalProgram.Result

    /// The built binary: beside the test bundle in the build folder.
    public static var url: URL {
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("gesturelab")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return SharedData.packageRoot.appendingPathComponent(".build/debug/gesturelab")
    }

    /// Runs `gesturelab` with `arguments`, feeding `stdin` if given, in `directory` (default: the package root). Its
    /// cache (`compare`'s) is the test process's own, ``cache``, never the user's.
    public static func run(_ arguments: [String], stdin: String? = nil, directory: URL? = nil) throws -> Result {
        try ExternalProgram.run(url, arguments, stdin: stdin, directory: directory, environment: ["GESTURELAB_CACHE": cache.path])
    }

    /// The cache folder of every run of this test process: in ``TemporaryFolder/root``, so removed with it.
    public static let cache = TemporaryFolder.root.appendingPathComponent("cache", isDirectory: true)
}
