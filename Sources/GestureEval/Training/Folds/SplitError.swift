/// Why a split could not be made.
public enum SplitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// k must be at least 2.
    case invalidFoldCount(Int)
    /// Fewer groups (subjects, sessions, examples) than folds.
    case tooFewGroups(kind: String, groups: Int, folds: Int)
    /// A fold would have no training or no test recordings.
    case emptyPart(fold: Int, part: String)
    /// A split spelling that ``Split/init(parsing:)`` does not know.
    case invalidName(String)

    /// A one-line explanation naming the statistic, split or fold concerned.
    public var description: String {
        switch self {
        case let .invalidFoldCount(k): "k-fold needs k ≥ 2, got \(k)"
        case let .tooFewGroups(kind, groups, folds): "cannot split \(groups) \(kind) into \(folds) folds"
        case let .emptyPart(fold, part): "fold \(fold) has no \(part) recordings"
        case let .invalidName(name):
            "unknown split '\(name)'; use leave-one-subject-out, grouped-k-fold:K[:subject|session], stratified-k-fold:K or fixed:TRAIN:TEST"
        }
    }
}
