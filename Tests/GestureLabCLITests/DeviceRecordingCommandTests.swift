import Foundation
import GestureTestSupport
import Testing

/// Issue 46 end to end: repairs that run before reading would fail, resampling that states its method and
/// never crosses a gap, and `--rate` refused where it would be ignored.
@Suite struct DeviceRecordingCommandTests {
    static func run(_ arguments: [String]) throws -> GestureLabBinary.Result { try GestureLabBinary.run(arguments) }

    /// The rows of a written recording CSV after its header, as numbers.
    static func rows(_ url: URL) throws -> [[Double]] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",").map { Double($0)! } }
    }

    /// A Sensor Logger folder whose accelerometer rows 10 and 11 are swapped, with the preset's manifest.
    static func unsortedSensorLogger() throws -> URL {
        var lines = PhoneAppRecordings.sensorLoggerTotalAcceleration(seconds: 0.5).split(separator: "\n").map(String.init)
        lines.swapAt(10, 11)
        let gyroscope = "time,seconds_elapsed,z,y,x\n" + (0..<50).map { "\(1_700_000_000_000_000_000 + Int64($0) * 10_000_000),0,0,0,0.1\n" }.joined()
        let preset = try String(contentsOf: SharedData.packageRoot.appendingPathComponent("datasets/presets/sensor-logger/dataset.yaml"), encoding: .utf8)
        return try PhoneAppRecordings.folder("unsorted", [
            "dataset.yaml": preset.replacingOccurrences(of: "path: example", with: "path: ."),
            "alice/s1/TotalAcceleration.csv": lines.joined(separator: "\n") + "\n",
            "alice/s1/Gyroscope.csv": gyroscope,
        ])
    }

    @Test func repairSortRunsBeforeTheSensorsAreAligned() throws {
        let folder = try Self.unsortedSensorLogger()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        // Without the repair, reading refuses the file, naming the repair.
        let refused = try Self.run(["datasets", "convert", folder.path, "--out", out.path])
        #expect(refused.status != 0 && (refused.stdout + refused.stderr).contains("does not follow"), "\(refused.stdout)\(refused.stderr)")
        let sorted = try Self.run(["datasets", "convert", folder.path, "--out", out.path, "--repair", "sort"])
        #expect(sorted.status == 0, "\(sorted.stdout)\(sorted.stderr)")
        #expect(sorted.stdout.contains("reading: sort: moved 2 rows into time order while reading"), "\(sorted.stdout)")
        let rows = try Self.rows(out.appendingPathComponent("recordings/alice/s1.csv"))
        #expect(rows.count == 50)
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0[0] < $1[0] })
    }

    @Test func convertRateResamplesAndNeverCrossesAGap() throws {
        // 100 Hz for 1 s, a 1 s gap, 100 Hz for 1 s; z is 1 + t so interpolation shows.
        let times = (0..<100).map { Double($0) / 100 } + (0..<100).map { 2 + Double($0) / 100 }
        let csv = "time,accel.x,accel.y,accel.z\n" + times.map { "\($0),0,0,\(-1 - $0 / 10)\n" }.joined()
        let manifest = """
            name: gapped
            kind: continuous
            channels: [{name: accel.x}, {name: accel.y}, {name: accel.z}]
            recordings: [{id: r, subject: s, session: "1", file: r.csv}]
            """
        let folder = try PhoneAppRecordings.folder("resample", ["dataset.yaml": manifest, "r.csv": csv])
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let result = try Self.run(["datasets", "convert", folder.path, "--out", out.path, "--rate", "40"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("resampled to 40 Hz by linear interpolation") && result.stdout.contains("after each of 1 gaps"), "\(result.stdout)")
        let rows = try Self.rows(out.appendingPathComponent("recordings/r.csv"))
        // 0…0.975 s on the 40 Hz grid (40 samples), then from 2 s again (40 samples): nothing inside the gap.
        #expect(rows.count == 80, "\(rows.count)")
        #expect(!rows.contains { $0[0] > 1 && $0[0] < 2 })
        #expect(abs(rows[1][0] - 0.025) < 1e-9 && abs(rows[1][3] + 1.0025) < 1e-9)
        #expect(abs(rows[41][0] - 2.025) < 1e-9)
        let written = try String(contentsOf: out.appendingPathComponent("dataset.yaml"), encoding: .utf8)
        #expect(written.contains("samplingRate: 40"))
    }

    @Test func rateIsRefusedWhereItWouldBeIgnored() throws {
        let dataset = SharedData.packageRoot.appendingPathComponent("datasets/example").path
        for command in ["inspect", "validate"] {
            let result = try Self.run(["datasets", command, dataset, "--rate", "50"])
            #expect(result.status != 0 && result.stderr.contains("has its own clock") && result.stderr.contains("datasets convert"),
                    "\(command): \(result.stderr)")
        }
    }

    @Test func noHelpLeavesALineContinuationAlone() throws {
        for command in [["evaluate"], ["train"], ["detect"], ["find"], ["compare"], ["sweep"], ["datasets", "convert"],
                        ["datasets", "import"], ["datasets", "validate"], ["datasets", "export", "label-studio"]] {
            let help = try Self.run(command + ["--help"])
            let lone = help.stdout.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces) == "\\" }
            #expect(lone.isEmpty, "\(command.joined(separator: " ")) --help has a lone \\ line")
        }
    }

    @Test func theAndroidHintNamesAnOptionInspectAndConvertTake() throws {
        let folder = try PhoneAppRecordings.folder("android-hint", ["phone.csv": "time,accel_x,accel_y,accel_z\n0,0.1,0.2,9.8\n0.01,0.1,0.2,9.81\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("phone.csv").path
        let refused = try Self.run(["datasets", "inspect", "csv:\(file)"])
        #expect(refused.status != 0 && refused.stderr.contains("--acceleration android-ms2"), "\(refused.stderr)")
        for command in [["datasets", "inspect"], ["datasets", "convert"]] {
            var arguments = command + ["csv:\(file)", "--acceleration", "android-ms2"]
            if command.last == "convert" { arguments += ["--out", folder.appendingPathComponent("out").path] }
            let result = try Self.run(arguments)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
    }

    /// Every command that reads a `csv:` dataset takes the `--acceleration` its hint names: refused without it,
    /// read with it.
    @Test func theAndroidHintNamesAnOptionEvaluateTrainAndSweepTake() throws {
        let rows = (0..<500).map { "\(Double($0) / 50),0.1,0.2,9.81\n" }.joined()
        let folder = try PhoneAppRecordings.folder("android-hint-2", ["phone.csv": "time,accel_x,accel_y,accel_z\n" + rows])
        defer { try? FileManager.default.removeItem(at: folder) }
        let dataset = "csv:" + folder.appendingPathComponent("phone.csv").path
        let shake = SharedData.packageRoot.appendingPathComponent("configs/shake.yaml").path
        let commands = [
            ["evaluate", "--recognizer", "shake", "--config", shake, "--dataset", dataset],
            ["train", "--recognizer", "shake", "--dataset", dataset, "--out", folder.appendingPathComponent("tuned.yaml").path],
            ["sweep", "--recognizer", "shake", "--config", shake, "--dataset", dataset, "--parameter", "peakThreshold", "--from", "1", "--to", "2", "--step", "0.5"],
        ]
        for arguments in commands {
            let refused = try Self.run(arguments)
            #expect(refused.status != 0 && refused.stderr.contains("--acceleration android-ms2"), "\(arguments[0]): \(refused.stderr)")
            let help = try Self.run([arguments[0], "--help"])
            #expect(help.stdout.contains("--acceleration <acceleration>"), "\(arguments[0]) --help")
            let read = try Self.run(arguments + ["--acceleration", "android-ms2"])
            #expect(!read.stderr.contains("reads 9.81"), "\(arguments[0]): \(read.stderr)")
        }
    }

    /// `detect --rate` clocks a file without a time column: the same events as the file with its times, and the
    /// error without the option names it.
    @Test func detectRateClocksAFileWithoutATimeColumn() throws {
        let timed = DetectCommandTests.tiltCSV(rate: 50)
        let untimed = "x,y,z\n" + timed.split(separator: "\n").dropFirst().map { $0.split(separator: ",").dropFirst().joined(separator: ",") + "\n" }.joined()
        let folder = try PhoneAppRecordings.folder("untimed", ["timed.csv": timed, "untimed.csv": untimed])
        defer { try? FileManager.default.removeItem(at: folder) }
        func detect(_ file: String, _ extra: [String] = []) throws -> GestureLabBinary.Result {
            try Self.run(["detect", "--recognizer", "orientation", "--json", "--input", folder.appendingPathComponent(file).path] + extra)
        }
        let reference = try detect("timed.csv")
        #expect(reference.status == 0 && !reference.stdout.isEmpty, "\(reference.stderr)")
        let refused = try detect("untimed.csv")
        #expect(refused.status != 0 && refused.stderr.contains("detect --rate HZ"), "\(refused.stderr)")
        let clocked = try detect("untimed.csv", ["--rate", "50"])
        #expect(clocked.status == 0, "\(clocked.stderr)")
        #expect(clocked.stdout == reference.stdout)
        #expect(clocked.stderr.contains("rows taken 0.02 s apart"), "\(clocked.stderr)")
        let ignored = try detect("timed.csv", ["--rate", "50"])
        #expect(ignored.status != 0 && ignored.stderr.contains("own clock"), "\(ignored.stderr)")
    }

    @Test func inspectFlagsAnUnsortedFileAndCountsClassesSampleBySample() throws {
        // A label column whose rows were written out of order: 20 samples of `wave` around 0.2–0.6 s.
        var rows = (0..<100).map { i -> (Double, String) in (Double(i) / 50, (10..<30).contains(i) ? "wave" : "") }
        rows.swapAt(5, 60)
        let csv = "time,accel.x,accel.y,accel.z,label\n" + rows.map { "\($0.0),0,0,-1,\($0.1)\n" }.joined()
        let manifest = """
            name: unsorted
            kind: continuous
            labels: {column: label, background: [""]}
            channels: [{name: accel.x}, {name: accel.y}, {name: accel.z}]
            recordings: [{id: take-1, subject: s, session: "1", file: take-1.csv}]
            """
        let folder = try PhoneAppRecordings.folder("inspect-unsorted", ["dataset.yaml": manifest, "take-1.csv": csv])
        defer { try? FileManager.default.removeItem(at: folder) }
        let inspect = try Self.run(["datasets", "inspect", folder.path])
        #expect(inspect.stdout.contains("order        1 recordings have timestamps out of order") && inspect.stdout.contains("--repair sort"),
                "\(inspect.stdout)")
        let wave = try #require(inspect.stdout.split(separator: "\n").first { $0.contains("  wave") }, "\(inspect.stdout)")
        // Never more samples than the annotation's time can hold at 50 Hz.
        #expect(wave.contains("1 annotations, 20 samples"), "\(wave)")
    }

    @Test func findSaysWhenTheQueryIsFlatAndSuggestsRaw() throws {
        let csv = "time,accel.x,accel.y,accel.z\n" + (0..<200).map { i -> String in
            let t = Double(i) / 50
            return "\(t),\(t > 2 ? 0.5 * sin(7 * t) : 0),0,-1\n"
        }.joined()
        let folder = try PhoneAppRecordings.folder("find-flat", ["take.csv": csv])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("take.csv").path
        let flat = try Self.run(["find", file, "--query", file, "--from", "0", "--to", "1"])
        #expect(flat.stderr.contains("the query is flat") && flat.stderr.contains("pass --raw"), "\(flat.stderr)")
        let moving = try Self.run(["find", file, "--query", file, "--from", "2.5", "--to", "3.5"])
        #expect(!moving.stderr.contains("the query is flat"), "\(moving.stderr)")
    }

    @Test func validateListsEveryBadLineOfACSVFileNotOnlyTheFirst() throws {
        var lines = (0..<200).map { "\(Double($0) / 50),0,0,-1" }
        for k in [150, 170, 190] { lines[k] = "\(Double(k) / 50),oops,0,-1" }
        let folder = try PhoneAppRecordings.folder("validate-all", ["take.csv": "time,accel_x,accel_y,accel_z\n" + lines.joined(separator: "\n") + "\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("take.csv").path
        let result = try Self.run(["datasets", "validate", "csv:\(file)"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        for line in [152, 172, 192] {
            #expect(result.stdout.contains("\(file):\(line): accel_x: 'oops' is not a number"), "\(line): \(result.stdout)")
        }
        #expect(result.stdout.contains("3 errors"), "\(result.stdout)")
        // Reading elsewhere still stops at the first bad line.
        let inspect = try Self.run(["datasets", "inspect", "csv:\(file)"])
        #expect(inspect.status != 0 && inspect.stderr.contains("\(file):152: accel_x"), "\(inspect.stderr)")
    }
}
