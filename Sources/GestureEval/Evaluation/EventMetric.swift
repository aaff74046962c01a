/// A headline metric of event detection on continuous recordings: what a search maximises and a
/// comparison ranks when the dataset is continuous (``Experiment/Metric/events``).
public enum EventMetric: String, Codable, Hashable, Sendable, CaseIterable {
    /// Event F1: harmonic mean of precision and recall.
    case f1
    /// Event precision: correct detections / detections.
    case precision
    /// Event recall: detected annotations / annotations.
    case recall

    /// The metric with its bootstrap interval. O(1).
    package func value(_ evaluation: EventEvaluation) -> Estimate {
        switch self {
        case .f1: evaluation.f1
        case .precision: evaluation.precision
        case .recall: evaluation.recall
        }
    }

    /// The metric on ``DetectionCounts``, for a paired bootstrap of this very metric.
    package var detectionStatistic: KeyPath<DetectionCounts, Double> {
        switch self {
        case .f1: \.f1
        case .precision: \.precision
        case .recall: \.recall
        }
    }

    /// The metric's point value from pooled counts (NaN when undefined). O(1).
    package func value(_ counts: EventCounts) -> Double {
        switch self {
        case .f1: counts.f1
        case .precision: counts.precision
        case .recall: counts.recall
        }
    }
}
