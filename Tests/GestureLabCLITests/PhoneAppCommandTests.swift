import Foundation
import GestureTestSupport
import Testing

/// Issue 30 end to end: recordings in real apps' layouts through `detect`, `datasets import`, `train` and
/// `evaluate`: read right, or refused with exit status ≠ 0 naming file, line and field.
@Suite struct PhoneAppCommandTests {
    static func run(_ arguments: [String], stdin: String? = nil) throws -> GestureLabBinary.Result {
        try GestureLabBinary.run(arguments, stdin: stdin)
    }

    /// The rows of a written recording CSV after its header, as numbers.
    static func rows(_ url: URL) throws -> [[Double]] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",").map { Double($0)! } }
    }

    // 1. Quoted decimal commas

    @Test func quotedDecimalCommasAreReadAsNumbersByCSVAndDetect() throws {
        let folder = try PhoneAppRecordings.folder("quoted", ["Accelerometer.csv": PhoneAppRecordings.phyphoxQuotedDecimalComma])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Accelerometer.csv").path
        let out = folder.appendingPathComponent("out")
        let converted = try Self.run(["datasets", "convert", "csv:\(file)", "--out", out.path])
        #expect(converted.status == 0, "\(converted.stdout)\(converted.stderr)")
        let rows = try Self.rows(out.appendingPathComponent("recordings/Accelerometer.csv"))
        #expect(rows.count == 4 && abs(rows[0][1] - 0.5 / 9.80665) < 1e-9 && abs(rows[0][3] - 9.81 / 9.80665) < 1e-9, "\(rows)")
        let detect = try Self.run(["detect", "--recognizer", "shake", "--input", file])
        #expect(detect.status == 0 && detect.stderr.contains("decimal commas read"), "\(detect.stderr)")
    }

    // 2. Units in the header; 9.8 "g"

    @Test func metersPerSecondSquaredReadAsGIsRefusedNamingFileLineAndField() throws {
        let folder = try PhoneAppRecordings.folder("ms2", ["phone.csv": "time,accel_x,accel_y,accel_z\n0,0.1,0.2,9.8\n0.01,0.1,0.2,9.81\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("phone.csv").path
        let detect = try Self.run(["detect", "--recognizer", "shake", "--input", file])
        detect.expectFailure(file: file, line: 2, field: "accel_x", message: "--acceleration android-ms2")
        // Stated, it reads.
        #expect(try Self.run(["detect", "--recognizer", "shake", "--input", file, "--acceleration", "android-ms2"]).status == 0)
    }

    // 3. --time-unit applies to the column it names; the help's Sensor Logger example

    @Test func theSensorLoggerExampleOfDetectHelpFindsTheShakeWhereItIs() throws {
        // Sensor Logger's layout: epoch ns, seconds_elapsed, z, y, x (m/s², Android's sign); rest, a 1 s shake along x, rest.
        var text = "time,seconds_elapsed,z,y,x\n"
        for i in 0..<400 {
            let t = Double(i) / 100
            let x = (1.5..<2.5).contains(t) ? 25 * sin(2 * .pi * 5 * t) : 0
            text += "\(1_700_000_000_000_000_000 + Int64(i) * 10_000_000),\(t),9.80665,0.0,\(x)\n"
        }
        let folder = try PhoneAppRecordings.folder("sensor-logger-detect", ["TotalAcceleration.csv": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let help = try Self.run(["detect", "--help"])
        let lines = help.stdout.split(separator: "\n").map(String.init)
        let at = try #require(lines.firstIndex { $0.contains("TotalAcceleration.csv") })
        let example = lines[at].hasSuffix("\\") ? lines[at].dropLast() + lines[at + 1] : lines[at]
        #expect(example.contains("--acceleration android-ms2"), "\(example)")
        // The example's flags on the file.
        let flags = example.split(separator: " ").map(String.init).drop { $0 != "--recognizer" }
            .map { $0 == "TotalAcceleration.csv" ? folder.appendingPathComponent("TotalAcceleration.csv").path : $0 }
        let run = try Self.run(["detect"] + flags + ["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let events = try run.jsonLines(DetectCommandTests.Event.self)
        let ended = try #require(events.last { $0.phase == "ended" }, "\(run.stdout)")
        #expect(ended.label == "shake" && ended.start > 1.4 && ended.start < 2 && ended.end - ended.start > 0.3, "\(events)")
    }

    @Test func aStatedTimeUnitIsAppliedToTheTimeColumnNotToSecondsElapsed() throws {
        let folder = try PhoneAppRecordings.folder("time-unit", ["TotalAcceleration.csv": PhoneAppRecordings.sensorLoggerTotalAcceleration()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run(["detect", "--recognizer", "shake", "--input", folder.appendingPathComponent("TotalAcceleration.csv").path,
                                "--time-unit", "ns", "--acceleration", "android-ms2"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("column 'time' read as nanoseconds (--time-unit ns) rather than 'seconds_elapsed'"), "\(run.stderr)")
    }

    // 4. train and evaluate read annotations through validation

    @Test(arguments: ["start;end;label\n0.5;1.0;shake\n", "label,start,end\nshake,0.5,1.0\n"])
    func trainAndEvaluateRefuseAnnotationFilesThatValidateRejects(_ annotations: String) throws {
        let folder = TemporaryFolder.root.appendingPathComponent("phone-annotations-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: SharedData.packageRoot.appendingPathComponent("datasets/example"), to: folder)
        try annotations.write(to: folder.appendingPathComponent("annotations/alice-1.csv"), atomically: true, encoding: .utf8)
        let validate = try Self.run(["datasets", "validate", folder.path])
        #expect(validate.status != 0)
        let train = try Self.run(["train", "--recognizer", "shake", "--dataset", folder.path, "--labels", "shake",
                                  "--out", folder.appendingPathComponent("tuned.yaml").path])
        let annotationFile = folder.appendingPathComponent("annotations/alice-1.csv").path
        train.expectFailure(file: annotationFile, line: 1, message: annotations.hasPrefix("start;") ? "separated by ';'" : "another order")
        let evaluate = try Self.run(["evaluate", "--recognizer", "shake", "--dataset", folder.path, "--labels", "shake"])
        evaluate.expectFailure(file: annotationFile, line: 1)
    }

    @Test func trainRefusesABadDataRowNamingIt() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("phone-bad-row-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: SharedData.packageRoot.appendingPathComponent("datasets/example"), to: folder)
        let url = folder.appendingPathComponent("recordings/alice-1.csv")
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[3] = lines[3].replacingOccurrences(of: ",", with: ",x", options: [], range: lines[3].range(of: ","))
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let train = try Self.run(["train", "--recognizer", "shake", "--dataset", folder.path, "--labels", "shake",
                                  "--out", folder.appendingPathComponent("tuned.yaml").path])
        train.expectFailure(file: url.path, line: 4, field: "accel.x")
    }

    // 5. The watch file's three runs; 7. licence; repairs named and reported

    @Test func aSensorLogWatchFileImportsItsThreeRunsAsThreeAnnotations() throws {
        let folder = try PhoneAppRecordings.folder("watch", [
            "exports/ana/gym-1.csv": PhoneAppRecordings.sensorLogWatch(),
            "watch.yaml": PhoneAppRecordings.sensorLogWatchManifest,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("dataset")
        let refused = try Self.run(["datasets", "import", folder.appendingPathComponent("watch.yaml").path,
                                    folder.appendingPathComponent("exports").path, "--out", out.path])
        #expect(refused.status != 0 && refused.stderr.contains("--repair"), "\(refused.stdout)\(refused.stderr)")
        let run = try Self.run(["datasets", "import", folder.appendingPathComponent("watch.yaml").path,
                                folder.appendingPathComponent("exports").path, "--out", out.path, "--repair", "sort"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("(200 samples, 3 annotations)") && run.stdout.contains("sorted 1 recordings"), "\(run.stdout)")
        let annotations = try String(contentsOf: out.appendingPathComponent("annotations/ana/gym-1.csv"), encoding: .utf8)
        #expect(annotations.split(separator: "\n").dropFirst().map { $0.split(separator: ",").last! } == ["squat", "pushup", "curl"])
        #expect(try Self.run(["datasets", "validate", out.path]).status == 0)
        #expect(!(try String(contentsOf: out.appendingPathComponent("dataset.yaml"), encoding: .utf8)).contains("license"))
    }

    @Test func importLeavesTheLicenceEmptyUnlessGiven() throws {
        let example = SharedData.packageRoot.appendingPathComponent("datasets/presets/sensor-logger/example").path
        let folder = TemporaryFolder.root.appendingPathComponent("phone-licence-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain"), given = folder.appendingPathComponent("given")
        #expect(try Self.run(["datasets", "import", "sensor-logger", example, "--out", plain.path]).status == 0)
        #expect(!(try String(contentsOf: plain.appendingPathComponent("dataset.yaml"), encoding: .utf8)).contains("license"))
        #expect(try Self.run(["datasets", "import", "sensor-logger", example, "--out", given.path, "--license", "CC-BY-4.0"]).status == 0)
        #expect(try String(contentsOf: given.appendingPathComponent("dataset.yaml"), encoding: .utf8).contains("license: CC-BY-4.0"))
    }

    // 6. flip without attitude

    @Test func flipOnAnAccelerometerOnlyFileEstimatesAttitudeAndSaysSo() throws {
        // Face up 1 s, turned 180° about x over 1 s, face down 2 s, turned back over 1 s, face up 2 s.
        var text = "time,accel_x,accel_y,accel_z\n"
        for i in 0..<700 {
            let t = Double(i) / 100
            let angle = t < 1 ? 0 : t < 2 ? Double.pi * (t - 1) : t < 4 ? .pi : t < 5 ? .pi * (5 - t) : 0
            text += "\(t),0,\(-sin(angle)),\(-cos(angle))\n"
        }
        let folder = try PhoneAppRecordings.folder("flip", ["turn.csv": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run(["detect", "--recognizer", "flip", "--input", folder.appendingPathComponent("turn.csv").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("attitude estimation from the accelerometer alone"), "\(run.stderr)")
        let json = try Self.run(["detect", "--recognizer", "flip", "--input", folder.appendingPathComponent("turn.csv").path, "--json"])
        let began = try json.jsonLines(DetectCommandTests.Event.self).filter { $0.phase == "began" && $0.label == "flip" }
        #expect(began.count == 1, "\(json.stdout)")
    }

    // 8, 9. phyphox exports

    @Test func phyphoxSemicolonExportImportsWithThePreset() throws {
        let folder = try PhoneAppRecordings.folder("phyphox-semicolon", [
            "bob/run-1/Accelerometer.csv": PhoneAppRecordings.phyphoxSemicolonAccelerometer,
            "bob/run-1/Gyroscope.csv": PhoneAppRecordings.phyphoxSemicolonGyroscope,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run(["datasets", "import", "phyphox", folder.path, "--out", folder.appendingPathComponent("out").path])
        #expect(run.status == 0 && run.stdout.contains("imported 1 recordings (4 samples"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("decimal commas read"))
    }

    @Test func phyphoxRawDataIsReadByItsPresetAndNeverWrittenEmpty() throws {
        let folder = try PhoneAppRecordings.folder("phyphox-raw", ["bob/run-1/Raw Data.csv": PhoneAppRecordings.phyphoxRawData])
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        for extra in [[], ["--force"]] {
            let wrong = try Self.run(["datasets", "import", "phyphox", folder.path, "--out", out.path] + extra)
            #expect(wrong.status != 0 && wrong.stderr.contains("phyphox-raw"), "\(wrong.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
        let right = try Self.run(["datasets", "import", "phyphox-raw", folder.path, "--out", out.path])
        #expect(right.status == 0 && right.stdout.contains("(3 samples"), "\(right.stdout)\(right.stderr)")
        // Linear acceleration is not total acceleration: refused, naming the column, even with --force.
        let linear = try PhoneAppRecordings.folder("phyphox-linear", ["bob/run-1/Raw Data.csv": PhoneAppRecordings.phyphoxLinearRawData])
        defer { try? FileManager.default.removeItem(at: linear) }
        let refused = try Self.run(["datasets", "import", "phyphox-raw", linear.path, "--out", linear.appendingPathComponent("out").path, "--force"])
        #expect(refused.status != 0 && refused.stdout.contains("Acceleration x (m/s^2)"), "\(refused.stdout)\(refused.stderr)")
    }

    // 10. detect reads the project's own user.x…z columns

    @Test func detectReadsUserAccelerationColumns() throws {
        let folder = try PhoneAppRecordings.folder("user", ["r.csv": "time,user.x,user.y,user.z\n0,0.1,0,0\n0.01,0.2,0,0\n0.02,0.1,0,0\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run(["detect", "--recognizer", "shake", "--input", folder.appendingPathComponent("r.csv").path])
        #expect(run.status == 0 && run.stderr.contains("only user acceleration"), "\(run.stderr)")
    }

    @Test func aDTWModelTrainedOnUserAccelerationRunsOnTheSameColumns() throws {
        // A model on the project's user.x…z, then detect on a recording holding only those columns.
        let shapes = SharedData.packageRoot.appendingPathComponent("datasets/default-shapes")
        let recording = try #require(FileManager.default.enumerator(atPath: shapes.appendingPathComponent("recordings").path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".csv") }.sorted().first)
        let rows = try String(contentsOf: shapes.appendingPathComponent("recordings/\(recording)"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let keep = ["time", "user.x", "user.y", "user.z"].compactMap { rows[0].firstIndex(of: $0) }
        #expect(keep.count == 4)
        let text = rows.map { row in keep.map { row[$0] }.joined(separator: ",") }.joined(separator: "\n") + "\n"
        let folder = try PhoneAppRecordings.folder("dtw-user", ["user.csv": text, "dtw.yaml": "channels: [user.x, user.y, user.z]\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("user.dtw.json").path
        let train = try Self.run(["train", "--recognizer", "dtw", "--dataset", shapes.path, "--config",
                                  folder.appendingPathComponent("dtw.yaml").path, "--out", model])
        #expect(train.status == 0, "\(train.stderr)")
        let detect = try Self.run(["detect", "--recognizer", "dtw", "--config", model, "--input", folder.appendingPathComponent("user.csv").path])
        #expect(detect.status == 0, "\(detect.stderr)")
        #expect(!detect.stderr.contains("needs channel"), "\(detect.stderr)")
    }
}
