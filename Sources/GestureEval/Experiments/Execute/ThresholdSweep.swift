import Foundation
import GestureKit
import GestureData

/// Varies one configuration value of a recognizer over a range on continuous recordings and
/// records, for each value, false activations per hour of background and the miss rate: the
/// data of a detection-error-tradeoff (DET) curve.
///
/// Every value runs the recognizer through ``GestureKit/Pipeline`` over all recordings; events are
/// matched with ``EventMatching``. A false activation is an insertion (a detection intersecting
/// no judged annotation's window); the miss rate is 1 − recall over judged annotations.
///
/// Another tool's detections (`recognizer: detections`) are swept by ``minimumScore``, the lowest score kept: read
/// once, then kept or not by their `score` at each value, so their DET curve is drawn as any recognizer's.
/// - Complexity: O(values × total samples) recognizer steps; for detections, one reading and O(values × detections).
package struct ThresholdSweep: Sendable {
    /// One value's outcome.
    package struct Point: Codable, Hashable, Sendable {
        /// The parameter's value.
        package var value: Double
        /// Judged annotations.
        package var annotations: Int
        /// Completed detections.
        package var detections: Int
        /// Correct detections.
        package var truePositives: Int
        /// Insertions.
        package var falseActivations: Int
        /// Insertions per hour of background.
        package var falseActivationsPerHour: Double
        /// 1 − recall.
        package var missRate: Double
        /// Pooled F1.
        package var f1: Double
    }

    /// The entry swept (recognizer, configuration, labels judged).
    package var entry: Experiment.Entry
    /// The dotted configuration key varied.
    package var parameter: String
    /// The values, in order, in the parameter's own units (seconds, g, rad/s, radians).
    package var values: [Double]
    /// Matching tolerances.
    package var matching: EventMatching
    /// Where recognizers come from.
    package var registry: RecognizerRegistry

    /// Creates a sweep.
    package init(entry: Experiment.Entry, parameter: String, values: [Double], matching: EventMatching = EventMatching(),
                registry: RecognizerRegistry) {
        self.entry = entry
        self.parameter = parameter
        self.values = values
        self.matching = matching
        self.registry = registry
    }

    /// The parameter another tool's detections are swept by: the lowest score kept.
    package static let minimumScore = "minimumScore"

    /// Runs the sweep over `dataset` (continuous); `progress` is called after each value.
    package func run(on dataset: Dataset, progress: (@Sendable () -> Void)? = nil) throws(ExperimentError) -> [Point] {
        guard dataset.kind == .continuous else { throw ExperimentError(dataset: dataset.name, "a sweep needs continuous recordings, this dataset holds segments") }
        guard !values.isEmpty else { throw ExperimentError(entry: entry.name, "no values to sweep") }
        let recordings = entry.judged(dataset.recordings, kind: .continuous, ignoring: matching)
        if entry.recognizer == DetectionsTrainer.identifier { return try sweepScores(recordings, progress: progress) }
        let full = try entry.completeSettings(entry.baseConfiguration(), registry: registry, keys: [parameter])
        var points: [Point] = []
        for value in values {
            let configuration = full.setting(parameter, to: .number(value))
            let recognizer: any Recognizer
            do { recognizer = try registry.makeRecognizer(entry.recognizer, configuration: configuration.decoding) } catch {
                throw ExperimentError(entry: entry.name, "\(parameter) = \(value): \(error)")
            }
            let prototype = try entry.pipeline([recognizer])
            points.append(point(value, events: EventDetection.run(recordings) { prototype }.map(entry.labelled), on: recordings))
            progress?()
        }
        return points
    }

    /// The points of another tool's detections (``DetectionsTrainer``, the files of the whole dataset), each value
    /// keeping the detections that score at least that much.
    private func sweepScores(_ recordings: [Recording], progress: (@Sendable () -> Void)?) throws(ExperimentError) -> [Point] {
        guard parameter == Self.minimumScore else {
            throw ExperimentError(entry: entry.name, "detections are swept by \(Self.minimumScore) (the lowest score kept), not \(parameter)")
        }
        let setup = entry.setup(kind: .continuous, matching: matching, registry: registry), trainer = DetectionsTrainer()
        let all: [[GestureEvent]]
        do {
            try trainer.validate(setup)
            all = try trainer.detect(try trainer.fit(setup, on: recordings).model, on: recordings, setup: setup).events
        } catch let error as TrainingError { throw ExperimentError(error) } catch { throw ExperimentError(entry: entry.name, "\(error)") }
        return values.map { value in
            defer { progress?() }
            return point(value, events: all.map { $0.filter { $0.score >= value } }, on: recordings)
        }
    }

    /// One value's counts of `events` (one array per recording) against the judged `recordings`. O(matching).
    private func point(_ value: Double, events: [[GestureEvent]], on recordings: [Recording]) -> Point {
        let background = recordings.reduce(0) { $0 + EventEvaluation.background(of: $1) } / 3600
        var counts = EventCounts()
        for (r, e) in zip(recordings, events) { counts = counts + matching.match(annotations: r.annotations, events: e).counts }
        return Point(value: value, annotations: counts.annotations, detections: counts.detections, truePositives: counts.truePositives,
                     falseActivations: counts.insertions,
                     falseActivationsPerHour: background > 0 ? Double(counts.insertions) / background : .nan,
                     missRate: counts.annotations > 0 ? 1 - Double(counts.truePositives) / Double(counts.annotations) : .nan,
                     f1: counts.f1)
    }
}
