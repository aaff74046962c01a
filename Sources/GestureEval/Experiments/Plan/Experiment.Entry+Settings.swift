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
        let recognizer: any Recognizer
        do { recognizer = try registry.makeRecognizer(self.recognizer, configuration: base.decoding) } catch {
            throw ExperimentError(entry: name, String(describing: error))
        }
        func settings<R: ConfigurableRecognizer>(_ r: R) -> ConfigurationValue? {
            (try? JSONEncoder().encode(r.configuration)).flatMap { try? JSONDecoder().decode(ConfigurationValue.self, from: $0) }
        }
        guard let configurable = recognizer as? any ConfigurableRecognizer, let full = settings(configurable) else { return base }
        for key in (keys ?? search.keys.sorted()) where full[path: key] == nil {
            throw ExperimentError(entry: name, "'\(key)' is not a setting of \(self.recognizer)")
        }
        return full
    }
}
