import Foundation
import GestureKit
import GestureData

/// A ``RecognizerTrainer`` of any model type, and the final template around it: what every trainer would otherwise
/// repeat happens here, once, leaving a trainer its ``RecognizerTrainer/fit(_:on:)`` and
/// ``RecognizerTrainer/detect(_:on:setup:)``.
///
/// - ``validate(_:)`` checks the searched keys against ``RecognizerTrainer/searchable`` before the trainer's own checks.
/// - ``train(_:on:)`` refuses a kind of data the trainer does not take (``RecognizerTrainer/refusal(of:)``), and uses
///   the setup's model file as is in every fold when the trainer reads model files (read, named in errors, accepted
///   by the trainer); otherwise it fits.
/// - ``detect(_:on:setup:)`` is where a ``TrainedModel`` becomes the trainer's ``RecognizerTrainer/Model``: the one
///   downcast, an error naming the setup when a model of another trainer arrives.
/// - ``workload(_:training:)`` keeps the trainer's typed workload in the shared ``TrainingWorkload``, and
///   ``estimatedSeconds(of:searched:testing:model:)`` hands it back typed.
///
/// ``TrainerRegistry`` holds these; the executor, the plan's cost estimate and the `train`, `detect` and `evaluate`
/// commands call them, never a trainer directly.
public struct AnyRecognizerTrainer: Sendable {
    /// The trainer; its methods are reached by opening it (SE-0352) in the generic helpers below.
    private let base: any RecognizerTrainer

    /// `trainer` behind the template.
    public init<Trainer: RecognizerTrainer>(_ trainer: Trainer) { base = trainer }

    /// The recognizer identifier it trains.
    public var identifier: String { base.identifier }

    /// Whether an entry may name a trained model file to use as is instead of training.
    package var readsModelFiles: Bool { base.readsModelFiles }

    /// Checks the searched keys (``RecognizerTrainer/searchable``), then the trainer's own checks; the error names
    /// what is wrong.
    package func validate(_ setup: TrainingSetup) throws(TrainingError) {
        if let searchable = base.searchable { try setup.requireSearchable(searchable) }
        try base.validate(setup)
    }

    /// The setup's model file as is (when the trainer reads one), or what the trainer fits on judged training
    /// `recordings`; a kind of data the trainer refuses is an error naming the setup.
    public func train(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> TrainedModel {
        if let refusal = base.refusal(of: setup.kind) { throw setup.error(refusal) }
        return try Self.train(base, setup, recordings)
    }

    private static func train<T: RecognizerTrainer>(_ trainer: T, _ setup: TrainingSetup, _ recordings: [Recording]) throws(TrainingError) -> TrainedModel {
        let trained: Trained<T.Model>
        if trainer.readsModelFiles, let file = setup.modelFile {
            // A model trained elsewhere: the same in every fold (like an untrained preset).
            do { trained = try trainer.readModel(at: URL(fileURLWithPath: file)) } catch { throw setup.error(error.description) }
            try trainer.accept(trained.model, fromFile: file, setup: setup, training: recordings)
        } else {
            trained = try trainer.fit(setup, on: recordings)
        }
        return TrainedModel(trained.model, summary: trained.summary)
    }

    /// Runs `model` (one this trainer made or read) over judged `recordings`; a model of another trainer is an error
    /// naming the setup.
    public func detect(_ model: TrainedModel, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
        if let refusal = base.refusal(of: setup.kind) { throw setup.error(refusal) }
        return try Self.detect(base, model, recordings, setup)
    }

    private static func detect<T: RecognizerTrainer>(_ trainer: T, _ model: TrainedModel, _ recordings: [Recording],
                                                     _ setup: TrainingSetup) throws -> TrainingSetup.Detections {
        guard let typed = model.model(as: T.Model.self) else {
            throw setup.error("\(trainer.identifier) cannot run a \(type(of: model.model))")
        }
        return try trainer.detect(typed, on: recordings, setup: setup)
    }

    /// Whether the trainer adapts a model to a person (``AdaptingTrainer``). O(1).
    package var adapts: Bool { base is any AdaptingTrainer }

    /// `model` (one this trainer made) adapted to one person from `person`; a trainer that does not adapt, or a model
    /// of another trainer, is an error naming the setup.
    package func adapt(_ model: TrainedModel, to person: PersonCalibration, setup: TrainingSetup) throws(TrainingError) -> TrainedModel {
        guard let adapting = base as? any AdaptingTrainer else { throw setup.error("\(identifier) cannot adapt to a person") }
        return try Self.adapt(adapting, model, person, setup)
    }

    private static func adapt<T: AdaptingTrainer>(_ trainer: T, _ model: TrainedModel, _ person: PersonCalibration,
                                                  _ setup: TrainingSetup) throws(TrainingError) -> TrainedModel {
        guard let typed = model.model(as: T.Model.self) else { throw setup.error("\(trainer.identifier) cannot adapt a \(type(of: model.model))") }
        let adapted = try trainer.adapt(typed, summary: model.summary, to: person, setup: setup)
        return TrainedModel(adapted.model, summary: adapted.summary)
    }

    /// The training samples of judged `recordings`, with what the trainer counts on them. O(recordings).
    package func workload(_ setup: TrainingSetup, training recordings: [Recording]) -> TrainingWorkload {
        var workload = TrainingWorkload(trainingSamples: recordings.reduce(0) { $0 + $1.count })
        workload.detail = Self.detail(base, setup, recordings)
        return workload
    }

    private static func detail<T: RecognizerTrainer>(_ trainer: T, _ setup: TrainingSetup, _ recordings: [Recording]) -> ConfigurationValue? {
        trainer.workload(setup, training: recordings).flatMap { TrainingWorkload.encode($0) }
    }

    /// The trainer's estimate of a step with `workload` and the units testing its model, one-core seconds; `nil`: the
    /// rule-based estimate (no counts of the trainer's, or it has no estimate).
    package func estimatedSeconds(of workload: TrainingWorkload, searched: Double, testing: TrainingWorkload.Testing,
                                 model: TrainingCostModel) -> Double? {
        Self.estimatedSeconds(base, workload, searched, testing, model)
    }

    private static func estimatedSeconds<T: RecognizerTrainer>(_ trainer: T, _ workload: TrainingWorkload, _ searched: Double,
                                                               _ testing: TrainingWorkload.Testing, _ model: TrainingCostModel) -> Double? {
        guard let detail = workload.decodedDetail(as: T.Workload.self) else { return nil }
        return trainer.estimatedSeconds(of: detail, training: workload.trainingSamples, searched: searched, testing: testing, model: model)
    }

    /// The model in the file at `url`, with its summary; a missing, old, corrupted or foreign file is an error naming
    /// the file, as is a trainer that reads no model files.
    package func readModel(at url: URL) throws(DataFileError) -> TrainedModel { try Self.readModel(base, url) }

    private static func readModel<T: RecognizerTrainer>(_ trainer: T, _ url: URL) throws(DataFileError) -> TrainedModel {
        let trained = try trainer.readModel(at: url)
        return TrainedModel(trained.model, summary: trained.summary)
    }

    /// Writes `model` to `url` atomically; a model of another trainer is an error naming the file.
    package func writeModel(_ model: TrainedModel, to url: URL) throws(DataFileError) { try Self.writeModel(base, model, url) }

    private static func writeModel<T: RecognizerTrainer>(_ trainer: T, _ model: TrainedModel, _ url: URL) throws(DataFileError) {
        guard let typed = model.model(as: T.Model.self) else {
            throw DataFileError(file: url.path, "not a model of \(trainer.identifier)")
        }
        try trainer.writeModel(typed, to: url)
    }

    /// What `gesturelab train` prints before the summary, e.g. `trained dtw on 12 recordings`.
    package func trainedLine(recordings: Int) -> String { base.trainedLine(recordings: recordings) }

    /// What the trainer prints after the summary about `model`; none for a model of another trainer.
    package func trainedLines(_ model: TrainedModel) -> [String] { Self.trainedLines(base, model) }

    private static func trainedLines<T: RecognizerTrainer>(_ trainer: T, _ model: TrainedModel) -> [String] {
        model.model(as: T.Model.self).map(trainer.trainedLines) ?? []
    }

    /// The shared count keys and the trainer's own.
    package var countKeys: Set<String> { TrainingSummary.countKeys.union(base.countKeys) }

    /// One line per deprecated key of a configuration (read under a new name), for warnings.
    package func deprecations(inConfiguration value: ConfigurationValue) -> [String] { base.deprecations(inConfiguration: value) }

    /// One line per deprecated key of a model file's bytes `data`, naming `file`.
    package func deprecations(inModelFile data: Data, file: String) -> [String] { base.deprecations(inModelFile: data, file: file) }

    /// The configuration's deprecations, then those of the model file at `modelFile` (if any, and readable).
    package func deprecations(configuration: ConfigurationValue, modelFile: String?) -> [String] {
        let lines = deprecations(inConfiguration: configuration)
        guard let modelFile else { return lines }
        // An unreadable file has none here: reading it says what is wrong.
        let url = URL(fileURLWithPath: modelFile)
        return lines + ((try? Data(contentsOf: url)).map { deprecations(inModelFile: $0, file: url.path) } ?? [])
    }

    /// The pipeline a configuration document runs when it is this trainer's model file; `nil`: the document decides.
    package func pipeline(forModel document: any ConfigurationDecoding, registry: RecognizerRegistry) throws -> Pipeline? {
        try base.pipeline(forModel: document, registry: registry)
    }

    /// A small working configuration for `bench soak` and the robustness tests; `nil`: the default configuration runs.
    package func exampleConfiguration() throws -> JSONConfiguration? { try base.exampleConfiguration() }
}
