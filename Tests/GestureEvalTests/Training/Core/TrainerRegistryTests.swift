import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing

/// A learned recognizer added from outside the library: ``Push`` (the recognizer) with a threshold learned halfway
/// between the loudest background and the weakest annotated peak of the training recordings (its model records the
/// subjects it saw), registered in a ``TrainerRegistry`` of the test's own. No library file names it.
private struct MidpointPushTrainer: RecognizerTrainer {
    struct Model: Codable, Sendable { var threshold: Double; var subjects: Set<String> }

    var identifier: String { Push.identifier }

    func validate(_ setup: TrainingSetup) throws(TrainingError) {
        if let key = setup.search.keys.sorted().first { throw setup.error("'\(key)' cannot be searched for push: the threshold is learned") }
    }

    func fit(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> Trained<Model> {
        var background = 0.0, weakestPeak = Double.infinity
        for r in recordings {
            guard let x = r.column(.accelX) else { throw setup.error("recording \(r.id) has no accel.x") }
            for (t, v) in zip(r.timestamps, x) {
                if let a = r.annotations.first(where: { t >= $0.start && t <= $0.end }) {
                    weakestPeak = min(weakestPeak, zip(r.timestamps, x).filter { $0.0 >= a.start && $0.0 <= a.end }.map { abs($0.1) }.max() ?? 0)
                } else {
                    background = max(background, abs(v))
                }
            }
        }
        let model = Model(threshold: (background + weakestPeak) / 2, subjects: Set(recordings.map(\.subject)))
        return Trained(model, summary: TrainingSummary(values: ["threshold": model.threshold]))
    }

    func detect(_ learned: Model, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
        return try setup.run(setup.pipeline([try Push(configuration: .init(threshold: learned.threshold))]), on: recordings, checkChannels: true)
    }

    func readModel(at url: URL) throws(DataFileError) -> Trained<Model> {
        do {
            let model = try JSONDecoder().decode(Model.self, from: Data(contentsOf: url))
            return Trained(model, summary: TrainingSummary(values: ["threshold": model.threshold]))
        } catch { throw DataFileError(file: url.path, "\(error)") }
    }

    func writeModel(_ model: Model, to url: URL) throws(DataFileError) {
        do { try AtomicFile.write(try JSONEncoder().encode(model), to: url) } catch {
            throw DataFileError(file: url.path, "\(error)")
        }
    }
}

@Suite struct TrainerRegistryTests {
    /// Four subjects' pushes (``pushRecording(subject:take:)``), two takes each.
    static let pushes = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                                recordings: (0..<4).flatMap { s in (0..<2).map { pushRecording(subject: s, take: $0) } })

    static var trainers: TrainerRegistry {
        var trainers = TrainerRegistry.standard
        trainers.register(MidpointPushTrainer())
        return trainers
    }

    /// Train in each fold (on its training subjects only), detect on the test subject, score: the test's trainer runs
    /// through the whole experiment, and each fold's threshold is what training on that fold alone learns.
    @Test func aLearnedRecognizerFromOutsideRunsThroughAnExperiment() throws {
        let entry = Experiment.Entry(name: "learned", recognizer: Push.identifier, datasets: ["pushes"], labels: ["push"])
        let experiment = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], bootstrapReplicates: 200, entries: [entry])
        #expect(TrainerRegistry.standard.learned(Push.identifier) == nil)
        let runner = try ExperimentRunner(experiment: experiment, datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: Self.trainers)
        #expect(runner.plan.trainingSteps.allSatisfy { $0.recognizer == Push.identifier && $0.workload.detail == nil })
        let result = try runner.run()
        let score = try #require(result.scores.first)
        #expect(score.folds.map(\.fold) == ["s0", "s1", "s2", "s3"])
        for (fold, fs) in zip(runner.folds["pushes"]!.folds, score.folds) {
            let training = fold.train.map { Self.pushes.recordings[$0] }
            let alone = try EntryTrainer(entry: entry, experiment: experiment, kind: .continuous, registry: pushRegistry, trainers: Self.trainers)
                .train(on: training)
            let model = try #require(alone.model(as: MidpointPushTrainer.Model.self))
            #expect(!model.subjects.contains(fold.name), "fold \(fold.name) trains without its test subject")
            #expect(fs.trained.values["threshold"] == model.threshold, "fold \(fold.name)")
            #expect(fs.value.value.isFinite)
        }
        // The quiet subjects' pushes are found by a threshold learned from the others.
        #expect(score.folds[1].value.value > 0.9)
    }

    /// The trainer's own checks run when the experiment is prepared, and their words become the experiment's.
    @Test func aTrainersValidationNamesTheEntry() throws {
        var entry = Experiment.Entry(name: "learned", recognizer: Push.identifier, datasets: ["pushes"], labels: ["push"])
        entry.search = ["threshold": .init(values: [1])]
        let experiment = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], bootstrapReplicates: 200, entries: [entry])
        #expect {
            try ExperimentRunner(experiment: experiment, datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: Self.trainers).run()
        } throws: { error in
            (error as? ExperimentError)?.description == "entry 'learned' on dataset 'pushes': 'threshold' cannot be searched for push: the threshold is learned"
        }
    }

    /// Every registered recognizer either has a trainer or runs on its defaults (rule-based), and the soak and the
    /// robustness tests can make each of them (``TrainerRegistry/exampleRecognizer(_:from:)``).
    @Test(arguments: RecognizerRegistry.standard.identifiers) func everyRegisteredRecognizerIsTrainedAndRuns(identifier: String) throws {
        let trainer = TrainerRegistry.standard.learned(identifier)
        if trainer == nil {
            #expect(throws: Never.self) { try RecognizerRegistry.standard.makeRecognizer(identifier) }
        } else {
            #expect(try trainer?.exampleConfiguration() != nil, "\(identifier) needs a model to run, so its trainer gives an example")
        }
        var recognizer = try TrainerRegistry.standard.exampleRecognizer(identifier, from: .standard)
        var events: [GestureEvent] = []
        for i in 0..<500 {
            recognizer.process(MotionSample(timestamp: Double(i) / 100, acceleration: Vector3(0, 0, -1), rotationRate: .zero), into: &events)
        }
    }

    /// Each learned recognizer's trainer is registered under its recognizer's identifier, and every trainer the
    /// commands know is a streaming recognizer of the recognizer registry, the segment classifier, the spotter with
    /// no settings (whose models run as `minirocket-stream`), or another tool's detections (read from files).
    @Test func theTrainerRegistryListsTheLearnedRecognizers() {
        #expect(TrainerRegistry.standard.identifiers == [DetectionsTrainer.identifier, DTWTemplateMatcher.identifier, MiniRocketClassifier.identifier,
                                                         MiniRocketSpotter.identifier, AutoSpotterTrainer.identifier])
        #expect(Set(TrainerRegistry.standard.identifiers).subtracting(RecognizerRegistry.standard.identifiers)
                == [MiniRocketClassifier.identifier, AutoSpotterTrainer.identifier, DetectionsTrainer.identifier])
        #expect(TrainerRegistry.standard.modelFileReaders == [DTWTemplateMatcher.identifier])
        #expect(TrainerRegistry.standard.learned("shake") == nil && TrainerRegistry.standard.trainer(for: "shake").identifier == "shake")
    }
}
