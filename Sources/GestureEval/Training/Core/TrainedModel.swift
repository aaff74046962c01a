import GestureKit
import GestureData

/// What training an experiment entry produced, in one fold or on a whole dataset (`gesturelab train`): a (tuned)
/// configuration for a rule-based recognizer, or the model a ``RecognizerTrainer`` learned (a ``GestureKit/DTWModel``,
/// a ``GestureKit/MiniRocketModel``, …), with its summary.
///
/// The model is held as an existential so that a new learned recognizer adds its model type without editing this
/// one; its trainer is the one that knows the type (``model(as:)``).
public struct TrainedModel: Sendable {
    /// The configuration (rule-based) or the trained model.
    public var model: any Sendable
    /// The chosen parameter values and operating point, and what the trainer reports (a DTW model's band and
    /// template count, MiniRocket's ridge penalty and feature count, …).
    public var summary: TrainingSummary

    /// A trained `model` with its `summary`.
    public init(_ model: any Sendable, summary: TrainingSummary) {
        self.model = model
        self.summary = summary
    }

    /// A (tuned) configuration for the registry, with the values the search chose.
    public static func configuration(_ value: ConfigurationValue, chosen: TrainingSummary) -> TrainedModel {
        TrainedModel(value, summary: chosen)
    }

    /// The configuration, when this is one (a rule-based recognizer's). O(1).
    public var configuration: ConfigurationValue? { model as? ConfigurationValue }

    /// The model as `type`, or `nil` when it is another kind. O(1).
    public func model<Model>(as type: Model.Type) -> Model? { model as? Model }
}
