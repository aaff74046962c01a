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

    /// Issue 53, case 7: `train --experiment` applies the experiment's label map as `compare` does, so the model of a
    /// compared entry can be written.
    @Test func trainsWithTheExperimentsLabelMap() throws {
        let root = TemporaryFolder.root.appendingPathComponent("train-labelmap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let yaml = """
            name: labelmap
            datasets: {default: \(SharedData.packageRoot.appendingPathComponent("datasets/default").path)}
            labelMap: {"slap-*": slap}
            entries:
              - {name: grouped, recognizer: peak-direction, configuration: \(ExperimentFixtures.preset("slap")), dataset: default, labels: [slap],
                 search: {threshold: [0.8, 1.2]}}
            """
        let file = root.appendingPathComponent("labelmap.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        let out = root.appendingPathComponent("tuned.yaml")
        let run = try GestureLabBinary.run(["train", "--experiment", file.path, "--entry", "grouped", "--out", out.path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
    }

    /// Issue 53, case 8: counts in the trained line are integers (`windows=1134`, not `1134.0`), and `--fold` trains on
    /// a fold's training part only, naming the folds when it does not know the one asked for.
    @Test func countsPrintAsIntegersAndAFoldIsTrainedOn() throws {
        let out = TemporaryFolder.root.appendingPathComponent("stream-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let experiment = SharedData.packageRoot.appendingPathComponent("configs/experiments/default.yaml").path
        let run = try GestureLabBinary.run(["train", "--experiment", experiment, "--entry", "minirocket stream shakes", "--fold", "subject02",
                                            "--out", out.path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("trained minirocket-stream on 10 recordings") }, "\(run.stdout)")
        let fields = Dictionary(line.split(separator: " ").compactMap { part -> (String, String)? in
            let kv = part.split(separator: "=", maxSplits: 1)
            return kv.count == 2 ? (String(kv[0]), String(kv[1])) : nil
        }) { a, _ in a }
        #expect(fields["windows"] != nil && fields["crossFitGroups"] != nil, "\(line)")
        for (key, value) in fields where TrainerRegistry.standard.trainer(for: "minirocket-stream").countKeys.contains(key) {
            #expect(Int(value) != nil, "\(key)=\(value) is a count")
        }
        let unknown = try GestureLabBinary.run(["train", "--experiment", experiment, "--entry", "minirocket stream shakes", "--fold", "nobody",
                                                "--out", out.path])
        unknown.expectFailure(message: "no fold 'nobody'")
        #expect(unknown.stderr.contains("subject01, subject02"), "\(unknown.stderr)")
    }

    /// Issue 72: the spotter's counts printed as `candidates=19.0`, since only a shared list knew which keys count. A
    /// trainer declares its own; the shared ones stay counts for every trainer.
    @Test func eachTrainersOwnCountsPrintAsIntegers() {
        let spotter = TrainerRegistry.standard.trainer(for: "spotter")
        for key in ["candidates", "chosenCandidate", "channelCount", "ensembleMembers", "crossFitGroups", "windows"] {
            #expect(Train.number(19, key: key, counts: spotter.countKeys) == "19", "\(key)")
        }
        #expect(Train.number(19, key: "window", counts: spotter.countKeys) == "19.0", "a duration is not a count")
        #expect(Train.number(19, key: "candidates", counts: TrainerRegistry.standard.trainer(for: "dtw").countKeys) == "19.0")
    }

    /// Issue 72: the README's spotter example trained with `--recognizer spotter --dataset …`, so with the default
    /// matching (0.5 s) while the figure beside it comes from `no-settings.yaml` (1 s either side). Every `train`
    /// example of the README parses, and a spotter is trained through the experiment entry its figures come from.
    @Test func theReadmesTrainExamplesParseAndTheSpotterTrainsThroughItsEntry() throws {
        let readme = try String(contentsOf: SharedData.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let examples = readme.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("gesturelab train ") }
        #expect(examples.count >= 2)
        for line in examples {
            let words = Array(Self.shellWords(String(line.split(separator: "#")[0])).dropFirst(2))
            let parsed = try Train.parse(words)
            #expect(parsed.entry.recognizer != "spotter", "\(line): train the spotter through its experiment entry, so it scores with that file's matching")
        }
        #expect(examples.contains { $0.contains("--experiment configs/experiments/no-settings.yaml --entry shakes") })
        // And its `adapt` examples parse.
        let adapts = readme.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("gesturelab adapt ") }
        #expect(!adapts.isEmpty)
        for line in adapts { _ = try Adapt.parse(Array(Self.shellWords(line).dropFirst(2))) }
    }

    /// `line` split into words as a shell splits it: at spaces outside double quotes, the quotes removed.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, started = false
        for c in line {
            if c == "\"" { quoted.toggle(); started = true } else if c == " " && !quoted {
                if started { words.append(word) }
                (word, started) = ("", false)
            } else { word.append(c); started = true }
        }
        if started { words.append(word) }
        return words
    }

    /// One entry of a shipped experiment file (`configs/experiments/*.yaml`).
    struct ShippedEntry: CustomTestStringConvertible, Sendable {
        var file: String
        var entry: String
        var testDescription: String { "\(file) / \(entry)" }
    }

    /// The shipped experiment files, sorted.
    static let shippedExperiments: [String] = {
        let folder = SharedData.packageRoot.appendingPathComponent("configs/experiments")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    /// Every entry of every shipped file that reads (a file that does not read fails `theShippedExperimentsRead`).
    static let shippedEntries: [ShippedEntry] = shippedExperiments.flatMap { file in
        ((try? Experiment(contentsOf: experimentURL(file), trainers: .standard))?.entries ?? []).map { ShippedEntry(file: file, entry: $0.name) }
    }

    static func experimentURL(_ file: String) -> URL {
        SharedData.packageRoot.appendingPathComponent("configs/experiments").appendingPathComponent(file)
    }

    @Test func theShippedExperimentsRead() throws {
        #expect(Self.shippedExperiments.count >= 5 && Self.shippedExperiments.contains("no-settings.yaml"))
        for file in Self.shippedExperiments {
            let experiment = try Experiment(contentsOf: Self.experimentURL(file), trainers: .standard)
            #expect(Self.shippedEntries.filter { $0.file == file }.count == experiment.entries.count, "\(file)")
        }
    }

    /// Issue 53, case 7: every entry of every shipped experiment file trains through `train --experiment`, as `compare`
    /// trains it (the swimming turns on one swimmer's fold, to stay quick; skipped where their data is absent). One
    /// case per entry, so the entries train side by side.
    @Test(arguments: shippedEntries)
    func trainsEveryEntryOfTheShippedExperiments(_ shipped: ShippedEntry) throws {
        let url = Self.experimentURL(shipped.file)
        let out = TemporaryFolder.root.appendingPathComponent("every-entry-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let experiment = try Experiment(contentsOf: url, trainers: .standard)
        let entry = try #require(experiment.entries.first { $0.name == shipped.entry })
        // A shared dataset is named directly, or by a manifest of this repository that reads it (actrectut-all-sensors).
        func readsSharedData(_ source: String) -> Bool {
            let manifest = SharedData.packageRoot.appendingPathComponent(source).appendingPathComponent("dataset.yaml")
            return source.contains("../shared") || ((try? String(contentsOf: manifest, encoding: .utf8))?.contains("/shared/") ?? false)
        }
        let shared = experiment.datasets.values.contains(where: { if case let .source(s) = $0 { readsSharedData(s) } else { false } })
        if shared, !SharedData.isAvailable { return }
        // Recordings of people: one person's fold, the form `--fold` takes (archive splits train on their TRAIN part).
        // Each entry's own dataset names its folds (an experiment may hold several datasets).
        var fold: [String] = []
        if shared {
            let key = try #require(entry.datasets.first)
            let draw = Split.subjectDraws(train: 1, draws: 1)
            var own = experiment
            own.entries = [entry]  // only this entry's dataset is read
            let dataset = try #require(try own.loadDatasets()[key])
            let name = try FoldAssignment(draw.strategy(seed: experiment.seed), dataset: dataset).folds[0].name
            fold = ["--split", draw.description, "--fold", name]
        }
        let run = try GestureLabBinary.run(["train", "--experiment", url.path, "--entry", entry.name] + fold + ["--out", out.path, "--quiet"],
                                           directory: SharedData.packageRoot)
        #expect(run.status == 0, "\(shipped): \(run.stderr)")
        // An adapting entry's file is the model before adaptation, which is not what compare scored: said so.
        #expect(run.stderr.contains("adapts to each person") == (entry.adaptation != nil), "\(shipped): \(run.stderr)")
        // The spotter with no settings prints what it compared, the chosen candidate marked.
        if entry.recognizer == "spotter" {
            #expect(run.stdout.contains("chose from the training recordings: ") && run.stdout.contains("\n* "), "\(shipped): \(run.stdout)")
        }
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
