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
///   rejectionK: 3             # null: no rejection (closed-set classification)
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
    /// Rejection at mean + k·σ, or `nil` for none.
    public var rejectionK: Double?
    /// z-normalise every series (segment classification only).
    public var znormalize: Bool
    /// Shortest spotted gesture, seconds.
    public var minimumDuration: Double
    /// Longest spotted gesture, seconds.
    public var maximumDuration: Double

    /// The numeric settings an experiment entry's `search` may vary.
    public static let searchable = ["band", "rejectionK", "minimumDuration", "maximumDuration"]

    private enum Keys: String, CodingKey { case signal, axes, band, selection, rejectionK, znormalize, minimumDuration, maximumDuration }

    /// Decodes with defaults for missing keys; an explicit `rejectionK: null` turns rejection off.
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
        rejectionK = c.contains(.rejectionK) ? try c.decodeIfPresent(Double.self, forKey: .rejectionK) : 3
        znormalize = try c.decodeIfPresent(Bool.self, forKey: .znormalize) ?? false
        minimumDuration = try c.decodeIfPresent(Double.self, forKey: .minimumDuration) ?? 0.2
        maximumDuration = try c.decodeIfPresent(Double.self, forKey: .maximumDuration) ?? 3
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
                          axes: axes, samplingRate: samplingRate, minimumDuration: minimumDuration, maximumDuration: maximumDuration)
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
    /// annotated stretch of a continuous one, is an example.
    static func train(_ recordings: [Recording], configuration: ConfigurationValue, kind: Dataset.Kind,
                      entry: Experiment.Entry) throws(ExperimentError) -> ExperimentRunner.FoldModel {
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
        do {
            let (model, report) = try trainer.train(examples)
            var summary = ["band": report.band, "templates": Double(model.templates.count), "examples": Double(examples.count)]
            if settings.band == nil { summary["bandLearned"] = 1 }
            return .dtw(model, summary: summary)
        } catch {
            throw ExperimentError(entry: entry.name, "DTW training: \(error.description)")
        }
    }
}
