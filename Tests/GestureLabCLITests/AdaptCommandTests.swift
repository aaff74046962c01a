import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// What ships is what was scored, for a model that adapts to each person: `train --fold F` writes the fold's model,
/// `adapt --subject S` adapts it to one of F's test subjects, and `detect` with the adapted file gives, to the sample,
/// the detections `compare` scored for S; for a labelled and an unlabelled protocol, each with its levers forced on so
/// that the adapted model really differs from the one before adaptation.
@Suite(.serialized) struct AdaptCommandTests {
    static let dataset = SharedData.packageRoot.appendingPathComponent("datasets/default-hard")

    /// The spotter, small and seeded, adapting by `adaptation` (YAML), on the main job's shakes: trained on three
    /// subjects, tested on three.
    static func experiment(_ adaptation: String, name: String) -> String {
        """
        name: adapt
        datasets: {shake: \(dataset.path)}
        split: subject-draws:3:1
        seed: 1
        matching: {before: 1, after: 1}
        metric: f1
        bootstrapReplicates: 100
        entries:
          - name: \(name)
            recognizer: spotter
            dataset: shake
            labels: [shake]
            configuration: {features: 336, maxDilationsPerKernel: 4, maxWindows: 300, seed: 5}
            adaptation: \(adaptation)
        """
    }

    /// Runs the experiment, then trains, adapts and detects for each test subject of its fold, requiring the scored
    /// detections; returns how many detections were compared and how many subjects' models the adaptation changed.
    static func requireAgreement(_ adaptation: String, in folder: URL) throws -> (detections: Int, changed: Int) {
        let name = "shakes, adapted"
        let file = folder.appendingPathComponent("adapt.yaml")
        try experiment(adaptation, name: name).write(to: file, atomically: true, encoding: .utf8)
        let compare = try GestureLabBinary.run(["compare", file.path, "--out", folder.appendingPathComponent("report").path, "--quiet"])
        try #require(compare.status == 0, "\(compare.stderr)")
        let result = try ExperimentResult(jsonData: Data(contentsOf: folder.appendingPathComponent("report/results.json")))
        let outcomes = try #require(result.scores.first { $0.entry == name }?.outcomes)
        let spec = try Experiment(contentsOf: file, trainers: .standard)
        let loaded = try DatasetReader.read(at: dataset)
        let fold = try FoldAssignment(spec.split.strategy(seed: spec.seed), dataset: loaded).folds[0]
        let model = folder.appendingPathComponent("model.json")
        let train = try GestureLabBinary.run(["train", "--experiment", file.path, "--entry", name, "--fold", fold.name, "--out", model.path])
        try #require(train.status == 0, "\(train.stderr)")
        let rate = try #require(loaded.samplingRate)
        let tested = fold.test.map { loaded.recordings[$0] }
        var detections = 0, changed = 0
        for subject in Set(tested.map(\.subject)).sorted() {
            let adapted = folder.appendingPathComponent("model-\(subject).json")
            let adapt = try GestureLabBinary.run(["adapt", "--experiment", file.path, "--entry", name, "--model", model.path,
                                                  "--subject", subject, "--out", adapted.path])
            try #require(adapt.status == 0, "\(subject): \(adapt.stderr)")
            #expect(adapt.stdout.contains("adapted \(name) to \(subject)"), "\(adapt.stdout)")
            if try Data(contentsOf: adapted) != Data(contentsOf: model) { changed += 1 }
            for recording in tested where recording.subject == subject {
                let csv = dataset.appendingPathComponent("recordings/\(recording.id).csv")
                let run = try GestureLabBinary.run(["detect", "--recognizer", "spotter", "--config", adapted.path, "--input", csv.path, "--json"])
                try #require(run.status == 0, "\(recording.id): \(run.stderr)")
                let events = try run.jsonLines(GestureEvent.self).filter { $0.phase == .ended }.sorted { $0.start < $1.start }
                let expected = outcomes.filter { $0.kind == .detection && $0.fold == fold.name && $0.recording == recording.id }.sorted { $0.start < $1.start }
                #expect(events.count == expected.count, "\(recording.id): \(events.count) events, \(expected.count) scored")
                for (e, s) in zip(events, expected) {
                    #expect(e.label == s.label && abs(e.start - s.start) < 0.5 / rate && abs(e.end - s.end) < 0.5 / rate,
                            "\(recording.id): detected \(e.label) \(e.start)–\(e.end), scored \(s.label) \(s.start)–\(s.end)")
                }
                detections += expected.count
            }
        }
        return (detections, changed)
    }

    @Test func aLabelledAdaptationStreamsTheScoredDetections() throws {
        let folder = CompareCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (detections, changed) = try Self.requireAgreement("{labelled: 2, strength: {threshold: 1, ridge: 1}}", in: folder)
        #expect(detections > 0, "no detection to compare")
        #expect(changed == 3, "each test subject's model changes under the forced levers")
    }

    @Test func anUnlabelledAdaptationStreamsTheScoredDetections() throws {
        let folder = CompareCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (detections, changed) = try Self.requireAgreement("{unlabelled: all, strength: {standardisation: 1}}", in: folder)
        #expect(detections > 0, "no detection to compare")
        #expect(changed == 3, "each test subject's model changes under the forced levers")
    }

    /// An entry that does not adapt, and a subject the dataset lacks, are errors that say what to do.
    @Test func refusalsNameTheEntryAndTheSubjects() throws {
        let folder = CompareCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("adapt.yaml")
        let text = Self.experiment("{labelled: 2}", name: "adapting")
            + "\n  - name: plain\n    recognizer: shake\n    dataset: shake\n    labels: [shake]\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let model = folder.appendingPathComponent("none.json")
        try Data("{}".utf8).write(to: model)
        let plain = try GestureLabBinary.run(["adapt", "--experiment", file.path, "--entry", "plain", "--model", model.path,
                                              "--subject", "subject01", "--out", folder.appendingPathComponent("x.json").path])
        #expect(plain.status != 0)
        #expect(plain.stderr.contains("does not adapt"), "\(plain.stderr)")
        let nobody = try GestureLabBinary.run(["adapt", "--experiment", file.path, "--entry", "adapting", "--model", model.path,
                                               "--subject", "nobody", "--out", folder.appendingPathComponent("y.json").path])
        #expect(nobody.status != 0)
        #expect(nobody.stderr.contains("subjects: subject01"), "\(nobody.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("y.json").path))
    }
}
