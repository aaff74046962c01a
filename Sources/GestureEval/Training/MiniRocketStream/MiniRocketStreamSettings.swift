import Foundation
import GestureKit

/// The settings of a `minirocket-stream` entry (its `configuration` map): a MiniRocket window classifier trained on
/// continuous recordings to spot gestures (``MiniRocketSpotter``).
///
/// ```yaml
/// configuration:
///   channels: [accel.magnitude]   # omitted: accel.* when the data has them, else user.*, else dim1…dimN
///   window: 4                 # s, the gesture span each window scores (the event's duration)
///   hop: 0.5                  # s between two scored windows
///   context: 1                # s of signal before and after each window
///   refractoryTime: 2         # s between two events at least
///   samplingRate: 15          # Hz the windows are resampled to; omitted: the recordings' rate
///   movingDeviation: 1.5      # s: classify the intensity envelope (moving standard deviation) of the channels; omitted: raw
///   normalization: 60         # s: each channel in g or rad/s as its standard score against its running mean and deviation (time constant); omitted: none
///   features: 1008            # MiniRocket features (rounded down to a multiple of 84)
///   maxDilationsPerKernel: 8
///   negativesPerPositive: 4   # negatives sampled per positive window
///   classWeights: none        # or balanced: the ridge weighs each window n / (classes · n_c)
///   augmentation: {copies: 2, rotation: 180, tilt: 10, scale: [0.8, 1.2], warp: [0.9, 1.1], seed: 1}
///   maxWindows: 1200          # training windows at most (the ridge is O(n³) in them)
///   hardNegatives: true       # add windows of the training recordings' false activations, retrain, recalibrate
///   crossFitGroups: 3         # subject groups for cross-fitted calibration
///   strictCrossFitting: false # refuse, rather than report, calibrating a subject in-sample
///   rejection: {method: stream, objective: f1}   # or {method: stream, maxFalsePerHour: 5}
///   seed: 0                   # window sampling, channel subsets and bias examples
/// ```
///
/// **Windows.** A training recording is read at the model's rate and cut into the windows the spotter scores (one
/// every hop from the recording's start). A window is a positive of class c when its gesture span overlaps a judged
/// annotation of c by at least half of the shorter of the two (the annotation of largest overlap names it); a
/// negative when its span is more than half a window away from every annotation; neither otherwise. Negatives are
/// labelled ``backgroundLabel``.
///
/// **Subsampling (stated rule).** With a generator seeded by ``seed``: when the positives exceed
/// `maxWindows / (1 + negativesPerPositive)`, that many are drawn without replacement; then
/// `round(negativesPerPositive × positives)` negatives (at most `maxWindows − positives`) are drawn uniformly without
/// replacement from all negative windows. Hard negatives (windows whose span overlaps a cross-fitted false activation
/// of the first calibration, negatives by the rule above) are added on top, at most a third of `maxWindows`, drawn
/// the same way.
///
/// **Class weights.** By default the ridge classifier weighs every window alike; the classes are balanced by the
/// sampling rule (the ratio above), which is the class weight: a positive counts `negativesPerPositive` times less
/// often than the negatives drawn, never the imbalance of the recordings themselves. With `classWeights: balanced`
/// the ridge also weighs each window by n / (classes · n_c) (scikit-learn's `class_weight="balanced"`), so each
/// class carries the same total weight in the fit and in the choice of its penalty, whatever ratio was drawn.
///
/// **Augmentation.** With `augmentation` (``TrainingAugmentation``; none by default), seeded copies of the training
/// recordings add their windows to the pool the positives and negatives are drawn from; the thresholds are still
/// calibrated on the recordings as recorded, and a subject's copies stay in its cross-fitting group.
///
/// **Threshold.** Per class, chosen by ``StreamCalibration`` (the same objective and false-activation budget as DTW)
/// on cross-fitted detections: each subject group's recordings are scored by a model trained on the other groups'
/// windows (``CrossFitting``). Every choice is made on the training recordings given, so inside each fold.
package struct MiniRocketStreamSettings: Decodable, Hashable, Sendable {
    /// The channels, in order; `nil`: chosen from the data as for DTW.
    package var channels: [MotionChannel]?
    /// Gesture span per window, seconds.
    package var window: Double
    /// Seconds between windows.
    package var hop: Double
    /// Seconds of context each side.
    package var context: Double
    /// Seconds between events at least; negative: how far windows may overlap before they compete
    /// (``GestureKit/MiniRocketModel/Stream/refractoryTime``).
    package var refractoryTime: Double
    /// The model's rate, Hz; `nil`: the recordings'.
    package var samplingRate: Double?
    /// Seconds of the moving standard deviation applied to the channels; `nil`: raw channels.
    package var movingDeviation: Double?
    /// The time constant, seconds, of the causal per-recording normalisation (``GestureKit/RunningStandardizer``);
    /// `nil`: none.
    package var normalization: Double?
    /// MiniRocket features asked for.
    package var features: Int
    /// Most dilations per kernel.
    package var maxDilationsPerKernel: Int
    /// Negative windows drawn per positive one.
    package var negativesPerPositive: Double
    /// Most training windows (positives and negatives drawn, hard negatives excluded).
    package var maxWindows: Int
    /// Whether hard negatives are mined and the model retrained once.
    package var hardNegatives: Bool
    /// Subject groups of the cross-fitting.
    package var crossFitGroups: Int
    /// Refuse to train when some subject can get no held-out model (its recordings would be calibrated on its own
    /// windows), instead of training and reporting those subjects.
    package var strictCrossFitting: Bool
    /// What the thresholds optimise.
    package var objective: StreamCalibration.Objective
    /// The seed of every random choice.
    package var seed: UInt64
    /// The class of the negatives.
    package var backgroundLabel: String
    /// Whether the ridge weighs the windows by class (`classWeights: balanced`), see "Class weights" above.
    package var balancedClassWeights: Bool
    /// Seeded copies of the training recordings whose windows join the draw, see "Augmentation" above.
    package var augmentation: TrainingAugmentation

    /// The keys a search may vary.
    package static let searchable = ["window", "hop", "context", "refractoryTime", "features", "negativesPerPositive", "samplingRate",
                                    "movingDeviation", "normalization", "rejection.maxFalsePerHour"]

    private enum Keys: String, CodingKey {
        case channels, window, hop, context, refractoryTime, samplingRate, movingDeviation, normalization, features, maxDilationsPerKernel, negativesPerPositive, maxWindows
        case hardNegatives, crossFitGroups, strictCrossFitting, rejection, seed, backgroundLabel, classWeights, augmentation
    }

    /// Decodes the settings, with the defaults above; out-of-range values are errors naming the key.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        channels = try c.decodeIfPresent([MotionChannel].self, forKey: .channels)
        guard let window = try c.decodeIfPresent(Double.self, forKey: .window) else {
            throw ConfigurationError(key: "window", "is required: the gesture span in seconds each window scores (e.g. the typical gesture duration)")
        }
        self.window = window
        hop = try c.decodeIfPresent(Double.self, forKey: .hop) ?? 0.5
        context = try c.decodeIfPresent(Double.self, forKey: .context) ?? 0
        refractoryTime = try c.decodeIfPresent(Double.self, forKey: .refractoryTime) ?? 0
        samplingRate = try c.decodeIfPresent(Double.self, forKey: .samplingRate)
        movingDeviation = try c.decodeIfPresent(Double.self, forKey: .movingDeviation)
        normalization = try c.decodeIfPresent(Double.self, forKey: .normalization)
        features = try c.decodeIfPresent(Int.self, forKey: .features) ?? 1008
        maxDilationsPerKernel = try c.decodeIfPresent(Int.self, forKey: .maxDilationsPerKernel) ?? 8
        negativesPerPositive = try c.decodeIfPresent(Double.self, forKey: .negativesPerPositive) ?? 4
        maxWindows = try c.decodeIfPresent(Int.self, forKey: .maxWindows) ?? 1200
        hardNegatives = try c.decodeIfPresent(Bool.self, forKey: .hardNegatives) ?? true
        crossFitGroups = try c.decodeIfPresent(Int.self, forKey: .crossFitGroups) ?? 3
        strictCrossFitting = try c.decodeIfPresent(Bool.self, forKey: .strictCrossFitting) ?? false
        let rejection = try c.decodeIfPresent(RejectionSettings.self, forKey: .rejection) ?? .stream(.f1)
        guard case let .stream(objective) = rejection else {
            throw ConfigurationError(key: "rejection", "minirocket-stream calibrates its thresholds on the training streams: use {method: stream, objective: f1} or {method: stream, maxFalsePerHour: N}")
        }
        self.objective = objective
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? 0
        backgroundLabel = try c.decodeIfPresent(String.self, forKey: .backgroundLabel) ?? "background"
        switch try c.decodeIfPresent(String.self, forKey: .classWeights) ?? "none" {
        case "none": balancedClassWeights = false
        case "balanced": balancedClassWeights = true
        case let other: throw ConfigurationError(key: "classWeights", "must be none or balanced, got '\(other)'")
        }
        augmentation = try c.decodeIfPresent(TrainingAugmentation.self, forKey: .augmentation) ?? TrainingAugmentation()
        try ConfigurationError.requirePositive(window, "window")
        try ConfigurationError.requirePositive(hop, "hop")
        try ConfigurationError.requireNonNegative(context, "context")
        try MiniRocketModel.Stream.requireRefractoryTime(refractoryTime, window: window, context: context, key: "refractoryTime")
        if let samplingRate { try ConfigurationError.requirePositive(samplingRate, "samplingRate") }
        if let movingDeviation { try ConfigurationError.requirePositive(movingDeviation, "movingDeviation") }
        if let normalization { try ConfigurationError.requirePositive(normalization, "normalization") }
        try ConfigurationError.requirePositive(negativesPerPositive, "negativesPerPositive")
        guard features >= MiniRocket.kernelCount, features <= 100_000 else {
            throw ConfigurationError(key: "features", "must be \(MiniRocket.kernelCount)…100000, got \(features)")
        }
        guard maxDilationsPerKernel >= 1 else { throw ConfigurationError(key: "maxDilationsPerKernel", "must be at least 1, got \(maxDilationsPerKernel)") }
        guard maxWindows >= 20, maxWindows <= 20_000 else {
            throw ConfigurationError(key: "maxWindows", "must be 20…20000 (the ridge is cubic in the windows), got \(maxWindows)")
        }
        guard crossFitGroups >= 2 else { throw ConfigurationError(key: "crossFitGroups", "must be a count of subject groups ≥ 2, got \(crossFitGroups)") }
    }
}
