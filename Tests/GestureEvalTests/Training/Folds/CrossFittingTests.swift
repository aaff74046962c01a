@testable import GestureEval
import GestureKit
import Testing

@Suite struct CrossFittingTests {
    /// Subjects are dealt round-robin by name into at most k groups, the same whatever order they come in.
    @Test func groupsAreBalancedAndIndependentOfOrder() {
        let subjects = (1...25).map { String(format: "s%02d", $0) }
        let groups = CrossFitting.groups(of: subjects.shuffled() + subjects, count: 5)
        #expect(groups.count == 5 && groups.allSatisfy { $0.count == 5 })
        #expect(Set(groups.flatMap { $0 }) == Set(subjects))
        #expect(groups == CrossFitting.groups(of: subjects.reversed(), count: 5))
        #expect(CrossFitting.groups(of: subjects.prefix(12), count: 5).map(\.count) == [3, 3, 2, 2, 2])
        // Fewer subjects than groups: one subject per group (leave-one-subject-out).
        #expect(CrossFitting.groups(of: ["b", "a", "c"], count: 5) == [["a"], ["b"], ["c"]])
    }

    static func examples(subjects: [String], perSubject: Int) throws -> (examples: [DTWExample], subjects: [String]) {
        var examples: [DTWExample] = [], owners: [String] = []
        for s in subjects {
            for i in 0..<perSubject {
                examples.append(DTWExample(label: "push", series: try DTWSeries(interleaved: [0, Double(i), 0], dimensions: 1)))
                owners.append(s)
            }
        }
        return (examples, owners)
    }

    /// One training per group, on exactly the other groups' examples.
    @Test func eachGroupIsTrainedWithoutItsOwnSubjects() throws {
        let subjects = (0..<10).map { "s\($0)" }
        let (examples, owners) = try Self.examples(subjects: subjects, perSubject: 2)
        let groups = CrossFitting.groups(of: subjects, count: 5)
        var calls = 0
        let result = CrossFitting.heldOutModels(groups: groups, examples: examples, labels: examples.map(\.label), subjects: owners, minimumExamples: 5) {
            others, heldOut in
            calls += 1
            return (count: others.count, heldOut: heldOut)
        }
        let (models, failures) = (result.byGroup, result.failures)
        #expect(calls == 5 && failures == 0 && result.inSample.isEmpty)
        for (g, members) in groups.enumerated() {
            #expect(models[g]?.count == 16 && models[g]?.heldOut == members)
        }
    }

    /// A held-out training that throws is counted, not skipped in silence; a group whose remaining examples are
    /// too few is skipped on purpose and not counted as a failure.
    @Test func aFailingTrainingIsCountedApartFromADeliberateSkip() throws {
        let (examples, owners) = try Self.examples(subjects: ["a", "b", "c"], perSubject: 3)
        let groups = CrossFitting.groups(of: ["a", "b", "c"], count: 3)
        struct Broken: Error {}
        let result = CrossFitting.heldOutModels(groups: groups, examples: examples, labels: examples.map(\.label), subjects: owners, minimumExamples: 5) {
            others, heldOut in
            if heldOut == ["b"] { throw Broken() }
            return others.count
        }
        #expect(result.failures == 1)
        #expect(result.byGroup == [0: 6, 2: 6])
        #expect(result.inSample == ["b"], "a failed training leaves its subjects in-sample")
        let skipped = CrossFitting.heldOutModels(groups: groups, examples: examples, labels: examples.map(\.label), subjects: owners, minimumExamples: 7) {
            others, _ in others.count
        }
        #expect(skipped.byGroup.isEmpty && skipped.failures == 0, "6 remaining examples < 7: skipped on purpose")
        #expect(skipped.inSample == ["a", "b", "c"])
    }

    /// A fold whose cross-fitted trainings failed gets a warning in the report naming the entry, dataset, fold and
    /// count; a fold without failures gets none.
    @Test func failedCrossFitsAreWarnedAboutPerFold() {
        let metrics = ScoreMetrics.segments(.init(accuracy: 0.5, macroF1: 0.5))
        let failed = ExperimentResult.FoldScore(fold: "s3", value: Estimate(value: 0.5), count: 4, metrics: metrics,
                                                trained: TrainingSummary(crossFit: .init(groups: 5, failures: 2)))
        let fine = ExperimentResult.FoldScore(fold: "s4", value: Estimate(value: 0.5), count: 4, metrics: metrics,
                                              trained: TrainingSummary(crossFit: .init(groups: 5)))
        let warning = ExperimentAggregator.crossFitWarnings(entry: "dtw", dataset: "swim", fold: failed).first
        #expect(warning == .crossFitFailed(entry: "dtw", dataset: "swim", fold: "s3", failures: 2))
        #expect(warning?.description.hasPrefix("entry 'dtw' on swim, fold s3: 2 cross-fitted trainings failed") == true, "\(warning.map(\.description) ?? "none")")
        #expect(ExperimentAggregator.crossFitWarnings(entry: "dtw", dataset: "swim", fold: fine).isEmpty)
    }

    /// Issue 44, case 6: when a group cannot be held out at the asked number of groups, fewer, larger groups are
    /// taken, the most for which every group can; when none can, the subjects left in-sample are named.
    @Test func fewerLargerGroupsBeforeInSampleCalibration() throws {
        // "rare" comes from s0 and s5 only, 5 examples each. Dealt into 5 groups, s0 and s5 share one, which leaves
        // the others no "rare" example; dealt into 4, they part, and each group leaves the others 5.
        let subjects = (0..<6).map { "s\($0)" }
        var owners: [String] = [], labels: [String] = []
        for s in subjects {
            for _ in 0..<6 { owners.append(s); labels.append("common") }
        }
        for s in ["s0", "s5"] { for _ in 0..<5 { owners.append(s); labels.append("rare") } }
        #expect(CrossFitting.groups(of: subjects, count: 5).first == ["s0", "s5"])
        let groups = CrossFitting.heldOutGroups(of: subjects, count: 5, exampleSubjects: owners, labels: labels, minimumExamples: 5)
        #expect(groups.count == 4 && !groups.contains { $0.contains("s0") && $0.contains("s5") })
        // With a minimum of 6 no split holds: the groups asked for, and the short ones reported.
        let none = CrossFitting.heldOutGroups(of: subjects, count: 5, exampleSubjects: owners, labels: labels, minimumExamples: 6)
        #expect(none.count == 5)
        let examples = try zip(owners, labels).map { _, l in DTWExample(label: l, series: try DTWSeries([0, 1])) }
        let result = CrossFitting.heldOutModels(groups: none, examples: examples, labels: examples.map(\.label), subjects: owners, minimumExamples: 6) { others, _ in others.count }
        #expect(result.inSample == ["s0", "s5"])
        #expect(throws: ConfigurationError.self) { try CrossFitting.require(strict: true, inSample: result.inSample) }
        #expect(throws: Never.self) { try CrossFitting.require(strict: false, inSample: result.inSample) }
        // Reported per fold, naming the subjects, and kept as a count in the flat form of results.json.
        let summary = TrainingSummary(crossFit: .init(groups: 3, inSample: result.inSample))
        let fold = ExperimentResult.FoldScore(fold: "s9", value: Estimate(value: 0.5), count: 4, metrics: .segments(.init(accuracy: 0.5, macroF1: 0.5)),
                                              trained: summary)
        let warnings = ExperimentAggregator.crossFitWarnings(entry: "dtw", dataset: "swim", fold: fold)
        #expect(warnings == [.calibratedInSample(entry: "dtw", dataset: "swim", fold: "s9", count: 2, subjects: ["s0", "s5"])])
        #expect(warnings.first?.description.contains("2 subjects (s0, s5) in-sample") == true)
        #expect(summary.flattened["crossFitInSample"] == 2)
        #expect(TrainingSummary(flattened: summary.flattened).crossFit?.inSampleCount == 2)
    }
}
