import GestureKit

/// Recognizer identifiers → the trainers of learned recognizers, beside ``GestureKit/RecognizerRegistry``.
///
/// Nothing registers itself: ``standard`` lists the built-in trainers explicitly, and a caller adds its own with
/// ``register(_:)``. An identifier without a trainer is a rule-based recognizer, trained by ``RuleBasedTrainer``.
public struct TrainerRegistry: Sendable {
    private var trainers: [String: AnyRecognizerTrainer] = [:]

    /// An empty registry: every recognizer is rule-based.
    public init() {}

    /// The identifiers of the learned recognizers, sorted.
    public var identifiers: [String] { trainers.keys.sorted() }

    /// Registers `trainer` under its ``RecognizerTrainer/identifier``, replacing any earlier one.
    public mutating func register(_ trainer: some RecognizerTrainer) {
        trainers[trainer.identifier] = AnyRecognizerTrainer(trainer)
    }

    /// The trainer of the learned recognizer `identifier`, or `nil` when it is rule-based. O(1).
    public func learned(_ identifier: String) -> AnyRecognizerTrainer? { trainers[identifier] }

    /// The identifiers whose trainer reads a trained model file (``RecognizerTrainer/readsModelFiles``), sorted.
    package var modelFileReaders: [String] { identifiers.filter { trainers[$0]!.readsModelFiles } }

    /// The identifiers whose trainers adapt a model to a person (``AdaptingTrainer``), sorted. O(trainers).
    package var adapting: [String] { identifiers.filter { trainers[$0]!.adapts } }

    /// The trainer of `identifier`: its registered one, else ``RuleBasedTrainer`` (a grid search over its
    /// configuration). O(1).
    public func trainer(for identifier: String) -> AnyRecognizerTrainer {
        trainers[identifier] ?? AnyRecognizerTrainer(RuleBasedTrainer(identifier: identifier))
    }

    /// The recognizer `identifier` of `registry` ready to run on any stream: with its trainer's
    /// ``RecognizerTrainer/exampleConfiguration()`` when it is learned and has one, else with its default
    /// configuration. What `bench soak` and the robustness tests run for every registered recognizer.
    /// - Complexity: a learned recognizer's example training (well under a second for the built-in ones).
    package func exampleRecognizer(_ identifier: String, from registry: RecognizerRegistry) throws -> any Recognizer {
        guard let example = try trainers[identifier]?.exampleConfiguration() else { return try registry.makeRecognizer(identifier) }
        return try registry.makeRecognizer(identifier, configuration: example)
    }
}

extension TrainerRegistry {
    /// The built-in learned recognizers, listed explicitly: DTW templates, the MiniRocket segment classifier, the
    /// MiniRocket stream spotter, the spotter that chooses its own settings, and detections from any other tool.
    public static var standard: TrainerRegistry {
        var registry = TrainerRegistry()
        registry.register(DTWTemplateMatcherTrainer())
        registry.register(MiniRocketClassifierTrainer())
        registry.register(MiniRocketStreamTrainer())
        registry.register(AutoSpotterTrainer())
        registry.register(DetectionsTrainer())
        return registry
    }
}
