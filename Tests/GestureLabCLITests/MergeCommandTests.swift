import ArgumentParser
import Foundation
import GestureEval
@testable import GestureLabCLI
import GestureTestSupport
import Testing

/// A sharded compare merges into the bytes of an unsharded one; merge refuses parts that do not belong together.
@Suite struct MergeCommandTests {
    /// The report files whose bytes must match (the manifest and summary name the command, which is the same).
    static func files(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            out[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return out
    }

    @Test(arguments: [1, 2, 3, 7])
    func shardsMergeToTheUnshardedBytes(shards: Int) throws {
        let root = CompareCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let experiment = ExperimentFixtures.write(ExperimentFixtures.experimentYAML(name: "sharded"), name: "sharded.yaml")
        let whole = try GestureLabBinary.run(["compare", experiment, "--out", "report"], directory: root)
        #expect(whole.status == 0, "\(whole.stderr)")
        let expected = try Self.files(root.appendingPathComponent("report"))
        try FileManager.default.moveItem(at: root.appendingPathComponent("report"), to: root.appendingPathComponent("unsharded"))

        var covered: [Int] = []
        for i in 0..<shards {
            let run = try GestureLabBinary.run(["compare", experiment, "--shard", "\(i)/\(shards)", "--out", "part-\(i)", "--quiet"], directory: root)
            #expect(run.status == 0, "\(run.stderr)")
            let data = try Data(contentsOf: root.appendingPathComponent("part-\(i)/part.json"))
            covered += try JSONDecoder().decode(ExperimentShard.self, from: data).results.map(\.unit.index)
        }
        #expect(covered.sorted() == Array(0..<15), "every unit in exactly one shard")
        let merged = try GestureLabBinary.run(["merge"] + (0..<shards).map { "part-\($0)" } + ["--out", "report"], directory: root)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == whole.stdout, "the same terminal output")
        let got = try Self.files(root.appendingPathComponent("report"))
        #expect(got.keys.sorted() == expected.keys.sorted())
        for (name, data) in expected { #expect(got[name] == data, "\(name) differs after merging \(shards) shards") }
    }

    /// Merge re-reads the datasets (for the check and report.html's samples): when they are gone it fails and says so.
    @Test func mergeSaysWhenTheDatasetsAreUnreachable() throws {
        let root = CompareCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: URL(fileURLWithPath: ExperimentFixtures.continuous), to: root.appendingPathComponent("data"))
        let arguments = ["evaluate", "--recognizer", "shake", "--config", ExperimentFixtures.preset("shake"), "--dataset", "data", "--labels", "shake"]
        for i in 0..<2 {
            let run = try GestureLabBinary.run(arguments + ["--shard", "\(i)/2", "--out", "part-\(i)", "--quiet"], directory: root)
            #expect(run.status == 0, "\(run.stderr)")
        }
        try FileManager.default.moveItem(at: root.appendingPathComponent("data"), to: root.appendingPathComponent("moved"))
        let gone = try GestureLabBinary.run(["merge", "part-0", "part-1", "--out", "report"], directory: root)
        #expect(gone.status != 0 && gone.stdout.isEmpty)
        #expect(gone.stderr.contains("data") && gone.stderr.contains("merge re-reads the datasets") && gone.stderr.contains("report.html"), "\(gone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("report").path), "no report without the data")
        try FileManager.default.moveItem(at: root.appendingPathComponent("moved"), to: root.appendingPathComponent("data"))
        let back = try GestureLabBinary.run(["merge", "part-0", "part-1", "--out", "report"], directory: root)
        #expect(back.status == 0, "\(back.stderr)")
        let page = try String(contentsOf: root.appendingPathComponent("report/report.html"), encoding: .utf8)
        #expect(page.contains("id=\"samples-0\"") && page.contains("id=\"samples-2\""), "the explorer has every test recording's samples")
    }

    /// Dataset-form evaluate shards its folds the same way; merged, it prints and writes what one run does.
    @Test func evaluateShardsMergeToTheUnshardedBytes() throws {
        let root = CompareCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let arguments = ["evaluate", "--recognizer", "shake", "--config", ExperimentFixtures.preset("shake"), "--dataset", ExperimentFixtures.continuous,
                         "--labels", "shake", "--search", "peakThreshold=1.0,1.5"]
        let whole = try GestureLabBinary.run(arguments + ["--out", "report"], directory: root)
        #expect(whole.status == 0, "\(whole.stderr)")
        let expected = try Self.files(root.appendingPathComponent("report"))
        try FileManager.default.moveItem(at: root.appendingPathComponent("report"), to: root.appendingPathComponent("unsharded"))
        for i in 0..<2 {
            let run = try GestureLabBinary.run(arguments + ["--shard", "\(i)/2", "--out", "part-\(i)", "--quiet", "--threads", "1"], directory: root)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let merged = try GestureLabBinary.run(["merge", "part-0", "part-1", "--out", "report"], directory: root)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == whole.stdout)
        let got = try Self.files(root.appendingPathComponent("report"))
        #expect(got.keys.sorted() == expected.keys.sorted())
        for (name, data) in expected { #expect(got[name] == data, "\(name) differs") }
        // A part of another command line is refused.
        let other = try GestureLabBinary.run(arguments.dropLast(2) + ["--search", "peakThreshold=1.0,2.0", "--shard", "1/2", "--out", "other"], directory: root)
        #expect(other.status == 0)
        let mixed = try GestureLabBinary.run(["merge", "part-0", "other", "--out", "r"], directory: root)
        #expect(mixed.status == 1 && mixed.stderr.contains("is a part of"), "\(mixed.stderr)")
    }

    /// A sweep shards its values; merged, it prints and writes what one sweep does, and names missing values.
    @Test func sweepShardsMergeToTheUnshardedBytes() throws {
        let root = CompareCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let arguments = ["sweep", "--recognizer", "shake", "--config", ExperimentFixtures.preset("shake"), "--dataset", ExperimentFixtures.continuous,
                         "--labels", "shake", "--parameter", "peakThreshold", "--from", "0.75", "--to", "2.5", "--step", "0.25"]
        let whole = try GestureLabBinary.run(arguments + ["--out", "report"], directory: root)
        #expect(whole.status == 0, "\(whole.stderr)")
        let expected = try Self.files(root.appendingPathComponent("report"))
        try FileManager.default.moveItem(at: root.appendingPathComponent("report"), to: root.appendingPathComponent("unsharded"))
        for shards in [3, 8] {
            for i in 0..<shards {
                let run = try GestureLabBinary.run(arguments + ["--shard", "\(i)/\(shards)", "--out", "s\(shards)-\(i)", "--quiet"], directory: root)
                #expect(run.status == 0, "\(run.stderr)")
            }
            let merged = try GestureLabBinary.run(["merge"] + (0..<shards).map { "s\(shards)-\($0)" } + ["--out", "report"], directory: root)
            #expect(merged.status == 0, "\(merged.stderr)")
            #expect(merged.stdout == whole.stdout)
            let got = try Self.files(root.appendingPathComponent("report"))
            #expect(got.keys.sorted() == expected.keys.sorted())
            for (name, data) in expected { #expect(got[name] == data, "\(name) differs after merging \(shards) sweep shards") }
            try FileManager.default.removeItem(at: root.appendingPathComponent("report"))
        }
        let missing = try GestureLabBinary.run(["merge", "s3-0", "s3-2", "--out", "r"], directory: root)
        #expect(missing.status == 1 && missing.stderr.contains("3 of 8 values are missing") && missing.stderr.contains("--shard 1/3 --out PART-1"), "\(missing.stderr)")
        let mixed = try GestureLabBinary.run(["merge", "s3-0", "s8-1", "--out", "r"], directory: root)
        #expect(mixed.status == 1 && mixed.stderr.contains("split into"), "\(mixed.stderr)")
    }

    /// The shard index comes from the job scheduler with `auto/N`; the part records the unsharded command.
    @Test func shardOptionParsesAndReadsTheScheduler() throws {
        #expect(ShardOption(argument: "2/4")?.index == 2 && ShardOption(argument: "auto/4")?.index == nil)
        for bad in ["4/4", "-1/4", "1/0", "1", "a/3", "1/2/3"] { #expect(ShardOption(argument: bad) == nil, "\(bad)") }
        let auto = try #require(ShardOption(argument: "auto/4"))
        #expect(try auto.resolved(environment: ["SLURM_ARRAY_TASK_ID": "3"]) == 3)
        #expect(try auto.resolved(environment: ["JOB_COMPLETION_INDEX": "0"]) == 0)
        #expect(try auto.resolved(environment: ["SLURM_ARRAY_TASK_ID": "1", "JOB_COMPLETION_INDEX": "2"]) == 1, "Slurm first")
        #expect(throws: ValidationError.self) { try auto.resolved(environment: ["SLURM_ARRAY_TASK_ID": "4"]) }
        #expect(throws: ValidationError.self) { try auto.resolved(environment: [:]) }
        #expect(ShardOption.unsharded(["gesturelab", "compare", "x.yaml", "--shard", "1/3", "--out", "p1", "--quiet", "--threads", "1", "--notebook"])
                == ["gesturelab", "compare", "x.yaml", "--notebook"])
        #expect(ShardOption.unsharded(["gesturelab", "compare", "x.yaml", "--shard=1/3", "--out=p1", "--threads=2"]) == ["gesturelab", "compare", "x.yaml"])
    }

    @Test func mergeRefusesPartsThatDoNotBelongTogether() throws {
        let root = CompareCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let experiment = ExperimentFixtures.write(ExperimentFixtures.experimentYAML(name: "parts"), name: "parts.yaml")
        for i in 0..<3 {
            let run = try GestureLabBinary.run(["compare", experiment, "--shard", "\(i)/3", "--out", "p\(i)", "--quiet"], directory: root)
            #expect(run.status == 0, "\(run.stderr)")
        }
        // A missing part: the units and the command that produces them.
        let missing = try GestureLabBinary.run(["merge", "p0", "p2", "--out", "r"], directory: root)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("units are missing") && missing.stderr.contains("gesturelab compare \(experiment) --shard 1/3 --out PART-1"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("r").path))
        // Retry: delete one part, run that shard again, merge: the same bytes as the first complete set.
        let first = try GestureLabBinary.run(["merge", "p0", "p1", "p2", "--out", "complete"], directory: root)
        #expect(first.status == 0, "\(first.stderr)")
        try FileManager.default.removeItem(at: root.appendingPathComponent("p1"))
        let rerun = try GestureLabBinary.run(["compare", experiment, "--shard", "1/3", "--out", "p1", "--quiet"], directory: root)
        #expect(rerun.status == 0)
        let again = try GestureLabBinary.run(["merge", "p0", "p1", "p2", "--out", "complete"], directory: root)
        #expect(again.status == 0 && again.stdout == first.stdout)
        // Parts of two different experiment files.
        let otherFile = ExperimentFixtures.write(ExperimentFixtures.experimentYAML(name: "parts").replacingOccurrences(of: "seed: 7", with: "seed: 8"), name: "parts.yaml")
        let foreign = try GestureLabBinary.run(["compare", otherFile, "--shard", "1/3", "--out", "f1", "--quiet"], directory: root)
        #expect(foreign.status == 0, "\(foreign.stderr)")
        let twoFiles = try GestureLabBinary.run(["merge", "p0", "f1", "p2", "--out", "r"], directory: root)
        #expect(twoFiles.status == 1 && twoFiles.stderr.contains("part 1/3 is a part of `gesturelab compare \(otherFile)`"), "\(twoFiles.stderr)")
        // The same part twice.
        let twice = try GestureLabBinary.run(["merge", "p0", "p0", "p1", "p2", "--out", "r"], directory: root)
        #expect(twice.status == 1 && twice.stderr.contains("appear in more than one part"), "\(twice.stderr)")
        // A part of another split.
        let other = try GestureLabBinary.run(["compare", experiment, "--shard", "0/2", "--out", "q0", "--quiet"], directory: root)
        #expect(other.status == 0)
        let mixed = try GestureLabBinary.run(["merge", "p0", "q0", "--out", "r"], directory: root)
        #expect(mixed.status == 1 && mixed.stderr.contains("split into 2 shards"), "\(mixed.stderr)")
        // The experiment file changed since the parts were run.
        try (String(contentsOfFile: experiment, encoding: .utf8) + "\n# edited\n").write(toFile: experiment, atomically: true, encoding: .utf8)
        let edited = try GestureLabBinary.run(["merge", "p0", "p1", "p2", "--out", "r"], directory: root)
        #expect(edited.status == 1 && edited.stderr.contains("was run on another experiment file"), "\(edited.stderr)")
        // Shard arguments.
        let usage = try GestureLabBinary.run(["compare", experiment, "--shard", "3/3", "--out", "x"], directory: root)
        #expect(usage.status == 2)
        let auto = try GestureLabBinary.run(["compare", experiment, "--shard", "auto/3", "--out", "x"], directory: root)
        #expect(auto.status != 0 && auto.stderr.contains("SLURM_ARRAY_TASK_ID"), "\(auto.stderr)")
        let noOut = try GestureLabBinary.run(["compare", experiment, "--shard", "0/3"], directory: root)
        #expect(noOut.status != 0 && noOut.stderr.contains("--shard needs --out"), "\(noOut.stderr)")
    }
}
