import Foundation
import GestureKit
import GestureData

/// The settings of a `dtw` entry (its `configuration` map), turned into a ``DTWTrainer``:
///
/// ```yaml
/// configuration:
///   channels: [accel.x, accel.y, accel.z, gyro.x, gyro.y, gyro.z]   # or groups: [acceleration, rotationRate]
///                             # omitted: accel.* when the data has them, else user.*, else the archive's dim1…dimN
///   scaling: auto             # auto | standardize | none: divide each channel by its training σ (auto: only when units mix)
///   multivariate: dependent   # dependent (one warping path) | independent (one path per channel, costs summed)
///   band: 0.1                 # fraction of the length; omitted: learned by leave-one-out (0–20 %)
///   selection: medoid         # medoid | all | k (k medoids per class)
///   rejection: {method: sigma, k: 3}     # mean + k·σ of the training examples' distances (also `rejectionK: 3`)
///   # rejection: {method: stream, objective: f1}           # per class, the best event F1 on the training recordings
///   # rejection: {method: stream, maxFalsePerHour: 5}      # the best pooled recall within a false-activation budget that all classes share
///   # rejection: none                                      # no rejection (closed-set classification; formerly `rejectionK: null`)
///   # backgroundTemplates: 5  # stream rejection: medoids of the training recordings' false activations, which veto matches
///   # crossFitGroups: 5       # stream rejection: subjects split into this many groups; each group's recordings are
///                             # spotted by templates trained without that group (cross-fitting)
///   # strictCrossFitting: false  # stream rejection: refuse, rather than report, calibrating a subject in-sample
///   refractoryTime: 0         # s, shortest gap between two spotted gestures
///   znormalize: false         # segments only: z-normalise each series
///   minimumDuration: 0.2      # s, spotting
///   maximumDuration: 3        # s, spotting
///   context: 0                # s, spotting: templates include this much signal before and after the gesture
///   movingDeviation: 1.5      # s, compare moving standard deviations (intensity envelopes) instead of raw values
///   augmentation: {copies: 2, rotation: 180, tilt: 10, scale: [0.8, 1.2], warp: [0.9, 1.1], seed: 1}
///                             # seeded copies of the training recordings add examples to choose templates from
///                             # (TrainingAugmentation); thresholds are calibrated on the recordings as recorded
/// ```
package struct DTWTrainingSettings: Codable, Hashable, Sendable {
    /// The channels the templates are taken from, in order; `nil`: chosen from the data (see ``DTWExamples``).
    package var channels: [MotionChannel]?
    /// How channels of different units are made comparable.
    package var scaling: DTWTrainer.ChannelScaling
    /// Dependent or independent multivariate DTW.
    package var multivariate: DTW.Multivariate
    /// Fixed Sakoe–Chiba band, fraction of the series length, or `nil` to learn it.
    package var band: Double?
    /// `medoid`, `all`, or a number of medoids per class.
    package var selection: DTWTrainer.TemplateSelection
    /// How rejection thresholds are chosen.
    package var rejection: RejectionSettings
    /// Rejection at mean + k·σ (also the fallback of stream calibration for classes without annotations), or
    /// `nil` for none.
    package var rejectionK: Double? {
        switch rejection {
        case let .sigma(k): k
        case .stream: 3
        case .none: nil
        }
    }
    /// How many background templates to mine from the training recordings' false activations (stream
    /// rejection only; see ``DTWModel/background``); 0: none.
    package var backgroundTemplates: Int
    /// Stream rejection: the subject groups of cross-fitting (see ``CrossFitting``); each group's recordings are
    /// spotted by templates trained on the other groups, so a fold trains this many extra models, not one per
    /// subject. At least 2; more groups than subjects is one subject per group (leave-one-subject-out).
    package var crossFitGroups: Int
    /// Stream rejection: refuse to train when some subject can get no held-out model (its recordings would be
    /// calibrated on its own examples), instead of training and reporting those subjects.
    package var strictCrossFitting: Bool
    /// Shortest gap between two spotted gestures, seconds.
    package var refractoryTime: Double
    /// z-normalise every series (segment classification only).
    package var znormalize: Bool
    /// Shortest spotted gesture, seconds.
    package var minimumDuration: Double
    /// Longest spotted gesture, seconds.
    package var maximumDuration: Double
    /// Seconds of signal before and after each annotated gesture that its example includes (continuous
    /// recordings; see ``GestureKit/DTWModel/context``); 0: the gesture alone.
    package var context: Double
    /// The moving-standard-deviation window, seconds (see ``GestureKit/DTWModel/movingDeviation``); `nil`: raw values.
    package var movingDeviation: Double?
    /// Seeded copies of the training recordings whose examples join the template selection (none by default).
    package var augmentation: TrainingAugmentation

    /// The numeric settings an experiment entry's `search` may vary (`selection`: whole numbers of medoids per class).
    package static let searchable = ["band", "rejectionK", "rejection.k", "rejection.maxFalsePerHour", "refractoryTime",
                                    "minimumDuration", "maximumDuration", "context", "movingDeviation", "selection"]

    private enum Keys: String, CodingKey {
        case channels, scaling, multivariate, band, selection, rejection, rejectionK, backgroundTemplates, crossFitGroups, strictCrossFitting, refractoryTime, znormalize
        case minimumDuration, maximumDuration, context, movingDeviation, augmentation
        /// Before channel lists: one motion signal and its axes (still read, with a deprecation line).
        case signal, axes
    }

    /// Decodes with defaults for missing keys; an explicit `rejectionK: null` (deprecated, see
    /// ``deprecations(in:)``) turns rejection off as `rejection: none` does.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        if c.contains(.channels) {
            guard !c.contains(.signal), !c.contains(.axes) else {
                throw ConfigurationError(key: "channels", "give either channels or the older signal/axes, not both")
            }
            var names = try c.decode([String].self, forKey: .channels)
            names = names.flatMap { MotionChannel.group(named: $0)?.map(\.rawValue) ?? [$0] }
            var list: [MotionChannel] = []
            for name in names {
                guard let channel = MotionChannel(rawValue: name) else {
                    throw ConfigurationError(key: "channels", "unknown channel '\(name)'; channels: \(MotionChannel.validNames.joined(separator: ", ")), or the groups acceleration, rotationRate, userAcceleration, gravity, attitude, eulerAngles, magneticField, physical, rhythm")
                }
                list.append(channel)
            }
            guard !list.isEmpty else { throw ConfigurationError(key: "channels", "name at least one channel") }
            channels = list
        } else if c.contains(.signal) || c.contains(.axes) {
            let signal = try c.decodeIfPresent(String.self, forKey: .signal) ?? "acceleration"
            let axes = try c.decodeIfPresent([Axis].self, forKey: .axes) ?? [.x, .y, .z]
            guard let list = MotionChannel.legacy(signal: signal, axes: axes) else {
                throw ConfigurationError(key: "signal", "unknown signal '\(signal)'; use channels: [...] (e.g. [user.x, user.y, user.z])")
            }
            channels = list
        } else {
            channels = nil
        }
        scaling = try c.decodeIfPresent(DTWTrainer.ChannelScaling.self, forKey: .scaling) ?? .automatic
        multivariate = try c.decodeIfPresent(DTW.Multivariate.self, forKey: .multivariate) ?? .dependent
        band = try c.decodeIfPresent(Double.self, forKey: .band)
        selection = try c.decodeIfPresent(DTWTrainer.TemplateSelection.self, forKey: .selection) ?? .medoid
        if c.contains(.rejection) {
            rejection = try c.decode(RejectionSettings.self, forKey: .rejection)
        } else if c.contains(.rejectionK) {
            rejection = try c.decodeIfPresent(Double.self, forKey: .rejectionK).map { .sigma(k: $0) } ?? .none
        } else {
            rejection = .sigma(k: 3)
        }
        backgroundTemplates = try c.decodeIfPresent(Int.self, forKey: .backgroundTemplates) ?? 0
        guard backgroundTemplates >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .backgroundTemplates, in: c, debugDescription: "must be a count ≥ 0, got \(backgroundTemplates)")
        }
        if backgroundTemplates > 0, !rejection.isStream {
            throw DecodingError.dataCorruptedError(forKey: .backgroundTemplates, in: c, debugDescription: "background templates are mined from false activations on the training recordings: they need rejection: {method: stream, …}")
        }
        crossFitGroups = try c.decodeIfPresent(Int.self, forKey: .crossFitGroups) ?? CrossFitting.defaultGroups
        guard crossFitGroups >= 2 else {
            throw DecodingError.dataCorruptedError(forKey: .crossFitGroups, in: c, debugDescription: "must be a count of subject groups ≥ 2, got \(crossFitGroups)")
        }
        strictCrossFitting = try c.decodeIfPresent(Bool.self, forKey: .strictCrossFitting) ?? false
        refractoryTime = try c.decodeIfPresent(Double.self, forKey: .refractoryTime) ?? 0
        znormalize = try c.decodeIfPresent(Bool.self, forKey: .znormalize) ?? false
        minimumDuration = try c.decodeIfPresent(Double.self, forKey: .minimumDuration) ?? 0.2
        maximumDuration = try c.decodeIfPresent(Double.self, forKey: .maximumDuration) ?? 3
        context = try c.decodeIfPresent(Double.self, forKey: .context) ?? 0
        guard context.isFinite, context >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .context, in: c, debugDescription: "must be a number of seconds ≥ 0, got \(context)")
        }
        movingDeviation = try c.decodeIfPresent(Double.self, forKey: .movingDeviation)
        if let window = movingDeviation, !(window.isFinite && window > 0) {
            throw DecodingError.dataCorruptedError(forKey: .movingDeviation, in: c, debugDescription: "must be a window of seconds > 0, got \(window)")
        }
        augmentation = try c.decodeIfPresent(TrainingAugmentation.self, forKey: .augmentation) ?? TrainingAugmentation()
    }

    /// Encodes every setting (rejection as its map).
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encodeIfPresent(channels, forKey: .channels)
        try c.encode(scaling, forKey: .scaling)
        try c.encode(multivariate, forKey: .multivariate)
        try c.encodeIfPresent(band, forKey: .band)
        try c.encode(selection, forKey: .selection)
        try c.encode(rejection, forKey: .rejection)
        // Only when set, so configurations without background keep their encoding.
        if backgroundTemplates > 0 { try c.encode(backgroundTemplates, forKey: .backgroundTemplates) }
        if crossFitGroups != CrossFitting.defaultGroups { try c.encode(crossFitGroups, forKey: .crossFitGroups) }
        if strictCrossFitting { try c.encode(strictCrossFitting, forKey: .strictCrossFitting) }
        try c.encode(refractoryTime, forKey: .refractoryTime)
        try c.encode(znormalize, forKey: .znormalize)
        try c.encode(minimumDuration, forKey: .minimumDuration)
        try c.encode(maximumDuration, forKey: .maximumDuration)
        // Only when set, so other configurations keep their encoding.
        if context != 0 { try c.encode(context, forKey: .context) }
        try c.encodeIfPresent(movingDeviation, forKey: .movingDeviation)
        if augmentation.copies > 0 { try c.encode(augmentation, forKey: .augmentation) }
    }

    /// A deprecation line for each renamed key `configuration` uses (`signal`, `axes` → `channels`;
    /// `rejectionK: null` → `rejection: none`; a number for `rejectionK` is still the search key, not deprecated).
    package static func deprecations(in configuration: ConfigurationValue) -> [String] {
        guard case let .object(map) = configuration else { return [] }
        var lines: [String] = []
        let old = ["signal", "axes"].filter { map[$0] != nil }
        if !old.isEmpty, let settings = try? configuration.decoding.decode(DTWTrainingSettings.self), let channels = settings.channels {
            lines.append("dtw configuration: \(old.joined(separator: " and ")) \(old.count == 1 ? "is" : "are") deprecated; write channels: [\(channels.map(\.rawValue).joined(separator: ", "))]")
        }
        if case .null? = map["rejectionK"] {
            lines.append("dtw configuration: rejectionK: null is deprecated; write rejection: none")
        }
        return lines
    }

    /// The trainer for data sampled at `samplingRate` Hz, on `channels` (the configured ones when given).
    package func trainer(samplingRate: Double, channels resolved: [MotionChannel]? = nil) -> DTWTrainer {
        let preprocessing = DTWPreprocessing(zNormalizationFloor: znormalize ? DTWPreprocessing.defaultFloor : nil)
        return DTWTrainer(selection: selection, band: band, multivariate: multivariate, preprocessing: preprocessing, rejectionK: rejectionK,
                          channels: resolved ?? channels ?? MotionChannel.acceleration, scaling: scaling, samplingRate: samplingRate, minimumDuration: minimumDuration, maximumDuration: maximumDuration,
                          refractoryTime: refractoryTime, context: context, movingDeviation: movingDeviation)
    }
}
