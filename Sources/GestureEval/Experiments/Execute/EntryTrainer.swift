import Foundation
import GestureKit
import GestureData

/// Trains one experiment entry on training recordings only: a grid search over its ranges under its
/// ``TrainingObjective`` (``Experiment/objective(for:)``) for rule-based recognizers, DTW templates and
/// rejection thresholds for `dtw` (templates trained once per set of template settings, see
/// ``DTWTrainingCache``), a MiniRocket classifier for `minirocket` (segments), or a trained model file
/// used as is. The experiment contributes the matching tolerances and label map.
///
/// Used for each fold by ``ExperimentRunner`` and on a whole dataset by `gesturelab train`:
/// ```swift
/// let trainer = try EntryTrainer(entry: entry, experiment: experiment, kind: dataset.kind)
/// let model = try trainer.train(on: dataset.recordings)
/// ```
/// - Complexity: O(combinations × (training cost + recognizer steps over `recordings`)).
public struct EntryTrainer: Trainer, Sendable {
    /// The entry, with the experiment's label map added to its own.
    public let entry: Experiment.Entry
    /// What the recordings hold.
    public let kind: Dataset.Kind
    /// The configuration as written (the search varies it).
    let base: ConfigurationValue
    /// What the search maximises.
    let objective: TrainingObjective
    /// How candidates are run and scored on the training recordings.
    let detector: EntryDetector

    /// Prepares training; checks that the configuration is valid for the recognizer and that each searched
    /// key names one of its settings (DTW: one of ``DTWTrainingSettings/searchable``).
    public init(entry: Experiment.Entry, experiment: Experiment, kind: Dataset.Kind, registry: RecognizerRegistry = .standard) throws(ExperimentError) {
        var entry = entry
        entry.labelMap = experiment.labelMap.merging(entry.labelMap)
        self.entry = entry
        self.kind = kind
        base = try entry.baseConfiguration()
        objective = experiment.objective(for: entry)
        detector = EntryDetector(entry: entry, kind: kind, registry: registry, matching: experiment.matching.eventMatching)
        if entry.recognizer == MiniRocketSpotter.identifier {
            for key in entry.search.keys.sorted() where !MiniRocketStreamSettings.searchable.contains(key) {
                throw ExperimentError(entry: entry.name, "'\(key)' cannot be searched for minirocket-stream; searchable: \(MiniRocketStreamSettings.searchable.joined(separator: ", "))")
            }
            do { _ = try base.decoding.decode(MiniRocketStreamSettings.self) } catch {
                throw ExperimentError(entry: entry.name, "invalid minirocket-stream configuration: \(error)")
            }
        } else if entry.recognizer == MiniRocketClassifier.identifier {
            if let key = entry.search.keys.sorted().first {
                throw ExperimentError(entry: entry.name, "'\(key)' cannot be searched for minirocket: its ridge penalty is chosen by leave-one-out and nothing else is worth tuning")
            }
            do { _ = try base.decoding.decode(MiniRocketTrainingSettings.self) } catch {
                throw ExperimentError(entry: entry.name, "invalid minirocket configuration: \(error)")
            }
        } else if entry.recognizer == DTWTemplateMatcher.identifier {
            for key in entry.search.keys.sorted() where !DTWTrainingSettings.searchable.contains(key) {
                throw ExperimentError(entry: entry.name, "'\(key)' cannot be searched for dtw; searchable: \(DTWTrainingSettings.searchable.joined(separator: ", "))")
            }
            if let k = entry.search["selection"]?.values.first(where: { !($0 >= 1 && $0 == $0.rounded()) }) {
                throw ExperimentError(entry: entry.name, "search selection: numbers of medoids per class are whole numbers ≥ 1, got \(ExperimentReport.fmt(k))")
            }
        } else {
            _ = try entry.completeSettings(base, registry: registry)
        }
    }

    /// The model learned from `recordings` (all of them training data). Throws naming the entry.
    public func train(on recordings: [Recording]) throws(ExperimentError) -> TrainedModel {
        let judged = entry.judged(recordings, kind: kind)
        if entry.recognizer == MiniRocketSpotter.identifier {
            guard kind == .continuous else {
                throw ExperimentError(entry: entry.name, "minirocket-stream spots gestures in continuous recordings; for segments use minirocket")
            }
            // Windows are cut from the signal behind the entry's stages, as the spotter sees it.
            let staged = try entry.staged(judged)
            let matching = detector.matching, entry = entry
            return try search(base).best(on: judged) { (value) throws(ExperimentError) in
                do {
                    let settings = try value.decoding.decode(MiniRocketStreamSettings.self)
                    let result = try MiniRocketStreamTrainer(settings: settings, matching: matching).train(staged)
                    return .init(model: .miniRocket(result.model, summary: result.summary), heldOutEvents: result.detections)
                } catch let error as ExperimentError {
                    throw error
                } catch {
                    throw ExperimentError(entry: entry.name, "minirocket-stream training: \(error)")
                }
            }
        }
        if entry.recognizer == MiniRocketClassifier.identifier {
            // Trained on the signal behind the entry's stages, as it classifies.
            return try MiniRocketTrainingSettings.train(try entry.staged(judged), configuration: base, kind: kind, entry: entry)
        }
        if entry.recognizer == DTWTemplateMatcher.identifier {
            if let file = entry.model {
                // A model trained elsewhere: the same in every fold (like an untrained preset).
                let model: DTWModel
                do { model = try DTWModelFile.read(from: URL(fileURLWithPath: file)) } catch {
                    throw ExperimentError(entry: entry.name, error.description)
                }
                // The model runs behind the stages it records; an entry naming others would evaluate something else.
                guard entry.stages.isEmpty || entry.stages == model.stages else {
                    throw ExperimentError(entry: entry.name, "stages \(entry.stages) differ from the model's (\(model.stages.isEmpty ? "none" : "\(model.stages)")); leave stages out to use the model's")
                }
                return .dtw(model, summary: TrainingSummary(values: ["band": model.dtw.band, "templates": Double(model.templates.count)]))
            }
            // Templates are cut from the signal the matcher will see behind the entry's stages; candidates are
            // scored by running the whole pipeline on the recordings as recorded.
            let staged = try entry.staged(judged)
            // Candidates that differ only in rejection or spotting durations share their templates.
            let matching = detector.matching, entry = entry, kind = kind, cache = DTWTrainingCache()
            return try search(base).best(on: judged) { (value) throws(ExperimentError) in
                var candidate = try DTWExamples.train(staged, configuration: value, kind: kind, entry: entry, matching: matching, cache: cache)
                if case .dtw(var model, let summary) = candidate.model {
                    model.stages = entry.stages
                    candidate.model = .dtw(model, summary: summary)
                }
                return candidate
            }
        }
        // Search on the complete settings, so nested keys can be set and unknown ones are caught.
        let full = entry.search.isEmpty ? base : try entry.completeSettings(base, registry: detector.registry)
        return try search(full).best(on: judged) { value in .init(model: .configuration(value, chosen: TrainingSummary())) }
    }

    private func search(_ base: ConfigurationValue) -> ParameterSearch {
        ParameterSearch(entry: entry, base: base, objective: objective, detector: detector)
    }
}
