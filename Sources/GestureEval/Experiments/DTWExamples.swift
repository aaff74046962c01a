import Foundation
import GestureKit

/// The settings of a `dtw` entry (its `configuration` map), turned into a ``DTWTrainer``:
///
/// ```yaml
/// configuration:
///   signal: acceleration      # acceleration | userAcceleration | rotationRate | gravity
///   axes: [x, y, z]
///   band: 0.1                 # fraction of the length; omitted: learned by leave-one-out (0–20 %)
///   selection: medoid         # medoid | all | k (k medoids per class)
///   rejection: {method: sigma, k: 3}     # mean + k·σ of the training examples' distances (also `rejectionK: 3`)
///   # rejection: {method: stream, objective: f1}           # per class, the best event F1 on the training recordings
///   # rejection: {method: stream, maxFalsePerHour: 5}      # per class, the best recall within a false-activation budget
///   # rejection: none                                      # no rejection (closed-set classification; formerly `rejectionK: null`)
///   refractoryTime: 0         # s, shortest gap between two spotted gestures
///   znormalize: false         # segments only: z-normalise each series
///   minimumDuration: 0.2      # s, spotting
///   maximumDuration: 3        # s, spotting
/// ```
public struct DTWTrainingSettings: Codable, Hashable, Sendable {
    /// The signal the templates are taken from.
    public var signal: DTWModel.Signal
    /// Its axes.
    public var axes: [Axis]
    /// Fixed Sakoe–Chiba band, fraction of the series length, or `nil` to learn it.
    public var band: Double?
    /// `medoid`, `all`, or a number of medoids per class.
    public var selection: String
    /// How rejection thresholds are chosen.
    public var rejection: RejectionSettings
    /// Rejection at mean + k·σ (also the fallback of stream calibration for classes without annotations), or
    /// `nil` for none.
    public var rejectionK: Double? {
        switch rejection {
        case let .sigma(k): k
        case .stream: 3
        case .none: nil
        }
    }
    /// Shortest gap between two spotted gestures, seconds.
    public var refractoryTime: Double
    /// z-normalise every series (segment classification only).
    public var znormalize: Bool
    /// Shortest spotted gesture, seconds.
    public var minimumDuration: Double
    /// Longest spotted gesture, seconds.
    public var maximumDuration: Double

    /// The numeric settings an experiment entry's `search` may vary.
    public static let searchable = ["band", "rejectionK", "rejection.k", "rejection.maxFalsePerHour", "refractoryTime",
                                    "minimumDuration", "maximumDuration"]

    private enum Keys: String, CodingKey {
        case signal, axes, band, selection, rejection, rejectionK, refractoryTime, znormalize, minimumDuration, maximumDuration
    }

    /// Decodes with defaults for missing keys; an explicit `rejectionK: null` (deprecated, recorded in
    /// ``GestureKit/DeprecationLog``) turns rejection off as `rejection: none` does.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        signal = try c.decodeIfPresent(DTWModel.Signal.self, forKey: .signal) ?? .acceleration
        axes = try c.decodeIfPresent([Axis].self, forKey: .axes) ?? [.x, .y, .z]
        band = try c.decodeIfPresent(Double.self, forKey: .band)
        if let k = try? c.decodeIfPresent(Int.self, forKey: .selection) {
            selection = String(k)
        } else {
            selection = try c.decodeIfPresent(String.self, forKey: .selection) ?? "medoid"
        }
        if c.contains(.rejection) {
            rejection = try c.decode(RejectionSettings.self, forKey: .rejection)
        } else if c.contains(.rejectionK) {
            if let k = try c.decodeIfPresent(Double.self, forKey: .rejectionK) {
                // Still the search key (`search: {rejectionK: […]}`), so a number is no deprecation.
                rejection = .sigma(k: k)
            } else {
                rejection = .none
                DeprecationLog.record("configuration key 'rejectionK: null' is now 'rejection: none'")
            }
        } else {
            rejection = .sigma(k: 3)
        }
        refractoryTime = try c.decodeIfPresent(Double.self, forKey: .refractoryTime) ?? 0
        znormalize = try c.decodeIfPresent(Bool.self, forKey: .znormalize) ?? false
        minimumDuration = try c.decodeIfPresent(Double.self, forKey: .minimumDuration) ?? 0.2
        maximumDuration = try c.decodeIfPresent(Double.self, forKey: .maximumDuration) ?? 3
    }

    /// Encodes every setting (rejection as its map).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(signal, forKey: .signal)
        try c.encode(axes, forKey: .axes)
        try c.encodeIfPresent(band, forKey: .band)
        try c.encode(selection, forKey: .selection)
        try c.encode(rejection, forKey: .rejection)
        try c.encode(refractoryTime, forKey: .refractoryTime)
        try c.encode(znormalize, forKey: .znormalize)
        try c.encode(minimumDuration, forKey: .minimumDuration)
        try c.encode(maximumDuration, forKey: .maximumDuration)
    }

    /// The trainer for data sampled at `samplingRate` Hz.
    public func trainer(samplingRate: Double) throws(ExperimentError) -> DTWTrainer {
        let chosen: DTWTrainer.TemplateSelection
        switch selection {
        case "medoid": chosen = .medoid
        case "all": chosen = .allExamples
        default:
            guard let k = Int(selection), k >= 1 else { throw ExperimentError("selection: expected medoid, all or a number ≥ 1, got '\(selection)'") }
            chosen = .medoids(k)
        }
        let preprocessing = DTWPreprocessing(zNormalizationFloor: znormalize ? DTWPreprocessing.defaultFloor : nil)
        return DTWTrainer(selection: chosen, band: band, preprocessing: preprocessing, rejectionK: rejectionK, signal: signal,
                          axes: axes, samplingRate: samplingRate, minimumDuration: minimumDuration, maximumDuration: maximumDuration,
                          refractoryTime: refractoryTime)
    }
}

/// Training examples and query series for DTW from recordings.
enum DTWExamples {
    /// The channels of `signal` along `axes`.
    static func channels(_ signal: DTWModel.Signal, axes: [Axis]) -> [Channel] {
        let all: [Channel] = switch signal {
        case .acceleration: Channel.acceleration
        case .userAcceleration: Channel.userAcceleration
        case .rotationRate: Channel.rotationRate
        case .gravity: Channel.gravity
        }
        return axes.map { all[$0 == .x ? 0 : $0 == .y ? 1 : 2] }
    }

    /// The series of `recording` for a model reading `signal` on `axes`: those channels, or, for
    /// archive data without named channels (`dim1`, …), its columns in order when their number matches.
    static func series(_ recording: Recording, signal: DTWModel.Signal, axes: [Axis]) throws -> DTWSeries {
        let wanted = channels(signal, axes: axes)
        if recording.has(wanted) {
            return try DTWSeries(dimensions: wanted.map { recording.column($0)! }, name: recording.id)
        }
        guard recording.columns.count == axes.count else {
            throw ExperimentError("recording \(recording.id) has neither \(wanted.map(\.rawValue).joined(separator: ", ")) nor \(axes.count) columns")
        }
        return try DTWSeries(dimensions: recording.columns, name: recording.id)
    }

    /// The query series of a segment for `model`.
    static func series(_ recording: Recording, model: DTWModel) throws -> DTWSeries {
        try series(recording, signal: model.signal, axes: model.axes)
    }

    /// Trains a model on the judged annotations of `recordings`: each segment recording, or each
    /// annotated stretch of a continuous one, is an example. With `rejection: {method: stream}` the
    /// thresholds are then calibrated on the same (continuous) recordings, matched with `matching`.
    static func train(_ recordings: [Recording], configuration: ConfigurationValue, kind: Dataset.Kind,
                      entry: Experiment.Entry, matching: EventMatching) throws(ExperimentError) -> ExperimentRunner.FoldModel {
        let settings: DTWTrainingSettings
        do { settings = try configuration.decoding.decode(DTWTrainingSettings.self) } catch {
            throw ExperimentError(entry: entry.name, "invalid dtw configuration: \(error)")
        }
        var examples: [DTWExample] = []
        var rate = 0.0
        do {
            for r in recordings {
                let parts = kind == .segments ? [(r, r.annotations[0].label)] : r.annotations.map { (r.slice(from: $0.start, to: $0.end), $0.label) }
                for (part, label) in parts where part.count >= 2 {
                    examples.append(DTWExample(label: label, series: try series(part, signal: settings.signal, axes: settings.axes)))
                    if rate == 0 { rate = Double(part.count - 1) / part.duration }
                }
            }
        } catch {
            throw ExperimentError(entry: entry.name, "cannot take examples: \(error)")
        }
        let trainer = try settings.trainer(samplingRate: rate > 0 && rate.isFinite ? rate : 100)
        var model: DTWModel, report: DTWTrainingReport
        do { (model, report) = try trainer.train(examples) } catch {
            throw ExperimentError(entry: entry.name, "DTW training: \(error.description)")
        }
        var summary = ["band": report.band, "templates": Double(model.templates.count), "examples": Double(examples.count)]
        if settings.band == nil { summary["bandLearned"] = 1 }
        if case let .stream(objective) = settings.rejection {
            guard kind == .continuous else {
                throw ExperimentError(entry: entry.name, "rejection method stream calibrates on continuous recordings; use sigma for segments")
            }
            let choices: [StreamCalibration.Choice]
            do {
                (model, choices) = try StreamCalibration(objective: objective, matching: matching).calibrate(model, on: recordings)
            } catch {
                throw ExperimentError(entry: entry.name, "stream calibration: \(error)")
            }
            // The operating point per class, for the report.
            for c in choices {
                summary["threshold.\(c.label)"] = c.threshold
                summary["trainingRecall.\(c.label)"] = c.recall
                summary["trainingFalsePerHour.\(c.label)"] = c.falsePerHour
            }
        }
        return .dtw(model, summary: summary)
    }
}
