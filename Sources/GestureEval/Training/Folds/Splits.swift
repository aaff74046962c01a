import GestureData
/// One fold: indices into a dataset's `recordings` used for training and for testing.
public struct Fold: Codable, Hashable, Sendable {
    /// 0-based fold number.
    public var index: Int
    /// What the test part holds (a subject, a session, "fold 3 of 5", "TEST").
    public var name: String
    /// Training recordings, ascending indices.
    public var train: [Int]
    /// Test recordings, ascending indices, disjoint from ``train``.
    public var test: [Int]
}

/// How to split a dataset into folds.
public enum SplitStrategy: Codable, Hashable, Sendable {
    /// What grouped k-fold keeps together.
    public enum Grouping: String, Codable, Hashable, Sendable {
        /// All recordings of a subject go to the same fold.
        case subject
        /// All recordings of a (subject, session) pair go to the same fold.
        case session
    }

    /// One fold per subject: train on all others, test on that subject.
    case leaveOneSubjectOut
    /// k folds, each group wholly in one fold; groups shuffled by `seed`, then dealt largest first
    /// to the fold with the fewest recordings.
    case groupedKFold(k: Int, grouping: Grouping, seed: UInt64)
    /// k folds with each label's recordings (label = first annotation's, `null` without) shuffled
    /// by `seed` and dealt round-robin, so each fold has about the same label mix. Ignores subjects.
    case stratifiedKFold(k: Int, seed: UInt64)
    /// The archive's own split: recordings whose session equals `trainSession` (case-insensitive)
    /// train, those equal to `testSession` test; others are left out (with a warning).
    case fixed(trainSession: String, testSession: String)
    /// `draws` folds: in each, `train` subjects drawn without replacement (the subjects sorted, then shuffled by
    /// `seed` and the draw's number) train, and every other subject tests. No subject is in both parts.
    case subjectDraws(train: Int, draws: Int, seed: UInt64)
}

/// The folds of one dataset, computed once and shared by every method compared, so all are
/// trained and tested on exactly the same recordings.
///
/// ``warnings`` lists problems a report should show: subjects present in both the training and
/// the test part of a fold (leakage of subject identity, typical of random splits), classes
/// smaller than k, recordings no fold tests.
public struct FoldAssignment: Codable, Hashable, Sendable {
    /// The strategy.
    public var strategy: SplitStrategy
    /// ``Dataset/checksum`` of the dataset the folds index into.
    package var datasetChecksum: String
    /// The folds.
    public var folds: [Fold]
    /// Human-readable warnings.
    public var warnings: [String]

    /// Splits `dataset` by `strategy`. O(n log n) for n recordings.
    public init(_ strategy: SplitStrategy, dataset: Dataset) throws(SplitError) {
        self.strategy = strategy
        datasetChecksum = dataset.checksum
        let recordings = dataset.recordings
        let all = Array(recordings.indices)
        var warnings: [String] = []
        var testSets: [(String, [Int])] = []
        var explicitTrain: [Int]?
        switch strategy {
        case .leaveOneSubjectOut:
            let subjects = dataset.subjects
            guard subjects.count >= 2 else { throw .tooFewGroups(kind: "subjects", groups: subjects.count, folds: 2) }
            testSets = subjects.map { s in (s, all.filter { recordings[$0].subject == s }) }
        case let .groupedKFold(k, grouping, seed):
            guard k >= 2 else { throw .invalidFoldCount(k) }
            func key(_ r: Recording) -> String { grouping == .subject ? r.subject : r.subject + "/" + r.session }
            var groups = Dictionary(grouping: all) { key(recordings[$0]) }.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
            guard groups.count >= k else { throw .tooFewGroups(kind: grouping == .subject ? "subjects" : "sessions", groups: groups.count, folds: k) }
            SeededRandom(seed: seed).shuffle(&groups)
            let ordered = groups.enumerated().sorted { ($1.element.1.count, $0.offset) < ($0.element.1.count, $1.offset) }.map(\.element)
            var buckets = [[Int]](repeating: [], count: k), names = [[String]](repeating: [], count: k)
            for (name, members) in ordered {
                let target = buckets.indices.min { (buckets[$0].count, $0) < (buckets[$1].count, $1) }!
                buckets[target] += members
                names[target].append(name)
            }
            testSets = (0..<k).map { ("\(grouping.rawValue) " + names[$0].sorted().joined(separator: ","), buckets[$0].sorted()) }
        case let .stratifiedKFold(k, seed):
            guard k >= 2 else { throw .invalidFoldCount(k) }
            guard recordings.count >= k else { throw .tooFewGroups(kind: "recordings", groups: recordings.count, folds: k) }
            let byLabel = Dictionary(grouping: all) { recordings[$0].annotations.first?.label ?? "null" }
            let random = SeededRandom(seed: seed)
            var buckets = [[Int]](repeating: [], count: k), next = 0
            for label in byLabel.keys.sorted() {
                var members = byLabel[label]!
                if members.count < k { warnings.append("label \(label) has \(members.count) recordings, fewer than \(k) folds") }
                random.shuffle(&members)
                for m in members { buckets[next].append(m); next = (next + 1) % k }
            }
            testSets = (0..<k).map { ("fold \($0 + 1) of \(k)", buckets[$0].sorted()) }
        case let .subjectDraws(k, draws, seed):
            let subjects = dataset.subjects.sorted()
            guard k >= 1, draws >= 1 else { throw .invalidFoldCount(k) }
            guard subjects.count > k else { throw .tooFewGroups(kind: "subjects", groups: subjects.count, folds: k + 1) }
            for d in 0..<draws {
                var order = subjects
                SeededRandom(seed: seed &+ UInt64(d)).shuffle(&order)
                let trained = Set(order.prefix(k))
                let name = "draw \(d + 1): trained on " + trained.sorted().joined(separator: ",")
                testSets.append((name, all.filter { !trained.contains(recordings[$0].subject) }))
            }
        case let .fixed(trainSession, testSession):
            let train = all.filter { recordings[$0].session.caseInsensitiveCompare(trainSession) == .orderedSame }
            let test = all.filter { recordings[$0].session.caseInsensitiveCompare(testSession) == .orderedSame }
            let left = recordings.count - train.count - test.count
            if left > 0 { warnings.append("\(left) recordings are in neither session \(trainSession) nor \(testSession) and are not used") }
            testSets = [(testSession, test)]
            explicitTrain = train
        }
        var folds: [Fold] = []
        for (i, (name, test)) in testSets.enumerated() {
            let testSet = Set(test)
            let train = explicitTrain ?? all.filter { !testSet.contains($0) }
            guard !test.isEmpty else { throw .emptyPart(fold: i, part: "test") }
            guard !train.isEmpty else { throw .emptyPart(fold: i, part: "training") }
            folds.append(Fold(index: i, name: name, train: train, test: test))
        }
        warnings += Self.subjectLeakage(folds, recordings)
        self.folds = folds
        self.warnings = warnings
    }

    /// Warnings for subjects in both parts of a fold; subjects named `unknown` cannot be checked.
    static func subjectLeakage(_ folds: [Fold], _ recordings: [Recording]) -> [String] {
        var warnings: [String] = []
        if recordings.contains(where: { $0.subject == "unknown" }) {
            warnings.append("some recordings have an unknown subject: leakage of subjects between train and test cannot be checked for them")
        }
        for fold in folds {
            let train = Set(fold.train.map { recordings[$0].subject }), test = Set(fold.test.map { recordings[$0].subject })
            let shared = train.intersection(test).subtracting(["unknown"]).sorted()
            if !shared.isEmpty {
                warnings.append("fold \(fold.index + 1) (\(fold.name)): subject\(shared.count == 1 ? "" : "s") \(shared.joined(separator: ", ")) in both train and test")
            }
        }
        return warnings
    }

    /// Whether every recording is tested by exactly one fold (true for all but the fixed split).
    package var testsEachRecordingOnce: Bool {
        let tested = folds.flatMap(\.test)
        return Set(tested).count == tested.count
    }
}
