import Foundation
import GestureTestSupport
import Testing

/// Conventions every command keeps: an `Example:` in its help, usage errors exit 2, and a bad file
/// is one `error:` line on standard error that names the file and line, exit 1.
@Suite struct CommandConventionsTests {
    static let commands: [[String]] = [
        ["demo"], ["detect"], ["train"], ["evaluate"], ["compare"], ["sweep"],
        ["datasets"], ["datasets", "inspect"], ["datasets", "validate"], ["datasets", "convert"], ["datasets", "synth"], ["datasets", "segments"],
        ["datasets", "import"], ["datasets", "export"], ["datasets", "export", "label-studio"],
        ["export"], ["export", "notebook"],
        ["bench"], ["bench", "recognizers"], ["bench", "dtw"], ["bench", "datasets"],
    ]

    @Test(arguments: commands)
    func helpHasAnExample(command: [String]) throws {
        let result = try GestureLabBinary.run(command + ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Example"), "\(command.joined(separator: " ")) --help has no example")
    }

    @Test(arguments: commands)
    func anUnknownFlagIsAUsageError(command: [String]) throws {
        let result = try GestureLabBinary.run(command + ["--no-such-flag"])
        #expect(result.status == 2, "\(command.joined(separator: " ")): \(result.stderr)")
    }

    /// A YAML syntax error is located at its line, whichever command reads the file.
    @Test func aYAMLSyntaxErrorNamesFileAndLine() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("gesturelab-conventions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.yaml")
        try Data("name: x\nseed: 1\nentries: [\n".utf8).write(to: bad)
        let input = folder.appendingPathComponent("still.csv")
        try Data("timestamp,accel.x,accel.y,accel.z\n0,0,0,-1\n0.01,0,0,-1\n".utf8).write(to: input)
        for arguments in [["compare", bad.path], ["datasets", "synth", "--seed", "1", "--spec", bad.path, "--out", folder.appendingPathComponent("out").path],
                          ["detect", "--recognizer", "shake", "--config", bad.path, "--input", input.path],
                          ["evaluate", "--recognizer", "shake", "--config", bad.path, "--dataset", "datasets/default"]] {
            let result = try GestureLabBinary.run(arguments)
            let error = result.expectFailure(message: "\(bad.path):4: invalid YAML", alone: true)
            #expect(error != nil, "\(arguments)")
        }
    }

    /// A usage error found while the command runs shows that command's usage, not the root's.
    @Test func aUsageErrorWhileRunningShowsTheCommandsUsage() throws {
        let result = try GestureLabBinary.run(["evaluate", "--recognizer", "dtw", "--train", "foo:x.tsv", "--test", "ucr:y.tsv"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Error: --train: unknown format 'foo'"), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: gesturelab evaluate "), "\(result.stderr)")
        #expect(result.stderr.contains("See 'gesturelab evaluate --help'"), "\(result.stderr)")
    }

    /// The same for a usage error only found once the command runs (an unknown repair name).
    @Test func aUsageErrorFoundWhileRunningShowsTheCommandsUsage() throws {
        let out = TemporaryFolder.root.appendingPathComponent("gesturelab-conventions-\(UUID().uuidString)")
        let result = try GestureLabBinary.run(["datasets", "convert", "datasets/default", "--out", out.path, "--repair", "nope"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Error: unknown repair 'nope'"), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: gesturelab datasets convert "), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// A report manifest with a wrong value names the key.
    @Test func aBadReportManifestNamesTheKey() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("gesturelab-conventions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("report.json")
        try Data(#"{"command": 3}"#.utf8).write(to: manifest)
        let result = try GestureLabBinary.run(["export", "notebook", "--report", folder.path, "--out", folder.appendingPathComponent("n.ipynb").path])
        result.expectFailure(file: manifest.path, field: "command", message: "invalid report manifest", alone: true)
    }
}
