/// Guards a stream against samples a recognizer cannot use, and counts what it turned away.
///
/// Policy (documented, and the same for apps and the evaluator):
/// - A sample with a NaN or infinite timestamp or channel is **skipped** and counted in
///   ``Diagnostics/nonFinite``.
/// - A sample whose timestamp equals the previous accepted one is **skipped** (``Diagnostics/duplicates``).
/// - A sample whose timestamp is earlier than the previous accepted one is **skipped**
///   (``Diagnostics/outOfOrder``); a stream that restarts its clock is the caller's to reset.
/// - A gap longer than ``maximumGap`` seconds is **passed on** and counted (``Diagnostics/gaps``): it ends a run. A
///   ``Pipeline`` finishes its recognizers there and restarts its stages, and the spotters (``DTWTemplateMatcher``,
///   ``MiniRocketSpotter``) and every stage with history (``RunBoundary``) restart at it on their own, so nothing
///   spans time that was never recorded and what follows is judged as on a new stream.
///
/// - Complexity: O(1) per sample, no allocation.
public struct SampleValidator: Sendable {
    /// Counts of what the validator saw.
    public struct Diagnostics: Hashable, Codable, Sendable {
        /// Samples accepted.
        public var accepted = 0
        /// Samples skipped for a NaN or infinite value.
        public var nonFinite = 0
        /// Samples skipped for repeating the previous timestamp.
        public var duplicates = 0
        /// Samples skipped for going back in time.
        public var outOfOrder = 0
        /// Gaps longer than the maximum gap (samples passed on).
        public var gaps = 0

        /// Creates empty counts.
        public init() {}

        /// Samples skipped for any reason.
        public var skipped: Int { nonFinite + duplicates + outOfOrder }
    }

    /// The default ``maximumGap``, seconds: also the longest a paced replay waits across a gap
    /// (``PacedMotionSource``).
    public static let defaultMaximumGap = 0.5

    /// Longest interval between consecutive samples, in seconds, before it counts as a gap.
    public var maximumGap: Double
    /// What the validator has seen since the last reset.
    public private(set) var diagnostics = Diagnostics()
    private var lastTimestamp: Double?

    /// Creates a validator; `maximumGap` in seconds.
    public init(maximumGap: Double = SampleValidator.defaultMaximumGap) {
        self.maximumGap = maximumGap
    }

    /// Whether `sample` should be passed on; updates the counts.
    public mutating func accept(_ sample: MotionSample) -> Bool {
        guard sample.isFinite else {
            diagnostics.nonFinite += 1
            return false
        }
        if let last = lastTimestamp {
            if sample.timestamp == last {
                diagnostics.duplicates += 1
                return false
            }
            if sample.timestamp < last {
                diagnostics.outOfOrder += 1
                return false
            }
            if sample.timestamp - last > maximumGap { diagnostics.gaps += 1 }
        }
        lastTimestamp = sample.timestamp
        diagnostics.accepted += 1
        return true
    }

    /// Ends a stream: forgets the last timestamp, so the next stream may restart its clock, and keeps the counts
    /// (what the stream that ended held) until ``reset()``.
    public mutating func endStream() {
        lastTimestamp = nil
    }

    /// Forgets the last timestamp and the counts.
    public mutating func reset() {
        diagnostics = Diagnostics()
        lastTimestamp = nil
    }
}
