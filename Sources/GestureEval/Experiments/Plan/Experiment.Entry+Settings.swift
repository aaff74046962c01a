import Foundation
import GestureKit
import GestureData

extension Experiment {
    /// The experiment with every entry resolved (``resolving(_:)``): what a run's stages read, so that each preset
    /// file is read and each label map merged once. Resolving again changes nothing. O(entries + preset files' bytes).
    /// - Throws: when a preset file cannot be read, naming the entry.
    package func resolved() throws(ExperimentError) -> Experiment {
        var resolved = self
        for i in entries.indices { resolved.entries[i] = try resolving(entries[i]) }
        return resolved
    }

    /// `entry` as this experiment runs it: the experiment's label map under the entry's own (the entry's rules win),
    /// and its preset file read (``ConfigurationSource/read(path:settings:)``). The one place either happens.
    /// - Throws: when the preset file cannot be read, naming the entry.
    package func resolving(_ entry: Entry) throws(ExperimentError) -> Entry {
        var entry = entry
        entry.labelMap = labelMap.merging(entry.labelMap)
        if case let .preset(path) = entry.configuration {
            do { entry.configuration = .read(path: path, settings: try ConfigurationSource.preset(path).resolve()) } catch {
                throw ExperimentError(entry: entry.name, error.description)
            }
        }
        return entry
    }
}

extension Experiment.Entry {
    /// The entry's configuration as written (a preset file read, unless ``Experiment/resolving(_:)`` read it), or an
    /// empty map for the recognizer's defaults.
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
