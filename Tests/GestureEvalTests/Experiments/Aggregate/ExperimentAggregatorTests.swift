import Foundation
@testable import GestureEval
import GestureData
import GestureKit
import Testing

/// The aggregator scores what the units hold: their judged recordings and the matching of their events, matched
/// once by the executor, never again.
@Suite struct ExperimentAggregatorTests {
    private static let pushes = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                                        recordings: (0..<4).flatMap { s in (0..<2).map { pushRecording(subject: s, take: $0) } })

    /// Units whose matching says every annotation was missed score a recall of 0 and list only deletions, although
    /// their events would match: the aggregator takes the matching as given.
    @Test func theMatchingIsUsedAsGiven() throws {
        let spec = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 3, bootstrapReplicates: 50,
                              entries: [pushEntry("low", threshold: 0.5)])
        let runner = try ExperimentRunner(experiment: spec, datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard)
        let executor = try ExperimentExecutor(experiment: runner.experiment, datasets: runner.datasets, folds: runner.folds, registry: pushRegistry, trainers: .standard)
        let units = try executor.run(runner.plan)
        #expect(units.allSatisfy { $0.matches.count == $0.recordings.count && !$0.recordings.isEmpty })
        let aggregator = ExperimentAggregator(experiment: runner.experiment, datasets: runner.datasets, folds: runner.folds, trainers: .standard)
        let found = try aggregator.result(of: runner.plan, units)
        #expect(found.scores[0].folds.allSatisfy { ($0.metrics.events?.truePositives ?? 0) > 0 })
        #expect(try found.jsonData() == runner.run().jsonData(), "the executor's matching is the one the runner reports")

        let missed = units.map { unit in
            var unit = unit
            unit.matches = unit.recordings.map { spec.matching.eventMatching.match(annotations: $0.annotations, events: []) }
            return unit
        }
        let result = try aggregator.result(of: runner.plan, missed)
        let score = result.scores[0]
        #expect(score.overall.value == 0)
        #expect(score.folds.allSatisfy { $0.metrics.events?.truePositives == 0 && $0.metrics.events?.detections == 0 })
        #expect(score.outcomes?.allSatisfy { $0.kind == .annotation && $0.outcome == .deletion } == true)
        #expect(score.latencies.isEmpty)
    }

    /// Warnings are typed in the result, written worded, and read back worded with the same words and bytes.
    @Test func warningsAreWrittenWorded() throws {
        let spec = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 3, bootstrapReplicates: 20,
                              entries: [pushEntry("low", threshold: 0.5)])
        var result = try ExperimentRunner(experiment: spec, datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard).run()
        result.warnings = [.noRankComparison(group: "g", reason: .tooFewUnits(1)), .foldAssignment(dataset: "pushes", warning: "w")]
        let data = try result.jsonData()
        #expect(String(decoding: data, as: UTF8.self).contains(#""warnings" : [\#n    "group 'g': no rank comparison: it needs at least 2 folds or datasets, the entries share 1",\#n    "pushes: w"\#n  ]"#))
        let decoded = try ExperimentResult(jsonData: data)
        #expect(decoded.warnings == [.worded(result.warnings[0].description), .worded("pushes: w")])
        #expect(try decoded.jsonData() == data)
    }

    /// A group's headline is typed as computed, written as its words, and read back worded with the same bytes.
    @Test func headlinesAreWrittenWorded() throws {
        let spec = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 3, bootstrapReplicates: 20,
                              entries: [pushEntry("low", threshold: 0.5), pushEntry("high", threshold: 1.3)])
        let result = try ExperimentRunner(experiment: spec, datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard).run()
        let group = try #require(result.groups.first)
        guard case let .computed(headline) = group.headline else {
            Issue.record("a fresh result's headline is not the computed one: \(group.headline)")
            return
        }
        #expect(headline.runnerUp != nil && Set([headline.best.entry, headline.runnerUp!.entry]) == ["low", "high"])
        let data = try result.jsonData()
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""headline" : "\#(headline.description)""#))
        let decoded = try ExperimentResult(jsonData: data)
        #expect(decoded.groups.map(\.headline) == result.groups.map { .worded($0.headline.description) })
        #expect(try decoded.jsonData() == data)
    }
}
