import Foundation
import GestureKit
import GestureData

/// The trainer of a recognizer that learns nothing but its settings: a grid search over the configuration's
/// searched keys (each combination run through the pipeline over the training recordings and scored), or the
/// configuration as written without a search. What ``TrainerRegistry`` gives an identifier it has no trainer for.
///
/// - Complexity: O(combinations × recognizer steps over the training recordings).
package struct RuleBasedTrainer: RecognizerTrainer {
    /// The (tuned) configuration.
    package typealias Model = ConfigurationValue

    /// The recognizer identifier.
    package var identifier: String

    /// The trainer of the rule-based recognizer `identifier`.
    package init(identifier: String) { self.identifier = identifier }

    /// Checks that the configuration makes the recognizer and that each searched key names one of its settings.
    package func validate(_ setup: TrainingSetup) throws(TrainingError) {
        _ = try setup.completeSettings(setup.configuration)
    }

    /// The best combination of the search (on the complete settings, so nested keys can be set and unknown ones are
    /// caught), or the configuration as written without ranges and budget.
    package func fit(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> Trained<ConfigurationValue> {
        let full = setup.search.isEmpty ? setup.configuration : try setup.completeSettings(setup.configuration)
        return try setup.search(from: full) { try detect($0, on: $1, setup: setup) }
            .best(on: recordings) { value in .init(model: Trained(value, summary: TrainingSummary())) }
    }

    /// The configured recognizer behind the setup's stages, over every recording.
    package func detect(_ value: ConfigurationValue, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
        return try setup.run(setup.pipeline([try setup.registry.makeRecognizer(setup.recognizer, configuration: value.decoding)]),
                             on: recordings, checkChannels: false)
    }
}
