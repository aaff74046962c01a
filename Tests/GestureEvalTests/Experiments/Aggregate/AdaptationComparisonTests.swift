import Foundation
@testable import GestureEval
import GestureData
import Testing

/// Each person's metric with and without adaptation, and the metric against K (issue 74's report), from a small
/// adapting experiment on the synthetic pushes of ``AdaptationExecutionTests``.
@Suite struct AdaptationComparisonTests {
    /// `none`, `labelled 3`, `labelled 1` and `unlabelled` in one group (K = 3 listed before K = 1, so the K table must
    /// sort); `elsewhere` alone in a group without an adapting entry, and `alone` adapting without a reference: neither
    /// has a section. Returns the result and the datasets it ran on.
    static func run(_ entries: [Experiment.Entry]? = nil) throws -> (result: ExperimentResult, datasets: [String: Dataset]) {
        let entry = AdaptationExecutionTests.entry
        let (runner, units) = try AdaptationExecutionTests.run(entries ?? [
            entry("none", nil, nil), entry("labelled 3", .labelled(events: 3), nil), entry("labelled 1", .labelled(events: 1), nil),
            entry("unlabelled", .unlabelled(seconds: nil), nil), entry("elsewhere", nil, "other"), entry("alone", .labelled(events: 1), "alone"),
        ], log: AdaptationLog())
        let result = try ExperimentAggregator(experiment: runner.experiment, datasets: runner.datasets, folds: runner.folds,
                                              trainers: runner.trainers).result(of: runner.plan, units)
        return (result, runner.datasets)
    }

    /// Equal, or both undefined.
    static func same(_ a: Double?, _ b: Double?) -> Bool { a == b || (a?.isNaN == true && b?.isNaN == true) }

    private static func score(_ result: ExperimentResult, _ entry: String) throws -> ExperimentResult.EntryScore {
        try #require(result.scores.first { $0.entry == entry })
    }

    @Test func eachSubjectsValuesAreTheTwoEntriesScoresAndTheGainTheirDifference() throws {
        let result = try Self.run().result
        #expect(result.adaptation.count == 1, "one section: the group of `none`")
        let section = try #require(result.adaptation.first)
        #expect(section.group == result.groups.first?.group.name && section.reference == "none" && section.dataset == "pushes"
                && section.metricName == "f1")
        #expect(section.adapted.map(\.entry) == ["labelled 3", "labelled 1", "unlabelled"])
        #expect(section.adapted.map(\.adaptation) == ["labelled 3", "labelled 1", Experiment.Adaptation.unlabelled(seconds: nil).description])
        let without = try #require(Self.score(result, "none").bySubject).subjects
        for adapted in section.adapted {
            let with = try #require(Self.score(result, adapted.entry).bySubject).subjects
            #expect(adapted.subjects.map(\.subject) == without.map(\.subject) && with.map(\.subject) == without.map(\.subject))
            #expect(adapted.subjects.count == 4)
            for (row, (a, b)) in zip(adapted.subjects, zip(without, with)) {
                #expect(Self.same(row.without, a.value) && Self.same(row.with, b.value), "\(adapted.entry) \(row.subject)")
                #expect(Self.same(row.gain, b.value - a.value))
            }
            let counted = adapted.subjects.filter { $0.without.isFinite && $0.with.isFinite }
            #expect(adapted.gained == counted.filter { $0.gain > 0 }.count && adapted.lost == counted.filter { $0.gain < 0 }.count
                    && adapted.tied == counted.filter { $0.gain == 0 }.count && adapted.undefined == adapted.subjects.count - counted.count)
            #expect(Self.same(adapted.meanGain, counted.isEmpty ? .nan : counted.map(\.gain).reduce(0, +) / Double(counted.count)))
        }
        // Not vacuous: three of s3's own pushes lift s3 above the others' threshold; unlabelled data re-learn nothing.
        let three = section.adapted[0]
        #expect(try #require(three.subjects.first { $0.subject == "s3" }).gain > 0 && three.gained >= 1 && three.meanGain > 0)
        #expect(section.adapted[2].gained == 0 && section.adapted[2].lost == 0)
    }

    @Test func anUndefinedSubjectIsListedButLeftOutOfTheCounts() throws {
        var result = try Self.run().result
        let i = try #require(result.scores.firstIndex { $0.entry == "labelled 3" })
        let name = try #require(result.scores[i].bySubject?.subjects.first { $0.subject == "s3" }?.subject)
        let j = try #require(result.scores[i].bySubject?.subjects.firstIndex { $0.subject == name })
        result.scores[i].bySubject?.subjects[j].value = .nan
        let before = result.adaptation[0].adapted[0], after = AdaptationComparison.sections(of: result)[0].adapted[0]
        let row = try #require(after.subjects.first { $0.subject == name })
        #expect(row.with.isNaN && row.gain.isNaN && row.without.isFinite)
        #expect(after.subjects.count == before.subjects.count && after.undefined == before.undefined + 1)
        #expect(after.gained == before.gained - 1 && after.lost == before.lost && after.tied == before.tied)
        let others = after.subjects.filter(\.isCounted).map(\.gain)
        #expect(Self.same(after.meanGain, others.reduce(0, +) / Double(others.count)))
    }

    @Test func theKTableIsSortedAndStartsWithTheReference() throws {
        let result = try Self.run().result
        let curve = try #require(result.adaptation.first).curve
        #expect(curve.map(\.events) == [0, 1, 3] && curve.map(\.entry) == ["none", "labelled 1", "labelled 3"])
        for point in curve {
            let score = try Self.score(result, point.entry)
            #expect(Self.same(point.value.value, score.overall.value) && point.value.interval == score.overall.interval)
            #expect(Self.same(point.falseActivationsPerHour, score.foldStatistics.pooled?.falseActivationsPerHour))
            #expect(point.falseActivationsPerHour != nil)
        }
    }

    /// results.json holds the section (read back equal), and a result without adaptation has no `adaptation` key, so
    /// its bytes are as before.
    @Test func resultsJSONHoldsTheSectionOnlyWhenThereIsOne() throws {
        let result = try Self.run().result
        let data = try result.jsonData()
        #expect(String(decoding: data, as: UTF8.self).contains("\n  \"adaptation\" : [\n"))
        let decoded = try ExperimentResult(jsonData: data)
        #expect(try ReportFolder.encoder.encode(decoded.adaptation) == ReportFolder.encoder.encode(result.adaptation))
        let entry = AdaptationExecutionTests.entry
        let plain = try Self.run([entry("none", nil, nil), entry("elsewhere", nil, "other")]).result
        #expect(plain.adaptation.isEmpty)
        #expect(!String(decoding: try plain.jsonData(), as: UTF8.self).contains("\"adaptation\""))
    }
}
