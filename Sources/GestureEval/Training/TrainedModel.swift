import GestureKit
import GestureData

/// What training an experiment entry produced, in one fold or on a whole dataset (`gesturelab train`).
public enum TrainedModel: Sendable {
    /// A (tuned) configuration for the registry, with the values the search chose.
    case configuration(ConfigurationValue, chosen: TrainingSummary)
    /// A trained DTW model with a summary (band, templates).
    case dtw(DTWModel, summary: TrainingSummary)
    /// A trained MiniRocket classifier with a summary (ridge penalty, features, examples).
    case miniRocket(MiniRocketModel, summary: TrainingSummary)

    /// The chosen parameter values and operating point, the DTW model's band and template count, or MiniRocket's
    /// ridge penalty and feature count.
    public var summary: TrainingSummary {
        switch self {
        case let .configuration(_, chosen): chosen
        case let .dtw(_, summary): summary
        case let .miniRocket(_, summary): summary
        }
    }
}
