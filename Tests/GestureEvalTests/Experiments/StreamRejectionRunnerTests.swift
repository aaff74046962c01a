import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing

@Suite struct StreamRejectionRunnerTests {
    /// Through the runner, on synthetic shakes among background motion: the calibrated entry reports each
    /// fold's operating point (`threshold.shake`, `trainingRecall.shake`, `trainingFalsePerHour.shake`),
    /// which is what the fold's model uses, and on the test subjects it fires no more often in the
    /// background than the k·σ rule, at a training F1 no worse than that rule's on the same recordings.
    @Test func streamRejectionIsCalibratedInsideEachFold() throws {
        let dataset = try SyntheticShakeFixture.dataset(subjects: 3, seconds: 90)
        func entry(_ name: String, _ rejection: ConfigurationValue) -> Experiment.Entry {
            Experiment.Entry(name: name, recognizer: "dtw",
                             configuration: SyntheticShakeFixture.dtwSettings(["minimumDuration": .number(0.3), "maximumDuration": .number(1.5), "rejection": rejection]),
                             datasets: ["synthetic"], labels: ["shake"])
        }
        let sigma = entry("sigma", .object(["method": .string("sigma"), "k": .number(3)]))
        let stream = entry("stream", .object(["method": .string("stream"), "objective": .string("f1")]))
        let experiment = Experiment(name: "stream", datasets: ["synthetic": .source("unused")], bootstrapReplicates: 200, entries: [sigma, stream])
        let runner = try ExperimentRunner(experiment: experiment, datasets: ["synthetic": dataset], registry: .standard, trainers: .standard)
        let result = try runner.run()
        let s = try #require(result.scores.first { $0.entry == "sigma" }), c = try #require(result.scores.first { $0.entry == "stream" })
        #expect(s.folds.allSatisfy { $0.trained.thresholds["shake"]?.threshold == nil }, "the k·σ rule reports no stream operating point")
        for (fold, f) in zip(runner.folds["synthetic"]!.folds, c.folds) {
            let threshold = try #require(f.trained.thresholds["shake"]?.threshold, "fold \(fold.name)")
            let recall = try #require(f.trained.thresholds["shake"]?.recall)
            #expect(threshold > 0 && (0...1).contains(recall))
            #expect(f.trained.thresholds["shake"]?.falsePerHour != nil)
            let training = fold.train.map { dataset.recordings[$0] }
            guard let model = try EntryTrainer(entry: stream, experiment: experiment, kind: .continuous, registry: .standard, trainers: .standard).train(on: training).model(as: DTWModel.self) else {
                Issue.record("not a DTW model")
                continue
            }
            #expect(model.threshold(for: "shake") == threshold, "the reported threshold is the one the fold's model uses")
            guard let sigmaModel = try EntryTrainer(entry: sigma, experiment: experiment, kind: .continuous, registry: .standard, trainers: .standard).train(on: training).model(as: DTWModel.self) else { continue }
            // On the training recordings the calibrated threshold is F1-optimal, so no worse than k·σ there.
            let judged = training.map { r -> Recording in
                var r = r
                r.annotations = r.annotations.filter { $0.label == "shake" }
                return r
            }
            func trainingF1(_ m: DTWModel) throws -> Double {
                let events = try judged.map { r -> [GestureEvent] in
                    var matcher = try DTWTemplateMatcher(configuration: m)
                    var events = matcher.process(r.samples)
                    matcher.finish(into: &events)
                    return events
                }
                let matching = experiment.matching.eventMatching
                return zip(judged, events).reduce(EventCounts()) { $0 + matching.match(annotations: $1.0.annotations, events: $1.1).counts }.f1
            }
            #expect(try trainingF1(model) >= trainingF1(sigmaModel) - 0.05, "fold \(fold.name)")
        }
        let sigmaFalse = s.folds.reduce(0) { $0 + ($1.metrics.events?.errors?.insertions ?? 0) }
        let streamFalse = c.folds.reduce(0) { $0 + ($1.metrics.events?.errors?.insertions ?? 0) }
        #expect(streamFalse <= sigmaFalse, "k·σ: \(sigmaFalse) false activations, calibrated: \(streamFalse)")
        #expect(c.folds.map { $0.trained.thresholds["shake"]?.threshold } != s.folds.map { _ in nil }, "calibration changed the thresholds")
    }
}
