import Foundation
import GestureKit
import GestureData

/// Trains one experiment entry on training recordings only, through its recognizer's ``RecognizerTrainer`` from a
/// ``TrainerRegistry``: a grid search over its ranges under its ``TrainingObjective`` (``Experiment/objective(for:)``)
/// for rule-based recognizers (``RuleBasedTrainer``), or what a learned recognizer's trainer does (DTW templates,
/// a MiniRocket classifier or stream spotter, a trained model file used as is). The experiment contributes the
/// matching tolerances and label map; a ``TrainingError`` becomes an ``ExperimentError`` word for word.
///
/// Used for each fold by ``ExperimentRunner`` and on a whole dataset by `gesturelab train`:
/// ```swift
/// let trainer = try EntryTrainer(entry: entry, experiment: experiment, kind: dataset.kind)
/// let model = try trainer.train(on: dataset.recordings)
/// ```
/// - Complexity: O(combinations × (training cost + recognizer steps over `recordings`)).
package struct EntryTrainer: Sendable {
    /// The entry, with the experiment's label map added to its own.
    package let entry: Experiment.Entry
    /// What the recordings hold.
    package let kind: Dataset.Kind
    /// What the trainer is told: the configuration as written (the search varies it), the ranges, the objective.
    let setup: TrainingSetup
    /// The entry's recognizer's trainer.
    let trainer: AnyRecognizerTrainer
    /// How models are run over test recordings.
    let detector: EntryDetector

    /// Prepares training; checks, through the recognizer's trainer, that the configuration is valid and that each
    /// searched key may be searched.
    package init(entry: Experiment.Entry, experiment: Experiment, kind: Dataset.Kind, registry: RecognizerRegistry,
                trainers: TrainerRegistry) throws(ExperimentError) {
        let entry = try experiment.resolving(entry)
        self.entry = entry
        self.kind = kind
        let matching = experiment.eventMatching
        setup = entry.setup(configuration: try entry.baseConfiguration(), kind: kind, matching: matching,
                            objective: experiment.objective(for: entry), registry: registry)
        trainer = trainers.trainer(for: entry.recognizer)
        detector = EntryDetector(entry: entry, kind: kind, registry: registry, matching: matching, trainers: trainers)
        do { try trainer.validate(setup) } catch { throw ExperimentError(error) }
        if let adaptation = entry.adaptation {
            guard trainer.adapts else {
                throw ExperimentError(entry: entry.name, "adaptation \(adaptation.description): \(entry.recognizer) cannot adapt to a person; "
                    + "recognizers that adapt: \(trainers.adapting.joined(separator: ", "))")
            }
            guard kind == .continuous else { throw ExperimentError(entry: entry.name, "adaptation reads a subject's continuous recordings; these are segments") }
        }
    }

    /// `model` adapted to one test subject from `person` (the entry adapts, ``Experiment/Entry/adaptation``). Throws
    /// naming the entry.
    func adapt(_ model: TrainedModel, to person: PersonCalibration) throws(ExperimentError) -> TrainedModel {
        do { return try trainer.adapt(model, to: person, setup: setup) } catch { throw ExperimentError(error) }
    }

    /// `model` adapted to `subject` as `compare` adapts it when it tests that subject: the subject's calibration data
    /// (``PersonCalibration``) cut from `recordings` (a dataset's, any subject's; judged here as the entry judges a
    /// test part), then ``adapt(_:to:)``. Returns the adapted model and the calibration it read. Throws naming the
    /// entry when it does not adapt, or when `recordings` hold none of `subject`'s.
    /// - Complexity: O(annotations + samples of the calibration) plus the trainer's adaptation.
    package func adapt(_ model: TrainedModel, toSubject subject: String,
                       in recordings: [Recording]) throws(ExperimentError) -> (model: TrainedModel, calibration: PersonCalibration) {
        guard let adaptation = entry.adaptation else {
            throw ExperimentError(entry: entry.name, "the entry does not adapt: give it `adaptation: {labelled: K}` or `{unlabelled: all | SECONDS}`")
        }
        let mine = recordings.filter { $0.subject == subject }
        guard !mine.isEmpty else {
            let subjects = Set(recordings.map(\.subject)).sorted()
            throw ExperimentError(entry: entry.name, "no recording of subject '\(subject)'; subjects: \(subjects.joined(separator: ", "))")
        }
        let person = PersonCalibration.of(subject, in: entry.judged(mine, kind: kind, ignoring: setup.matching), adaptation: adaptation,
                                          ignored: setup.matching.ignores)
        return (try adapt(model, to: person), person)
    }

    /// The model learned from `recordings` (all of them training data; judged as the entry is), as the training part
    /// of the fold named `fold` when given. Throws naming the entry.
    package func train(on recordings: [Recording], fold: String? = nil) throws(ExperimentError) -> TrainedModel {
        try train(judged: entry.judged(recordings, kind: kind, ignoring: setup.matching), fold: fold)
    }

    /// The model learned from `recordings` already judged as the entry judges them (a fold's training part, judged once
    /// when the run was prepared), in the fold named `fold`. Throws naming the entry.
    func train(judged recordings: [Recording], fold: String? = nil) throws(ExperimentError) -> TrainedModel {
        var setup = setup
        setup.fold = fold
        do { return try trainer.train(setup, on: recordings) } catch { throw ExperimentError(error) }
    }
}
