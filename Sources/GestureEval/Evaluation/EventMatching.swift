import GestureKit
import GestureData

/// One-to-one matching of a recognizer's detections to the annotations of a continuous recording.
///
/// **Windows.** An annotation [s, e] accepts detections whose extent [start, end] intersects
/// [s − ``toleranceBefore``, e + ``toleranceAfter``]; the intervals are closed, so a detection that
/// just touches the window boundary counts. Only events whose phase is in ``phases`` (by default
/// `.ended`: completed gestures) are detections.
///
/// **Matching.** Every (annotation, detection) pair whose windows intersect is a candidate. Candidates
/// are taken greedily in this order, each annotation and detection used at most once:
/// 1. same label before different label;
/// 2. longer overlap of the detection's extent with the annotation itself (unwidened), seconds;
/// 3. smaller distance between their midpoints, seconds;
/// 4. earlier annotation, then earlier detection (input order).
/// The result is a maximal matching: no unmatched annotation intersects an unmatched detection.
///
/// **Outcomes** (after Ward, Lukowicz & Gellersen 2011):
/// - matched, same label: correct (true positive); matched, other label: substitution;
/// - unmatched detection intersecting some annotation's window: a *fragment* (the annotation was
///   also detected by another detection, so it is fragmented); otherwise an *insertion*;
/// - unmatched annotation intersecting some detection: *merged* (one detection covered several
///   annotations); otherwise a *deletion*.
///
/// **Don't-care regions** (``ignoredLabels``, an experiment's `matching: {ignore: [transition]}`): annotations
/// whose label is ignored are not judged. They take no part in the matching and their outcome is *ignored*: never
/// correct, substitution, deleted or merged, not in the recall denominator, not in any per-label count. A detection
/// that no judged annotation takes and that intersects an ignored annotation's window (widened by the same
/// tolerances) is *ignored* as well, before being a fragment or an insertion: neither correct nor false, not in the
/// precision denominator (``EventCounts/ignoredDetections`` counts it). So a detection overlapping both a judged and
/// an ignored annotation is matched to the judged one. Ignored time is not background: an ignored annotation stays
/// on its recording (judging keeps it, see ``Experiment/Entry/judging(_:kind:ignoring:)``), so
/// ``EventEvaluation/background(of:)`` and every false-activation rate per hour leave its time out. Labels are
/// compared exactly, after any label map; an experiment rejects an ignored label that an entry judges.
/// Complexity O(A·D log(A·D)) for A annotations and D detections (both are small per recording).
public struct EventMatching: Codable, Hashable, Sendable {
    /// How far before an annotation's start a detection may begin, seconds (≥ 0).
    package var toleranceBefore: Double
    /// How far after an annotation's end a detection may still end, seconds (≥ 0).
    package var toleranceAfter: Double
    /// Event phases counted as detections (an array, not a set, so it encodes deterministically).
    package var phases: [GestureEvent.Phase]
    /// Annotation labels not judged (don't-care regions), sorted and distinct; `nil` when none, so a matching
    /// without them encodes as it always has.
    private var ignore: [String]?

    /// Creates a matching configuration; tolerances in seconds.
    public init(toleranceBefore: Double = 0.5, toleranceAfter: Double = 0.5, phases: [GestureEvent.Phase] = [.ended]) {
        self.init(toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter, phases: phases, ignoring: [])
    }

    /// Creates a matching configuration that judges no annotation labelled one of `ignoredLabels` (see the
    /// don't-care regions above); tolerances in seconds.
    public init(toleranceBefore: Double = 0.5, toleranceAfter: Double = 0.5, phases: [GestureEvent.Phase] = [.ended],
                ignoring ignoredLabels: [String]) {
        self.toleranceBefore = toleranceBefore
        self.toleranceAfter = toleranceAfter
        self.phases = phases
        ignore = ignoredLabels.isEmpty ? nil : Set(ignoredLabels).sorted()
    }

    /// Annotation labels not judged (don't-care regions), sorted; empty by default.
    public var ignoredLabels: [String] { ignore ?? [] }

    /// Whether annotations labelled `label` are not judged. O(ignored labels).
    public func ignores(_ label: String) -> Bool { ignore?.contains(label) ?? false }

    /// `recordings` without the annotations this matching ignores: what learns from examples of the judged
    /// labels alone (templates) reads. Unchanged without ignored labels. O(annotations).
    package func withoutIgnored(_ recordings: [Recording]) -> [Recording] {
        guard ignore != nil else { return recordings }
        return recordings.map { r in
            var r = r
            r.annotations.removeAll { ignores($0.label) }
            return r
        }
    }

    /// What happened to one annotation or detection.
    package enum Outcome: String, Codable, Hashable, Sendable {
        /// Matched with the same label.
        case correct
        /// Matched with a different label.
        case substitution
        /// Unmatched detection intersecting no annotation window.
        case insertion
        /// Unmatched detection intersecting an annotation matched to another detection.
        case fragment
        /// Unmatched annotation intersecting no detection.
        case deletion
        /// Unmatched annotation intersecting a detection matched to another annotation.
        case merged
        /// An annotation whose label is ignored, or an unmatched detection intersecting such an annotation's
        /// window: neither correct nor false (see the don't-care regions above).
        case ignored
    }

    /// The matching of one recording.
    public struct Result: Codable, Hashable, Sendable {
        /// The annotations, in the order given.
        package var annotations: [Annotation]
        /// The detections (events with a counted phase), in the order given.
        package var detections: [GestureEvent]
        /// For each annotation, the index of its matched detection.
        package var detectionOfAnnotation: [Int?]
        /// For each detection, the index of its matched annotation.
        package var annotationOfDetection: [Int?]
        /// Outcome of each annotation: correct, substitution, deletion, merged or ignored.
        package var annotationOutcomes: [Outcome]
        /// Outcome of each detection: correct, substitution, insertion, fragment or ignored.
        package var detectionOutcomes: [Outcome]
        /// For each fragment detection, the annotation it fragments (its most preferred candidate).
        package var fragmentOf: [Int?]
        /// For each merged annotation, the detection that absorbed it (its most preferred candidate).
        package var mergedInto: [Int?]
    }

    /// Matches `events` (filtered to ``phases``) to `annotations`.
    package func match(annotations: [Annotation], events: [GestureEvent]) -> Result {
        let detections = events.filter { phases.contains($0.phase) }
        let windows = annotations.map { ($0.start - toleranceBefore, $0.end + toleranceAfter) }
        func intersects(_ a: Int, _ d: Int) -> Bool {
            detections[d].start <= windows[a].1 && detections[d].end >= windows[a].0
        }
        struct Candidate { var a: Int; var d: Int; var sameLabel: Bool; var overlap: Double; var distance: Double }
        var candidates: [Candidate] = []
        let ignored = annotations.map { ignores($0.label) }
        for a in annotations.indices where !ignored[a] {
            for d in detections.indices where intersects(a, d) {
                let ann = annotations[a], det = detections[d]
                let overlap = max(0, min(ann.end, det.end) - max(ann.start, det.start))
                let distance = abs((ann.start + ann.end) / 2 - (det.start + det.end) / 2)
                candidates.append(Candidate(a: a, d: d, sameLabel: ann.label == det.label, overlap: overlap, distance: distance))
            }
        }
        candidates.sort { x, y in
            if x.sameLabel != y.sameLabel { return x.sameLabel }
            if x.overlap != y.overlap { return x.overlap > y.overlap }
            if x.distance != y.distance { return x.distance < y.distance }
            return (x.a, x.d) < (y.a, y.d)
        }
        var ofAnnotation = [Int?](repeating: nil, count: annotations.count)
        var ofDetection = [Int?](repeating: nil, count: detections.count)
        for c in candidates where ofAnnotation[c.a] == nil && ofDetection[c.d] == nil {
            ofAnnotation[c.a] = c.d
            ofDetection[c.d] = c.a
        }
        // Each one's most preferred partner (candidates are sorted by preference): who absorbed a
        // merged annotation, which annotation a fragment belongs to.
        var preferredDetection = [Int?](repeating: nil, count: annotations.count)
        var preferredAnnotation = [Int?](repeating: nil, count: detections.count)
        for c in candidates {
            if preferredDetection[c.a] == nil { preferredDetection[c.a] = c.d }
            if preferredAnnotation[c.d] == nil { preferredAnnotation[c.d] = c.a }
        }
        var annotationOutcomes: [Outcome] = []
        var mergedInto = [Int?](repeating: nil, count: annotations.count)
        for a in annotations.indices {
            if ignored[a] {
                annotationOutcomes.append(.ignored)
            } else if let d = ofAnnotation[a] {
                annotationOutcomes.append(annotations[a].label == detections[d].label ? .correct : .substitution)
            } else if let covering = preferredDetection[a] {
                annotationOutcomes.append(.merged)
                mergedInto[a] = covering
            } else {
                annotationOutcomes.append(.deletion)
            }
        }
        var detectionOutcomes: [Outcome] = []
        var fragmentOf = [Int?](repeating: nil, count: detections.count)
        for d in detections.indices {
            if let a = ofDetection[d] {
                detectionOutcomes.append(annotations[a].label == detections[d].label ? .correct : .substitution)
            } else if annotations.indices.contains(where: { ignored[$0] && intersects($0, d) }) {
                detectionOutcomes.append(.ignored)
            } else if let owner = preferredAnnotation[d] {
                detectionOutcomes.append(.fragment)
                fragmentOf[d] = owner
            } else {
                detectionOutcomes.append(.insertion)
            }
        }
        return Result(
            annotations: annotations, detections: detections,
            detectionOfAnnotation: ofAnnotation, annotationOfDetection: ofDetection,
            annotationOutcomes: annotationOutcomes, detectionOutcomes: detectionOutcomes,
            fragmentOf: fragmentOf, mergedInto: mergedInto)
    }
}
