import Foundation
import GestureData

/// What a training step processes, counted when the plan is made: the basis of its estimated cost.
///
/// The training samples are every step's; what else a learned recognizer counts (examples, lengths, templates,
/// features, …) is its trainer's own ``RecognizerTrainer/Workload`` type, kept here as its encoded value
/// (``detail``) so that this type knows no recognizer and a plan still encodes, decodes and compares as a value.
public struct TrainingWorkload: Codable, Hashable, Sendable {
    /// Samples in the fold's training recordings.
    public var trainingSamples: Int
    /// The trainer's ``RecognizerTrainer/Workload``, encoded; `nil`: nothing counted but the samples (a rule-based
    /// recognizer, a model file used as is).
    public var detail: ConfigurationValue?

    /// What the units testing a step's model process.
    public struct Testing: Hashable, Sendable {
        /// Judged samples of their test recordings.
        public var samples: Double
        /// Their test recordings.
        public var recordings: Double
        /// The units.
        public var units: Double

        /// The load of `units`, `recordings` and `samples`.
        public init(samples: Double, recordings: Double, units: Double) {
            self.samples = samples
            self.recordings = recordings
            self.units = units
        }
    }

    /// A workload of `trainingSamples` and nothing else counted (a rule-based recognizer's).
    public init(trainingSamples: Int) { self.trainingSamples = trainingSamples }

    /// The trainer's counts as `type`, or `nil` when none were counted or they are another trainer's. O(fields).
    package func decodedDetail<Detail: Decodable>(as type: Detail.Type) -> Detail? {
        guard let detail else { return nil }
        return try? detail.decoding.decode(type)
    }

    /// `value` as a configuration value (JSON's model of it); `nil` when it cannot be encoded. O(fields).
    static func encode(_ value: some Encodable) -> ConfigurationValue? {
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return try? JSONDecoder().decode(ConfigurationValue.self, from: data)
    }
}
