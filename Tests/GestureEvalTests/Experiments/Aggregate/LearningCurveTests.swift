import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// Four subjects of two takes each: s0's pushes (0.6 g) stay below a 1 g threshold, the others' are found.
private let pushes = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                             recordings: (0..<4).flatMap { s in (0..<2).map { pushRecording(subject: s, take: $0) } })

@Suite struct LearningCurveTests {
    /// The curve of `entries` on `dataset` at each size of `sizes`, `draws` draws each, as `gesturelab compare
    /// --learning-curve` builds it.
    static func curve(_ entries: [Experiment.Entry], on dataset: Dataset = pushes, sizes: [Int], draws: Int) throws -> LearningCurve {
        let spec = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 5, bootstrapReplicates: 400, entries: entries)
        var runs: [(subjects: Int, result: ExperimentResult)] = []
        for k in sizes {
            var sized = spec
            sized.split = .subjectDraws(train: k, draws: draws)
            runs.append((k, try ExperimentRunner(experiment: sized, datasets: ["pushes": dataset], registry: pushRegistry, trainers: .standard).run()))
        }
        return LearningCurve(experiment: spec.name, runs: runs)
    }

    /// Issue 53: with the subjects fixed, more draws test the same people again and add no one new, so the pooled
    /// interval must not narrow with them. Resampling recordings pooled over draws counted a recording once per draw
    /// that tested it, and 12 draws gave an interval about half as wide as 3.
    @Test func pooledIntervalDoesNotNarrowWithMoreDrawsOfTheSameSubjects() throws {
        let entries = [pushEntry("fixed", threshold: 1), pushEntry("tuned", threshold: 1, search: [0.3, 0.7, 1.1, 1.5])]
        let few = try Self.curve(entries, sizes: [1], draws: 3), many = try Self.curve(entries, sizes: [1], draws: 12)
        for entry in ["fixed", "tuned"] {
            let a = try #require(few.points.first { $0.entry == entry }), b = try #require(many.points.first { $0.entry == entry })
            let narrow = try #require(a.pooled.interval), wide = try #require(b.pooled.interval)
            let (w3, w12) = (narrow.upper - narrow.lower, wide.upper - wide.lower)
            #expect(w3 > 0.05, "\(entry): s0 scores apart from the others, so the interval has a width (\(w3))")
            #expect(w12 > 0.8 * w3, "\(entry): 12 draws [\(wide.lower), \(wide.upper)] vs 3 draws [\(narrow.lower), \(narrow.upper)]")
            for (p, i) in [(a, narrow), (b, wide)] { #expect(i.lower <= p.pooled.value && p.pooled.value <= i.upper, "\(entry)") }
        }
    }

    /// Issue 53: the runs' warnings reach the curve, each once with the sizes that gave it. A subject named
    /// `unknown` makes every split warn that leakage cannot be checked: the same warning at K = 1 and 2, listed once
    /// for both, in results.json and summary.md as well.
    @Test func warningsOfTheRunsAreKeptOnceWithTheirSizes() throws {
        var recordings = pushes.recordings
        for i in recordings.indices where recordings[i].subject == "s3" { recordings[i].subject = "unknown" }
        let dataset = Dataset(name: "pushes", kind: .continuous, samplingRate: 50, recordings: recordings)
        let curve = try Self.curve([pushEntry("fixed", threshold: 1)], on: dataset, sizes: [2, 1], draws: 2)
        let leakage = ExperimentWarning.foldAssignment(
            dataset: "pushes", warning: "some recordings have an unknown subject: leakage of subjects between train and test cannot be checked for them")
        #expect(curve.warnings == [LearningCurve.Warning(subjects: [1, 2], warning: leakage)])
        #expect(curve.warnings.map(\.description) == ["K = 1, 2: \(leakage)"])

        let folder = TemporaryFolder.root.appendingPathComponent("learning-curve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try curve.write(to: folder, command: ["compare"])
        let summary = try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("## Warnings\n\n- K = 1, 2: \(leakage)\n"))
        let decoded = try JSONDecoder().decode(LearningCurve.self, from: Data(contentsOf: folder.appendingPathComponent("results.json")))
        #expect(decoded.warnings.map(\.description) == curve.warnings.map(\.description))
        #expect(decoded.warnings.first?.warning == .worded(leakage.description))
    }

    /// A point's pooled value is the run's pooled metric; its interval is the subjects' (``SubjectScores/pooled``), over
    /// the people the draws tested.
    @Test func pooledIsTheRunsMetricWithTheSubjectsInterval() throws {
        let curve = try Self.curve([pushEntry("fixed", threshold: 1)], sizes: [1, 2], draws: 4)
        var spec = Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 5, bootstrapReplicates: 400, entries: [pushEntry("fixed", threshold: 1)])
        spec.split = .subjectDraws(train: 2, draws: 4)
        let score = try #require(try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).run().scores.first)
        let point = try #require(curve.points.first { $0.subjects == 2 })
        #expect(point.pooled.value == score.overall.value && point.pooled == score.bySubject?.pooled)
        #expect(point.testSubjects == Set(score.bySubject?.subjects.map(\.subject) ?? []).count && point.testSubjects >= 2)
        #expect(curve.table.header.contains("test_subjects"))
    }
}
