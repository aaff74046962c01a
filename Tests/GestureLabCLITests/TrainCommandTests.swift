import Foundation
import GestureData
import GestureEval
import GestureKit
@testable import GestureLabCLI
import GestureTestSupport
import Testing

@Suite struct TrainCommandTests {
    /// A grid search writes a YAML configuration with the chosen values that detect and the
    /// registry accept; the chosen peak threshold is the grid's best on the training data, and an
    /// impossible grid value (above every shake) is never chosen.
    @Test func tunesARuleBasedConfiguration() throws {
        let out = TemporaryFolder.root.appendingPathComponent("tuned-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try GestureLabBinary.run(["train", "--recognizer", "shake", "--config", "configs/shake.yaml",
                                            "--dataset", ExperimentFixtures.continuous, "--labels", "shake",
                                            "--search", "peakThreshold=1.25,9.0", "--out", out.path, "--quiet"])
        #expect(run.expectSuccess())
        #expect(run.fields(ofLineStartingWith: "tuned shake")?["peakThreshold"] == "1.25", "\(run.stdout)")
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(text.hasPrefix("# shake configuration tuned by:"))
        let value = try ConfigurationValue(yaml: text, file: out.path)
        #expect(value[path: "peakThreshold"] == .number(1.25))
        #expect(value[path: "minimumMovements"] == .number(3), "other keys are kept")
        _ = try RecognizerRegistry.standard.makeRecognizer("shake", configuration: value.decoding)
    }

    /// A tuned configuration named `.json` is plain JSON that GestureKit alone decodes, the form an
    /// app embeds (the YAML form needs GestureEval's decoder).
    @Test func writesJSONForApps() throws {
        let out = TemporaryFolder.root.appendingPathComponent("tuned-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try GestureLabBinary.run(["train", "--recognizer", "shake", "--config", "configs/shake.yaml",
                                            "--dataset", ExperimentFixtures.continuous, "--labels", "shake",
                                            "--search", "peakThreshold=1.25,9.0", "--out", out.path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: out)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["peakThreshold"] as? Double == 1.25)
        var recognizer = try RecognizerRegistry.standard.makeRecognizer("shake", configuration: JSONConfiguration(data: data))
        #expect(recognizer.process(MotionSample(timestamp: 0, acceleration: Vector3(0, 0, -1))).isEmpty)
    }

    /// DTW: a model file with one medoid template per shape.
    @Test func trainsADTWModel() throws {
        let out = TemporaryFolder.root.appendingPathComponent("shapes-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try GestureLabBinary.run(["train", "--recognizer", "dtw", "--dataset", ExperimentFixtures.shapes, "--out", out.path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let model = try DTWModelFile.read(from: out)
        #expect(model.labels.count == 8 && model.templates.count == 8)
        #expect(run.fields(ofLineStartingWith: "trained dtw")?["templates"] == "8", "\(run.stdout)")
    }

    /// The entry of an experiment file gives recognizer, configuration, labels, search and dataset.
    @Test func trainsAnExperimentEntry() throws {
        let experiment = ExperimentFixtures.write(ExperimentFixtures.experimentYAML(), name: "train.yaml")
        let out = TemporaryFolder.root.appendingPathComponent("entry-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try GestureLabBinary.run(["train", "--experiment", experiment, "--entry", "shake tuned", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let value = try ConfigurationValue(contentsOf: out)
        #expect([1.0, 1.5, 2.0].map { ConfigurationValue.number($0) }.contains(try #require(value[path: "peakThreshold"])))

        let unknown = try GestureLabBinary.run(["train", "--experiment", experiment, "--entry", "nope", "--out", out.path])
        unknown.expectFailure(file: experiment, field: "entries", message: "no entry named 'nope'")
    }

    @Test func badInput() throws {
        expectUsageError(Train.self, ["--dataset", "x", "--out", "y"], "--recognizer")
        expectUsageError(Train.self, ["--recognizer", "shake", "--dataset", "x", "--search", "peakThreshold=2:1:0.5", "--out", "y"], "--search")
        let unknownKey = try GestureLabBinary.run(["train", "--recognizer", "shake", "--config", "configs/shake.yaml", "--dataset", ExperimentFixtures.continuous,
                                                   "--search", "peakThreshhold=1,2", "--out", "/tmp/never-written.yaml"])
        unknownKey.expectFailure(message: "peakThreshhold")
        let missing = try GestureLabBinary.run(["train", "--recognizer", "shake", "--dataset", "/nonexistent", "--out", "y"])
        missing.expectFailure(file: "/nonexistent", message: "")
    }
}
