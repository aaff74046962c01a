import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// DTW training records exactly the channels it read: named ones, or by default what the data has.
@Suite struct DTWChannelTrainingTests {
    static func continuous(dropping prefix: String? = nil) throws -> Dataset {
        var spec = SyntheticDatasetGenerator.defaultSpec
        spec.subjects = 3
        spec.sessionsPerSubject = 1
        spec.recordingDuration = 30
        var dataset = try SyntheticDatasetGenerator.generate(spec)
        if let prefix {
            for i in dataset.recordings.indices {
                for c in dataset.recordings[i].channelNames where c.rawValue.hasPrefix(prefix) { dataset.recordings[i].removeColumn(c) }
            }
        }
        return dataset
    }

    static func shapes() throws -> Dataset {
        var spec = SyntheticDatasetGenerator.defaultSegmentSpec
        spec.subjects = 2
        return try SyntheticDatasetGenerator.generate(spec)
    }

    static func train(_ configuration: [String: ConfigurationValue], on dataset: Dataset, labels: [String] = []) throws -> (DTWModel, TrainingSummary) {
        let entry = Experiment.Entry(name: "dtw", recognizer: "dtw", configuration: .inline(.object(configuration)),
                                     datasets: ["d"], labels: labels)
        let experiment = Experiment(name: "t", datasets: ["d": .source("unused")], entries: [entry])
        let trained = try EntryTrainer(entry: entry, experiment: experiment, kind: dataset.kind, registry: .standard, trainers: .standard).train(on: dataset.recordings)
        guard let model = trained.model(as: DTWModel.self) else { throw ExperimentError("not a DTW model") }
        let summary = trained.summary
        return (model, summary)
    }

    /// The bug this replaces: on user.x…z columns the series builder took "the columns in order" and the
    /// model said acceleration. Now the model says user acceleration, and asking for acceleration fails.
    @Test func userAccelerationDataGivesAUserAccelerationModel() throws {
        let dataset = try Self.continuous(dropping: "accel.")
        #expect(!dataset.recordings[0].channelNames.contains(Channel.accelX))
        let (model, _) = try Self.train(["selection": .number(1)], on: dataset, labels: ["shake"])
        #expect(model.channels == MotionChannel.userAcceleration)
        for configuration: [String: ConfigurationValue] in [["signal": .string("acceleration")], ["channels": .array([.string("acceleration")])]] {
            do {
                _ = try Self.train(configuration, on: dataset, labels: ["shake"])
                Issue.record("training on absent accel.* columns succeeded")
            } catch {
                #expect("\(error)".contains("no column accel.x"), "\(error)")
            }
        }
    }

    /// Templates with context, compared as intensity envelopes of a magnitude no recording stores: each example
    /// is the envelope of the whole recording's |a|, cut from 1 s before to 1 s after its annotation, and the model
    /// records both settings. Context needs continuous recordings.
    @Test func contextAndEnvelopeExamplesAreCutFromWholeRecordings() throws {
        let dataset = try Self.continuous()
        let (model, _) = try Self.train(["channels": .array([.string("accel.magnitude")]), "selection": .string("all"), "band": .number(0.1),
                                         "context": .number(1), "movingDeviation": .number(0.5)], on: dataset, labels: ["shake"])
        #expect(model.channels.map(\.rawValue) == ["accel.magnitude"] && model.context == 1 && model.movingDeviation == 0.5)
        let recording = try #require(dataset.recordings.first { $0.annotations.contains { $0.label == "shake" } })
        let shake = try #require(recording.annotations.first { $0.label == "shake" })
        let magnitude = zip(zip(recording.column(.accelX)!, recording.column(.accelY)!), recording.column(.accelZ)!).map {
            Vector3($0.0, $0.1, $1).length
        }
        let rate = Double(recording.count - 1) / recording.duration
        let envelope = try MovingDeviation.apply(seconds: 0.5, samplingRate: rate, to: [magnitude])[0]
        let expected = zip(recording.timestamps, envelope).filter { $0.0 >= shake.start - 1 && $0.0 <= shake.end + 1 }.map(\.1)
        #expect(model.templates.first { $0.label == "shake" }?.series.dimension(0) == expected)
        #expect(throws: (any Error).self) { try Self.train(["context": .number(1)], on: try Self.shapes()) }
    }

    /// Accelerometer and gyroscope together: 6 channels, each divided by its training σ (the units differ),
    /// so every scaled template dimension is of order 1; one unit alone keeps its unit (no scales).
    @Test func sixAxisModelScalesItsChannels() throws {
        let dataset = try Self.shapes()
        let (model, _) = try Self.train(["channels": .array([.string("acceleration"), .string("rotationRate")]),
                                         "selection": .string("all"), "band": .number(0.1), "rejectionK": .null], on: dataset)
        #expect(model.channels.map(\.rawValue) == ["accel.x", "accel.y", "accel.z", "gyro.x", "gyro.y", "gyro.z"])
        let scales = try #require(model.channelScales)
        #expect(scales.count == 6 && scales.allSatisfy { $0 > DTWTrainer.scaleFloor })
        // Pooled over all templates (= all examples), each scaled channel has standard deviation 1.
        for d in 0..<6 {
            let values = model.templates.flatMap { $0.series.dimension(d) }
            let mean = values.reduce(0, +) / Double(values.count)
            let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
            #expect(abs(sd - 1) < 1e-9, "channel \(model.channels[d]): σ \(sd)")
        }
        // Classifying the training examples with their own templates is exact, through the scaling.
        let classifier = try DTWClassifier(model: model)
        for r in dataset.recordings.prefix(10) {
            let series = try DTWSeries(dimensions: model.channels.map { r.column(Channel(rawValue: $0.rawValue))! })
            #expect(try classifier.classify(series).label == r.annotations[0].label)
        }
        let (unscaled, _) = try Self.train(["channels": .array([.string("acceleration")]), "selection": .string("medoid")], on: dataset)
        #expect(unscaled.channelScales == nil)
        let (none, _) = try Self.train(["channels": .array([.string("acceleration"), .string("rotationRate")]), "scaling": .string("none"),
                                        "multivariate": .string("independent"), "band": .number(0.1)], on: dataset)
        #expect(none.channelScales == nil && none.dtw.multivariate == .independent)
    }

    @Test func oldKeysReadWithADeprecationLine() throws {
        let old = ConfigurationValue.object(["signal": .string("userAcceleration"), "axes": .array([.string("x"), .string("z")])])
        let settings = try old.decoding.decode(DTWTrainingSettings.self)
        #expect(settings.channels?.map(\.rawValue) == ["user.x", "user.z"])
        #expect(DTWTrainingSettings.deprecations(in: old) == ["dtw configuration: signal and axes are deprecated; write channels: [user.x, user.z]"])
        #expect(DTWTrainingSettings.deprecations(in: .object(["channels": .array([.string("dim1")])])).isEmpty)
        // rejectionK: null is the old spelling of rejection: none; a number is still the search key.
        #expect(DTWTrainingSettings.deprecations(in: .object(["rejectionK": .null])) == ["dtw configuration: rejectionK: null is deprecated; write rejection: none"])
        #expect(DTWTrainingSettings.deprecations(in: .object(["rejectionK": .number(3)])).isEmpty)
        #expect(throws: (any Error).self) {
            try ConfigurationValue.object(["channels": .array([.string("acel.x")])]).decoding.decode(DTWTrainingSettings.self)
        }
    }

    /// An experiment file over UEA `.ts` files (`split: fixed:train:test`, like configs/experiments/ucr-dtw.yaml)
    /// with `multivariate` set per entry: each entry's accuracy is 1-NN DTW of that mode on the archive's
    /// columns dim1…dim3, which the model names.
    @Test func experimentFileOnUEAFiles() throws {
        let root = TemporaryFolder.root.appendingPathComponent("dtw-ts-\(UUID().uuidString)")
        let (train, test) = try UEAFixture.tinySplit(in: root, trainingPairs: 5)
        defer { try? FileManager.default.removeItem(at: root) }
        let experiment = try UEAFixture.experiment(in: root, train: train, test: test, entries: """
              - name: dependent
                recognizer: dtw
                configuration: {band: 0.2, selection: all, rejectionK: null, multivariate: dependent}
                datasets: [tiny]
              - name: independent
                recognizer: dtw
                configuration: {channels: [dim1, dim2, dim3], band: 0.2, selection: all, rejectionK: null, multivariate: independent}
                datasets: [tiny]
            """)
        let runner = try ExperimentRunner(experiment: experiment, datasets: experiment.loadDatasets(), registry: .standard, trainers: .standard)
        let result = try runner.run()
        let trainSeries = try UEAArchive.read(contentsOf: train), testSeries = try UEAArchive.read(contentsOf: test)
        for mode in [DTW.Multivariate.dependent, .independent] {
            let expected = try NearestNeighborEvaluation(k: 1, band: 0.2, multivariate: mode).run(train: trainSeries, test: testSeries)
            let score = try #require(result.scores.first { $0.entry == mode.rawValue })
            #expect(score.overall.value == expected.accuracy, "\(mode): \(score.overall.value) vs \(expected.accuracy)")
        }
        let entry = try #require(experiment.entries.first { $0.name == "dependent" })
        let trained = try EntryTrainer(entry: entry, experiment: experiment, kind: .segments, registry: .standard, trainers: .standard).train(on: runner.datasets["tiny"]!.recordings)
        guard let model = trained.model(as: DTWModel.self) else { Issue.record("not a DTW model"); return }
        #expect(model.channels.map(\.rawValue) == ["dim1", "dim2", "dim3"], "archive columns keep their names")
    }

    /// A model used as is on recordings without its channels: the evaluation fails naming the channel,
    /// instead of scoring a matcher that never saw a sample.
    @Test func aModelOnRecordingsWithoutItsChannelsFails() throws {
        let full = try Self.continuous()
        let (model, _) = try Self.train(["channels": .array([.string("rotationRate")]), "selection": .number(1),
                                         "rejection": .object(["method": .string("stream"), "objective": .string("f1")])],
                                        on: full, labels: ["shake"])
        let file = TemporaryFolder.root.appendingPathComponent("gyro-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try DTWModelFile.write(model, to: file)
        let accelerometerOnly = try Self.continuous(dropping: "gyro.")
        let entry = Experiment.Entry(name: "gyro model", recognizer: "dtw", datasets: ["d"], labels: ["shake"], model: file.path)
        let experiment = Experiment(name: "t", datasets: ["d": .source("unused")], bootstrapReplicates: 200, entries: [entry])
        let runner = try ExperimentRunner(experiment: experiment, datasets: ["d": accelerometerOnly], registry: .standard, trainers: .standard)
        do {
            _ = try runner.run()
            Issue.record("a rotation-rate model was evaluated on recordings without gyro columns")
        } catch {
            #expect(error.description.contains("needs channel gyro.x"), "\(error)")
        }
    }

    /// Augmented copies add examples to choose templates from, seeded: the same seed gives the same model, and the
    /// copies' examples are counted.
    @Test func augmentationAddsSeededExamples() throws {
        let dataset = try Self.continuous()
        func augmentation(_ seed: Double) -> ConfigurationValue {
            .object(["copies": .number(2), "rotation": .number(90), "seed": .number(seed)])
        }
        let (plain, plainSummary) = try Self.train(["selection": .number(2)], on: dataset, labels: ["shake"])
        let (a, summary) = try Self.train(["selection": .number(2), "augmentation": augmentation(1)], on: dataset, labels: ["shake"])
        let (b, _) = try Self.train(["selection": .number(2), "augmentation": augmentation(1)], on: dataset, labels: ["shake"])
        let (c, _) = try Self.train(["selection": .number(2), "augmentation": augmentation(2)], on: dataset, labels: ["shake"])
        #expect(a == b)
        #expect(summary.values["examples"] == 3 * plainSummary.values["examples"]!)
        #expect(summary.values["augmentedRecordings"] == Double(2 * dataset.recordings.count))
        #expect(a != plain && a != c)
    }
}
