/// The units an interval treats as independent draws, and how many there were: what a reader needs to judge it.
///
/// An interval over 572 gestures of 2 people is an interval over 2 values, whatever its width says; one that
/// names its units (`2 subjects`) says so. ``resampling(subjects:otherwise:)`` picks the units the way the
/// evaluators do: the people when there are several, else the units themselves.
public struct IntervalUnits: Codable, Hashable, Sendable, CustomStringConvertible {
    /// What was drawn.
    package enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
        /// People: every unit of a drawn subject moves together (a cluster bootstrap).
        case subjects
        /// Whole recordings.
        case recordings
        /// Pre-segmented examples.
        case examples
        /// Matched events (for example detection latencies).
        case events

        /// The singular noun ("subject").
        var singular: String { String(rawValue.dropLast()) }
    }

    /// What was drawn.
    package var kind: Kind
    /// How many of them there were.
    package var count: Int

    /// Creates a description of `count` units of `kind`.
    package init(_ kind: Kind, count: Int) {
        self.kind = kind
        self.count = count
    }

    /// `"2 subjects"`, `"1 recording"`.
    public var description: String { "\(count) \(count == 1 ? kind.singular : kind.rawValue)" }

    /// The clusters to resample for units whose subjects are `subjects` (`subjects[i]` that of unit `i`): one
    /// cluster per subject, by name, when there are at least two subjects; otherwise one cluster per unit, described
    /// as `otherwise`. O(units · log subjects).
    package static func resampling(subjects: [String], otherwise: Kind) -> (clusters: [[Int]], units: IntervalUnits) {
        let clusters = subjectClusters(subjects)
        if clusters.count >= 2 { return (clusters, IntervalUnits(.subjects, count: clusters.count)) }
        return each(subjects.count, otherwise)
    }

    /// One cluster per unit, `count` units of `kind`: the plain bootstrap. O(count).
    package static func each(_ count: Int, _ kind: Kind) -> (clusters: [[Int]], units: IntervalUnits) {
        ((0..<count).map { [$0] }, IntervalUnits(kind, count: count))
    }

    /// The indices of each subject's units (`subjects[i]` the subject of unit `i`), subjects by name.
    /// O(units · log subjects).
    package static func subjectClusters(_ subjects: [String]) -> [[Int]] {
        Dictionary(grouping: subjects.indices) { subjects[$0] }.sorted { $0.key < $1.key }.map(\.value)
    }
}
