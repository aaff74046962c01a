import Foundation

/// A trained DTW template model: the ``DTWTemplateMatcher``'s configuration.
///
/// Holds the templates (already preprocessed), the DTW definition, the preprocessing applied to anything
/// compared with them, the motion signal and sampling rate they were recorded at, and the per-class
/// calibration from which rejection thresholds are derived. Thresholds are on the *normalised distance*
/// `√(cost / template length)` — a root-mean-square difference per template sample in the signal's units
/// (g for acceleration, or standard deviations after z-normalisation) — so one scale fits every class.
public struct DTWModel: Codable, Sendable, Equatable {
    /// The version this library writes. It also reads version 1, whose `preprocessing.downsampleFactor`
    /// (a count of samples) becomes ``DTWPreprocessing/downsampleRate`` = ``samplingRate`` / factor, Hz.
    public static let currentVersion = 2
    /// The oldest version this library reads (and migrates to ``currentVersion``).
    public static let oldestReadableVersion = 1

    /// The motion channel templates are made of.
    public enum Signal: String, Codable, Sendable, CaseIterable {
        /// Total acceleration, g.
        case acceleration
        /// User acceleration (gravity removed), g.
        case userAcceleration
        /// Rotation rate, rad/s.
        case rotationRate
        /// Gravity, g.
        case gravity
    }

    /// One labelled template.
    public struct Template: Codable, Sendable, Equatable {
        /// The class.
        public var label: String
        /// The preprocessed series, one dimension per axis of ``DTWModel/axes``.
        public var series: DTWSeries

        /// Creates a template.
        public init(label: String, series: DTWSeries) {
            self.label = label
            self.series = series
        }
    }

    /// Distances of a class's training examples to their nearest template of the same class.
    public struct Calibration: Codable, Sendable, Equatable {
        /// Mean normalised distance.
        public var mean: Double
        /// Standard deviation of the normalised distances (pooled across classes when ``pooled``).
        public var standardDeviation: Double
        /// How many distances the class itself contributed.
        public var count: Int
        /// Whether the class had too few examples (fewer than 3) and borrowed the pooled statistics.
        public var pooled: Bool

        /// Creates calibration statistics.
        public init(mean: Double, standardDeviation: Double, count: Int, pooled: Bool) {
            self.mean = mean
            self.standardDeviation = standardDeviation
            self.count = count
            self.pooled = pooled
        }
    }

    /// The file format version.
    public var version: Int
    /// The motion channel used.
    public var signal: Signal
    /// The axes of ``signal`` used, one template dimension each.
    public var axes: [Axis]
    /// The sampling rate of the templates, Hz (streams are resampled to it).
    public var samplingRate: Double
    /// Band and multivariate mode.
    public var dtw: DTW
    /// Applied to anything compared with the templates (already applied to the templates).
    public var preprocessing: DTWPreprocessing
    /// The templates.
    public var templates: [Template]
    /// Per-class calibration of distances, keyed by label.
    public var calibration: [String: Calibration]
    /// The threshold is `mean + k·σ` of a class's calibration; `nil` disables rejection (unless ``thresholds`` names the class).
    public var rejectionK: Double?
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

    /// Creates a model. Durations in seconds, rate in Hz.
    public init(signal: Signal = .acceleration, axes: [Axis] = [.x, .y, .z], samplingRate: Double, dtw: DTW,
                preprocessing: DTWPreprocessing = .none, templates: [Template], calibration: [String: Calibration] = [:],
                rejectionK: Double? = 3, thresholds: [String: Double] = [:], refractoryTime: Double = 0,
                minimumDuration: Double = 0.2, maximumDuration: Double = 3) {
        self.version = Self.currentVersion
        self.signal = signal
        self.axes = axes
        self.samplingRate = samplingRate
        self.dtw = dtw
        self.preprocessing = preprocessing
        self.templates = templates
        self.calibration = calibration
        self.rejectionK = rejectionK
        self.thresholds = thresholds
        self.refractoryTime = refractoryTime
        self.minimumDuration = minimumDuration
        self.maximumDuration = maximumDuration
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
    public func withRejection(k: Double?) -> DTWModel {
        var copy = self
        copy.rejectionK = k
        copy.thresholds = [:]
        return copy
    }

    /// The same model with these per-class thresholds on the normalised distance (no retraining).
    public func withRejection(thresholds: [String: Double]) -> DTWModel {
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
        guard !axes.isEmpty else { throw ConfigurationError(key: "axes", "at least one axis is needed") }
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
        do { try preprocessing.validate() } catch { throw ConfigurationError(key: "preprocessing", error.description) }
        for (i, t) in templates.enumerated() where t.series.dimensions != axes.count {
            throw ConfigurationError(key: "templates[\(i)]", "has \(t.series.dimensions) dimensions but the model names \(axes.count) axes")
        }
        for (label, c) in calibration where !(c.mean.isFinite && c.standardDeviation.isFinite && c.mean >= 0 && c.standardDeviation >= 0) {
            throw ConfigurationError(key: "calibration.\(label)", "mean and standard deviation must be finite and non-negative")
        }
    }

    // MARK: Encoding

    private enum CodingKeys: String, CodingKey {
        case version, signal, axes, samplingRate, dtw, preprocessing, templates, calibration, rejectionK
        case thresholds, refractoryTime, minimumDuration, maximumDuration
    }

    /// Version 1's preprocessing: downsampling as a sample ratio.
    private struct PreprocessingV1: Decodable {
        var downsampleFactor: Int?
        var resampledLength: Int?
        var offsetByFirstSample: Bool?
        var zNormalizationFloor: Double?
    }

    /// Decodes a model, migrating version 1 (see ``currentVersion``); any other version decodes as written
    /// and is refused by ``validate()``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decode(Int.self, forKey: .version)
        signal = try c.decode(Signal.self, forKey: .signal)
        axes = try c.decode([Axis].self, forKey: .axes)
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
            version = Self.currentVersion
            DeprecationLog.record("a version 1 DTW model's preprocessing.downsampleFactor (samples) is read as "
                                      + "preprocessing.downsampleRate (Hz, the sampling rate / factor); train the model again to write version \(Self.currentVersion)")
        } else {
            preprocessing = try c.decode(DTWPreprocessing.self, forKey: .preprocessing)
        }
        templates = try c.decode([Template].self, forKey: .templates)
        calibration = try c.decode([String: Calibration].self, forKey: .calibration)
        rejectionK = try c.decodeIfPresent(Double.self, forKey: .rejectionK)
        // Absent in models written before stream calibration: the k·σ rule, no refractory time.
        thresholds = try c.decodeIfPresent([String: Double].self, forKey: .thresholds) ?? [:]
        refractoryTime = try c.decodeIfPresent(Double.self, forKey: .refractoryTime) ?? 0
        minimumDuration = try c.decode(Double.self, forKey: .minimumDuration)
        maximumDuration = try c.decode(Double.self, forKey: .maximumDuration)
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
