import Foundation
import GestureKit
import GestureData

/// What the author of a learned recognizer writes: how it learns from the training recordings of a fold, how its
/// model runs over test recordings, what a training step processes and costs, and (when it has one) how its model
/// file is read and written. Everything every trainer would otherwise repeat is ``AnyRecognizerTrainer``'s, the final
/// template around these requirements (as aeon's `fit` around `_fit`): the searchable-key check, refusing a kind of
/// data the trainer does not take, using a model file as is in every fold, the one downcast of a ``TrainedModel`` to
/// ``Model``, and keeping ``Workload`` in a shared ``TrainingWorkload``.
///
/// ``TrainerRegistry`` holds one per learned recognizer, by identifier; a recognizer without one is rule-based and
/// trained by ``RuleBasedTrainer`` (a grid search over its configuration). The trainer receives only training
/// recordings (``fit(_:on:)``): the guard against leakage.
///
/// A new learned recognizer is a folder holding its recognizer's trainer, settings and model file, plus one line in
/// ``TrainerRegistry/standard`` (ARCHITECTURE.md has the guide; `TrainerRegistryTests` registers one from outside).
public protocol RecognizerTrainer: Sendable {
    /// What training learns: a ``GestureKit/DTWModel``, a ``GestureKit/MiniRocketModel``, a tuned configuration, …
    associatedtype Model: Sendable
    /// What a training step processes, counted when an experiment is planned: the basis of ``estimatedSeconds(of:training:searched:testing:model:)``.
    /// `Never` for a trainer without a cost estimate of its own.
    associatedtype Workload: Codable & Hashable & Sendable = Never

    /// The recognizer identifier it trains (an experiment entry's `recognizer`).
    var identifier: String { get }

    /// The configuration keys an entry may search; `nil`: any key (the trainer's ``validate(_:)`` checks them).
    var searchable: [String]? { get }

    /// Why recordings of `kind` cannot be trained on or run, or `nil` when they can (both kinds by default).
    func refusal(of kind: Dataset.Kind) -> String?

    /// Checks the setup's configuration before any fold runs (after the searchable keys); the error names what is wrong.
    func validate(_ setup: TrainingSetup) throws(TrainingError)

    /// Learns a model from judged training `recordings` (only their judged annotations), including any search over
    /// ``TrainingSetup/search``; the summary says what was learned and chosen.
    func fit(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> Trained<Model>

    /// Runs `model` over judged `recordings`: events (continuous recordings; segments when a streaming recognizer
    /// runs) and predicted labels (segments).
    func detect(_ model: Model, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections

    /// What a training step processes on judged training `recordings`; `nil` when it trains nothing worth counting
    /// (a model file, an invalid configuration). O(recordings).
    func workload(_ setup: TrainingSetup, training recordings: [Recording]) -> Workload?

    /// The estimated one-core seconds of a training step with `workload` over `training` samples (whose search tries
    /// `searched` candidates, 0 without a search) and of the units testing its model; `nil`: the rule-based estimate
    /// (a recognizer step per sample).
    func estimatedSeconds(of workload: Workload, training samples: Int, searched: Double, testing: TrainingWorkload.Testing,
                          model: TrainingCostModel) -> Double?

    /// Whether an entry may name a trained model file (``TrainingSetup/modelFile``) to use as is instead of training.
    var readsModelFiles: Bool { get }

    /// The model in the file at `url`, with its summary; a missing, old, corrupted or foreign file is an error naming the file.
    func readModel(at url: URL) throws(DataFileError) -> Trained<Model>

    /// Writes `model` to `url` atomically.
    func writeModel(_ model: Model, to url: URL) throws(DataFileError)

    /// Checks a model read from the setup's model file against the setup and the training `recordings` before it is
    /// used as is (for example that it runs behind the setup's stages).
    func accept(_ model: Model, fromFile file: String, setup: TrainingSetup, training recordings: [Recording]) throws(TrainingError)

    /// What `gesturelab train` prints before the summary, e.g. `trained dtw on 12 recordings`.
    func trainedLine(recordings: Int) -> String

    /// The summary keys this trainer adds that count something (`candidates`), printed as whole numbers beside the
    /// shared ones (``TrainingSummary/countKeys``).
    var countKeys: Set<String> { get }

    /// Lines `gesturelab train` prints after the summary about `model` (what a selection compared).
    func trainedLines(_ model: Model) -> [String]

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

/// A model with what its training reports: the value ``RecognizerTrainer/fit(_:on:)`` returns, typed.
public struct Trained<Model: Sendable>: Sendable {
    /// The model.
    public var model: Model
    /// The chosen parameter values and operating point, and what the trainer reports.
    public var summary: TrainingSummary

    /// `model` with its `summary`.
    public init(_ model: Model, summary: TrainingSummary) {
        self.model = model
        self.summary = summary
    }
}

extension RecognizerTrainer {
    /// Any key by default: ``validate(_:)`` checks them.
    public var searchable: [String]? { nil }

    /// Both kinds by default.
    public func refusal(of kind: Dataset.Kind) -> String? { nil }

    /// Nothing more to check by default.
    public func validate(_ setup: TrainingSetup) throws(TrainingError) {}

    /// Nothing counted by default: the rule-based estimate.
    public func workload(_ setup: TrainingSetup, training recordings: [Recording]) -> Workload? { nil }

    /// The rule-based estimate by default.
    public func estimatedSeconds(of workload: Workload, training samples: Int, searched: Double, testing: TrainingWorkload.Testing,
                                 model: TrainingCostModel) -> Double? { nil }

    /// No model files by default.
    public var readsModelFiles: Bool { false }

    /// Refused by default: the recognizer's tuned configuration is what `gesturelab train` writes.
    public func readModel(at url: URL) throws(DataFileError) -> Trained<Model> {
        throw DataFileError(file: url.path, "\(identifier) reads no model file; give a tuned configuration instead")
    }

    /// Refused by default, as ``readModel(at:)``.
    public func writeModel(_ model: Model, to url: URL) throws(DataFileError) {
        throw DataFileError(file: url.path, "\(identifier) writes no model file; its tuned configuration is written as YAML")
    }

    /// Accepted as it is by default.
    public func accept(_ model: Model, fromFile file: String, setup: TrainingSetup, training recordings: [Recording]) throws(TrainingError) {}

    /// `trained IDENTIFIER on N recordings`.
    public func trainedLine(recordings: Int) -> String { "trained \(identifier) on \(recordings) recordings" }

    /// None beyond the shared ones.
    public var countKeys: Set<String> { [] }

    /// None.
    public func trainedLines(_ model: Model) -> [String] { [] }

    /// None by default.
    public func deprecations(inConfiguration value: ConfigurationValue) -> [String] { [] }

    /// None by default.
    public func deprecations(inModelFile data: Data, file: String) -> [String] { [] }

    /// `nil` by default: the document's own `stages` key decides.
    public func pipeline(forModel document: any ConfigurationDecoding, registry: RecognizerRegistry) throws -> Pipeline? { nil }

    /// `nil` by default: the default configuration runs.
    public func exampleConfiguration() throws -> JSONConfiguration? { nil }
}
