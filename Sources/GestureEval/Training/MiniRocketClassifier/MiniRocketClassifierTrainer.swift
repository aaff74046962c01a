import Foundation
import GestureKit
import GestureData

/// The trainer of ``GestureKit/MiniRocketClassifier`` (`minirocket`): MiniRocket features of each judged training
/// segment and a ridge classifier whose penalty is chosen by leave-one-out (``MiniRocketTrainingSettings``), trained
/// on the signal behind the setup's stages. It classifies segments only; nothing is searched.
///
/// - Complexity: one transform per training segment, O(n²·F + n³) for the ridge on n segments of F features.
package struct MiniRocketClassifierTrainer: RecognizerTrainer {
    /// The transform and its ridge classifier.
    package typealias Model = MiniRocketModel

    /// A trainer.
    package init() {}

    /// `minirocket`.
    /// The features and the examples trained on.
    package var countKeys: Set<String> { ["features", "examples"] }

    package var identifier: String { MiniRocketClassifier.identifier }

    /// Refuses any searched key (the ridge penalty is chosen by leave-one-out) and an invalid configuration.
    package func validate(_ setup: TrainingSetup) throws(TrainingError) {
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

    /// Continuous recordings are refused.
    package func refusal(of kind: Dataset.Kind) -> String? { kind == .segments ? nil : Self.continuousRefusal }

    /// Trains on the judged segment `recordings` behind the stages (each one example, labelled by its annotation):
    /// the model with its summary (ridge penalty, features, examples).
    package func fit(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> Trained<MiniRocketModel> {
        // Trained on the signal behind the stages, as it classifies.
        let staged = try setup.staged(recordings)
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
            return Trained(model, summary: summary)
        } catch {
            throw setup.error("MiniRocket training: \(error.description)")
        }
    }

    /// Each segment's label by the classifier, behind the setup's stages.
    package func detect(_ rocketModel: MiniRocketModel, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
        let classifier = try MiniRocketClassifier(model: rocketModel)
        let series = try recordings.map { try MiniRocketTrainingSettings.series($0.staged(through: setup.stages), model: rocketModel) }
        return ([], try classifier.classify(series, threads: Parallelism.threads).map(\.label))
    }

    /// The segments, their mean length, channels, classes and features (segments only).
    package func workload(_ setup: TrainingSetup, training judged: [Recording]) -> MiniRocketWorkload? {
        guard setup.kind == .segments, let settings = try? setup.configuration.decoding.decode(MiniRocketTrainingSettings.self) else { return nil }
        return MiniRocketWorkload(segments: settings, judged: judged)
    }

    /// Training and test segments transformed once each, the Gram matrix of the training features and its
    /// eigendecomposition; `nil` when the workload counts no features (continuous recordings).
    package func estimatedSeconds(of w: MiniRocketWorkload, training samples: Int, searched: Double, testing: TrainingWorkload.Testing,
                                 model: TrainingCostModel) -> Double? {
        guard w.features > 0, w.segments else { return nil }
        // Training and test segments transformed once each; the Gram matrix of the training features.
        let n = Double(w.examples), f = Double(w.features)
        return MiniRocketCostModel.reference.perRocketCell * f * w.exampleLength * (n + testing.recordings) + MiniRocketCostModel.reference.perRidgeCell * n * n * f / 2
            + MiniRocketCostModel.reference.eigenSeconds(windows: n) + model.perUnit * testing.units
    }

    /// The model file at `url` (``MiniRocketModelFile``).
    package func readModel(at url: URL) throws(DataFileError) -> Trained<MiniRocketModel> {
        let model = try MiniRocketModelFile.read(from: url)
        return Trained(model, summary: Self.summary(of: model))
    }

    /// Writes the ``GestureKit/MiniRocketModel`` atomically.
    package func writeModel(_ model: MiniRocketModel, to url: URL) throws(DataFileError) { try MiniRocketModelFile.write(model, to: url) }

    /// `trained minirocket on N segments`.
    package func trainedLine(recordings: Int) -> String { "trained \(identifier) on \(recordings) segments" }

    /// A MiniRocket model's ridge penalty and feature count.
    static func summary(of model: MiniRocketModel) -> TrainingSummary {
        TrainingSummary(values: ["alpha": model.alpha, "features": Double(model.transform.featureCount)])
    }
}
