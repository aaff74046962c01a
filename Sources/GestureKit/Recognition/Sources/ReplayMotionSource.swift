/// Replays samples held in memory, as fast as the consumer pulls them.
///
/// For replay at the recorded pace, wrap it: `ReplayMotionSource(samples).paced()`.
///
/// - Complexity: O(1) per sample.
public struct ReplayMotionSource<Samples: Collection>: MotionSource where Samples.Element == MotionSample {
    private let samples: Samples
    private var index: Samples.Index

    /// Replays `samples` from the first.
    public init(_ samples: Samples) {
        self.samples = samples
        index = samples.startIndex
    }

    /// The next sample, or `nil` when the stream has ended.
    public mutating func next() -> MotionSample? {
        guard index != samples.endIndex else { return nil }
        defer { samples.formIndex(after: &index) }
        return samples[index]
    }

    /// Starts again from the first sample.
    public mutating func rewind() {
        index = samples.startIndex
    }
}

extension ReplayMotionSource: Sendable where Samples: Sendable, Samples.Index: Sendable {}
