import GestureData

/// The stretch of one test subject's recordings an adapting entry learns from (``Experiment/Adaptation``): from the
/// start of the subject's first recording (by session, then recording id) up to the end of the K-th annotated event of
/// each judged label there, all of a label's events when it has fewer (``shortLabels``). Recordings before the one it
/// ends in are covered whole.
///
/// - Complexity: building is O(A log A) for A annotations of the subject; cutting is O(samples covered).
package struct CalibrationStretch: Hashable, Sendable {
    /// The subject.
    package var subject: String
    /// Indices (in the recordings it was built from) of the recordings it covers, in order: session, then id.
    package var recordings: [Int]
    /// Where it ends in the last of ``recordings``, seconds on that recording's clock; `+∞` when it covers all of them.
    package var end: Double
    /// Judged labels with fewer than K events in the subject's recordings, with how many they have.
    package var shortLabels: [String: Int]

    /// The recordings of `subject` among `recordings` (indices), ordered by session, then id. O(R log R).
    static func ordered(_ recordings: [Recording], subject: String) -> [Int] {
        recordings.indices.filter { recordings[$0].subject == subject }
            .sorted { (recordings[$0].session, recordings[$0].id) < (recordings[$1].session, recordings[$1].id) }
    }

    /// One stretch per subject of judged `recordings` (in order of first appearance) for `k` events of each label their
    /// annotations carry, skipping labels `ignored` (don't-care regions). K = 0 or a subject without events: an empty
    /// stretch (no recording, ends at −∞).
    package static func stretches(of recordings: [Recording], labelled k: Int, ignored: (String) -> Bool = { _ in false }) -> [CalibrationStretch] {
        var subjects: [String] = []
        for r in recordings where !subjects.contains(r.subject) { subjects.append(r.subject) }
        return subjects.map { subject in
            let order = ordered(recordings, subject: subject)
            // Each label's events in the subject's order: (position in `order`, end time).
            var events: [String: [(position: Int, end: Double)]] = [:]
            for (position, i) in order.enumerated() {
                for a in recordings[i].annotations.sorted(by: { ($0.end, $0.start) < ($1.end, $1.start) }) where !ignored(a.label) {
                    events[a.label, default: []].append((position, a.end))
                }
            }
            var last: (position: Int, end: Double)?
            var short: [String: Int] = [:]
            if k > 0 {
                for (label, list) in events {
                    if list.count < k { short[label] = list.count }
                    let kth = list[min(k, list.count) - 1]
                    if last.map({ ($0.position, $0.end) < (kth.position, kth.end) }) ?? true { last = kth }
                }
            }
            guard let last else { return CalibrationStretch(subject: subject, recordings: [], end: -.infinity, shortLabels: short) }
            return CalibrationStretch(subject: subject, recordings: Array(order[...last.position]), end: last.end, shortLabels: short)
        }
    }

    /// The first `seconds` of `subject`'s recordings among `recordings` (session, then id), or all of them (`nil`).
    package static func first(_ seconds: Double?, of recordings: [Recording], subject: String) -> CalibrationStretch {
        let order = ordered(recordings, subject: subject)
        guard var left = seconds else { return CalibrationStretch(subject: subject, recordings: order, end: .infinity, shortLabels: [:]) }
        for (position, i) in order.enumerated() {
            let r = recordings[i]
            guard let start = r.timestamps.first, let stop = r.timestamps.last else { continue }
            if stop - start >= left { return CalibrationStretch(subject: subject, recordings: Array(order[...position]), end: start + left, shortLabels: [:]) }
            left -= stop - start
        }
        return CalibrationStretch(subject: subject, recordings: order, end: .infinity, shortLabels: [:])
    }

    /// The end of the stretch in recording `index` of the recordings it was built from: `nil` when it does not cover it,
    /// `+∞` when it covers it whole. O(recordings covered).
    package func end(in index: Int) -> Double? {
        guard let position = recordings.firstIndex(of: index) else { return nil }
        return position == recordings.count - 1 ? end : .infinity
    }

    /// The covered parts of `recordings` (those it was built from), in its order: each recording cut at ``end``, with the
    /// annotations that end inside it when `annotated`, none otherwise. O(samples covered).
    package func cut(_ recordings: [Recording], annotated: Bool) -> [Recording] {
        self.recordings.map { i in
            let r = recordings[i], stop = end(in: i)!
            var part = stop == .infinity ? r : r.slice(from: -.infinity, to: stop)
            part.annotations = annotated ? part.annotations.filter { $0.end <= stop } : []
            return part
        }
    }

    /// The label of the don't-care annotation that covers a calibration stretch in every entry of its group: judged
    /// by none, background for none (``Experiment/eventMatching``).
    package static let label = "(calibration)"

    /// `recordings` (those it was built from) with the stretch marked as don't-care: each covered recording gets an
    /// annotation labelled ``label`` from its start to ``end``, and loses the annotations that start inside it.
    /// O(annotations of the covered recordings).
    package func marking(_ recordings: [Recording]) -> [Recording] {
        var marked = recordings
        for i in self.recordings {
            guard let first = marked[i].timestamps.first, let last = marked[i].timestamps.last else { continue }
            let stop = min(end(in: i)!, last)
            var kept = marked[i].annotations.filter { $0.start > stop }
            kept.insert(Annotation(start: first, end: max(first, stop), label: Self.label), at: 0)
            marked[i].annotations = kept
        }
        return marked
    }
}
