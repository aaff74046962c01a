import Foundation
@testable import GestureEval
import GestureData
import GestureKit
import Testing

/// Recordings are judged once, when a run is prepared, and carried: each unit holds its test part as its entry judges
/// it, with what judging left out of each recording, and the aggregator reads those instead of relabelling the dataset.
@Suite struct JudgedFoldsTests {
    /// Pushes with `walking` over each recording's first 10 s (around its first push) and a `shove`, renamed `walking`
    /// by the label map, over its last 5 s.
    private static let dataset = Dataset(name: "pushes", kind: .continuous, samplingRate: 50, recordings: (0..<4).flatMap { s in
        (0..<2).map { take in
            var r = pushRecording(subject: s, take: take)
            r.annotations = [Annotation(start: 0, end: 10, label: "walking")] + r.annotations + [Annotation(start: 35, end: 39.98, label: "shove")]
            return r
        }
    })

    private static func experiment() -> Experiment {
        var spec = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 3, bootstrapReplicates: 20,
                              entries: [pushEntry("low", threshold: 0.5), pushEntry("high", threshold: 1.0)])
        spec.labelMap = LabelMap(["shove": "walking"])
        return spec
    }

    @Test func eachUnitCarriesItsTestPartAsItsEntryJudgesIt() throws {
        let runner = try ExperimentRunner(experiment: Self.experiment(), datasets: ["pushes": Self.dataset], registry: pushRegistry, trainers: .standard)
        let units = try ExperimentExecutor(experiment: runner.experiment, datasets: runner.datasets, folds: runner.folds, registry: pushRegistry, trainers: .standard).run(runner.plan)
        #expect(units.count == 8)
        for unit in units {
            let entry = try #require(runner.experiment.entries.first { $0.name == unit.unit.entry })
            let fold = runner.folds["pushes"]!.folds[unit.unit.fold]
            let tested = fold.test.map { Self.dataset.recordings[$0] }
            #expect(unit.recordings == entry.judged(tested, kind: .continuous))
            #expect(unit.recordings.allSatisfy { $0.annotations.count == 5 && $0.annotations.allSatisfy { $0.label == "push" } })
            // What judging left out is what the relabelled recording holds besides the judged annotations.
            let relabelled = entry.relabelled(tested)
            #expect(unit.unjudged == zip(relabelled, unit.recordings).map { FalseActivationBreakdown.unjudged(in: $0, judged: $1) })
            #expect(unit.unjudged.allSatisfy { $0 == [Annotation(start: 0, end: 10, label: "walking"), Annotation(start: 35, end: 39.98, label: "walking")] })
            #expect(runner.judged.training(unit.unit.entry, dataset: "pushes", fold: unit.unit.fold)
                    == entry.judged(fold.train.map { Self.dataset.recordings[$0] }, kind: .continuous))
        }

        // The false activations by activity are those the relabelled dataset gives.
        let result = try ExperimentAggregator(experiment: runner.experiment, datasets: runner.datasets, folds: runner.folds, trainers: .standard).result(of: runner.plan, units)
        for score in result.scores {
            let mine = units.filter { $0.unit.entry == score.entry }
            let entry = try #require(runner.experiment.entries.first { $0.name == score.entry })
            let expected = mine.map { unit in
                FalseActivationBreakdown(judged: unit.recordings, all: entry.relabelled(runner.folds["pushes"]!.folds[unit.unit.fold].test.map { Self.dataset.recordings[$0] }),
                                         matches: unit.matches)
            }.reduce(FalseActivationBreakdown?.none) { $0?.merged(with: $1) ?? $1 }
            #expect(score.falseActivations == expected, "\(score.entry)")
            // 10 s of walking less its push, and 4.98 s of the shove, in each of 8 recordings.
            let walking = try #require(score.falseActivations?.activities.first { $0.label == "walking" })
            #expect(abs(walking.hours * 3600 - 8 * (9.4 + 4.98)) < 1e-6, "\(walking.hours * 3600) s")
        }
        let low = try #require(result.scores.first { $0.entry == "low" })
        #expect(low.outcomes?.contains { $0.outcome == .insertion && $0.activity == "walking" } == true, "s3's 0.9 g background fires while walking")
    }
}
