import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// Messages that say what is wrong and how to fix it, and no more.
@Suite struct MessagesCommandTests {
    static func folder() throws -> URL {
        let url = TemporaryFolder.root.appendingPathComponent("messages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("recordings"), withIntermediateDirectories: true)
        return url
    }

    @Test func validateCapsAFloodOfProblems() throws {
        // A decimal-comma export: every value after the first row fails (times are whole hundredths).
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        var csv = "time;accel.x\n0;0.5\n"
        for k in 1..<3000 { csv += "\(Double(k) / 100);0,5\n" }
        try Data(csv.utf8).write(to: root.appendingPathComponent("recordings/a.csv"))
        try Data("name: commas\ntable: {delimiter: ';', header: true}\ntime: {column: time}\nchannels:\n  - {name: accel.x}\nrecordings:\n  - {id: a, subject: s, session: '1', file: recordings/a.csv}\n".utf8)
            .write(to: root.appendingPathComponent("dataset.yaml"))
        let capped = try GestureLabBinary.run(["datasets", "validate", root.path])
        #expect(capped.status == 1)
        let lines = capped.stdout.split(separator: "\n")
        #expect(lines.count < 30, "\(lines.count) lines")
        #expect(lines.filter { $0.hasPrefix("error: ") }.count == 20)
        let more = try #require(lines.first { $0.hasPrefix("… and ") })
        #expect(more.contains("nonNumeric") && more.contains("--all"), "\(more)")
        let all = try GestureLabBinary.run(["datasets", "validate", root.path, "--all"])
        #expect(all.status == 1)
        #expect(all.stdout.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count >= 2999)
    }

    @Test func aDataFileWithoutAPrefixSuggestsOne() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("walk.csv")
        try Data("time,accel_x,accel_y,accel_z\n0,0,0,-1\n0.01,0,0,-1\n".utf8).write(to: file)
        let run = try GestureLabBinary.run(["datasets", "inspect", file.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("csv:\(file.path)"), "\(run.stderr)")
        #expect(!run.stderr.contains("Mapping") && !run.stderr.contains("Node"))
    }

    @Test func negativeNumbersAreOptionValues() throws {
        let run = try GestureLabBinary.run(["sweep", "--recognizer", "shake", "--dataset", ExperimentFixtures.continuous,
                                            "--labels", "shake", "--parameter", "peakThreshold", "--from", "-1.0", "--to", "-0.5",
                                            "--step", "0.5", "--quiet"])
        #expect(!run.stderr.contains("Missing value"), "\(run.stderr)")
        #expect(run.status != 2, "\(run.stderr)")
        // Parsed: what is said about it is the threshold's own check (or the sweep ran).
        #expect(run.status == 0 || run.stderr.contains("-1"), "\(run.stderr)")
    }

    @Test func evaluateHelpNamesTheRecognizersItAccepts() throws {
        let help = try GestureLabBinary.run(["evaluate", "--help"])
        #expect(!help.stdout.contains("(supported: dtw)"))
        #expect(help.stdout.contains("shake"))
    }

    @Test func trainSummaryCountsAreIntegers() throws {
        let out = TemporaryFolder.root.appendingPathComponent("counts-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try GestureLabBinary.run(["train", "--recognizer", "dtw", "--dataset", ExperimentFixtures.shapes, "--out", out.path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let fields = try #require(run.fields(ofLineStartingWith: "trained dtw"), "\(run.stdout)")
        #expect(fields["templates"] == "8", "\(fields)")
        #expect(fields["examples"].flatMap { Int($0) } != nil, "\(fields)")
    }

    @Test func labelsThatMatchNothingAreErrors() throws {
        let evaluate = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--config", "configs/shake.yaml",
                                                 "--dataset", "datasets/default", "--labels", "shkae", "--quiet"])
        #expect(evaluate.status == 1, "\(evaluate.stdout)")
        #expect(evaluate.stderr.contains("no annotation label matches 'shkae'"), "\(evaluate.stderr)")
        #expect(evaluate.stderr.contains("shake"))
        let train = try GestureLabBinary.run(["train", "--recognizer", "shake", "--config", "configs/shake.yaml",
                                              "--dataset", ExperimentFixtures.continuous, "--labels", "shake", "flik",
                                              "--out", "/dev/null", "--quiet"])
        #expect(train.status == 1)
        #expect(train.stderr.contains("'flik'") && !train.stderr.contains("'shake',"), "\(train.stderr)")
    }

    @Test func renamedKeysStillReadWithOneDeprecationLine() throws {
        let experiment = ExperimentFixtures.write(ExperimentFixtures.experimentYAML(), name: "old.yaml")
        let out = TemporaryFolder.root.appendingPathComponent("old-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try GestureLabBinary.run(["train", "--experiment", experiment, "--entry", "dtw shapes", "--out", out.path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("deprecated") }
        #expect(lines == ["warning: dtw configuration: rejectionK: null is deprecated; write rejection: none"], "\(run.stderr)")
    }

    @Test func anOlderModelFileStillDetectsWithOneDeprecationLinePerRenamedKey() throws {
        // A version 2 model: one signal and its axes, as written before channel lists.
        let series = try DTWSeries(interleaved: (0..<20).flatMap { _ in [0.0, 0.0, -1.0] }, dimensions: 3)
        let model = DTWModel(samplingRate: 50, dtw: .full, templates: [.init(label: "still", series: series)],
                             calibration: ["still": .init(mean: 0.1, standardDeviation: 0.05, count: 5, pooled: false)])
        var json = try #require(try JSONSerialization.jsonObject(with: try model.encoded()) as? [String: Any])
        json["version"] = 2
        json["channels"] = nil
        json["signal"] = "acceleration"
        json["axes"] = ["x", "y", "z"]
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("old-model.json")
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        var csv = "time,accel_x,accel_y,accel_z\n"
        for k in 0..<100 { csv += "\(Double(k) / 50),0,0,-1\n" }
        let run = try GestureLabBinary.run(["detect", "--recognizer", "dtw", "--config", file.path, "--input", "-"], stdin: csv)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("deprecated") }
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("detect: deprecated: \(file.path): a version 2 DTW model: ") })
        #expect(lines.contains { $0.contains("'signal' is now 'channels'") })
    }
}
