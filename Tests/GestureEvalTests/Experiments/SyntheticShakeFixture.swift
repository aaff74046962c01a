import GestureData
import GestureEval

/// Synthetic recordings with shakes among background motion, and DTW settings for shake templates, shared by
/// the runner and stream-calibration tests (GestureTestSupport cannot see GestureEval's generator).
enum SyntheticShakeFixture {
    /// One session per subject of `seconds` each, from ``SyntheticDatasetGenerator/defaultSpec``.
    static func dataset(subjects: Int, seconds: Double) throws -> Dataset {
        var spec = SyntheticDatasetGenerator.defaultSpec
        spec.subjects = subjects
        spec.sessionsPerSubject = 1
        spec.recordingDuration = seconds
        return try SyntheticDatasetGenerator.generate(spec)
    }

    /// DTW training settings on user acceleration (g), `selection` medoids per class, plus `extra` keys.
    static func dtwSettings(selection: Double = 2, _ extra: [String: ConfigurationValue] = [:]) -> Experiment.ConfigurationSource {
        let channels = ConfigurationValue.array(["user.x", "user.y", "user.z"].map { .string($0) })
        return .inline(.object(["channels": channels, "selection": .number(selection)].merging(extra) { $1 }))
    }
}
