import Foundation

/// Runs the built `gesturelab` executable, for end-to-end tests.
public enum GestureLabBinary {
    /// What a run printed and how it exited.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

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

    /// Runs `gesturelab` with `arguments`, feeding `stdin` if given, in `directory` (default: the package root).
    public static func run(_ arguments: [String], stdin: String? = nil, directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? SharedData.packageRoot
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read before waiting so a large output cannot fill the pipe and deadlock.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
