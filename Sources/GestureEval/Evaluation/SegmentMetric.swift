/// A headline metric of segment classification: what a search maximises and a comparison ranks when
/// the dataset holds segments (``Experiment/Metric/segments``).
public enum SegmentMetric: String, Codable, Hashable, Sendable, CaseIterable {
    /// Macro-averaged F1 over the true labels.
    case macroF1
    /// Share of segments classified correctly.
    case accuracy
    /// Mean per-class recall.
    case balancedAccuracy

    /// The metric with its interval. O(1).
    package func value(_ classification: SegmentClassification) -> Estimate {
        switch self {
        case .macroF1: classification.macroF1
        case .accuracy: classification.accuracy
        case .balancedAccuracy: classification.balancedAccuracy
        }
    }
}
