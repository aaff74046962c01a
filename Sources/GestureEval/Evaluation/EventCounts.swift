/// Event-level counts for one label or overall (see ``EventMatching`` for the definitions).
///
/// Precision = correct / detections, recall = correct / annotations, F1 = 2·correct /
/// (detections + annotations). Fragments lower precision, merged annotations lower recall,
/// and substitutions lower both; each is also counted on its own. Ratios are NaN when undefined.
package struct EventCounts: Codable, Hashable, Sendable {
    /// Annotations (ground-truth events).
    package var annotations = 0
    /// Detections (events with a counted phase).
    package var detections = 0
    /// Matched with the same label.
    package var truePositives = 0
    /// Annotations matched to a detection of another label.
    package var substitutions = 0
    /// Detections intersecting no annotation (false positives in background).
    package var insertions = 0
    /// Annotations intersecting no detection (misses).
    package var deletions = 0
    /// Extra detections of an already-detected annotation.
    package var fragments = 0
    /// Annotations detected only as part of a detection matched to another annotation.
    package var merged = 0
    /// Annotations with at least one fragment (Ward's fragmented events).
    package var fragmentedAnnotations = 0
    /// Detections that absorbed at least one merged annotation (Ward's merging returns).
    package var mergingDetections = 0
    /// ``ignoredDetections``, `nil` for none: encoded only when a detection was ignored, so results without
    /// don't-care regions encode as they always have.
    private var storedIgnored: Int?

    /// Detections that fell in a don't-care region (``EventMatching/ignoredLabels``): counted in neither
    /// ``detections`` nor ``insertions`` nor ``fragments``.
    package var ignoredDetections: Int {
        get { storedIgnored ?? 0 }
        set { storedIgnored = newValue == 0 ? nil : newValue }
    }

    private enum CodingKeys: String, CodingKey {
        case annotations, detections, truePositives, substitutions, insertions, deletions, fragments, merged, fragmentedAnnotations,
             mergingDetections, storedIgnored = "ignoredDetections"
    }

    /// All zero.
    package init() {}

    /// correct / detections.
    package var precision: Double { detections == 0 ? .nan : Double(truePositives) / Double(detections) }
    /// correct / annotations.
    package var recall: Double { annotations == 0 ? .nan : Double(truePositives) / Double(annotations) }
    /// 2·correct / (detections + annotations).
    package var f1: Double { detectionCounts.f1 }

    /// The counts an F1 bootstrap needs.
    package var detectionCounts: DetectionCounts {
        DetectionCounts(truePositives: truePositives, detections: detections, annotations: annotations)
    }

    /// The field-wise sum.
    package static func + (a: Self, b: Self) -> Self {
        var s = a
        s.annotations += b.annotations
        s.detections += b.detections
        s.truePositives += b.truePositives
        s.substitutions += b.substitutions
        s.insertions += b.insertions
        s.deletions += b.deletions
        s.fragments += b.fragments
        s.merged += b.merged
        s.fragmentedAnnotations += b.fragmentedAnnotations
        s.mergingDetections += b.mergingDetections
        s.ignoredDetections += b.ignoredDetections
        return s
    }
}

extension EventMatching.Result {
    /// Counts per label (labels of judged annotations and of detections; an ignored detection counts only in
    /// ``EventCounts/ignoredDetections`` of its label, an ignored annotation nowhere). O(A + D).
    package var countsByLabel: [String: EventCounts] {
        var byLabel: [String: EventCounts] = [:]
        var fragmentedOwners = Set<Int>(), mergingOwners = Set<Int>()
        for (a, annotation) in annotations.enumerated() where annotationOutcomes[a] != .ignored {
            var c = byLabel[annotation.label, default: EventCounts()]
            c.annotations += 1
            switch annotationOutcomes[a] {
            case .correct: c.truePositives += 1
            case .substitution: c.substitutions += 1
            case .deletion: c.deletions += 1
            case .merged: c.merged += 1
            default: break
            }
            byLabel[annotation.label] = c
        }
        for (d, detection) in detections.enumerated() {
            var c = byLabel[detection.label, default: EventCounts()]
            guard detectionOutcomes[d] != .ignored else {
                c.ignoredDetections += 1
                byLabel[detection.label] = c
                continue
            }
            c.detections += 1
            switch detectionOutcomes[d] {
            case .insertion: c.insertions += 1
            case .fragment: c.fragments += 1
            default: break
            }
            byLabel[detection.label] = c
        }
        // Ward's F and M, attributed to the label of the fragmented annotation / merging detection.
        for (d, outcome) in detectionOutcomes.enumerated() where outcome == .fragment {
            if let a = fragmentOf[d], fragmentedOwners.insert(a).inserted { byLabel[annotations[a].label]!.fragmentedAnnotations += 1 }
        }
        for (a, outcome) in annotationOutcomes.enumerated() where outcome == .merged {
            if let d = mergedInto[a], mergingOwners.insert(d).inserted { byLabel[detections[d].label]!.mergingDetections += 1 }
        }
        return byLabel
    }

    /// The counts over all labels.
    package var counts: EventCounts { countsByLabel.values.reduce(EventCounts(), +) }
}
