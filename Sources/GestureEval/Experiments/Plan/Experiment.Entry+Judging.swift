import GestureKit
import GestureData

extension Experiment.Entry {
    /// `recordings` with only this entry's judged annotations, renamed by its label map; for segments,
    /// only the recordings that keep one. O(annotations).
    package func judged(_ recordings: [Recording], kind: Dataset.Kind) -> [Recording] {
        judging(recordings, kind: kind).recordings
    }

    /// ``judged(_:kind:)`` with `matching`'s don't-care regions: continuous recordings also keep the annotations
    /// whose label `matching` ignores (``EventMatching/ignoredLabels``), so that matching, background and training
    /// windows see them as not judged rather than as background; segments labelled so are not judged. O(annotations).
    package func judged(_ recordings: [Recording], kind: Dataset.Kind, ignoring matching: EventMatching) -> [Recording] {
        judging(recordings, kind: kind, ignoring: matching).recordings
    }

    /// ``judged(_:kind:ignoring:)``'s recordings, each with the annotations judging left out of it (label map applied):
    /// the one place recordings are judged. Ignored annotations are neither judged nor left out: a continuous recording
    /// keeps them, marked by `matching`. O(annotations).
    package func judging(_ recordings: [Recording], kind: Dataset.Kind, ignoring matching: EventMatching = EventMatching()) -> JudgedRecordings {
        var judged = JudgedRecordings()
        for r in relabelled(recordings) {
            var kept = r
            kept.annotations = r.annotations.filter { keeps($0.label, kind: kind, ignoring: matching) }
            if kind == .segments && kept.annotations.isEmpty { continue }
            judged.recordings.append(kept)
            // Equal annotations share a label, so these are exactly the annotations of `r` that `kept` lacks.
            judged.unjudged.append(r.annotations.filter { !keeps($0.label, kind: kind, ignoring: matching) && !matching.ignores($0.label) })
        }
        return judged
    }

    /// Whether a judged recording of `kind` keeps annotations labelled `label`: judged ones, and on continuous
    /// recordings the ones `matching` ignores. O(labels).
    private func keeps(_ label: String, kind: Dataset.Kind, ignoring matching: EventMatching) -> Bool {
        guard !matching.ignores(label) else { return kind == .continuous }
        return judges(label)
    }

    /// `recordings` with the label map applied to every annotation, none dropped. O(annotations).
    package func relabelled(_ recordings: [Recording]) -> [Recording] {
        guard !labelMap.isEmpty else { return recordings }
        return recordings.map { r in
            var r = r
            r.annotations = r.annotations.map { var a = $0; a.label = labelMap.apply(a.label); return a }
            return r
        }
    }

    /// `events` labelled as this entry is judged: `label-direction` when ``directionInLabel`` is set. O(events).
    package func labelled(_ events: [GestureEvent]) -> [GestureEvent] {
        setup(registry: RecognizerRegistry()).labelled(events)
    }

    /// Checks that each of the judged labels (`labels:`, `--labels`) matches at least one annotation
    /// label of `recordings` after the label map: a label that matches nothing would judge nothing and
    /// report a precision of 0 and a recall of NaN without a word.
    /// - Throws: naming the labels that match nothing and the labels that exist.
    package func checkJudgedLabels(in recordings: [Recording], datasetKey: String?) throws(ExperimentError) {
        let (unmatched, existing) = unmatchedLabels(in: recordings)
        guard !unmatched.isEmpty else { return }
        let list = existing.isEmpty ? "none (the recordings have no annotations)"
            : existing.prefix(30).joined(separator: ", ") + (existing.count > 30 ? ", … (\(existing.count) labels)" : "")
        let typos = unmatched.compactMap { label in StrictDecoder.nearest(to: label, in: existing).map { "'\($0)' for '\(label)'" } }
        throw ExperimentError(entry: name, dataset: datasetKey,
                              "no annotation label matches \(unmatched.map { "'\($0)'" }.joined(separator: ", ")); labels in the dataset"
                                  + (labelMap.isEmpty ? "" : " after the label map") + ": \(list)"
                                  + (typos.isEmpty ? "" : "; did you mean \(typos.joined(separator: ", "))?"))
    }

    /// Whether the judged labels name no annotation of `recordings`, none of them a near miss (a typo) of one
    /// that exists: annotations of activities only (walking, sitting), on which a recognizer that learns
    /// nothing can still be surveyed, every activation false and recall not judged. O(annotations).
    package func judgesOnlyAbsentLabels(in recordings: [Recording]) -> Bool {
        let (unmatched, existing) = unmatchedLabels(in: recordings)
        return !labels.isEmpty && unmatched.count == labels.count
            && unmatched.allSatisfy { StrictDecoder.nearest(to: $0, in: existing) == nil }
    }

    /// The judged labels (`labels:` patterns) that match no annotation label of `recordings` after the label
    /// map, and the labels that exist, sorted. O(annotations × labels).
    package func unmatchedLabels(in recordings: [Recording]) -> (unmatched: [String], existing: [String]) {
        guard !labels.isEmpty else { return ([], []) }
        var existing = Set<String>()
        for r in recordings { for a in r.annotations { existing.insert(labelMap.apply(a.label)) } }
        let unmatched = labels.filter { pattern in
            var one = self
            one.labels = [pattern]
            return !existing.contains(where: one.judges)
        }
        return (unmatched, existing.sorted())
    }

    /// A warning when the events overlap annotations but no event label ever equals a judged annotation
    /// label (every match a substitution), naming both label sets: usually annotations that need a label map.
    func labelMismatchWarning(datasetKey: String, recordings: [Recording], events: [[GestureEvent]],
                              counts: EventCounts, phases: [GestureEvent.Phase]) -> ExperimentWarning? {
        let eventLabels = Set(events.joined().filter { phases.contains($0.phase) }.map(\.label))
        let annotationLabels = Set(recordings.flatMap { $0.annotations.map(\.label) })
        guard counts.substitutions > 0, eventLabels.isDisjoint(with: annotationLabels) else { return nil }
        return .labelMismatch(entry: name, dataset: datasetKey, substitutions: counts.substitutions, eventLabels: eventLabels.sorted(),
                              annotationLabels: annotationLabels.sorted())
    }
}
