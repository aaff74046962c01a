import Foundation

/// A trained DTW template model: the ``DTWTemplateMatcher``'s configuration.
///
/// Holds the templates (already preprocessed), the DTW definition, the preprocessing applied to anything
/// compared with them, the channels and sampling rate they were recorded at, and the per-class
/// calibration from which rejection thresholds are derived. Thresholds are on the *normalised distance*
/// `√(cost / template length)` — a root-mean-square difference per template sample in the channels' units
/// (g for acceleration; standard deviations after channel scaling or z-normalisation) — so one scale fits
/// every class.
///
/// A model records exactly the ``channels`` it was trained on (any ``MotionChannel``: `accel.x`, `gyro.z`,
/// `user.y`, `dim3`, …), one template dimension each, in that order; when they mix units (g and rad/s)
/// ``channelScales`` divides each by its own scale so that every dimension counts alike.
public struct DTWModel: Codable, Sendable, Equatable {
    /// The version this library writes. It also reads versions 1 and 2: their `signal` + `axes` (for
    /// example `userAcceleration`, `[x, y, z]`) become ``channels`` (`user.x`, `user.y`, `user.z`), and version
    /// 1's `preprocessing.downsampleFactor` (a count of samples) becomes ``DTWPreprocessing/downsampleRate`` =
    /// ``samplingRate`` / factor, Hz.
    public static let currentVersion = 3
    /// The most samples a spotting buffer may span (the longest match with its context and refractory time, or the
    /// ``movingDeviation`` window, at ``samplingRate``): ten million, over a day at 100 Hz.
    package static let maximumSpottingSamples = 10_000_000
    /// The oldest version this library reads (and migrates to ``currentVersion``).
    package static let oldestReadableVersion = 1

    /// One labelled template.
    public struct Template: Codable, Sendable, Equatable {
        /// The class.
        public var label: String
        /// The preprocessed series, one dimension per channel of ``DTWModel/channels``.
        public var series: DTWSeries

        /// Creates a template.
        public init(label: String, series: DTWSeries) {
            self.label = label
            self.series = series
        }
    }

    /// Distances of a class's training examples to their nearest template of the same class.
    package struct Calibration: Codable, Sendable, Equatable {
        /// Mean normalised distance.
        package var mean: Double
        /// Standard deviation of the normalised distances (pooled across classes when ``pooled``).
        package var standardDeviation: Double
        /// How many distances the class itself contributed.
        package var count: Int
        /// Whether the class had too few examples (fewer than 3) and borrowed the pooled statistics.
        package var pooled: Bool

        /// Creates calibration statistics.
        package init(mean: Double, standardDeviation: Double, count: Int, pooled: Bool) {
            self.mean = mean
            self.standardDeviation = standardDeviation
            self.count = count
            self.pooled = pooled
        }
    }

    /// The file format version.
    package var version: Int
    /// The channels the templates are made of, one template dimension each, in order.
    public var channels: [MotionChannel]
    /// Per channel, the scale each value is divided by before comparison, in the channel's unit (so
    /// templates and queries are in units of it); `nil`: values are compared in their own units. Training
    /// sets it when channels of different units are combined (see `DTWTrainer.ChannelScaling`).
    package var channelScales: [Double]?
    /// The sampling rate of the templates, Hz (streams are resampled to it).
    public var samplingRate: Double
    /// Band and multivariate mode.
    public var dtw: DTW
    /// Applied to anything compared with the templates (already applied to the templates).
    public var preprocessing: DTWPreprocessing
    /// The templates.
    public var templates: [Template]
    /// Background templates: stretches of training streams where the classes' templates fired although no
    /// gesture was there (hard negatives), in the templates' channels, scales and preprocessing. While spotting
    /// they compete in non-maximum suppression like any template, and a window a background template wins
    /// reports nothing: a nearest-neighbour test against learned background. Empty: no background test.
    package var background: [DTWSeries]
    /// Per-class calibration of distances, keyed by label.
    package var calibration: [String: Calibration]
    /// The threshold is `mean + k·σ` of a class's calibration; `nil` disables rejection (unless ``thresholds`` names the class).
    package var rejectionK: Double?
    /// Per-class rejection thresholds on the normalised distance chosen on training streams (see
    /// `StreamCalibration` in GestureEval), keyed by label. A class listed here uses its threshold instead of
    /// `mean + k·σ`; empty: the k·σ rule for every class.
    public var thresholds: [String: Double]
    /// Shortest gap between two spotted gestures, seconds: candidates closer than this to a better one
    /// (of any class) are suppressed. 0: only overlapping candidates compete.
    public var refractoryTime: Double
    /// Shortest gesture reported when spotting, seconds.
    public var minimumDuration: Double
    /// Longest gesture reported when spotting, seconds.
    public var maximumDuration: Double
    /// Seconds of signal before and after each gesture that its templates include (the strokes around a swimmer's
    /// turn, the walking around a fall), so that a template matches the gesture *in its setting*. Spotted
    /// matches are reported without it, and ``minimumDuration`` and ``maximumDuration`` bound the gesture
    /// without it. 0: templates are the gesture alone.
    public var context: Double
    /// When set, the window, seconds, over which each channel is replaced by its moving standard deviation
    /// (causal: the last `movingDeviation` seconds up to each sample) before matching, in templates and
    /// stream alike: a motion-intensity envelope that matches bursts and pauses of activity rather than the
    /// exact waveform. `nil`: channels are compared as they are.
    public var movingDeviation: Double?
    /// The signal stages the model was trained behind, in order: an app runs them in front of the matcher
    /// (``Pipeline/init(model:)``), as training and evaluation did. Empty: none.
    package var stages: [StageSpecification] = []
    /// How the settings were chosen, when the spotter with no settings chose templates (provenance; absent otherwise,
    /// so other models keep their bytes).
    package var selection: AutoSpotterSelection? = nil

    /// Creates a model. Durations in seconds, rate in Hz; `channelScales` in the channels' units.
    package init(channels: [MotionChannel] = MotionChannel.acceleration, channelScales: [Double]? = nil, samplingRate: Double, dtw: DTW,
                preprocessing: DTWPreprocessing = .none, templates: [Template], background: [DTWSeries] = [], calibration: [String: Calibration] = [:],
                rejectionK: Double? = 3, thresholds: [String: Double] = [:], refractoryTime: Double = 0,
                minimumDuration: Double = 0.2, maximumDuration: Double = 3, context: Double = 0, movingDeviation: Double? = nil) {
        self.version = Self.currentVersion
        self.channels = channels
        self.channelScales = channelScales
        self.samplingRate = samplingRate
        self.dtw = dtw
        self.preprocessing = preprocessing
        self.templates = templates
        self.background = background
        self.calibration = calibration
        self.rejectionK = rejectionK
        self.thresholds = thresholds
        self.refractoryTime = refractoryTime
        self.minimumDuration = minimumDuration
        self.maximumDuration = maximumDuration
        self.context = context
        self.movingDeviation = movingDeviation
    }

    /// The class labels, sorted.
    public var labels: [String] { Array(Set(templates.map(\.label))).sorted() }

    /// The rejection threshold of `label` on the normalised distance: its stream-calibrated ``thresholds``
    /// entry, else `mean + k·σ`; `nil` when rejection is off or the class has no calibration.
    public func threshold(for label: String) -> Double? {
        if let t = thresholds[label] { return t }
        guard let k = rejectionK, let c = calibration[label] else { return nil }
        return c.mean + k * c.standardDeviation
    }

    /// The same model with rejection at `mean + k·σ` for every class (no retraining; `nil` disables rejection);
    /// stream-calibrated ``thresholds`` are dropped.
    package func withRejection(k: Double?) -> DTWModel {
        var copy = self
        copy.rejectionK = k
        copy.thresholds = [:]
        return copy
    }

    /// The same model with these per-class thresholds on the normalised distance (no retraining).
    package func withRejection(thresholds: [String: Double]) -> DTWModel {
        var copy = self
        copy.thresholds = thresholds
        return copy
    }

    /// Throws unless the model is complete and consistent.
    public func validate() throws(ConfigurationError) {
        guard version == Self.currentVersion else {
            throw ConfigurationError(key: "version", "model version \(version) is not supported (this library reads version \(Self.currentVersion)); retrain the model")
        }
        guard !templates.isEmpty else { throw ConfigurationError(key: "templates", "a model needs at least one template") }
        guard !channels.isEmpty else { throw ConfigurationError(key: "channels", "at least one channel is needed") }
        if let duplicate = channels.first(where: { c in channels.filter { $0 == c }.count > 1 }) {
            throw ConfigurationError(key: "channels", "\(duplicate) is named twice")
        }
        if let scales = channelScales {
            guard scales.count == channels.count else {
                throw ConfigurationError(key: "channelScales", "has \(scales.count) scales for \(channels.count) channels")
            }
            for (c, s) in zip(channels, scales) where !(s.isFinite && s > 0) {
                throw ConfigurationError(key: "channelScales", "the scale of \(c) must be a positive number in \(c.unit), got \(s)")
            }
        }
        try ConfigurationError.requirePositive(samplingRate, "samplingRate")
        try ConfigurationError.requirePositive(minimumDuration, "minimumDuration")
        try ConfigurationError.requirePositive(maximumDuration, "maximumDuration")
        guard maximumDuration >= minimumDuration else {
            throw ConfigurationError(key: "maximumDuration", "must be at least minimumDuration (\(minimumDuration) s), got \(maximumDuration)")
        }
        guard dtw.band.isFinite, dtw.band >= 0, dtw.band <= 1 else {
            throw ConfigurationError(key: "dtw.band", "must be a fraction in [0, 1], got \(dtw.band)")
        }
        if let k = rejectionK { try ConfigurationError.requireNonNegative(k, "rejectionK") }
        for (label, t) in thresholds where !(t.isFinite && t >= 0) {
            throw ConfigurationError(key: "thresholds.\(label)", "must be a finite normalised distance ≥ 0, got \(t)")
        }
        guard refractoryTime.isFinite, refractoryTime >= 0 else {
            throw ConfigurationError(key: "refractoryTime", "must be a finite number of seconds ≥ 0, got \(refractoryTime)")
        }
        guard context.isFinite, context >= 0 else {
            throw ConfigurationError(key: "context", "must be a finite number of seconds ≥ 0, got \(context)")
        }
        if let window = movingDeviation { try ConfigurationError.requirePositive(window, "movingDeviation") }
        // Spotting keeps buffers of these many samples: an absurd rate or duration in a model file must be refused,
        // not allocated.
        let spans = [("maximumDuration", maximumDuration + 2 * context + refractoryTime), ("movingDeviation", movingDeviation ?? 0)]
        for (key, seconds) in spans where !(seconds * samplingRate <= Double(Self.maximumSpottingSamples)) {
            throw ConfigurationError(key: key, "\(seconds) s at \(samplingRate) Hz is more than \(Self.maximumSpottingSamples) samples")
        }
        do { try preprocessing.validate() } catch { throw ConfigurationError(key: "preprocessing", error.description) }
        for (i, t) in templates.enumerated() where t.series.dimensions != channels.count {
            throw ConfigurationError(key: "templates[\(i)]", "has \(t.series.dimensions) dimensions but the model names \(channels.count) channels")
        }
        for (i, b) in background.enumerated() where b.dimensions != channels.count {
            throw ConfigurationError(key: "background[\(i)]", "has \(b.dimensions) dimensions but the model names \(channels.count) channels")
        }
        for (label, c) in calibration where !(c.mean.isFinite && c.standardDeviation.isFinite && c.mean >= 0 && c.standardDeviation >= 0) {
            throw ConfigurationError(key: "calibration.\(label)", "mean and standard deviation must be finite and non-negative")
        }
    }

    // MARK: Encoding

    private enum CodingKeys: String, CodingKey {
        case version, channels, channelScales, samplingRate, dtw, preprocessing, templates, background, calibration, rejectionK
        case thresholds, refractoryTime, minimumDuration, maximumDuration, context, movingDeviation, stages, selection
        /// Versions 1 and 2: one motion signal and its axes, replaced by ``channels``.
        case signal, axes
    }

    /// Version 1's preprocessing: downsampling as a sample ratio.
    private struct PreprocessingV1: Decodable {
        var downsampleFactor: Int?
        var resampledLength: Int?
        var offsetByFirstSample: Bool?
        var zNormalizationFloor: Double?
    }

    /// Decodes a model, migrating versions 1 and 2 (see ``currentVersion``); any other version decodes as written
    /// and is refused by ``validate()``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decode(Int.self, forKey: .version)
        let legacy = (Self.oldestReadableVersion..<Self.currentVersion).contains(version)
        if legacy {
            let signal = try c.decode(String.self, forKey: .signal)
            guard let migrated = MotionChannel.legacy(signal: signal, axes: try c.decode([Axis].self, forKey: .axes)) else {
                throw DecodingError.dataCorruptedError(forKey: .signal, in: c, debugDescription: "unknown signal '\(signal)'")
            }
            channels = migrated
            channelScales = nil
        } else {
            channels = try c.decode([MotionChannel].self, forKey: .channels)
            channelScales = try c.decodeIfPresent([Double].self, forKey: .channelScales)
        }
        samplingRate = try c.decode(Double.self, forKey: .samplingRate)
        dtw = try c.decode(DTW.self, forKey: .dtw)
        if version == 1 {
            let old = try c.decode(PreprocessingV1.self, forKey: .preprocessing)
            let factor = old.downsampleFactor ?? 1
            guard factor >= 1 else {
                throw DecodingError.dataCorruptedError(forKey: .preprocessing, in: c,
                                                       debugDescription: "downsampleFactor must be at least 1, got \(factor)")
            }
            preprocessing = DTWPreprocessing(
                downsampleRate: factor > 1 ? samplingRate / Double(factor) : nil, resampledLength: old.resampledLength,
                offsetByFirstSample: old.offsetByFirstSample ?? false, zNormalizationFloor: old.zNormalizationFloor)
        } else {
            preprocessing = try c.decode(DTWPreprocessing.self, forKey: .preprocessing)
        }
        if legacy { version = Self.currentVersion }
        templates = try c.decode([Template].self, forKey: .templates)
        background = try c.decodeIfPresent([DTWSeries].self, forKey: .background) ?? []
        calibration = try c.decode([String: Calibration].self, forKey: .calibration)
        rejectionK = try c.decodeIfPresent(Double.self, forKey: .rejectionK)
        // Absent in models written before stream calibration: the k·σ rule, no refractory time.
        thresholds = try c.decodeIfPresent([String: Double].self, forKey: .thresholds) ?? [:]
        refractoryTime = try c.decodeIfPresent(Double.self, forKey: .refractoryTime) ?? 0
        minimumDuration = try c.decode(Double.self, forKey: .minimumDuration)
        maximumDuration = try c.decode(Double.self, forKey: .maximumDuration)
        // Absent in models written before templates with context and intensity envelopes.
        context = try c.decodeIfPresent(Double.self, forKey: .context) ?? 0
        movingDeviation = try c.decodeIfPresent(Double.self, forKey: .movingDeviation)
        stages = try c.decodeIfPresent([StageSpecification].self, forKey: .stages) ?? []
        selection = try c.decodeIfPresent(AutoSpotterSelection.self, forKey: .selection)
    }

    /// Encodes the current version's keys (``channels``, never the old `signal`/`axes`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(channels, forKey: .channels)
        try c.encodeIfPresent(channelScales, forKey: .channelScales)
        try c.encode(samplingRate, forKey: .samplingRate)
        try c.encode(dtw, forKey: .dtw)
        try c.encode(preprocessing, forKey: .preprocessing)
        try c.encode(templates, forKey: .templates)
        // Written only when present, so models without a background test keep their bytes.
        if !background.isEmpty { try c.encode(background, forKey: .background) }
        try c.encode(calibration, forKey: .calibration)
        try c.encodeIfPresent(rejectionK, forKey: .rejectionK)
        try c.encode(thresholds, forKey: .thresholds)
        try c.encode(refractoryTime, forKey: .refractoryTime)
        try c.encode(minimumDuration, forKey: .minimumDuration)
        try c.encode(maximumDuration, forKey: .maximumDuration)
        // Written only when set, so other models keep their bytes.
        if context != 0 { try c.encode(context, forKey: .context) }
        try c.encodeIfPresent(movingDeviation, forKey: .movingDeviation)
        if !stages.isEmpty { try c.encode(stages, forKey: .stages) }
        try c.encodeIfPresent(selection, forKey: .selection)
    }

    /// `series` (one dimension per channel, in the channels' units) divided by ``channelScales``; unchanged
    /// without scales. O(n·d).
    package func scaled(_ series: DTWSeries) throws(DTWError) -> DTWSeries {
        try Self.scaled(series, by: channelScales)
    }

    /// `series` with dimension `d` divided by `scales[d]`; unchanged when `scales` is `nil`. O(n·d).
    package static func scaled(_ series: DTWSeries, by scales: [Double]?) throws(DTWError) -> DTWSeries {
        guard let scales else { return series }
        guard series.dimensions == scales.count else {
            throw .dimensionMismatch(what: "dimensions of the series (one per model channel)", expected: scales.count, got: series.dimensions)
        }
        var values = series.values
        for i in values.indices { values[i] /= scales[i % scales.count] }
        return try DTWSeries(interleaved: values, dimensions: series.dimensions)
    }

    /// Why model bytes could not be read.
    public struct DecodingFailure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, with the key path where known.
        public var message: String
        /// A one-line, human-readable account.
        public var description: String { message }
    }

    /// The model as JSON (sorted keys, so equal models give equal bytes).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a model written by ``encoded()``; an older, newer, corrupted or foreign document is a clear error.
    public static func decode(_ data: Data) throws(DecodingFailure) -> DTWModel {
        struct Header: Decodable { var version: Int? }
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: data) } catch {
            throw DecodingFailure(message: "not a DTW model: the document is not valid JSON (\(describe(error)))")
        }
        guard let version = header.version else {
            throw DecodingFailure(message: "not a DTW model: no 'version' key")
        }
        guard (oldestReadableVersion...currentVersion).contains(version) else {
            throw DecodingFailure(message: "DTW model version \(version) cannot be read by this library (it reads versions \(oldestReadableVersion) to \(currentVersion)); retrain the model")
        }
        let model: DTWModel
        do { model = try JSONDecoder().decode(DTWModel.self, from: data) } catch {
            throw DecodingFailure(message: "corrupted DTW model: \(describe(error))")
        }
        do { try model.validate() } catch {
            throw DecodingFailure(message: "invalid DTW model: \(error)")
        }
        return model
    }
}
