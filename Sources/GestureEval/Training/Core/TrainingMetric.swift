import GestureData

/// The metric an experiment tunes, tabulates and ranks by, and a search maximises (`Experiment.Metric`).
public enum TrainingMetric: String, Codable, Hashable, Sendable, CaseIterable {
    /// Event F1 (continuous) or macro-F1 (segments).
    case f1
    /// Event precision (continuous recordings only; refused on segments).
    case precision
    /// Event recall (continuous recordings only; refused on segments).
    case recall
    /// Segment accuracy (segments only; refused on continuous recordings).
    case accuracy
    /// Segment balanced accuracy (segments only; refused on continuous recordings).
    case balancedAccuracy = "balanced-accuracy"

    /// What this metric means on continuous recordings (the one mapping of the event family).
    public var events: EventMetric {
        switch self {
        case .f1, .accuracy: .f1
        case .precision: .precision
        case .recall, .balancedAccuracy: .recall
        }
    }

    /// What this metric means on segments (the one mapping of the segment family).
    public var segments: SegmentMetric {
        switch self {
        case .f1: .macroF1
        case .precision, .accuracy: .accuracy
        case .recall, .balancedAccuracy: .balancedAccuracy
        }
    }

    /// The name of what is computed on a dataset of `kind` (`f1`, `macroF1`, `accuracy`, …).
    public func name(for kind: Dataset.Kind) -> String {
        kind == .continuous ? events.rawValue : segments.rawValue
    }

    /// Whether this metric means what it says on a dataset of `kind`: `f1` on both (event F1, macro-F1),
    /// `precision` and `recall` on continuous recordings only (events), `accuracy` and `balanced-accuracy`
    /// on segments only. The others would silently stand for another metric, so runs refuse them.
    package func isDefined(for kind: Dataset.Kind) -> Bool {
        switch self {
        case .f1: true
        case .precision, .recall: kind == .continuous
        case .accuracy, .balancedAccuracy: kind == .segments
        }
    }

    /// The metrics defined on `kind`, for messages.
    static func defined(for kind: Dataset.Kind) -> String {
        allCases.filter { $0.isDefined(for: kind) }.map(\.rawValue).joined(separator: ", ")
    }
}
