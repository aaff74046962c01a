import Foundation
import GestureEval
import GestureKit
import Testing

/// Reports each stretch where |acceleration x| exceeds `threshold` g as a `push`.
private struct Push: ConfigurableRecognizer {
    struct Configuration: Codable, Sendable, Equatable {
        var threshold: Double
    }
    static let identifier = "push"
    let configuration: Configuration
    private var start: Double?
    private var last = 0.0

    init(configuration: Configuration) throws(ConfigurationError) {
        guard configuration.threshold > 0 else { throw ConfigurationError(key: "threshold", "must be > 0") }
        self.configuration = configuration
    }

    mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {
        if abs(sample.acceleration.x) > configuration.threshold {
            if start == nil { start = sample.timestamp }
        } else if let s = start {
            events.append(GestureEvent(label: "push", phase: .ended, start: s, end: last, time: sample.timestamp, score: 1))
            start = nil
        }
        last = sample.timestamp
    }

    mutating func reset() { start = nil }
}

private let pushes = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                             recordings: (0..<4).flatMap { s in (0..<2).map { pushRecording(subject: s, take: $0) } })

private var registry: RecognizerRegistry {
    var r = RecognizerRegistry.standard
    r.register(Push.self)
    return r
}

private func entry(_ name: String, threshold: Double, search: [Double] = []) -> Experiment.Entry {
    Experiment.Entry(name: name, recognizer: "push", configuration: .inline(.object(["threshold": .number(threshold)])),
                     datasets: ["pushes"], labels: ["push"], search: search.isEmpty ? [:] : ["threshold": .init(values: search)])
}

private func experiment(_ entries: [Experiment.Entry], seed: UInt64 = 3) -> Experiment {
    Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: seed, bootstrapReplicates: 200, entries: entries)
}

@Suite struct ExperimentRunnerTests {
    static let grid = [0.3, 0.5, 0.7, 0.95, 1.1, 1.3, 1.5]

    /// Each fold's threshold is chosen on its training subjects only: it equals what training on
    /// exactly those recordings gives. For the weak subject s0 (pushes of 0.6 g) it lies above s3's
    /// 0.9 g background, so s0's pushes are missed; for the noisy subject s3 it is learned from
    /// quiet subjects, below s3's background — training on all subjects would choose otherwise.
    @Test func gridSearchTrainsInsideEachFoldOnly() throws {
        let tuned = entry("tuned", threshold: 1, search: Self.grid)
        let spec = experiment([tuned])
        let runner = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: registry)
        let result = try runner.run()
        let folds = runner.folds["pushes"]!.folds
        let score = try #require(result.scores.first)
        #expect(score.folds.map(\.fold) == ["s0", "s1", "s2", "s3"])
        for (fold, fs) in zip(folds, score.folds) {
            let trainOnly = try ExperimentRunner.train(tuned, on: fold.train.map { pushes.recordings[$0] }, kind: .continuous,
                                                      experiment: spec, registry: registry)
            #expect(fs.trained["threshold"] == trainOnly.summary["threshold"], "fold \(fold.name)")
            #expect(!fold.train.contains { pushes.recordings[$0].subject == fold.name })
        }
        let s0 = score.folds[0]
        #expect(try #require(s0.trained["threshold"]) > 0.9)
        #expect(s0.value.value == 0, "s0's 0.6 g pushes fall below a threshold learned without s0")
        let s3 = score.folds[3]
        #expect(try #require(s3.trained["threshold"]) < 0.9)
        let all = try ExperimentRunner.train(tuned, on: pushes.recordings, kind: .continuous, experiment: spec, registry: registry)
        #expect(all.summary["threshold"] != s3.trained["threshold"], "with s3 in training the search would choose differently")
        let insertions = try #require(result.evaluations["pushes"]?.metrics.first { $0.scope == "tuned/subject s3" && $0.name == "insertions" })
        #expect(insertions.value > 0)
    }

    /// Same inputs and seed give byte-identical results; another seed changes the intervals only.
    @Test func deterministicResults() throws {
        let spec = experiment([entry("low", threshold: 0.5), entry("high", threshold: 1.0), entry("tuned", threshold: 1, search: Self.grid)])
        let a = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: registry).run().jsonData()
        let b = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: registry).run().jsonData()
        #expect(a == b)
        let other = try ExperimentRunner(experiment: experiment(spec.entries, seed: 4), datasets: ["pushes": pushes], registry: registry).run()
        #expect(try other.jsonData() != a)
        let first = try ExperimentResult(jsonData: a)
        #expect(other.scores.map(\.overall.value) == first.scores.map(\.overall.value))
    }

    /// Threshold 0.5 g catches every push but fires on s3's 0.9 g background; 1.0 g misses s0's
    /// ten pushes. McNemar on per-annotation correctness: b = 10, c = 0, exact p = 2 · 0.5¹⁰.
    @Test func pairedTestsOnTheSameAnnotations() throws {
        let spec = experiment([entry("low", threshold: 0.5), entry("high", threshold: 1.0), entry("tuned", threshold: 1, search: Self.grid)])
        let result = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: registry).run()
        let pair = try #require(result.pairs.first { $0.first == "low" && $0.second == "high" })
        let m = try #require(pair.mcnemar)
        #expect(m.onlyFirstCorrect == 10 && m.onlySecondCorrect == 0)
        #expect(abs(m.pValue - 2 * pow(0.5, 10)) < 1e-12)
        // F1 difference: low has 40/40 annotations and extra detections on s3; high has 30 correct of 30 detections.
        let low = try #require(result.scores.first { $0.entry == "low" }), high = try #require(result.scores.first { $0.entry == "high" })
        #expect(abs(try #require(pair.bootstrap).difference.value - (low.overall.value - high.overall.value)) < 1e-12)
        #expect(high.overall.value == 2.0 * 30 / (30 + 40))
        let w = try #require(pair.wilcoxon)
        #expect(w.count + w.zeros == 4)
        // Three entries over four folds: Friedman's average ranks sum to k(k + 1)/2 and the CD is Nemenyi's.
        let ranking = try #require(result.ranking)
        #expect(ranking.methods == ["low", "high", "tuned"])
        #expect(abs(ranking.friedman.averageRanks.reduce(0, +) - 6) < 1e-12)
        let nemenyi = try NemenyiTest(friedman: try FriedmanTest(scores: ranking.scores), alpha: 0.05)
        #expect(ranking.nemenyi.criticalDifference == nemenyi.criticalDifference)
        // Every metric of every entry is in the dataset's evaluation result, with the folds.
        let evaluation = try #require(result.evaluations["pushes"])
        #expect(evaluation.folds?.folds.count == 4)
        #expect(evaluation.metrics.contains { $0.scope == "low vs high" && $0.name == "mcnemar.p" })
        #expect(evaluation.metrics.contains { $0.scope == "tuned/fold s2" && $0.name == "trained.threshold" })
    }

    /// Annotations outside an entry's labels are dropped, so detections on them count as insertions.
    @Test func onlyJudgedLabelsCount() throws {
        var relabelled = pushes
        for i in relabelled.recordings.indices {
            relabelled.recordings[i].annotations = relabelled.recordings[i].annotations.enumerated().map { k, a in
                Annotation(start: a.start, end: a.end, label: k == 0 ? "other" : a.label)
            }
        }
        let spec = experiment([entry("high", threshold: 1.0)])
        let result = try ExperimentRunner(experiment: spec, datasets: ["pushes": relabelled], registry: registry).run()
        let e = try #require(result.evaluations["pushes"])
        let annotations = try #require(e.metrics.first { $0.scope == "high" && $0.name == "annotations" })
        #expect(annotations.value == 32)
        let insertions = try #require(e.metrics.first { $0.scope == "high" && $0.name == "insertions" })
        #expect(insertions.value == 6, "s1–s3's first push in each take is detected but not judged")
    }

    /// DTW templates of shakes are trained from the training subjects' annotations only, and the
    /// rejection k chosen there (each fold's model equals training on those recordings alone).
    @Test func dtwTemplatesAreTrainedInsideEachFold() throws {
        var spec = SyntheticDatasetGenerator.defaultSpec
        spec.subjects = 3
        spec.sessionsPerSubject = 1
        spec.recordingDuration = 30
        let dataset = try SyntheticDatasetGenerator.generate(spec)
        let entry = Experiment.Entry(name: "dtw shakes", recognizer: "dtw",
                                     configuration: .inline(.object(["signal": .string("userAcceleration"), "selection": .number(2)])),
                                     datasets: ["synthetic"], labels: ["shake"], search: ["rejectionK": .init(values: [0, 1, 3])])
        let experiment = Experiment(name: "dtw", datasets: ["synthetic": .source("unused")], bootstrapReplicates: 200, entries: [entry])
        let runner = try ExperimentRunner(experiment: experiment, datasets: ["synthetic": dataset])
        let result = try runner.run()
        let score = try #require(result.scores.first)
        for (fold, fs) in zip(runner.folds["synthetic"]!.folds, score.folds) {
            let training = fold.train.map { dataset.recordings[$0] }
            let alone = try ExperimentRunner.train(entry, on: training, kind: .continuous, experiment: experiment)
            #expect(fs.trained == alone.summary, "fold \(fold.name)")
            let shakes = training.flatMap(\.annotations).count { $0.label == "shake" }
            #expect(fs.trained["examples"] == Double(shakes), "only the training subjects' shakes are examples")
        }
        #expect(score.folds.allSatisfy { [0.0, 1.0, 3.0].contains($0.trained["rejectionK"] ?? -1) })
    }
}
