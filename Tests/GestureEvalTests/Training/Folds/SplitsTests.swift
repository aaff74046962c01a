import Foundation
import GestureData
import GestureEval
import Testing

/// 4 subjects × 2 sessions × 3 recordings; labels cycle a, b, c; channel accel.x holds `value`.
private func dataset(value: (Int) -> Double = { Double($0) }) -> Dataset {
    var recordings: [Recording] = []
    for s in 0..<4 {
        for session in 0..<2 {
            for k in 0..<3 {
                let i = recordings.count
                recordings.append(Recording(
                    id: "r\(i)", subject: "s\(s)", session: "day\(session)", timestamps: [0, 1],
                    channels: [(.accelX, [value(i), value(i)])],
                    annotations: [Annotation(start: 0, end: 1, label: ["a", "b", "c"][k])]))
            }
        }
    }
    return Dataset(name: "toy", kind: .segments, recordings: recordings)
}

@Suite struct SplitsTests {
    private func subjects(_ d: Dataset, _ idx: [Int]) -> Set<String> { Set(idx.map { d.recordings[$0].subject }) }

    @Test func leaveOneSubjectOut() throws {
        let d = dataset()
        let folds = try FoldAssignment(.leaveOneSubjectOut, dataset: d)
        #expect(folds.folds.map(\.name) == ["s0", "s1", "s2", "s3"])
        for f in folds.folds {
            #expect(subjects(d, f.test) == [f.name])
            #expect(subjects(d, f.train).isDisjoint(with: subjects(d, f.test)))
            #expect(f.train.count + f.test.count == 24)
        }
        #expect(folds.testsEachRecordingOnce && folds.warnings.isEmpty)
        #expect(folds.datasetChecksum == d.checksum)
    }

    /// Issue 45: train on k subjects drawn at random, test on the others. No draw has a subject in both parts;
    /// draws differ, are seeded, and every draw trains on exactly k subjects.
    @Test func subjectDrawsTrainOnKSubjectsAndTestOnTheRest() throws {
        let d = dataset()
        let folds = try FoldAssignment(.subjectDraws(train: 2, draws: 6, seed: 3), dataset: d)
        #expect(folds.folds.count == 6 && folds.warnings.isEmpty)
        for f in folds.folds {
            #expect(subjects(d, f.train).count == 2 && subjects(d, f.test).count == 2)
            #expect(subjects(d, f.train).isDisjoint(with: subjects(d, f.test)))
            #expect(f.train.count + f.test.count == 24)
            #expect(f.name == "draw \(f.index + 1): trained on " + subjects(d, f.train).sorted().joined(separator: ","))
        }
        #expect(Set(folds.folds.map { subjects(d, $0.train) }).count > 1, "the draws differ")
        #expect(try FoldAssignment(.subjectDraws(train: 2, draws: 6, seed: 3), dataset: d) == folds)
        #expect(try FoldAssignment(.subjectDraws(train: 2, draws: 6, seed: 4), dataset: d) != folds)
        #expect(throws: SplitError.self) { try FoldAssignment(.subjectDraws(train: 4, draws: 2, seed: 3), dataset: d) }
    }

    @Test func groupedKFoldKeepsGroupsTogetherAndIsSeeded() throws {
        let d = dataset()
        let bySubject = try FoldAssignment(.groupedKFold(k: 2, grouping: .subject, seed: 3), dataset: d)
        #expect(bySubject.folds.count == 2 && bySubject.testsEachRecordingOnce && bySubject.warnings.isEmpty)
        #expect(bySubject.folds.map(\.test.count) == [12, 12])
        for f in bySubject.folds { #expect(subjects(d, f.train).isDisjoint(with: subjects(d, f.test))) }
        #expect(try FoldAssignment(.groupedKFold(k: 2, grouping: .subject, seed: 3), dataset: d) == bySubject)
        let seeds = try (0..<8).map { try FoldAssignment(.groupedKFold(k: 2, grouping: .subject, seed: $0), dataset: d).folds.map(\.test) }
        #expect(Set(seeds).count > 1)

        let bySession = try FoldAssignment(.groupedKFold(k: 3, grouping: .session, seed: 1), dataset: d)
        #expect(bySession.testsEachRecordingOnce)
        for f in bySession.folds {
            let test = Set(f.test.map { d.recordings[$0].subject + d.recordings[$0].session })
            let train = Set(f.train.map { d.recordings[$0].subject + d.recordings[$0].session })
            #expect(test.isDisjoint(with: train))
        }
        // Sessions of one subject may fall in different folds: that is subject leakage, reported.
        #expect(bySession.warnings.contains { $0.contains("in both train and test") })
        #expect(throws: SplitError.tooFewGroups(kind: "subjects", groups: 4, folds: 5)) {
            try FoldAssignment(.groupedKFold(k: 5, grouping: .subject, seed: 1), dataset: d)
        }
    }

    @Test func stratifiedKFoldBalancesLabelsAndWarnsAboutSubjects() throws {
        let d = dataset()
        let folds = try FoldAssignment(.stratifiedKFold(k: 4, seed: 9), dataset: d)
        #expect(folds.testsEachRecordingOnce && folds.folds.count == 4)
        for f in folds.folds {
            let labels = f.test.map { d.recordings[$0].annotations[0].label }
            #expect(["a", "b", "c"].allSatisfy { l in labels.count(where: { $0 == l }) == 2 })
        }
        #expect(folds.warnings.contains { $0.hasPrefix("fold 1") && $0.contains("in both train and test") })
        #expect(try FoldAssignment(.stratifiedKFold(k: 4, seed: 9), dataset: d) == folds)
        #expect(throws: SplitError.invalidFoldCount(1)) { try FoldAssignment(.stratifiedKFold(k: 1, seed: 9), dataset: d) }
    }

    @Test func fixedTrainTestSplitBySession() throws {
        let d = dataset()
        let folds = try FoldAssignment(.fixed(trainSession: "DAY0", testSession: "day1"), dataset: d)
        #expect(folds.folds.count == 1)
        #expect(folds.folds[0].train.allSatisfy { d.recordings[$0].session == "day0" } && folds.folds[0].train.count == 12)
        #expect(folds.folds[0].test.allSatisfy { d.recordings[$0].session == "day1" } && folds.folds[0].test.count == 12)
        #expect(throws: SplitError.emptyPart(fold: 0, part: "test")) {
            try FoldAssignment(.fixed(trainSession: "day0", testSession: "TEST"), dataset: d)
        }
    }

    @Test func foldsRoundTripThroughJSON() throws {
        let folds = try FoldAssignment(.groupedKFold(k: 2, grouping: .session, seed: 4), dataset: dataset())
        let data = try JSONEncoder().encode(folds)
        #expect(try JSONDecoder().decode(FoldAssignment.self, from: data) == folds)
    }
}

/// Learns the mean of accel.x over its training recordings, and remembers which it saw.
private struct MeanTrainer {
    struct Model { var mean: Double; var seen: Set<String> }
    func train(on recordings: [Recording]) -> Model {
        let values = recordings.flatMap { $0.column(.accelX)! }
        return Model(mean: values.reduce(0, +) / Double(values.count), seen: Set(recordings.map(\.id)))
    }
}

@Suite struct CrossValidationTests {
    @Test func trainingSeesOnlyTheTrainingPartOfEachFold() throws {
        let d = dataset()
        let folds = try FoldAssignment(.leaveOneSubjectOut, dataset: d)
        let models = folds.run(on: d, train: MeanTrainer().train) { model, test, fold in
            #expect(model.seen.isDisjoint(with: test.map(\.id)))
            #expect(model.seen == Set(fold.train.map { d.recordings[$0].id }))
            return model.mean
        }
        #expect(models.count == 4)
    }

    /// Poisoning every test recording must not change any fold's model: nothing leaks from test folds.
    @Test func poisonedTestRecordingsDoNotChangeTheModels() throws {
        let clean = dataset()
        let folds = try FoldAssignment(.leaveOneSubjectOut, dataset: clean)
        let cleanMeans = folds.run(on: clean, train: MeanTrainer().train) { model, _, _ in model.mean }
        for fold in folds.folds {
            var poisoned = clean
            for i in fold.test { poisoned.recordings[i].setColumn(.accelX, [1e9, 1e9]) }
            let refolded = FoldAssignment(rebinding: folds, to: poisoned)
            let means = refolded.run(on: poisoned, train: MeanTrainer().train) { model, _, _ in model.mean }
            #expect(means[fold.index] == cleanMeans[fold.index])
            #expect(means.enumerated().allSatisfy { $0.offset == fold.index || $0.element != cleanMeans[$0.offset] })
        }
    }
}

extension FoldAssignment {
    /// The same folds declared for a modified copy of the dataset (test helper).
    init(rebinding folds: FoldAssignment, to dataset: Dataset) {
        self = folds
        datasetChecksum = dataset.checksum
    }

    /// For each fold in order, `train` on the fold's training recordings of `dataset` and `test` with the model and
    /// its test recordings (test helper: the executor's train-then-test, for trainers defined in tests).
    func run<Model, Result>(on dataset: Dataset, train: ([Recording]) throws -> Model,
                            test: (Model, [Recording], Fold) throws -> Result) rethrows -> [Result] {
        try folds.map { fold in
            try test(try train(fold.train.map { dataset.recordings[$0] }), fold.test.map { dataset.recordings[$0] }, fold)
        }
    }
}
