import Foundation
@testable import GestureLabCLI
import GestureTestSupport
import Testing

/// Issue 30's "confusing" cases: messages that name the real fault, options read one way in every
/// command, input never ignored without a word, one clock rule, hints that fit the command, and help
/// text the parser can wrap.
@Suite struct HelpAndHintsCommandTests {
    /// Every command's path (`[]`, `["datasets"]`, `["datasets", "import"]`, …) and its `--help` output.
    static func allHelp() throws -> [(command: [String], text: String)] {
        var result: [(command: [String], text: String)] = []
        var queue: [[String]] = [[]]
        while let command = queue.first {
            queue.removeFirst()
            let text = try GestureLabBinary.run(command + ["--help"]).stdout
            result.append((command, text))
            var inSubcommands = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("SUBCOMMANDS:") { inSubcommands = true; continue }
                guard inSubcommands else { continue }
                if line.isEmpty { break }
                if line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first, name != "help" {
                    queue.append(command + [String(name)])
                }
            }
        }
        return result
    }

    /// Lines the parser wrapped off a hard-broken line: a line whose first word would not have fitted
    /// after the line before it (80 columns) and that is either a one- or two-word piece of prose
    /// followed by more prose, or the tail of an indented example.
    static func fragments(_ help: String) -> [String] {
        let lines = help.components(separatedBy: "\nUSAGE:")[0].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [String] = []
        for i in lines.indices.dropFirst() {
            let line = lines[i], previous = lines[i - 1]
            guard !line.isEmpty, !line.hasPrefix(" "), !previous.isEmpty,
                  let first = line.split(separator: " ").first, previous.count + 1 + first.count > 80 else { continue }
            let next = i + 1 < lines.count ? lines[i + 1] : ""
            if previous.hasPrefix(" ") {
                found.append("example broken: '\(previous)' / '\(line)'")
            } else if line.split(separator: " ").count <= 2, !next.isEmpty, !next.hasPrefix(" "), !next.hasSuffix(":") {
                found.append("fragment: '\(line)'")
            }
        }
        return found
    }

    @Test func noHelpLineIsAFragmentOfAHardBrokenLine() throws {
        let helps = try Self.allHelp()
        #expect(helps.count > 15)
        for (command, text) in helps {
            #expect(Self.fragments(text).isEmpty, "gesturelab \(command.joined(separator: " ")) --help: \(Self.fragments(text))")
        }
        // The check itself finds what the hard-wrapped text used to give.
        let old = "Without a unit in the header, the unit is inferred from the first steps between\ntimes\n(seconds unless that gives a rate outside 1 Hz–10 kHz, then ms, µs or ns) and\n"
        #expect(Self.fragments(old) == ["fragment: 'times'"])
        #expect(!Self.fragments("  gesturelab compare configs/experiments/default.yaml --out reports/default\n--notebook\n").isEmpty)
    }

    @Test func evaluateHelpSaysDTWWorksOnDatasets() throws {
        let help = try GestureLabBinary.run(["evaluate", "--help"]).stdout
        #expect(!help.contains("dtw only with --train/--test"))
        #expect(help.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("dtw works with --dataset"))
    }

    @Test func labelsTakeCommasOrSpacesInEveryCommand() throws {
        let spaced = try Evaluate.parse(["--recognizer", "shake", "--dataset", "d", "--labels", "shake", "slap-*"])
        let commas = try Evaluate.parse(["--recognizer", "shake", "--dataset", "d", "--labels", "shake,slap-*"])
        #expect(spaced.datasetForm.judging.labels == ["shake", "slap-*"] && commas.datasetForm.judging.labels == ["shake", "slap-*"])
        let train = try Train.parse(["--recognizer", "shake", "--dataset", "d", "--labels", "a,b", "c", "--out", "o.yaml"])
        #expect(train.entry.judging.labels == ["a", "b", "c"])
        let record = try Record.parse(["--input", "-", "--out", "o", "--labels", "shake", "flip", "--subject", "ana"])
        #expect(record.labels == ["shake", "flip"])
        #expect(throws: (any Error).self) { _ = try Record.parse(["--input", "-", "--out", "o", "--labels", "a,a", "--subject", "x"]) }
    }

    @Test func aMissingOutputFolderIsNamedAsMissing() throws {
        let missing = TemporaryFolder.root.appendingPathComponent("no-such-\(UUID().uuidString)/x/tuned.yaml").path
        let run = try GestureLabBinary.run(["train", "--recognizer", "shake", "--dataset", "datasets/example", "--labels", "shake",
                                            "--search", "peakThreshold=1.0:1.5:0.5", "--out", missing])
        #expect(run.status != 0 && run.stderr.contains("does not exist") && !run.stderr.contains("permission"), "\(run.stderr)")
    }

    @Test func messagesNameTheDatasetNotAKey() throws {
        // dtw learns, so a label no annotation carries is an error (a recognizer that learns nothing is surveyed instead).
        let run = try GestureLabBinary.run(["evaluate", "--recognizer", "dtw", "--dataset", "datasets/example", "--labels", "nothing"])
        #expect(run.status != 0 && run.stderr.contains("dataset 'example'") && !run.stderr.contains("'data'"), "\(run.stderr)")
    }

    @Test func unlistedAnnotationFilesAreWarnedAbout() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("unlisted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: SharedData.packageRoot.appendingPathComponent("datasets/example"), to: folder)
        try "start,end,label\n1,2,shake\n".write(to: folder.appendingPathComponent("annotations/alice-2.csv"), atomically: true, encoding: .utf8)
        let validate = try GestureLabBinary.run(["datasets", "validate", folder.path])
        #expect(validate.status == 0 && validate.stdout.contains("annotations/alice-2.csv: no recording"), "\(validate.stdout)")
        #expect(validate.stdout.contains("[unlistedFile]"))
        let evaluate = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--dataset", folder.path, "--labels", "shake"])
        #expect(evaluate.stderr.contains("alice-2.csv: no recording"), "\(evaluate.stderr)")
    }

    @Test func aWatchUptimeClockIsMadeRelativeByDetectAndCSV() throws {
        let folder = try PhoneAppRecordings.folder("uptime", ["watch.csv": PhoneAppRecordings.sensorLogWatch()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("watch.csv").path
        let detect = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", file])
        #expect(detect.stderr.contains("made relative to the first sample (an epoch or uptime clock: it is at 8.91e+04 s)"), "\(detect.stderr)")
        let notes = try DatasetInspection.of("csv:\(file)").reading.notes
        #expect(notes.contains { $0.hasPrefix("made relative to the first sample") }, "\(notes)")
    }

    @Test func hintsFitTheCommandAndWhatWasGiven() throws {
        let folder = try PhoneAppRecordings.folder("hints", [
            "xyz.csv": "t,x,y,z\n0,0,0,9.80665\n0.01,0,0,9.80665\n0.02,0,0,9.80665\n",
            "ms.csv": "time,accel_x,accel_y,accel_z\n1700000000000,0,0,-1\n1700000000010,0,0,-1\n1700000000020,0,0,-1\n",
            "flat/2024-02-24_10-15-30/TotalAcceleration.csv": PhoneAppRecordings.sensorLoggerTotalAcceleration(),
            "flat/2024-02-24_10-15-30/Gyroscope.csv": PhoneAppRecordings.sensorLoggerTotalAcceleration(),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The android-ms2 advice is not given to someone who gave the option.
        let given = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", folder.appendingPathComponent("xyz.csv").path,
                                              "--acceleration", "android-ms2"])
        #expect(given.status == 0 && given.stderr.contains("bare x,y,z") && !given.stderr.contains("use --acceleration"), "\(given.stderr)")
        // inspect does not advise a detect option; detect names its own.
        let file = folder.appendingPathComponent("ms.csv").path
        let inspect = try GestureLabBinary.run(["datasets", "inspect", "csv:\(file)"])
        #expect(inspect.stdout.contains("read as milliseconds") && !inspect.stdout.contains("--time-unit"), "\(inspect.stdout)")
        let detect = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", file])
        #expect(detect.stderr.contains("read as milliseconds") && detect.stderr.contains("or pass --time-unit"), "\(detect.stderr)")
        // An unclear clock: the header fix everywhere, the option where the command has it.
        let unclear = folder.appendingPathComponent("unclear.csv")
        try "time,accel_x,accel_y,accel_z\n0,0,0,-1\n10000000000000,0,0,-1\n20000000000000,0,0,-1\n".write(to: unclear, atomically: true, encoding: .utf8)
        let unclearDetect = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", unclear.path])
        #expect(unclearDetect.status != 0 && unclearDetect.stderr.contains("unclear.csv:2: time: the time unit is unclear")
                    && unclearDetect.stderr.contains("or pass --time-unit"), "\(unclearDetect.stderr)")
        let unclearInspect = try GestureLabBinary.run(["datasets", "inspect", "csv:\(unclear.path)"])
        #expect(unclearInspect.status != 0 && !unclearInspect.stderr.contains("--time-unit"), "\(unclearInspect.stderr)")
        // A Sensor Logger folder without <subject>/ says how to lay it out.
        let flat = try GestureLabBinary.run(["datasets", "import", "sensor-logger", folder.appendingPathComponent("flat").path,
                                             "--out", folder.appendingPathComponent("out").path])
        #expect(flat.status != 0 && flat.stderr.contains("found 2024-02-24_10-15-30/TotalAcceleration.csv")
                    && flat.stderr.contains("SRC/<subject>/<session>/TotalAcceleration.csv"), "\(flat.stderr)")
    }
}
