import GestureKit
import GestureData

/// False activations per hour of background, by what was happening when they fired: the label of the
/// annotation that is not judged (another gesture, or an activity such as `walking` on real data) that a
/// false activation overlaps most, or ``unannotated`` when it overlaps none.
///
/// Background is the time outside every judged annotation (as for ``EventEvaluation/falsePositivesPerHour``);
/// each activity's hours are the part of that background its annotations cover, so a researcher sees which
/// activities trigger a recognizer, and how often per hour of that activity.
public struct FalseActivationBreakdown: Codable, Hashable, Sendable {
    /// The activity label of background that no annotation covers.
    package static let unannotated = "unannotated"

    /// One activity.
    package struct Activity: Codable, Hashable, Sendable {
        /// The annotation label, or ``FalseActivationBreakdown/unannotated``.
        package var label: String
        /// False activations (insertions) during it.
        package var falseActivations: Int
        /// Background hours it covers.
        package var hours: Double
        /// ``falseActivations`` / ``hours`` (`nan` for no hours).
        package var perHour: Double { hours > 0 ? Double(falseActivations) / hours : .nan }
    }

    /// Activities by label, ``unannotated`` last.
    package var activities: [Activity]

    /// The breakdown of `events` on `judged` recordings; `all` holds the same recordings with every annotation
    /// (label map applied, nothing dropped). O(Σ (annotations + events) log annotations).
    package init(judged: [Recording], all: [Recording], events: [[GestureEvent]], matching: EventMatching) {
        self.init(judged: judged, all: all, matches: zip(judged, events).map { matching.match(annotations: $0.annotations, events: $1) })
    }

    /// The breakdown from `matches`, the matching of each `judged` recording's events (as
    /// ``EventMatching/match(annotations:events:)`` gives them), so a caller that has matched already does not
    /// match again. O(Σ annotations × events).
    package init(judged: [Recording], all: [Recording], matches: [EventMatching.Result]) {
        self.init(judged: judged, unjudged: zip(judged, all).map { Self.unjudged(in: $1, judged: $0) }, matches: matches)
    }

    /// The breakdown from `matches` as ``init(judged:all:matches:)`` gives it, with `unjudged[i]` the annotations judging
    /// left out of `judged[i]` (label map applied), as judging gave them. O(Σ annotations × events).
    package init(judged: [Recording], unjudged: [[Annotation]], matches: [EventMatching.Result]) {
        var counts: [String: Int] = [:], hours: [String: Double] = [:]
        for ((recording, others), result) in zip(zip(judged, unjudged), matches) {
            guard let first = recording.timestamps.first, let last = recording.timestamps.last, last > first else { continue }
            let judgedSpans = Self.union(recording.annotations.map { ($0.start, $0.end) }, within: first...last)
            for (label, spans) in Dictionary(grouping: others, by: { $0.label }) {
                let covered = Self.union(spans.map { ($0.start, $0.end) }, within: first...last)
                hours[label, default: 0] += (Self.length(covered) - Self.length(Self.intersection(covered, judgedSpans))) / 3600
            }
            let annotated = Self.union((recording.annotations + others).map { ($0.start, $0.end) }, within: first...last)
            hours[Self.unannotated, default: 0] += (last - first - Self.length(annotated)) / 3600
            for (d, outcome) in result.detectionOutcomes.enumerated() where outcome == .insertion {
                counts[Self.activity(of: result.detections[d], among: others), default: 0] += 1
            }
        }
        let labels = Set(hours.keys).union(counts.keys).subtracting([Self.unannotated]).sorted() + [Self.unannotated]
        activities = labels.map { Activity(label: $0, falseActivations: counts[$0] ?? 0, hours: max(0, hours[$0] ?? 0)) }
    }

    /// Adds `other`'s counts and hours to the activities of the same label.
    package func merged(with other: FalseActivationBreakdown) -> FalseActivationBreakdown {
        var byLabel = Dictionary(uniqueKeysWithValues: activities.map { ($0.label, $0) })
        for a in other.activities {
            byLabel[a.label, default: Activity(label: a.label, falseActivations: 0, hours: 0)].falseActivations += a.falseActivations
            byLabel[a.label]!.hours += a.hours
        }
        var merged = self
        merged.activities = byLabel.keys.filter { $0 != Self.unannotated }.sorted().map { byLabel[$0]! } + (byLabel[Self.unannotated].map { [$0] } ?? [])
        return merged
    }

    /// The annotations of `original` (every annotation, label map applied) that `judged`, the same recording
    /// reduced to its judged annotations, left out: what was happening besides the judged gestures.
    static func unjudged(in original: Recording, judged: Recording) -> [Annotation] {
        original.annotations.filter { a in !judged.annotations.contains(a) }
    }

    /// The label of the annotation the event's span overlaps most (or that holds its detection time), or
    /// ``unannotated``.
    static func activity(of event: GestureEvent, among annotations: [Annotation]) -> String {
        var best: (label: String, overlap: Double)?
        for a in annotations {
            let overlap = min(a.end, event.end) - max(a.start, event.start)
            let holds = a.start <= event.time && event.time <= a.end
            guard overlap > 0 || holds else { continue }
            if best == nil || max(overlap, 0) > best!.overlap { best = (a.label, max(overlap, 0)) }
        }
        return best?.label ?? unannotated
    }

    /// Sorted, disjoint spans covering `spans` clipped to `range`.
    private static func union(_ spans: [(Double, Double)], within range: ClosedRange<Double>) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for (s, e) in spans.map({ (max($0.0, range.lowerBound), min($0.1, range.upperBound)) }).filter({ $0.1 > $0.0 }).sorted(by: { $0.0 < $1.0 }) {
            if let lastSpan = out.last, s <= lastSpan.1 { out[out.count - 1].1 = max(lastSpan.1, e) } else { out.append((s, e)) }
        }
        return out
    }

    /// The parts of disjoint sorted spans `a` that lie in disjoint sorted spans `b`.
    private static func intersection(_ a: [(Double, Double)], _ b: [(Double, Double)]) -> [(Double, Double)] {
        var out: [(Double, Double)] = [], j = 0
        for (s, e) in a {
            while j < b.count, b[j].1 <= s { j += 1 }
            var k = j
            while k < b.count, b[k].0 < e {
                let lo = max(s, b[k].0), hi = min(e, b[k].1)
                if hi > lo { out.append((lo, hi)) }
                k += 1
            }
        }
        return out
    }

    private static func length(_ spans: [(Double, Double)]) -> Double { spans.reduce(0) { $0 + $1.1 - $1.0 } }
}
