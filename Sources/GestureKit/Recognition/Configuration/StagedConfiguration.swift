/// A recognizer's configuration document that may also name the signal stages in front of the recognizer
/// (a `stages` key beside its settings, as `gesturelab train` writes for an entry with stages):
///
/// ```yaml
/// stages: [gravitySplit]
/// threshold: 1.25
/// ```
///
/// The settings decode strictly without `stages`; ``pipeline(recognizer:registry:)`` builds the pipeline an app
/// runs, the one that was evaluated.
public struct StagedConfiguration: ConfigurationDecoding, Sendable {
    /// The stages, in order; empty when the document names none.
    package var stages: [StageSpecification]
    /// The recognizer's settings: the document without `stages`.
    package var settings: ConfigurationNode

    /// Splits `document` into stages and settings.
    ///
    /// - Throws: the document's decoding error, or a `DecodingError` naming a stage that is unknown or out of range.
    public init(_ document: any ConfigurationDecoding) throws {
        let node = try document.decode(ConfigurationNode.self)
        guard case let .mapping(entries) = node, let i = entries.firstIndex(where: { $0.key == "stages" }) else {
            stages = []
            settings = node
            return
        }
        stages = try StrictDecoder().decode([StageSpecification].self, from: entries[i].value)
        var rest = entries
        rest.remove(at: i)
        settings = .mapping(rest)
    }

    /// Decodes `type` from the settings, strictly.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try StrictDecoder().decode(type, from: settings)
    }

    /// The stages in front of recognizer `identifier` made from the settings.
    ///
    /// - Throws: ``RecognizerRegistry/Error`` for an unknown identifier or invalid settings,
    ///   ``ConfigurationError`` for a stage out of range.
    public func pipeline(recognizer identifier: String, registry: RecognizerRegistry = .standard) throws -> Pipeline {
        Pipeline(stages: try StageSpecification.makeStages(stages), recognizers: [try registry.makeRecognizer(identifier, configuration: self)])
    }
}
