import Foundation
import GestureKit
import GestureData

/// The trainer of ``GestureKit/MiniRocketClassifier`` (`minirocket`): MiniRocket features of each judged training
/// segment and a ridge classifier whose penalty is chosen by leave-one-out (``MiniRocketTrainingSettings``), trained
/// on the signal behind the setup's stages. It classifies segments only; nothing is searched.
///
/// - Complexity: one transform per training segment, O(n²·F + n³) for the ridge on n segments of F features.
public struct MiniRocketClassifierTrainer: RecognizerTrainer {
    /// A trainer.
    public init() {}

    /// `minirocket`.
    public var identifier: String { MiniRocketClassifier.identifier }

    /// Refuses any searched key (the ridge penalty is chosen by leave-one-out) and an invalid configuration.
    public func validate(_ setup: TrainingSetup) throws(TrainingError) {
        if let key = setup.search.keys.sorted().first {
            throw setup.error("'\(key)' cannot be searched for minirocket: its ridge penalty is chosen by leave-one-out and nothing else is worth tuning")
        }
        do { _ = try setup.configuration.decoding.decode(MiniRocketTrainingSettings.self) } catch {
            throw setup.error("invalid minirocket configuration: \(error)")
        }
    }

    /// Why continuous recordings are refused, and the two ways on: spot them, or cut their annotations out as segments.
    static let continuousRefusal = "minirocket classifies segments; to spot gestures in continuous recordings use recognizer "
        + "minirocket-stream (or dtw); to classify their annotations, cut them out as a segment dataset first: "
        + "gesturelab datasets segments DATASET --out DIR"

    /// Trains on the judged segment `recordings` behind the stages (each one example, labelled by its annotation):
    /// the model with its summary (ridge penalty, features, examples). Continuous recordings are refused.
    public func train(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> TrainedModel {
        // Trained on the signal behind the stages, as it classifies.
        let staged = try setup.staged(recordings)
        guard setup.kind == .segments else {
            throw setup.error(Self.continuousRefusal)
        }
        let settings: MiniRocketTrainingSettings
        do { settings = try setup.configuration.decoding.decode(MiniRocketTrainingSettings.self) } catch {
            throw setup.error("invalid minirocket configuration: \(error)")
        }
        guard let first = staged.first else { throw setup.error("no training segments") }
        let channels: [MotionChannel]
        if let configured = settings.channels { channels = configured } else { channels = try DTWExamples.defaultChannels(first) }
        var series: [DTWSeries] = [], labels: [String] = []
        var rate = 0.0
        do {
            for r in staged where r.count >= 1 {
                series.append(try DTWExamples.series(r, channels: channels))
                labels.append(r.annotations[0].label)
                if rate == 0, r.count >= 2, r.duration > 0 { rate = Double(r.count - 1) / r.duration }
            }
        } catch { throw setup.error("cannot take examples: \(error)") }
        guard Set(labels).count >= 2 else {
            throw setup.error("minirocket needs training segments of at least two classes, got \(Set(labels).sorted())")
        }
        do {
            var model = try settings.trainer.train(series, labels: labels, channels: channels, samplingRate: rate > 0 && rate.isFinite ? rate : 100)
            // The file names the stages it classifies behind, for an app that embeds it.
            model.stages = setup.stages
            var summary = Self.summary(of: model)
            summary.values["examples"] = Double(series.count)
            return TrainedModel(model, summary: summary)
        } catch {
            throw setup.error("MiniRocket training: \(error.description)")
        }
    }

    /// Each segment's label by the classifier, behind the setup's stages; continuous recordings are refused.
    public func detect(_ model: TrainedModel, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
        let rocketModel = try expect(model, MiniRocketModel.self)
        guard setup.kind == .segments else {
            throw setup.error(Self.continuousRefusal)
        }
        let classifier = try MiniRocketClassifier(model: rocketModel)
        let series = try recordings.map { try MiniRocketTrainingSettings.series($0.staged(through: setup.stages), model: rocketModel) }
        return ([], try classifier.classify(series, threads: Parallelism.threads).map(\.label))
    }

    /// The segments, their mean length, channels, classes and features (segments only).
    public func workload(_ setup: TrainingSetup, training judged: [Recording]) -> TrainingWorkload {
        var w = TrainingWorkload(trainingSamples: judged.reduce(0) { $0 + $1.count })
        guard setup.kind == .segments, let settings = try? setup.configuration.decoding.decode(MiniRocketTrainingSettings.self) else { return w }
        w.examples = judged.count
        w.exampleLength = judged.isEmpty ? 0 : Double(w.trainingSamples) / Double(judged.count)
        w.channels = settings.channels?.count ?? 3
        w.rocketFeatures = MiniRocket.kernelCount * (settings.features / MiniRocket.kernelCount)
        w.classes = Set(judged.compactMap { $0.annotations.first?.label }).count
        w.segments = true
        return w
    }

    /// Training and test segments transformed once each, the Gram matrix of the training features and its
    /// eigendecomposition; `nil` when the workload counts no features (continuous recordings).
    public func estimatedSeconds(of w: TrainingWorkload, searched: Double, testing: TrainingWorkload.Testing, model: TrainingCostModel) -> Double? {
        guard w.rocketFeatures > 0, w.segments else { return nil }
        // Training and test segments transformed once each; the Gram matrix of the training features.
        let n = Double(w.examples), f = Double(w.rocketFeatures)
        return model.perRocketCell * f * w.exampleLength * (n + testing.recordings) + model.perRidgeCell * n * n * f / 2
            + model.eigenSeconds(windows: n) + model.perUnit * testing.units
    }

    /// The model file at `url` (``MiniRocketModelFile``).
    public func readModel(at url: URL) throws(DataFileError) -> TrainedModel {
        try readModel(at: url, MiniRocketModelFile.read, summary: Self.summary)
    }

    /// Writes the ``GestureKit/MiniRocketModel`` atomically.
    public func writeModel(_ model: TrainedModel, to url: URL) throws(DataFileError) {
        guard let rocketModel = model.model(as: MiniRocketModel.self) else { throw DataFileError(file: url.path, "not a MiniRocket model") }
        try MiniRocketModelFile.write(rocketModel, to: url)
    }

    /// `trained minirocket on N segments`.
    public func trainedLine(_ model: TrainedModel, recordings: Int) -> String { "trained \(identifier) on \(recordings) segments" }

    /// A MiniRocket model's ridge penalty and feature count.
    static func summary(of model: MiniRocketModel) -> TrainingSummary {
        TrainingSummary(values: ["alpha": model.alpha, "features": Double(model.transform.featureCount)])
    }
}
