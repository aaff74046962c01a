import Foundation
import GestureKit
import GestureData

/// The lifecycle of a learned recognizer, in one place: what its configuration may say, how it learns from the
/// training recordings of a fold, how what it learned runs over test recordings, what a training step costs, and how
/// its model is read from and written to a file.
///
/// ``TrainerRegistry`` holds one per learned recognizer, by identifier; a recognizer without one is rule-based and
/// trained by ``RuleBasedTrainer`` (a grid search over its configuration). ``EntryTrainer``, ``EntryDetector``, the
/// plan's cost estimate and the `train`, `detect` and `evaluate` commands ask the registry, never an identifier.
///
/// A trainer receives only training recordings (``train(_:on:)``): the guard against leakage of ``Trainer``.
public protocol RecognizerTrainer: Sendable {
    /// The recognizer identifier it trains (an experiment entry's `recognizer`).
    var identifier: String { get }

    /// Whether an entry may name a trained model file (``TrainingSetup/modelFile``) to use as is instead of training.
    var readsModelFiles: Bool { get }

    /// Checks the setup's configuration and searched keys before any fold runs; the error names what is wrong.
    func validate(_ setup: TrainingSetup) throws(TrainingError)

    /// Learns a model from judged training `recordings` (only their judged annotations), including any search over
    /// ``TrainingSetup/search``; the summary says what was learned and chosen.
    func train(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> TrainedModel

    /// Runs `model` (one this trainer made or read) over judged `recordings`: events (continuous recordings; segments
    /// when a streaming recognizer runs) and predicted labels (segments).
    func detect(_ model: TrainedModel, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections

    /// What a training step processes on judged training `recordings`, the basis of its cost estimate. O(recordings).
    func workload(_ setup: TrainingSetup, training recordings: [Recording]) -> TrainingWorkload

    /// The estimated one-core seconds of a training step with `workload` (whose search tries `searched` candidates, 0
    /// without a search) and of the units testing its model; `nil`: the rule-based estimate (a recognizer step per
    /// sample), as when the workload counts no examples.
    func estimatedSeconds(of workload: TrainingWorkload, searched: Double, testing: TrainingWorkload.Testing, model: TrainingCostModel) -> Double?

    /// The model in the file at `url`; a missing, old, corrupted or foreign file is an error naming the file.
    func readModel(at url: URL) throws(DataFileError) -> TrainedModel

    /// Writes `model` to `url` atomically.
    func writeModel(_ model: TrainedModel, to url: URL) throws(DataFileError)

    /// What `gesturelab train` prints before the summary, e.g. `trained dtw on 12 recordings`.
    func trainedLine(_ model: TrainedModel, recordings: Int) -> String

    /// One line per deprecated key of a configuration (read under a new name), for warnings.
    func deprecations(inConfiguration value: ConfigurationValue) -> [String]

    /// One line per deprecated key of a model file's bytes `data`, naming `file`.
    func deprecations(inModelFile data: Data, file: String) -> [String]

    /// The pipeline a configuration document runs when it is this trainer's model file and records its own stages;
    /// `nil`: the document's `stages` key and the registry decide (``GestureKit/StagedConfiguration``).
    func pipeline(forModel document: any ConfigurationDecoding, registry: RecognizerRegistry) throws -> Pipeline?

    /// A small working configuration of the recognizer for `bench soak` and the robustness tests, when its default
    /// configuration cannot run (it needs a learned model); `nil` otherwise.
    func exampleConfiguration() throws -> JSONConfiguration?
}

extension RecognizerTrainer {
    /// No model files by default.
    public var readsModelFiles: Bool { false }

    /// The rule-based estimate by default.
    public func estimatedSeconds(of workload: TrainingWorkload, searched: Double, testing: TrainingWorkload.Testing, model: TrainingCostModel) -> Double? { nil }

    /// `trained IDENTIFIER on N recordings`.
    public func trainedLine(_ model: TrainedModel, recordings: Int) -> String { "trained \(identifier) on \(recordings) recordings" }

    /// None by default.
    public func deprecations(inConfiguration value: ConfigurationValue) -> [String] { [] }

    /// None by default.
    public func deprecations(inModelFile data: Data, file: String) -> [String] { [] }

    /// The configuration's deprecations, then those of the model file at `modelFile` (if any, and readable).
    public func deprecations(configuration: ConfigurationValue, modelFile: String?) -> [String] {
        let lines = deprecations(inConfiguration: configuration)
        guard let modelFile else { return lines }
        // An unreadable file has none here: reading it says what is wrong.
        let url = URL(fileURLWithPath: modelFile)
        return lines + ((try? Data(contentsOf: url)).map { deprecations(inModelFile: $0, file: url.path) } ?? [])
    }

    /// `nil` by default: the document's own `stages` key decides.
    public func pipeline(forModel document: any ConfigurationDecoding, registry: RecognizerRegistry) throws -> Pipeline? { nil }

    /// `nil` by default: the default configuration runs.
    public func exampleConfiguration() throws -> JSONConfiguration? { nil }

    /// The workload of a rule-based step by default: the judged training samples only.
    public func workload(_ setup: TrainingSetup, training recordings: [Recording]) -> TrainingWorkload {
        TrainingWorkload(trainingSamples: recordings.reduce(0) { $0 + $1.count })
    }

    /// A model of another kind than `Model`: an error naming the setup (a model from another trainer, a broken registry).
    func expect<Model>(_ model: TrainedModel, _ type: Model.Type) throws(TrainingError) -> Model {
        guard let typed = model.model(as: type) else { throw TrainingError("\(identifier) cannot run a \(Swift.type(of: model.model))") }
        return typed
    }

    /// The model at `url` read by `read`, with `summary` describing it: what a model file used as is reports.
    func readModel<Model: Sendable>(at url: URL, _ read: (URL) throws(DataFileError) -> Model,
                                    summary: (Model) -> TrainingSummary) throws(DataFileError) -> TrainedModel {
        let model = try read(url)
        return TrainedModel(model, summary: summary(model))
    }
}
