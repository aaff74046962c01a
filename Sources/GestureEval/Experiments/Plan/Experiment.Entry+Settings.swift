import Foundation
import GestureKit
import GestureData

extension Experiment.Entry {
    /// The entry's configuration as written (a preset file read), or an empty map for the recognizer's defaults.
    /// - Throws: when the preset file cannot be read, naming the entry.
    func baseConfiguration() throws(ExperimentError) -> ConfigurationValue {
        do { return try configuration?.resolve() ?? .object([:]) } catch { throw ExperimentError(entry: name, error.description) }
    }

    /// `base` completed with the recognizer's defaults (what it actually runs with), after checking that it
    /// is valid and that every key of `keys` (default: the search's) names one of its settings.
    func completeSettings(_ base: ConfigurationValue, registry: RecognizerRegistry, keys: [String]? = nil) throws(ExperimentError) -> ConfigurationValue {
        do { return try setup(registry: registry).completeSettings(base, keys: keys) } catch { throw ExperimentError(error) }
    }
}
