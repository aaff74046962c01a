import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// Per-subject scores beside the pooled figure: each test subject's metric alone, the worst subject and the
/// spread, in results.json, subjects.csv and summary.md; the pooled numbers are untouched.
@Suite struct SubjectScoresTests {
    private static let pushes = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                                        recordings: (0..<4).flatMap { s in (0..<2).map { pushRecording(subject: s, take: $0) } })

    /// Under leave-one-subject-out each fold is one subject, so a subject's F1 is its fold's; threshold 1.0 g
    /// misses s0's 0.6 g pushes, so s0 is the worst subject, at 0.
    @Test func eachSubjectScoresAloneAndTheWorstIsNamed() throws {
        let spec = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 3, bootstrapReplicates: 200,
                              entries: [pushEntry("low", threshold: 0.5), pushEntry("high", threshold: 1.0)])
        let result = try ExperimentRunner(experiment: spec, datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard).run()
        for score in result.scores {
            let subjects = try #require(score.bySubject)
            #expect(subjects.subjects.map(\.subject) == ["s0", "s1", "s2", "s3"])
            for (s, fold) in zip(subjects.subjects, score.folds) {
                #expect(s.subject == fold.fold)
                #expect(s.value == fold.value.value, "\(score.entry) \(s.subject)")
                #expect(s.count == fold.count && s.metrics.events?.falsePositivesPerHour == fold.metrics.events?.falsePositivesPerHour)
            }
            let values = subjects.subjects.map(\.value)
            #expect(subjects.minimum == values.min() && subjects.maximum == values.max())
            #expect(abs(subjects.mean - values.reduce(0, +) / 4) < 1e-12)
        }
        let high = try #require(result.scores.first { $0.entry == "high" }?.bySubject)
        #expect(high.worst == "s0" && high.worstValue == 0)
        #expect(high.standardDeviation > 0.4, "one subject at 0 and three at 1")
        // The pooled figure is the one computed before per-subject scores existed: 30 correct of 30 detections, 40 annotations.
        #expect(result.scores.first { $0.entry == "high" }?.overall.value == 2.0 * 30 / (30 + 40))

        let folder = TemporaryFolder.root.appendingPathComponent("subject-scores-\(UUID().uuidString)")
        _ = try ExperimentReport.write(result, datasets: ["pushes": Self.pushes], to: folder, command: ["compare"])
        let csv = try String(contentsOf: folder.appendingPathComponent("subjects.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\n").count == 1 + 2 * 4)
        #expect(csv.contains("high,pushes,s0,f1,0,10,"))
        let summary = try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("Per subject"))
        let table = ExperimentReport.generalisationTable(result)
        #expect(table.rows.first { $0[0] == "high" }?[7] == "s0")
        let decoded = try ExperimentResult(jsonData: try result.jsonData())
        // Through JSON and back (NaN, a subject without detections' precision, is written as "nan").
        #expect(try decoded.jsonData() == result.jsonData())
        #expect(decoded.scores.map { $0.bySubject?.worst } == result.scores.map { $0.bySubject?.worst })
    }

    /// Subjects whose metric is undefined are listed but neither worst nor part of the spread.
    @Test func undefinedValuesStayOutOfTheSpread() {
        let metrics = ScoreMetrics.segments(.init(accuracy: 0.5, macroF1: 0.5))
        let s = SubjectScores(subjects: [.init(subject: "b", value: 0.5, count: 2, metrics: metrics), .init(subject: "a", value: .nan, count: 0, metrics: metrics),
                                         .init(subject: "c", value: 0.9, count: 3, metrics: metrics)])
        #expect(s.subjects.map(\.subject) == ["a", "b", "c"])
        #expect(s.worst == "b" && s.minimum == 0.5 && s.maximum == 0.9)
        #expect(abs(s.mean - 0.7) < 1e-12 && abs(s.standardDeviation - (0.08).squareRoot()) < 1e-12)
        let none = SubjectScores(subjects: [.init(subject: "a", value: .nan, count: 0, metrics: metrics)])
        #expect(none.worst == nil && none.mean.isNaN && none.standardDeviation.isNaN)
    }

    /// Segments: each subject's examples are classified and scored alone.
    @Test func segmentsScoreEachSubjectsExamples() throws {
        let s = try SubjectScores(truth: ["a", "b", "a", "b"], predicted: ["a", "b", "b", "b"], subjects: ["p", "p", "q", "q"], metric: .accuracy)
        #expect(s.subjects.map(\.value) == [1, 0.5] && s.worst == "q")
    }

    /// Issue 53: the pooled figure with an interval that resamples subjects: its value is the entry's pooled metric,
    /// and its replicates draw whole subjects, so with s0 at 0 and three subjects at 1 a replicate's F1 is 1 or lower
    /// in steps of whole subjects.
    @Test func pooledResamplesSubjects() throws {
        let spec = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 3, bootstrapReplicates: 400,
                              entries: [pushEntry("high", threshold: 1.0)])
        let score = try #require(try ExperimentRunner(experiment: spec, datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard).run().scores.first)
        let pooled = try #require(score.bySubject?.pooled)
        #expect(pooled.value == score.overall.value)
        let interval = try #require(pooled.interval)
        #expect(interval.method == "cluster-bootstrap-percentile")
        // Each subject: 10 pushes; s0 none detected, the others all with no false detection. k draws of s0 out of 4 give
        // F1 = 2·10(4 − k) / (10(4 − k) + 40): the upper bound is 1 (no s0), the lower one a whole number of s0s.
        #expect(interval.upper == 1)
        let steps: [Double] = (1...3).map { (k: Int) -> Double in
            let found = Double(10 * (4 - k))
            return 2 * found / (found + 40)
        }
        #expect(steps.contains { abs($0 - interval.lower) < 1e-12 }, "\(interval.lower)")
        // Segments: the pooled accuracy is the share of all examples, the interval over the two subjects.
        let s = try SubjectScores(truth: ["a", "b", "a", "b"], predicted: ["a", "b", "b", "b"], subjects: ["p", "p", "q", "q"], metric: .accuracy,
                                  bootstrap: BootstrapOptions(replicates: 200, seed: 1))
        #expect(s.pooled?.value == 0.75 && s.pooled?.interval?.lower == 0.5 && s.pooled?.interval?.upper == 1)
    }

    /// Issue 59: the entry's own interval resamples the people tested, as ``SubjectScores/pooled`` does, and says so
    /// in every table that shows it; a fold of one person resamples its recordings and says that.
    @Test func theEntrysIntervalResamplesItsPeopleAndSaysSo() throws {
        let spec = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 3, bootstrapReplicates: 400,
                              entries: [pushEntry("low", threshold: 0.5), pushEntry("high", threshold: 1.0)])
        let result = try ExperimentRunner(experiment: spec, datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard).run()
        let score = try #require(result.scores.first { $0.entry == "high" })
        let interval = try #require(score.overall.interval)
        #expect(interval.units == IntervalUnits(.subjects, count: 4) && interval.method == "cluster-bootstrap-percentile")
        #expect(interval == score.bySubject?.pooled?.interval, "the same draws of the same people")
        #expect(score.folds.allSatisfy { $0.value.interval?.units == IntervalUnits(.recordings, count: 2) })
        let comparison = ExperimentReport.comparisonTable(result)
        let over = try #require(comparison.header.firstIndex(of: "over"))
        #expect(comparison.rows.allSatisfy { $0[over] == "4 subjects" })
        let folds = ExperimentReport.foldTable(result)
        #expect(folds.rows.allSatisfy { $0[folds.header.firstIndex(of: "over")!] == "2 recordings" })
        let pairs = ExperimentReport.pairTable(result)
        #expect(pairs.rows.first?[pairs.header.firstIndex(of: "over")!] == "4 subjects")
        #expect(result.pairs.first?.bootstrap?.difference.interval?.units == IntervalUnits(.subjects, count: 4))
        #expect(result.groups.allSatisfy { "\($0.headline)".contains("over 4 subjects") })
        #expect(result.warnings.map(\.description).filter { $0.contains("rests on") }
                == ["pushes: every interval resamples its 4 subjects, so it rests on four values: read it as the range of those 4, not as the spread of new people"])
        let decoded = try ExperimentResult(jsonData: try result.jsonData())
        #expect(decoded.scores.first { $0.entry == "high" }?.overall.interval?.units == IntervalUnits(.subjects, count: 4))
    }

    /// Issue 59: with two people every interval rests on two values, and the report says so.
    @Test func aReportOfTwoPeopleSaysItsIntervalRestsOnTwoValues() throws {
        let two = Dataset(name: "pushes", kind: .continuous, samplingRate: 50, recordings: Self.pushes.recordings.filter { ["s1", "s2"].contains($0.subject) })
        let spec = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 3, bootstrapReplicates: 200,
                              entries: [pushEntry("low", threshold: 0.5), pushEntry("high", threshold: 1.0)])
        let result = try ExperimentRunner(experiment: spec, datasets: ["pushes": two], registry: pushRegistry, trainers: .standard).run()
        #expect(result.scores.allSatisfy { $0.overall.interval?.units == IntervalUnits(.subjects, count: 2) })
        let warnings = result.warnings.map(\.description).filter { $0.contains("rests on") }
        #expect(warnings == ["pushes: every interval resamples its 2 subjects, so it rests on two values: read it as the range of "
                             + "those 2, not as the spread of new people"])
        #expect(result.comparisonText.contains("rests on two values"))
        let folder = TemporaryFolder.root.appendingPathComponent("two-subjects-\(UUID().uuidString)")
        _ = try ExperimentReport.write(result, datasets: ["pushes": two], to: folder, command: ["compare"])
        let summary = try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("rests on two values") && summary.contains("| 2 subjects |"))
        let metrics = try String(contentsOf: folder.appendingPathComponent("metrics-pushes.csv"), encoding: .utf8)
        #expect(metrics.contains(",2 subjects"))
    }
}
