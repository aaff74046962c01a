import Foundation
import GestureKit
import GestureData

/// The trainer of a recognizer that learns nothing but its settings: a grid search over the configuration's
/// searched keys (each combination run through the pipeline over the training recordings and scored), or the
/// configuration as written without a search. What ``TrainerRegistry`` gives an identifier it has no trainer for.
///
/// - Complexity: O(combinations × recognizer steps over the training recordings).
public struct RuleBasedTrainer: RecognizerTrainer {
    /// The recognizer identifier.
    public var identifier: String

    /// The trainer of the rule-based recognizer `identifier`.
    public init(identifier: String) { self.identifier = identifier }

    /// Checks that the configuration makes the recognizer and that each searched key names one of its settings.
    public func validate(_ setup: TrainingSetup) throws(TrainingError) {
        _ = try setup.completeSettings(setup.configuration)
    }

    /// The best combination of the search (on the complete settings, so nested keys can be set and unknown ones are
    /// caught), or the configuration as written without ranges and budget.
    public func train(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> TrainedModel {
        let full = setup.search.isEmpty ? setup.configuration : try setup.completeSettings(setup.configuration)
        return try setup.search(from: full) { try detect($0, on: $1, setup: setup) }
            .best(on: recordings) { value in .init(model: .configuration(value, chosen: TrainingSummary())) }
    }

    /// The configured recognizer behind the setup's stages, over every recording.
    public func detect(_ model: TrainedModel, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
        let value = try expect(model, ConfigurationValue.self)
        return try setup.run(setup.pipeline([try setup.registry.makeRecognizer(setup.recognizer, configuration: value.decoding)]),
                             on: recordings, checkChannels: false)
    }

    /// A rule-based recognizer has no model file: its tuned configuration is written as YAML by `gesturelab train`.
    public func readModel(at url: URL) throws(DataFileError) -> TrainedModel {
        throw DataFileError(file: url.path, "\(identifier) reads no model file; give a tuned configuration instead")
    }

    /// Refused, as ``readModel(at:)``.
    public func writeModel(_ model: TrainedModel, to url: URL) throws(DataFileError) {
        throw DataFileError(file: url.path, "\(identifier) writes no model file; its tuned configuration is written as YAML")
    }
}
