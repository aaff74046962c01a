/// Where a stage's history ends: a sample more than ``SampleValidator/defaultMaximumGap`` seconds (the resampler's
/// gap) after the previous one begins a new run, which every stage with history processes as a fresh stream. So a
/// recording cut by a gap gives what its two halves give, each run as a new stream, and no filter, rhythm or
/// estimate carries across time that was never recorded.
///
/// ```swift
/// if boundary.isGap(before: sample.timestamp) { reset() }   // reset() also resets the boundary
/// boundary.note(sample.timestamp)
/// ```
///
/// - Complexity: O(1), no allocation.
package struct RunBoundary: Hashable, Sendable {
    private var previous: Double?

    /// A boundary that has seen no sample.
    package init() {}

    /// Whether a sample at `timestamp` (s) comes after a gap longer than ``SampleValidator/defaultMaximumGap``.
    package func isGap(before timestamp: Double) -> Bool {
        previous.map { Self.isGap(from: $0, to: timestamp) } ?? false
    }

    /// Whether the time from `previous` to `next` (s) is a gap that ends a run: longer than
    /// ``SampleValidator/defaultMaximumGap``. For a stage that keeps its previous timestamp itself.
    package static func isGap(from previous: Double, to next: Double) -> Bool {
        next - previous > SampleValidator.defaultMaximumGap
    }

    /// Remembers `timestamp` (s) when it is finite and later than the last one remembered.
    package mutating func note(_ timestamp: Double) {
        if timestamp.isFinite, previous.map({ timestamp > $0 }) ?? true { previous = timestamp }
    }

    /// Forgets the last sample, as at the start of a stream.
    package mutating func reset() { previous = nil }
}
