import Foundation
import GestureTestSupport
import Testing

/// Nothing exits 0 having read nothing, and files with any line ends read the same, end to end.
@Suite struct EmptyInputCommandTests {
    /// What an input with nothing to read can hold: nothing, blank lines, a header alone, or rows that all fail.
    static let nothingToRead = ["", "\n\n", "time,accel_x,accel_y,accel_z\n", "time,accel_x,accel_y,accel_z\nnan,0,0,-1\n0.1,inf,0,-1\n",
                                "time,accel_x,accel_y,accel_z\noops,0,0,-1\n0.1,0,,-1\n"]

    static func expectFailure(_ result: GestureLabBinary.Result, naming name: String, _ comment: Comment? = nil) {
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(name), "\(result.stderr)")
    }

    // MARK: detect

    @Test(arguments: nothingToRead) func detectOnAFileThatHoldsNoSampleFails(_ text: String) throws {
        let url = try LineEnding.lf.write(text, named: "nothing.csv")
        let result = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", url.path])
        Self.expectFailure(result, naming: url.path)
    }

    @Test(arguments: nothingToRead) func detectOnStandardInputThatHoldsNoSampleFails(_ text: String) throws {
        let result = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-", "--json"], stdin: text)
        Self.expectFailure(result, naming: "<stdin>")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: LineEnding.allCases) func detectGivesTheSameEventsForEveryLineEnd(_ ending: LineEnding) throws {
        let csv = DetectCommandTests.tiltCSV(rate: 50)
        let url = try ending.write(csv, named: "tilt.csv")
        let run = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", url.path, "--json"])
        let piped = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-", "--json"], stdin: ending.apply(to: csv))
        let reference = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", "-", "--json"], stdin: csv)
        #expect(run.status == 0 && piped.status == 0, "\(run.stderr)\(piped.stderr)")
        #expect(try reference.jsonLines(DetectCommandTests.Event.self).count == 7)
        #expect(run.stdout == reference.stdout)
        #expect(piped.stdout == reference.stdout)
    }

    @Test func aBadHeaderInALongCROnlyFileIsQuotedShort() throws {
        var text = (1...40).map { "column\($0)" }.joined(separator: ",") + "\n"
        for i in 0..<1_000 { text += "\(Double(i) / 50),0,0,-1\n" }
        let url = try LineEnding.cr.write(text, named: "wide.csv")
        let result = try GestureLabBinary.run(["detect", "--recognizer", "orientation", "--input", url.path])
        Self.expectFailure(result, naming: "\(url.path):1:")
        #expect(result.stderr.contains("'column1,column2,") && result.stderr.contains("…'"))
        #expect(!result.stderr.contains("column40") && !result.stderr.contains(",0,0,-1"))
    }

    // MARK: datasets inspect | validate | convert

    /// A project folder whose only recording file holds `text`.
    static func project(_ text: String, annotations: String = "start,end,label\n") throws -> URL {
        let folder = try LineEnding.lf.write(text, named: "only.csv").deletingLastPathComponent()
        try Data(annotations.utf8).write(to: folder.appendingPathComponent("only-annotations.csv"))
        let manifest = DatasetFixture.manifest(time: "time", channels: DatasetFixture.acceleration("accel_"),
                                               file: "only.csv", annotations: "only-annotations.csv")
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("dataset.yaml"))
        return folder
    }

    /// Sources that read nothing, each with the name its error must give.
    static func emptySources() throws -> [(source: String, name: String)] {
        var sources: [(String, String)] = []
        for text in nothingToRead {
            let folder = try project(text)
            sources.append((folder.path, "only.csv"))
            let csv = try LineEnding.lf.write(text, named: "nothing.csv")
            // Rows that fail stop a csv: read at the first bad value, which names the file too.
            sources.append(("csv:\(csv.path)", csv.path))
        }
        let ucr = try LineEnding.lf.write("\n", named: "Empty_TRAIN.tsv")
        sources.append(("ucr:\(ucr.path)", ucr.path))
        let ts = try LineEnding.lf.write("@problemName empty\n@classLabel true a\n@data\n", named: "Empty.ts")
        sources.append(("ts:\(ts.path)", ts.path))
        return sources
    }

    @Test(arguments: ["inspect", "validate", "convert"]) func datasetsCommandsFailOnSourcesThatReadNothing(_ command: String) throws {
        for (source, name) in try Self.emptySources() {
            var arguments = ["datasets", command, source]
            if command == "convert" { arguments += ["--out", TemporaryFolder.root.appendingPathComponent("never-\(UUID().uuidString)").path] }
            Self.expectFailure(try GestureLabBinary.run(arguments), naming: name)
        }
    }

    @Test(arguments: LineEnding.allCases) func datasetsValidateAcceptsAnnotationsWithAnyLineEnd(_ ending: LineEnding) throws {
        let folder = try Self.project("time,accel_x,accel_y,accel_z\n0,0,0,-1\n0.01,0.5,0,-1\n0.02,0,0,-1\n",
                                      annotations: ending.apply(to: "start,end,label\n0,0.02,tap\n"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try GestureLabBinary.run(["datasets", "validate", folder.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("1 recordings: 0 errors"))
        let inspect = try GestureLabBinary.run(["datasets", "inspect", folder.path, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
        #expect((json["classes"] as? [[String: Any]])?.first?["label"] as? String == "tap")
    }

    @Test(arguments: LineEnding.allCases) func datasetsInspectReadsACSVWithAnyLineEnd(_ ending: LineEnding) throws {
        let url = try ending.write("time,accel_x,accel_y,accel_z\n0,0,0,-1\n0.01,0.5,0,-1\n0.02,0,0,-1\n", named: "walk.csv")
        let result = try GestureLabBinary.run(["datasets", "inspect", "csv:\(url.path)", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["samples"] as? Int == 3, "\(result.stdout)")
    }

    // MARK: train, evaluate, compare

    @Test func trainEvaluateAndCompareFailOnADatasetThatReadsNothing() throws {
        let folder = try Self.project("time,accel_x,accel_y,accel_z\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("model.yaml").path
        let train = try GestureLabBinary.run(["train", "--recognizer", "shake", "--dataset", folder.path, "--out", out, "--quiet"])
        Self.expectFailure(train, naming: "only.csv")
        #expect(!FileManager.default.fileExists(atPath: out))
        let evaluate = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--dataset", folder.path, "--quiet"])
        Self.expectFailure(evaluate, naming: "only.csv")
        let experiment = folder.appendingPathComponent("experiment.yaml")
        try Data("""
            name: nothing
            datasets:
              tiny: \(folder.path)
            entries:
              - {name: shake, recognizer: shake, dataset: tiny}
              - {name: flip, recognizer: flip, dataset: tiny}

            """.utf8).write(to: experiment)
        let compare = try GestureLabBinary.run(["compare", experiment.path, "--out", folder.appendingPathComponent("report").path])
        Self.expectFailure(compare, naming: "only.csv")
    }

    @Test func evaluateFailsOnAnEmptyUCRFile() throws {
        let empty = try LineEnding.lf.write("", named: "Empty_TEST.tsv")
        let train = try LineEnding.lf.write("1\t0.5\t1\t2\n2\t3\t4\t5\n", named: "Tiny_TRAIN.tsv")
        let result = try GestureLabBinary.run(["evaluate", "--recognizer", "dtw", "--train", "ucr:\(train.path)", "--test", "ucr:\(empty.path)"])
        Self.expectFailure(result, naming: empty.path)
    }
}
