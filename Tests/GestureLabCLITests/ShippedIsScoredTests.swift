import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// What ships is what was scored: for every learned recognizer that runs in a stream, with and without stages, the
/// model `train --experiment … --entry … --fold F` writes gives, through `detect` (each test recording's file, and the
/// first one on standard input), the detections `compare` scored on fold F's test recordings, to the sample.
///
/// The entries are the shipped experiments' own (the first entry of each learned streaming recognizer), each also
/// behind stages that change what it sees: the rhythm on a 3 s window (issue 53's case), a 1€ filter, a gravity split
/// and attitude. A trainer added to the registry is covered once a shipped experiment has an entry for it.
@Suite(.serialized) struct ShippedIsScoredTests {
    /// The learned recognizers that `detect` can run: a trainer and a recognizer line.
    static var streamingLearned: [String] {
        TrainerRegistry.standard.identifiers.filter { RecognizerRegistry.standard.identifiers.contains($0) }
    }

    /// The first entry of each learned streaming recognizer in `experiment`, as written, then behind each stage set.
    static func variants(of experiment: Experiment, datasetKey: String) throws -> [Experiment.Entry] {
        var result: [Experiment.Entry] = []
        for identifier in streamingLearned {
            guard var base = experiment.entries.first(where: { $0.recognizer == identifier && $0.datasets.contains(datasetKey) }) else { continue }
            base.datasets = [datasetKey]
            base.group = "agreement"
            result.append(base)
            guard case var .inline(.object(settings))? = base.configuration else { continue }
            var rhythm = base
            rhythm.name += ", rhythm on 3 s"
            settings["channels"] = .array(["accel.magnitude", "verticalAcceleration", "strokePeriod", "rhythmRegularity"].map { .string($0) })
            rhythm.configuration = .inline(.object(settings))
            rhythm.stages = [.oneEuro(.init()), .physical(.init(rhythmWindow: 3))]
            result.append(rhythm)
            var fused = base
            fused.name += ", gravity split and attitude"
            fused.stages = [.gravitySplit(timeConstant: 0.3), .attitude(.init())]
            result.append(fused)
        }
        return result
    }

    /// Runs `experiment` (written to `folder`), then for each entry trains fold `fold`'s model and detects on the fold's
    /// test recordings (file and standard input), requiring the scored detections. Returns the entries' recognizers.
    static func requireAgreement(_ experiment: Experiment, dataset: URL, fold: String, in folder: URL) throws -> Set<String> {
        let file = folder.appendingPathComponent("agreement.json")
        try JSONEncoder().encode(experiment).write(to: file)
        let compare = try GestureLabBinary.run(["compare", file.path, "--out", folder.appendingPathComponent("report").path, "--quiet"])
        try #require(compare.status == 0, "\(compare.stderr)")
        let result = try ExperimentResult(jsonData: Data(contentsOf: folder.appendingPathComponent("report/results.json")))
        let loaded = try DatasetReader.read(at: dataset)
        let recordings = loaded.recordings
        let folds = try FoldAssignment(experiment.split.strategy(seed: experiment.seed), dataset: loaded).folds
        let testPart = try #require(folds.first { $0.name == fold }, "no fold \(fold)").test.map { recordings[$0] }
        let rate = try #require(loaded.samplingRate)
        var covered = Set<String>()
        for entry in experiment.entries {
            let model = folder.appendingPathComponent("model-\(covered.count)-\(entry.recognizer).json")
            let train = try GestureLabBinary.run(["train", "--experiment", file.path, "--entry", entry.name, "--fold", fold, "--out", model.path])
            try #require(train.status == 0, "\(entry.name): \(train.stderr)")
            let scored = try #require(result.scores.first { $0.entry == entry.name }?.outcomes).filter { $0.kind == .detection && $0.fold == fold }
            var detections = 0
            for (k, recording) in testPart.enumerated() {
                let csv = dataset.appendingPathComponent("recordings/\(recording.id).csv")
                let expected = scored.filter { $0.recording == recording.id }.sorted { $0.start < $1.start }
                // Standard input takes the same reader after the first line: once per entry is enough.
                let inputs = [(csv.path, nil)] + (k == 0 ? [("-", try String(contentsOf: csv, encoding: .utf8))] : [])
                for (input, stdin) in inputs {
                    let run = try GestureLabBinary.run(["detect", "--recognizer", entry.recognizer, "--config", model.path,
                                                        "--input", input, "--json"], stdin: stdin)
                    try #require(run.status == 0, "\(entry.name) on \(recording.id): \(run.stderr)")
                    let events = try run.jsonLines(GestureEvent.self).filter { $0.phase == .ended }.sorted { $0.start < $1.start }
                    #expect(events.count == expected.count, "\(entry.name) on \(recording.id) (\(input == "-" ? "stdin" : "file")): \(events.count) events, \(expected.count) scored")
                    for (e, s) in zip(events, expected) {
                        #expect(e.label == s.label && abs(e.start - s.start) < 0.5 / rate && abs(e.end - s.end) < 0.5 / rate,
                                "\(entry.name) on \(recording.id): detected \(e.label) \(e.start)–\(e.end), scored \(s.label) \(s.start)–\(s.end)")
                    }
                }
                detections += expected.count
            }
            #expect(detections > 0, "\(entry.name): no detection on fold \(fold)'s test recordings, so the agreement says little")
            covered.insert(entry.recognizer)
        }
        return covered
    }

    /// The synthetic continuous data of the main job: its shake entries, trained on three subjects, tested on three.
    @Test func synthetic() throws {
        let folder = CompareCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shipped = try Experiment(contentsOf: SharedData.packageRoot.appendingPathComponent("configs/experiments/default.yaml"), trainers: .standard)
        let dataset = SharedData.packageRoot.appendingPathComponent("datasets/default-hard")
        var experiment = shipped
        experiment.datasets = ["default": .source(dataset.path)]
        experiment.split = .subjectDraws(train: 3, draws: 1)
        experiment.entries = try Self.variants(of: shipped, datasetKey: "default")
        let fold = try FoldAssignment(experiment.split.strategy(seed: experiment.seed), dataset: DatasetReader.read(at: dataset)).folds[0].name
        let covered = try Self.requireAgreement(experiment, dataset: dataset, fold: fold, in: folder)
        #expect(covered == Set(Self.streamingLearned), "every learned streaming recognizer has an entry in default.yaml")
    }

    /// SwimWatch_Turns, converted to the project's format: the shipped turn entries with the rhythm, trained on five
    /// swimmers, tested on the other six.
    @Test(.needsSharedData) func swimWatchTurns() throws {
        let folder = CompareCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let converted = folder.appendingPathComponent("swim")
        let convert = try GestureLabBinary.run(["datasets", "convert", "swimwatch:" + SharedData.dataset("SwimWatch_Turns")!.path, "--out", converted.path])
        try #require(convert.status == 0, "\(convert.stderr)")
        let shipped = try Experiment(contentsOf: SharedData.packageRoot.appendingPathComponent("configs/experiments/swimwatch-turns.yaml"), trainers: .standard)
        var experiment = shipped
        experiment.datasets = ["swim": .source(converted.path)]
        experiment.split = .subjectDraws(train: 5, draws: 1)
        // The rhythm entry is the one issue 53 found shipped without its stages; DTW's first entry beside it.
        experiment.entries = try Self.variants(of: shipped, datasetKey: "swim").filter { !$0.name.contains("gravity split") }
        if let rhythm = shipped.entries.first(where: { $0.name == "minirocket stream, long context + rhythm" }) {
            var staged = rhythm
            staged.name += ", rhythm on 3 s"
            staged.group = "agreement"
            staged.stages = [.physical(.init(rhythmWindow: 3))]
            experiment.entries.append(staged)
        }
        let fold = try FoldAssignment(experiment.split.strategy(seed: experiment.seed), dataset: DatasetReader.read(at: converted)).folds[0].name
        let covered = try Self.requireAgreement(experiment, dataset: converted, fold: fold, in: folder)
        #expect(covered == Set(Self.streamingLearned))
    }
}
