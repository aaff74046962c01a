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
        let (models, failures) = CrossFitting.heldOutModels(groups: groups, examples: examples, subjects: owners, minimumExamples: 5) {
            others, heldOut in
            calls += 1
            return (count: others.count, heldOut: heldOut)
        }
        #expect(calls == 5 && failures == 0)
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
        let (models, failures) = CrossFitting.heldOutModels(groups: groups, examples: examples, subjects: owners, minimumExamples: 5) {
            others, heldOut in
            if heldOut == ["b"] { throw Broken() }
            return others.count
        }
        #expect(failures == 1)
        #expect(models == [0: 6, 2: 6])
        let (none, noFailures) = CrossFitting.heldOutModels(groups: groups, examples: examples, subjects: owners, minimumExamples: 7) {
            others, _ in others.count
        }
        #expect(none.isEmpty && noFailures == 0, "6 remaining examples < 7: skipped on purpose")
    }

    /// A fold whose cross-fitted trainings failed gets a warning in the report naming the entry, dataset, fold and
    /// count; a fold without failures gets none.
    @Test func failedCrossFitsAreWarnedAboutPerFold() {
        let failed = ExperimentResult.FoldScore(fold: "s3", value: Estimate(value: 0.5), count: 4, details: [:],
                                                trained: TrainingSummary(crossFit: .init(groups: 5, failures: 2)))
        let fine = ExperimentResult.FoldScore(fold: "s4", value: Estimate(value: 0.5), count: 4, details: [:],
                                              trained: TrainingSummary(crossFit: .init(groups: 5)))
        let warning = ExperimentAggregator.crossFitWarning(entry: "dtw", dataset: "swim", fold: failed)
        #expect(warning == .crossFitFailed(entry: "dtw", dataset: "swim", fold: "s3", failures: 2))
        #expect(warning?.description.hasPrefix("entry 'dtw' on swim, fold s3: 2 cross-fitted trainings failed") == true, "\(warning.map(\.description) ?? "none")")
        #expect(ExperimentAggregator.crossFitWarning(entry: "dtw", dataset: "swim", fold: fine) == nil)
    }
}
