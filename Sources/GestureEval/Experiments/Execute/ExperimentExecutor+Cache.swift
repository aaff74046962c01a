import Foundation
import GestureKit
import GestureData

extension ExperimentExecutor {
    /// The SHA-256 of each recording's samples (times, channel names and values) and annotations as read in `datasets`,
    /// by dataset key and recording id: the costly part of every key, computed once a run, on all cores. Judging
    /// changes a recording's annotations only, so a judged recording's samples are its dataset recording's. O(values).
    func sampleDigests(_ datasets: Set<String>) -> [String: [String: String]] {
        var digests: [String: [String: String]] = [:]
        for key in datasets.sorted() {
            guard let recordings = self.datasets[key]?.recordings else { continue }
            let hex = parallelMap(recordings.count) { i in
                let r = recordings[i]
                var hash = SHA256()
                hash.add(r.timestamps)
                hash.add(UInt64(r.channelNames.count))
                for (channel, column) in zip(r.channelNames, r.columns) {
                    hash.add(channel.rawValue)
                    hash.add(column)
                }
                // Every annotation as read: an adapting entry learns from annotations its judged test part marks
                // don't-care (a calibration stretch), so the judged ones alone would not key it.
                hash.add(UInt64(r.annotations.count))
                for a in r.annotations {
                    hash.add(a.start.bitPattern)
                    hash.add(a.end.bitPattern)
                    hash.add(a.label)
                }
                return hash.hex
            }
            digests[key] = Dictionary(zip(recordings.map(\.id), hex)) { first, _ in first }
        }
        return digests
    }

    /// What ``UnitCache`` keys `step` by (see there), or `nil` when its entry reads files the key cannot see (a
    /// `model` or `detections`) or a part cannot be encoded. O(step's recordings).
    func cacheKey(_ step: ExperimentPlan.TrainingStep, build: String, samples: [String: [String: String]]) -> String? {
        guard let entry = experiment.entries.first(where: { $0.name == step.entries[0] }),
              entry.model == nil, entry.detections == nil,
              let digests = samples[step.dataset],
              let trainer = trainers[TrainerKey(entry.name, step.dataset)] else { return nil }
        func digest(_ recordings: [Recording]) -> [String]? {
            var all: [String] = []
            for r in recordings {
                guard let data = digests[r.id] else { return nil }
                var hash = SHA256()
                for text in [data, r.id, r.subject, r.session] { hash.add(text) }
                hash.add(UInt64(r.annotations.count))
                for a in r.annotations {
                    hash.add(a.start.bitPattern)
                    hash.add(a.end.bitPattern)
                    hash.add(a.label)
                }
                all.append(hash.hex)
            }
            return all
        }
        var settings = experiment
        (settings.entries, settings.name, settings.description) = ([], "", "")
        guard let training = digest(judged.training(entry.name, dataset: step.dataset, fold: step.fold)),
              let test = digest(judged.test(entry.name, dataset: step.dataset, fold: step.fold).recordings),
              let configuration = try? entry.baseConfiguration() else { return nil }
        let key = CacheKey(build: build, experiment: settings, entry: ExperimentPlan.modelShaping(entry), configuration: configuration,
                           objective: experiment.objective(for: entry), ignored: experiment.eventMatching.ignoredLabels.sorted(),
                           kind: trainer.kind, fold: step.foldName, training: training, test: test)
        let encoder = ReportFolder.encoder
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(key)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A step's key, as encoded: every field is an input of the step's model or of its test detections.
    private struct CacheKey: Encodable {
        /// Raised when what a stored step holds, or how keys are written, changes.
        var format = 1
        var build: String
        var experiment: Experiment
        var entry: Experiment.Entry
        var configuration: ConfigurationValue
        var objective: TrainingObjective
        /// The don't-care labels training and testing see: the file's, and a calibration stretch's when an entry adapts.
        var ignored: [String]
        var kind: Dataset.Kind
        var fold: String
        var training: [String]
        var test: [String]
    }
}
