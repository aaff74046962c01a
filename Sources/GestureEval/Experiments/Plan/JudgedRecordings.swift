import GestureData

/// Recordings as an entry judges them (``Experiment/Entry/judging(_:kind:)``): each with only the judged annotations,
/// and beside it the annotations judging left out, so that what was happening when a false activation fired is read
/// from here and the recording is not fetched and relabelled again.
package struct JudgedRecordings: Hashable, Sendable {
    /// The recordings with only the judged annotations, renamed by the label map; for segments, only those that keep one.
    package var recordings: [Recording] = []
    /// For each of ``recordings``, in its order, the annotations not judged (label map applied): other gestures and
    /// activities such as `walking`.
    package var unjudged: [[Annotation]] = []

    /// No recordings.
    package init() {}
}
