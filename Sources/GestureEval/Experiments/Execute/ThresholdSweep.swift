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
/// - Complexity: O(values × total samples) recognizer steps.
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

    /// Runs the sweep over `dataset` (continuous); `progress` is called after each value.
    package func run(on dataset: Dataset, progress: (@Sendable () -> Void)? = nil) throws(ExperimentError) -> [Point] {
        guard dataset.kind == .continuous else { throw ExperimentError(dataset: dataset.name, "a sweep needs continuous recordings, this dataset holds segments") }
        guard !values.isEmpty else { throw ExperimentError(entry: entry.name, "no values to sweep") }
        let full = try entry.completeSettings(entry.baseConfiguration(), registry: registry, keys: [parameter])
        let recordings = entry.judged(dataset.recordings, kind: .continuous, ignoring: matching)
        let background = recordings.reduce(0) { $0 + EventEvaluation.background(of: $1) } / 3600
        var points: [Point] = []
        for value in values {
            let configuration = full.setting(parameter, to: .number(value))
            let recognizer: any Recognizer
            do { recognizer = try registry.makeRecognizer(entry.recognizer, configuration: configuration.decoding) } catch {
                throw ExperimentError(entry: entry.name, "\(parameter) = \(value): \(error)")
            }
            let prototype = try entry.pipeline([recognizer])
            let events = EventDetection.run(recordings) { prototype }.map(entry.labelled)
            var counts = EventCounts()
            for (r, e) in zip(recordings, events) { counts = counts + matching.match(annotations: r.annotations, events: e).counts }
            points.append(Point(value: value, annotations: counts.annotations, detections: counts.detections, truePositives: counts.truePositives,
                                falseActivations: counts.insertions,
                                falseActivationsPerHour: background > 0 ? Double(counts.insertions) / background : .nan,
                                missRate: counts.annotations > 0 ? 1 - Double(counts.truePositives) / Double(counts.annotations) : .nan,
                                f1: counts.f1))
            progress?()
        }
        return points
    }
}
