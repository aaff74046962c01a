import Foundation

/// Runs a program and collects what it printed, for tests that drive the `gesturelab` binary or a checker script.
public enum ExternalProgram {
    /// What a run printed and how it exited.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `executable` with `arguments`, feeding `stdin` if given, in `directory` (default: the package root), with
    /// `environment`'s variables set over the test process's.
    public static func run(_ executable: URL, _ arguments: [String], stdin: String? = nil, directory: URL? = nil,
                           environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
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

    /// Runs a program found on the `PATH` (through `/usr/bin/env`).
    public static func run(named name: String, _ arguments: [String], directory: URL? = nil) throws -> Result {
        try run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, directory: directory)
    }
}
