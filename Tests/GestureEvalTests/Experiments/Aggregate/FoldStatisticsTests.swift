import Foundation
@testable import GestureEval
import GestureData
import GestureKit
import Testing

/// The folds' mean, spread and pooled errors are the aggregator's, typed in the result: checked here against moments
/// and counts computed independently, from the fold values, the outcome rows and the recordings' lengths.
@Suite struct FoldStatisticsTests {
    private static let pushes = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                                        recordings: (0..<4).flatMap { s in (0..<2).map { pushRecording(subject: s, take: $0) } })

    @Test func theAggregatorsStatisticsAreTheFoldsMomentsAndTheOutcomesCounts() throws {
        let spec = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 3, bootstrapReplicates: 20,
                              entries: [pushEntry("low", threshold: 0.5), pushEntry("high", threshold: 1.0)])
        let result = try ExperimentRunner(experiment: spec, datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard).run()
        // Every recording runs 0 … 39.98 s and holds five judged pushes of 0.6 s: the rest is background.
        let hours = 8 * (39.98 - 5 * 0.6) / 3600
        let comparison = ExperimentReport.comparisonTable(result)
        for (score, row) in zip(result.scores, comparison.rows) {
            let values = score.folds.map(\.value.value)
            #expect(values.count == 4 && values.allSatisfy(\.isFinite), "\(score.entry): \(values)")
            let mean = values.reduce(0, +) / 4
            let sd = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 3).squareRoot()
            let statistics = score.foldStatistics
            #expect(abs(statistics.mean - mean) < 1e-12 && abs(statistics.standardDeviation - sd) < 1e-12, "\(score.entry)")
            let pooled = try #require(statistics.pooled)
            let detections = (score.outcomes ?? []).filter { $0.kind == .detection }
            let insertions = detections.filter { $0.outcome == .insertion }.count, fragments = detections.filter { $0.outcome == .fragment }.count
            #expect(pooled.detections == detections.count && pooled.insertions == insertions && pooled.fragments == fragments, "\(score.entry)")
            #expect(abs(pooled.backgroundHours - hours) < 1e-9, "\(score.entry): \(pooled.backgroundHours * 3600) s")
            #expect(abs(pooled.falseActivationsPerHour - Double(insertions) / hours) < 1e-6)
            #expect(pooled.fragmentShare == Double(fragments) / Double(detections.count))
            // The table shows the typed values, computed nowhere else.
            let cell = { (column: String) in row[comparison.header.firstIndex(of: column)!] }
            #expect(cell("fold mean") == ExperimentReport.fmt(statistics.mean) && cell("fold sd") == ExperimentReport.fmt(statistics.standardDeviation))
            #expect(cell("fp/h") == ExperimentReport.fmt(pooled.falseActivationsPerHour) && cell("fragments") == String(fragments))
        }
        #expect(result.scores.first { $0.entry == "low" }?.foldStatistics.pooled?.insertions ?? 0 > 0, "s3's 0.9 g background fires the low threshold")

        // results.json holds the folds, not the statistics; reading it back computes the same ones from them.
        let data = try result.jsonData()
        #expect(!String(decoding: data, as: UTF8.self).contains("foldStatistics"))
        let decoded = try ExperimentResult(jsonData: data)
        #expect(decoded.scores.map(\.foldStatistics) == result.scores.map(\.foldStatistics))
        #expect(try decoded.jsonData() == data)
    }

    /// On segments: the moments of the finite fold values, nothing pooled.
    @Test func segmentFoldsHaveMomentsOfTheirFiniteValuesOnly() {
        let metrics = ScoreMetrics.segments(.init(accuracy: 0.5, macroF1: 0.5))
        let folds = [0.5, .nan, 0.9].enumerated().map { i, v in
            ExperimentResult.FoldScore(fold: "f\(i)", value: Estimate(value: v), count: 2, metrics: metrics, trained: TrainingSummary())
        }
        let statistics = FoldStatistics(folds: folds, kind: .segments)
        #expect(abs(statistics.mean - 0.7) < 1e-12 && abs(statistics.standardDeviation - (0.08).squareRoot()) < 1e-12)
        #expect(statistics.pooled == nil)
        #expect(FoldStatistics(folds: Array(folds.prefix(1)), kind: .segments).standardDeviation.isNaN, "one value has no spread")
    }
}
