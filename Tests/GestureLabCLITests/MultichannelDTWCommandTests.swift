import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// DTW on several channels from the command line: a 6-axis (accelerometer + gyroscope) model trained,
/// evaluated and run by `detect`, and multivariate archive data (`ts:`) evaluated dependently or independently.
@Suite struct MultichannelDTWCommandTests {
    static func scratch() throws -> URL {
        let root = TemporaryFolder.root.appendingPathComponent("gesturelab-6axis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    static func overall(_ stdout: String) throws -> Double {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        let scores = try #require(json["scores"] as? [[String: Any]])
        let overall = try #require(scores.first?["overall"] as? [String: Any])
        return try #require(overall["value"] as? Double)
    }

    /// Shapes drawn in the air: a model on accel + gyro records its six channels and their scales, and
    /// classifies held-out subjects' shapes far above chance (1/8) when trained inside each fold.
    @Test func sixAxisModelOnShapes() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let config = root.appendingPathComponent("six.yaml")
        try "channels: [accel.x, accel.y, accel.z, gyro.x, gyro.y, gyro.z]\nselection: all\nband: 0.1\nrejectionK: null\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let modelURL = root.appendingPathComponent("six.json")
        let train = try GestureLabBinary.run(["train", "--recognizer", "dtw", "--config", config.path, "--dataset", ExperimentFixtures.shapes,
                                              "--out", modelURL.path, "--quiet"])
        #expect(train.status == 0, "\(train.stderr)")
        let model = try DTWModelFile.read(from: modelURL)
        #expect(model.channels.map(\.rawValue) == ["accel.x", "accel.y", "accel.z", "gyro.x", "gyro.y", "gyro.z"])
        #expect(model.channelScales?.count == 6, "g and rad/s are mixed, so each channel is scaled")
        #expect(model.templates.allSatisfy { $0.series.dimensions == 6 })

        let evaluate = try GestureLabBinary.run(["evaluate", "--recognizer", "dtw", "--config", config.path, "--dataset", ExperimentFixtures.shapes,
                                                 "--split", "leave-one-subject-out", "--metric", "accuracy", "--replicates", "200", "--json", "--quiet"])
        #expect(evaluate.status == 0, "\(evaluate.stderr)")
        let accuracy = try Self.overall(evaluate.stdout)
        #expect(accuracy >= 0.6, "6-axis DTW on unseen subjects: accuracy \(accuracy)")
    }

    /// Shakes spotted on a continuous recording with accel + gyro templates (`detect`), as annotated.
    @Test func sixAxisModelDetectsShakes() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let config = root.appendingPathComponent("six.yaml")
        // Thresholds chosen on the training recordings (the default mean + 3σ is far too loose for spotting).
        try "channels: [acceleration, rotationRate]\nselection: 2\nminimumDuration: 0.3\nmaximumDuration: 1.5\nrejection: {method: stream, objective: f1}\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let modelURL = root.appendingPathComponent("six-shake.json")
        let train = try GestureLabBinary.run(["train", "--recognizer", "dtw", "--config", config.path, "--dataset", ExperimentFixtures.continuous,
                                              "--labels", "shake", "--out", modelURL.path, "--quiet"])
        #expect(train.status == 0, "\(train.stderr)")
        #expect(try DTWModelFile.read(from: modelURL).channels.count == 6)
        let recordings = URL(fileURLWithPath: ExperimentFixtures.continuous).appendingPathComponent("recordings")
        let annotations = URL(fileURLWithPath: ExperimentFixtures.continuous).appendingPathComponent("annotations")
        var annotated = 0, detected = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: recordings.path).sorted() where file.hasSuffix(".csv") {
            annotated += try String(contentsOf: annotations.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n").count { $0.hasSuffix(",shake") }
            let run = try GestureLabBinary.run(["detect", "--recognizer", "dtw", "--config", modelURL.path,
                                                "--input", recordings.appendingPathComponent(file).path, "--json"])
            #expect(run.expectSuccess())
            detected += try run.jsonLines(DetectCommandTests.Event.self).count { $0.phase == "ended" && $0.label == "shake" }
        }
        #expect(annotated > 0)
        #expect(detected >= (annotated + 1) / 2 && detected <= annotated + 2, "\(detected) detections for \(annotated) annotated shakes")
    }

    /// `detect` with a user-acceleration model on accelerometer-only input says once that it adds a gravity
    /// split; a rotation-rate model on the same input fails naming gyro.x.
    @Test func detectDerivesOrRefusesMissingChannels() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let recordings = URL(fileURLWithPath: ExperimentFixtures.continuous).appendingPathComponent("recordings")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: recordings.path).sorted().first { $0.hasSuffix(".csv") })
        let lines = try String(contentsOf: recordings.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
        let header = lines[0].split(separator: ",").map(String.init)
        let keep = ["time", "accel.x", "accel.y", "accel.z"].map { header.firstIndex(of: $0)! }
        let accelerometerOnly = lines.map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            return keep.map { String(fields[$0]) }.joined(separator: ",")
        }.joined(separator: "\n") + "\n"
        for (channels, name) in [("[user.x, user.y, user.z]", "user"), ("[gyro.x, gyro.y, gyro.z]", "gyro")] {
            let config = root.appendingPathComponent("\(name).yaml")
            try "channels: \(channels)\nselection: 1\n".write(to: config, atomically: true, encoding: .utf8)
            let model = root.appendingPathComponent("\(name).json").path
            let train = try GestureLabBinary.run(["train", "--recognizer", "dtw", "--config", config.path, "--dataset", ExperimentFixtures.continuous,
                                                  "--labels", "shake", "--out", model, "--quiet"])
            #expect(train.status == 0, "\(train.stderr)")
            let run = try GestureLabBinary.run(["detect", "--recognizer", "dtw", "--config", model, "--input", "-"], stdin: accelerometerOnly)
            if name == "user" {
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stderr.components(separatedBy: "gravity split").count == 2, "said once: \(run.stderr)")
                #expect(run.stderr.contains("user.x, user.y, user.z"))
            } else {
                #expect(run.status == 1)
                #expect(run.stderr.contains("needs channel gyro.x") && run.stderr.contains("rotation rate"), "\(run.stderr)")
            }
        }
    }

    /// A small UEA file (3 dimensions, variable length): `evaluate --train ts: --test ts:` gives what the
    /// library gives for each mode, and says which mode it used.
    @Test(arguments: [DTW.Multivariate.dependent, .independent])
    func evaluatesUEAFiles(mode: DTW.Multivariate) throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let train = (0..<6).flatMap { [UEAFixture.example("a", $0), UEAFixture.example("b", $0 + 1)] }
        let test = (10..<18).flatMap { [UEAFixture.example("a", $0), UEAFixture.example("b", $0 + 2)] }
        let trainPath = try UEAFixture.write(train, to: root.appendingPathComponent("tiny_TRAIN.ts")).path
        let testPath = try UEAFixture.write(test, to: root.appendingPathComponent("tiny_TEST.ts")).path
        let run = try GestureLabBinary.run(["evaluate", "--recognizer", "dtw", "--train", "ts:\(trainPath)", "--test", "ts:\(testPath)",
                                            "--band", "0.2", "--\(mode.rawValue)", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["multivariate"] as? String == mode.rawValue)
        #expect(json["dimensions"] as? Int == 3)
        let expected = try NearestNeighborEvaluation(k: 1, band: 0.2, multivariate: mode)
            .run(train: try UEAArchive.read(contentsOf: URL(fileURLWithPath: trainPath)), test: try UEAArchive.read(contentsOf: URL(fileURLWithPath: testPath)))
        #expect(json["correct"] as? Int == expected.correct && json["total"] as? Int == 16)
    }

    /// The help names what the archive form reads and which recognizers each form takes.
    @Test func helpSaysWhatIsAccepted() throws {
        let help = try GestureLabBinary.run(["evaluate", "--help"])
        #expect(help.status == 0)
        #expect(!help.stdout.contains("(supported: dtw)"))
        #expect(help.stdout.contains("ts:FILE.ts") && help.stdout.contains("--independent") && help.stdout.contains("shake"))
        let shake = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--train", "ts:a.ts", "--test", "ts:b.ts"])
        #expect(shake.status == 2 && shake.stderr.contains("--recognizer dtw"), "\(shake.stderr)")
    }
}
