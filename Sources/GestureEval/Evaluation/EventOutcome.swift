import GestureKit
import GestureData

/// One judged annotation or one detection of a test recording, and what event matching made of it: the
/// row a researcher reads to see which gestures were missed and where false activations fired.
///
/// An experiment keeps these for every continuous entry (``ExperimentResult/EntryScore/outcomes``), and the
/// report writes them as `outcomes.csv`.
public struct EventOutcome: Codable, Hashable, Sendable {
    /// Whether the row is an annotation or a detection.
    package enum Kind: String, Codable, Hashable, Sendable {
        case annotation, detection
    }

    /// The fold that tested the recording.
    package var fold: String
    /// The recording's id in its dataset.
    package var recording: String
    /// Annotation or detection.
    package var kind: Kind
    /// The annotation's label (as judged, label map applied) or the detection's label.
    package var label: String
    /// Start, seconds on the recording's clock.
    package var start: Double
    /// End, seconds on the recording's clock.
    package var end: Double
    /// A detection's decision time; for an annotation, that of the detection matched to it (correct or
    /// substitution) or that absorbed it (merged); `nil` for a missed annotation. Seconds.
    package var time: Double?
    /// The detection's score (recognizer-specific: peak g, radians, DTW distance); `nil` for an annotation.
    package var score: Double?
    /// What matching made of it: correct, substitution, deletion or merged (annotations); correct,
    /// substitution, insertion or fragment (detections); ignored for an annotation in a don't-care region and a
    /// detection that fell in one (``EventMatching/ignoredLabels``), neither correct nor false.
    package var outcome: EventMatching.Outcome
    /// For a false activation (insertion): what was happening, the label of the unjudged annotation it overlaps
    /// most or ``FalseActivationBreakdown/unannotated``; `nil` otherwise.
    package var activity: String?

    /// The rows of one recording's matching, in time order (start, then annotations before detections).
    ///
    /// - Parameters:
    ///   - result: the matching of the recording's judged annotations and its events.
    ///   - unjudged: the recording's other annotations, which name the activity of a false activation.
    /// - Complexity: O((A + D) log(A + D) + insertions × unjudged).
    package static func rows(fold: String, recording: String, matching result: EventMatching.Result,
                            unjudged: [Annotation]) -> [EventOutcome] {
        var rows: [EventOutcome] = []
        for (a, annotation) in result.annotations.enumerated() {
            let outcome = result.annotationOutcomes[a]
            let partner = result.detectionOfAnnotation[a] ?? result.mergedInto[a]
            rows.append(EventOutcome(fold: fold, recording: recording, kind: .annotation, label: annotation.label,
                                     start: annotation.start, end: annotation.end, time: partner.map { result.detections[$0].time },
                                     score: nil, outcome: outcome, activity: nil))
        }
        for (d, detection) in result.detections.enumerated() {
            let outcome = result.detectionOutcomes[d]
            let activity = outcome == .insertion ? FalseActivationBreakdown.activity(of: detection, among: unjudged) : nil
            rows.append(EventOutcome(fold: fold, recording: recording, kind: .detection, label: detection.label,
                                     start: detection.start, end: detection.end, time: detection.time,
                                     score: detection.score, outcome: outcome, activity: activity))
        }
        // Stable, so rows starting together keep annotations first.
        return rows.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }
}
