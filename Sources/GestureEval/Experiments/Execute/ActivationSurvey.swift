import GestureData
import GestureKit

/// How often a recognizer that learns nothing (a preset, a tuned configuration, a trained model used as is) fires on a dataset that cannot be
/// split into folds or holds no annotation it judges: one unannotated recording of one person is enough to ask
/// "how often does the shake preset fire in my day?".
///
/// Every recording is tested. An activation that matches no judged annotation is false; false activations are
/// counted per hour of background (the time outside judged annotations) and by the activity that other annotations
/// name there (``FalseActivationBreakdown``); judged annotations, when there are any, give a recall too. Judged
/// labels that no annotation carries (`--labels shake` on annotations of walking and sitting) make every
/// annotation an activity: every activation is false, and recall cannot be judged.
package struct ActivationSurvey: Codable, Hashable, Sendable {
    /// Recordings tested.
    package var recordings: Int
    /// Their total duration, hours.
    package var hours: Double
    /// Events that ended (activations).
    package var activations: Int
    /// Judged annotations, and how many of them an activation matched.
    package var judgedAnnotations: Int
    /// Judged annotations an activation matched (correct).
    package var detectedAnnotations: Int
    /// False activations by activity, ``FalseActivationBreakdown/unannotated`` last.
    package var breakdown: FalseActivationBreakdown
    /// The judged labels asked for (`--labels`), empty when every annotation is judged.
    package var judgedLabels: [String]
    /// The labels of the judged annotations (after the label map), sorted.
    package var annotationLabels: [String]
    /// The labels of the activations, sorted.
    package var activationLabels: [String]

    /// False activations over every activity.
    package var falseActivations: Int { breakdown.activities.reduce(0) { $0 + $1.falseActivations } }
    /// Background hours over every activity.
    package var backgroundHours: Double { breakdown.activities.reduce(0) { $0 + $1.hours } }
    /// False activations per hour of background (`nan` without background).
    package var falsePerHour: Double { backgroundHours > 0 ? Double(falseActivations) / backgroundHours : .nan }
    /// Detected ÷ judged annotations, `nil` when none is judged.
    package var recall: Double? { judgedAnnotations > 0 ? Double(detectedAnnotations) / Double(judgedAnnotations) : nil }

    /// Runs `entry` with `model` (a configuration, or a model trained elsewhere) over every recording of `dataset`
    /// (continuous) and counts its activations.
    ///
    /// - Throws: ``ExperimentError`` when the recognizer cannot be made or the dataset holds segments.
    /// - Complexity: O(total samples) recognizer steps, recordings in parallel.
    package init(entry: Experiment.Entry, model: TrainedModel, dataset: Dataset, matching: EventMatching,
                registry: RecognizerRegistry, trainers: TrainerRegistry) throws(ExperimentError) {
        guard dataset.kind == .continuous else {
            throw ExperimentError(entry: entry.name, "a survey of activations needs continuous recordings; \(dataset.name) holds segments")
        }
        let detector = EntryDetector(entry: entry, kind: .continuous, registry: registry, matching: matching, trainers: trainers)
        // Judged once, with what judging left out of each recording: the activities of the breakdown.
        let judging = entry.judging(dataset.recordings, kind: .continuous, ignoring: matching), judged = judging.recordings
        let events: [[GestureEvent]]
        do { events = try detector.detect(model, on: judged).events } catch {
            throw error as? ExperimentError ?? ExperimentError(entry: entry.name, "\(error)")
        }
        let matches = zip(judged, events).map { matching.match(annotations: $0.annotations, events: $1) }
        recordings = judged.count
        hours = judged.reduce(0) { $0 + $1.duration } / 3600
        activations = zip(matches, events).reduce(0) { $0 + $1.0.detections.count }
        judgedAnnotations = judged.reduce(0) { $0 + $1.annotations.count { !matching.ignores($0.label) } }
        detectedAnnotations = matches.reduce(0) { $0 + $1.annotationOutcomes.filter { $0 == .correct }.count }
        breakdown = FalseActivationBreakdown(judged: judged, unjudged: judging.unjudged, matches: matches)
        judgedLabels = entry.labels
        annotationLabels = Set(judged.flatMap { $0.annotations.map(\.label) }.filter { !matching.ignores($0) }).sorted()
        activationLabels = Set(events.joined().map(\.label)).sorted()
    }
}

