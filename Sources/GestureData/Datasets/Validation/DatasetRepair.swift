/// Repairs chosen explicitly by the user; each reports how many rows it changed.
package struct RepairPolicy: OptionSet, Hashable, Sendable {
    /// The bits.
    package let rawValue: Int
    /// A policy from its bits.
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Drop rows with a NaN or infinite value in any column.
    package static let dropNonFinite = RepairPolicy(rawValue: 1)
    /// Drop rows with a value outside the manifest's valid range.
    package static let dropOutOfRange = RepairPolicy(rawValue: 2)
    /// Sort rows by timestamp (stable).
    package static let sort = RepairPolicy(rawValue: 4)
    /// Drop rows whose timestamp equals the previous row's (keeps the first).
    package static let deduplicate = RepairPolicy(rawValue: 8)
    /// Keep the longest strictly increasing run of timestamps (not necessarily contiguous), dropping
    /// rows out of time order and duplicates: for glitches that interleave rows from another time.
    package static let dropUnordered = RepairPolicy(rawValue: 16)

    /// The command-line names: `drop-nan`, `drop-out-of-range`, `sort`, `dedupe`,
    /// `drop-unordered`.
    package static let names: [(String, RepairPolicy)] = [
        ("drop-nan", .dropNonFinite), ("drop-out-of-range", .dropOutOfRange), ("sort", .sort), ("dedupe", .deduplicate),
        ("drop-unordered", .dropUnordered),
    ]
}

/// What a repair changed, in counts.
package struct RepairReport: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Rows dropped for a NaN or infinite value.
    package var droppedNonFinite = 0
    /// Rows dropped for a value outside the valid range.
    package var droppedOutOfRange = 0
    /// Recordings whose rows were reordered by sorting.
    package var sortedRecordings = 0
    /// Rows dropped as duplicate timestamps.
    package var droppedDuplicates = 0
    /// Rows dropped as out of time order.
    package var droppedUnordered = 0
    /// Whole-recording labels of segment datasets refitted to the remaining samples.
    package var refittedSegmentAnnotations = 0
    /// Recordings left with no samples.
    package var emptiedRecordings = 0

    /// An empty report.
    package init() {}

    /// One line naming the repair and where it was applied.
    package var description: String {
        "repair: dropped \(droppedNonFinite) rows with NaN/inf, \(droppedOutOfRange) rows out of range, "
            + "\(droppedDuplicates) duplicate-timestamp rows, \(droppedUnordered) rows out of time order; sorted \(sortedRecordings) recordings; "
            + "\(emptiedRecordings) recordings left empty; \(refittedSegmentAnnotations) segment labels refitted"
    }
}

/// Applies a ``RepairPolicy`` to a loaded dataset. Order: drop NaN rows, drop out-of-range rows,
/// sort, de-duplicate, drop rows out of time order. Annotations are kept, except
/// that a segment dataset's whole-recording label is refitted to the samples that remain. O(samples log samples) with sorting.
package enum DatasetRepair {
    /// Repairs `loaded` in place and reports the counts.
    package static func apply(_ policy: RepairPolicy, to loaded: inout LoadedDataset) -> RepairReport {
        var report = RepairReport()
        guard !policy.isEmpty else { return report }
        let limits = loaded.limits
        for r in loaded.dataset.recordings.indices {
            let recording = loaded.dataset.recordings[r]
            let source = loaded.provenance[r]
            let t = recording.timestamps
            let columns = recording.columns
            // Another sensor unit's NaN is that unit's gap, not a bad row (``Channel/placement``).
            let primary = recording.channelNames.indices.filter { recording.channelNames[$0].placement == nil }.map { columns[$0] }
            let ranges = recording.channelNames.map { limits[$0] }
            var keep: [Int] = []
            keep.reserveCapacity(t.count)
            for i in t.indices {
                if policy.contains(.dropNonFinite), !t[i].isFinite || primary.contains(where: { !$0[i].isFinite }) {
                    report.droppedNonFinite += 1
                    continue
                }
                if policy.contains(.dropOutOfRange), zip(columns, ranges).contains(where: { c, range in
                    range.map { !$0.contains(c[i]) && c[i].isFinite } ?? false
                }) {
                    report.droppedOutOfRange += 1
                    continue
                }
                keep.append(i)
            }
            if policy.contains(.sort) {
                let sorted = keep.enumerated().sorted { (t[$0.element], $0.offset) < (t[$1.element], $1.offset) }.map(\.element)
                if sorted != keep { report.sortedRecordings += 1 }
                keep = sorted
            }
            if policy.contains(.deduplicate) {
                var unique: [Int] = []
                for i in keep {
                    if let last = unique.last, t[last] == t[i] { report.droppedDuplicates += 1; continue }
                    unique.append(i)
                }
                keep = unique
            }
            if policy.contains(.dropUnordered) {
                let ordered = longestIncreasingRun(keep, t)
                report.droppedUnordered += keep.count - ordered.count
                keep = ordered
            }
            if keep.count == t.count, keep == Array(t.indices) { continue }
            if keep.isEmpty { report.emptiedRecordings += 1 }
            // In a segment dataset an annotation spanning the whole recording labels the recording:
            // it keeps spanning it after rows are dropped.
            var annotations = recording.annotations
            let finite = t.filter(\.isFinite)
            let kept = keep.map { t[$0] }.filter(\.isFinite)
            if loaded.dataset.kind == .segments, let lo = finite.min(), let hi = finite.max(),
               let newLo = kept.min(), let newHi = kept.max() {
                for k in annotations.indices where annotations[k].start <= lo && annotations[k].end >= hi
                    && (annotations[k].start, annotations[k].end) != (newLo, newHi) {
                    annotations[k].start = newLo
                    annotations[k].end = newHi
                    report.refittedSegmentAnnotations += 1
                }
            }
            loaded.dataset.recordings[r] = Recording(
                id: recording.id, subject: recording.subject, session: recording.session,
                timestamps: keep.map { t[$0] },
                channels: zip(recording.channelNames, columns).map { name, c in (name, keep.map { c[$0] }) },
                annotations: annotations)
            if !source.lines.isEmpty { loaded.provenance[r].lines = keep.map { source.lines[$0] } }
        }
        return report
    }

    /// The longest subsequence of `rows` whose timestamps strictly increase (patience sorting,
    /// earliest rows on ties). O(n log n).
    static func longestIncreasingRun(_ rows: [Int], _ t: [Double]) -> [Int] {
        var tails: [Int] = []  // tails[k]: position in `rows` ending the best run of length k + 1
        var previous = Array(repeating: -1, count: rows.count)
        for (i, row) in rows.enumerated() where t[row].isFinite {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if t[rows[tails[mid]]] < t[row] { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var run: [Int] = []
        var i = tails.last ?? -1
        while i >= 0 { run.append(rows[i]); i = previous[i] }
        return run.reversed()
    }
}
