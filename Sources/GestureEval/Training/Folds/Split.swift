/// How an experiment divides each dataset into folds, as written in experiment files and on the
/// command line: `leave-one-subject-out` (or `loso`), `grouped-k-fold:K[:subject|session]`,
/// `stratified-k-fold:K`, `fixed:TRAIN:TEST` (session names), `subject-draws:K:N` (train on K subjects drawn at random,
/// test on all the others; N seeded draws).
///
/// The seed of shuffled splits is the experiment's, so it is not part of the spelling:
/// ``strategy(seed:)`` gives the ``SplitStrategy`` that computes the folds.
public enum Split: Hashable, Sendable, Codable, LosslessStringConvertible {
    /// One fold per subject.
    case leaveOneSubjectOut
    /// k folds keeping each subject (or subject and session) in one fold.
    case groupedKFold(k: Int, grouping: SplitStrategy.Grouping)
    /// k folds with about the same label mix each.
    case stratifiedKFold(k: Int)
    /// The archive's own split by session name.
    case fixed(train: String, test: String)
    /// `draws` folds, each training on `train` subjects drawn at random and testing on every other subject: how a
    /// detector trained on few people does on new ones (a learning curve, over several `train`).
    case subjectDraws(train: Int, draws: Int)

    /// Whether the test folds' training sets overlap (every cross-validation split), so scores over folds are
    /// not independent samples: rank tests over them are approximate. A fixed split has one fold.
    package var foldsShareTrainingData: Bool {
        switch self {
        case .leaveOneSubjectOut, .groupedKFold, .stratifiedKFold, .subjectDraws: true
        case .fixed: false
        }
    }

    /// Parses a split's spelling (the first part is case-insensitive).
    /// - Throws: ``SplitError/invalidName(_:)`` naming the text and the known spellings.
    public init(parsing text: String) throws(SplitError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        func k() throws(SplitError) -> Int {
            guard parts.count >= 2, let k = Int(parts[1]) else { throw .invalidName(text) }
            return k
        }
        switch parts[0].lowercased() {
        // A `where` clause binds only the last pattern of a case, so each pattern carries its own.
        case "leave-one-subject-out" where parts.count == 1, "loso" where parts.count == 1: self = .leaveOneSubjectOut
        case "grouped-k-fold" where parts.count <= 3:
            guard let grouping = parts.count == 3 ? SplitStrategy.Grouping(rawValue: parts[2].lowercased()) : .subject else { throw .invalidName(text) }
            self = .groupedKFold(k: try k(), grouping: grouping)
        case "stratified-k-fold" where parts.count == 2: self = .stratifiedKFold(k: try k())
        case "fixed" where parts.count == 3: self = .fixed(train: parts[1], test: parts[2])
        case "subject-draws" where parts.count == 3:
            guard let draws = Int(parts[2]), draws >= 1, try k() >= 1 else { throw .invalidName(text) }
            self = .subjectDraws(train: try k(), draws: draws)
        default: throw .invalidName(text)
        }
    }

    /// Parses a split's spelling; `nil` when it is not one.
    public init?(_ description: String) {
        guard let split = try? Split(parsing: description) else { return nil }
        self = split
    }

    /// The canonical spelling (`grouped-k-fold:5` for subject grouping, which is the default).
    public var description: String {
        switch self {
        case .leaveOneSubjectOut: "leave-one-subject-out"
        case let .groupedKFold(k, .subject): "grouped-k-fold:\(k)"
        case let .groupedKFold(k, grouping): "grouped-k-fold:\(k):\(grouping.rawValue)"
        case let .stratifiedKFold(k): "stratified-k-fold:\(k)"
        case let .fixed(train, test): "fixed:\(train):\(test)"
        case let .subjectDraws(train, draws): "subject-draws:\(train):\(draws)"
        }
    }

    /// The strategy that computes folds, shuffling with `seed` where the split shuffles. O(1).
    public func strategy(seed: UInt64) -> SplitStrategy {
        switch self {
        case .leaveOneSubjectOut: .leaveOneSubjectOut
        case let .groupedKFold(k, grouping): .groupedKFold(k: k, grouping: grouping, seed: seed)
        case let .stratifiedKFold(k): .stratifiedKFold(k: k, seed: seed)
        case let .fixed(train, test): .fixed(trainSession: train, testSession: test)
        case let .subjectDraws(train, draws): .subjectDraws(train: train, draws: draws, seed: seed)
        }
    }

    /// Decodes the spelling; an unknown one is a decoding error that lists the known ones.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { self = try Split(parsing: text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the canonical spelling.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
