import GestureData
import GestureEval
import Testing

/// What the DTW trainer refuses before any fold trains.
@Suite struct DTWTemplateMatcherTrainerTests {
    static func setup(_ configuration: ConfigurationValue, kind: Dataset.Kind, search: [String: [Double]] = [:]) -> TrainingSetup {
        TrainingSetup(name: "dtw", recognizer: "dtw", configuration: configuration, search: search, kind: kind, registry: .standard)
    }

    /// A continuous dataset is spotted, which needs thresholds: `rejection: none` is refused when the entry is
    /// checked, naming the methods that fit instead of the matcher's `rejectionK`.
    @Test func noRejectionOnAContinuousDatasetIsRefusedWhenChecked() throws {
        for configuration: ConfigurationValue in [.object(["rejection": .string("none")]), .object(["rejectionK": .null])] {
            let error = try #require(throws: TrainingError.self) {
                try AnyRecognizerTrainer(DTWTemplateMatcherTrainer()).validate(Self.setup(configuration, kind: .continuous))
            }
            let text = "\(error)"
            #expect(text.contains("rejection: none") && text.contains("method: sigma") && text.contains("method: stream"), "\(text)")
            #expect(error.message.hasPrefix("rejection: none") && !text.contains("stream spotting needs"), "\(text)")
        }
    }

    /// Segments are classified without thresholds, and a searched rejection gives the stream its thresholds.
    @Test func noRejectionIsFineForSegmentsOrASearchedRejection() throws {
        let none: ConfigurationValue = .object(["rejection": .string("none")])
        try AnyRecognizerTrainer(DTWTemplateMatcherTrainer()).validate(Self.setup(none, kind: .segments))
        try AnyRecognizerTrainer(DTWTemplateMatcherTrainer()).validate(Self.setup(.object(["rejectionK": .null]), kind: .continuous, search: ["rejectionK": [1, 3]]))
        try AnyRecognizerTrainer(DTWTemplateMatcherTrainer()).validate(Self.setup(.object([:]), kind: .continuous))
    }
}
