import Foundation
import GestureKit
import GestureData

/// The settings of a `minirocket` entry (its `configuration` map), turned into a ``MiniRocketTrainer``:
///
/// ```yaml
/// configuration:
///   channels: [accel.x, accel.y, accel.z]   # omitted: accel.* when the data has them, else user.*, else dim1…dimN
///   features: 10000           # asked for; rounded down to a multiple of 84 (9,996)
///   maxDilationsPerKernel: 32
///   seed: 0                   # channel subsets and bias examples (provenance: kernels are fixed, biases come from the data)
///   lengthPolicy: asRecorded  # asRecorded (transform each segment at its own length) | resampled (to the longest training segment)
/// ```
///
/// MiniRocket here classifies segments; to spot gestures in continuous recordings use `minirocket-stream`
/// (``MiniRocketStreamSettings``).
package struct MiniRocketTrainingSettings: Decodable, Hashable, Sendable {
    /// The channels, in order; `nil`: chosen from the data as for DTW.
    package var channels: [MotionChannel]?
    /// Features asked for.
    package var features: Int
    /// Most dilations per kernel.
    package var maxDilationsPerKernel: Int
    /// The seed of the random choices of the fit.
    package var seed: UInt64
    /// Segments of other lengths.
    package var lengthPolicy: MiniRocketModel.LengthPolicy

    private enum Keys: String, CodingKey { case channels, features, maxDilationsPerKernel, seed, lengthPolicy }

    /// Decodes the settings, with the defaults above for what is omitted; out-of-range values are errors naming the key.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        channels = try c.decodeIfPresent([MotionChannel].self, forKey: .channels)
        features = try c.decodeIfPresent(Int.self, forKey: .features) ?? MiniRocket.defaultFeatureCount
        maxDilationsPerKernel = try c.decodeIfPresent(Int.self, forKey: .maxDilationsPerKernel) ?? MiniRocket.defaultMaxDilationsPerKernel
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? 0
        lengthPolicy = try c.decodeIfPresent(MiniRocketModel.LengthPolicy.self, forKey: .lengthPolicy) ?? .asRecorded
        guard features >= MiniRocket.kernelCount, features <= 1_000_000 else {
            throw ConfigurationError(key: "features", "must be \(MiniRocket.kernelCount)…1000000, got \(features)")
        }
        guard maxDilationsPerKernel >= 1 else { throw ConfigurationError(key: "maxDilationsPerKernel", "must be at least 1, got \(maxDilationsPerKernel)") }
    }

    /// The trainer these settings describe.
    package var trainer: MiniRocketTrainer {
        MiniRocketTrainer(featureCount: features, maxDilationsPerKernel: maxDilationsPerKernel, seed: seed, lengthPolicy: lengthPolicy)
    }

    /// The query series of a segment for `model`.
    static func series(_ recording: Recording, model: MiniRocketModel) throws -> DTWSeries {
        try DTWExamples.series(recording, channels: model.channels)
    }
}
