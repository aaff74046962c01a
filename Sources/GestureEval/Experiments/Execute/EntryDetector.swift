import GestureKit
import GestureData

/// Runs a trained entry over judged recordings through its recognizer's ``RecognizerTrainer`` (the way an app runs
/// the recognizer, through ``GestureKit/Pipeline``, or a segment classifier), and scores candidates of a search.
struct EntryDetector: Sendable {
    /// The entry (its label map already merged with the experiment's).
    var entry: Experiment.Entry
    /// What the recordings hold.
    var kind: Dataset.Kind
    /// Where recognizers come from.
    var registry: RecognizerRegistry
    /// Matching tolerances.
    var matching: EventMatching
    /// Where trainers come from.
    var trainers: TrainerRegistry

    /// What the trainer is told (the objective plays no part in running a model).
    var setup: TrainingSetup { entry.setup(kind: kind, matching: matching, registry: registry) }

    /// Runs `model` on judged `recordings`: events (continuous; segments that run a streaming recognizer too)
    /// and predicted labels (segments: the DTW or MiniRocket classifier's label, or the first completed event's, or null).
    /// A trainer's error becomes an ``ExperimentError`` word for word. O(total samples) recognizer steps, recordings in parallel.
    func detect(_ model: TrainedModel, on recordings: [Recording]) throws -> TrainingSetup.Detections {
        do { return try trainers.trainer(for: entry.recognizer).detect(model, on: recordings, setup: setup) } catch let error as TrainingError {
            throw ExperimentError(error)
        }
    }

    /// The `metric` of `events` (continuous) or `predicted` labels (segments) on judged `recordings`, as point
    /// values, with recall and false activations per hour of background (continuous): what a search chooses by.
    func operatingPoint(events: [[GestureEvent]], predicted: [String], recordings: [Recording],
                        metric: Experiment.Metric) -> TrainingObjective.OperatingPoint {
        setup.operatingPoint(events: events, predicted: predicted, recordings: recordings, metric: metric)
    }
}
