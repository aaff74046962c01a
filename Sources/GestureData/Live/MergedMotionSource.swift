import Foundation
import GestureKit

/// Two live sources as one stream with placements (``LiveMerge``): the first source's samples are the stream, on its
/// own clock, each carrying the second source's latest reading (current by the receiving clock) as the unit at
/// ``placement``. The second source
/// is read on a thread of its own, as fast as it delivers; the stream ends when the first does (the second's thread
/// then stops at its next sample or poll).
///
/// - Complexity: O(1) per sample; one thread.
package final class MergedMotionSource: MotionSource {
    private final class Shared: @unchecked Sendable {
        let lock = NSLock()
        var merge: LiveMerge
        var other: any MotionSource
        var stopped = false
        var failure: (any Error)?
        let start = ContinuousClock.now
        init(merge: LiveMerge, other: any MotionSource) {
            self.merge = merge
            self.other = other
        }
        /// Seconds since the merge started, on the monotonic clock.
        var now: Double {
            let d = start.duration(to: .now).components
            return Double(d.seconds) + Double(d.attoseconds) * 1e-18
        }
    }

    private var primary: any MotionSource
    private let shared: Shared
    private var started = false

    /// The placement the second source's readings are given.
    package var placement: String { shared.merge.placement }

    /// Merges `other` into `primary` as the unit at `placement` (letters, digits, `_` and `-`), its readings current
    /// for `maximumAge` seconds after they arrive.
    package init(primary: any MotionSource, other: any MotionSource, placement: String, maximumAge: Double = 0.25) {
        self.primary = primary
        shared = Shared(merge: LiveMerge(placement: placement, maximumAge: maximumAge), other: other)
    }

    deinit {
        shared.lock.withLock { shared.stopped = true }
    }

    /// The first source's next sample, on its own clock, with the second's current reading; `nil` when the first
    /// source ends. Throws what either source threw.
    package func next() throws -> MotionSample? {
        if !started {
            started = true
            let shared = shared
            Thread.detachNewThread {
                while !shared.lock.withLock({ shared.stopped }) {
                    do {
                        guard let sample = try shared.other.next() else { return }
                        let time = shared.now
                        shared.lock.withLock { shared.merge.received(sample, at: time) }
                    } catch {
                        shared.lock.withLock { shared.failure = error }
                        return
                    }
                }
            }
        }
        if let failure = shared.lock.withLock({ shared.failure }) { throw failure }
        guard let sample = try primary.next() else {
            shared.lock.withLock { shared.stopped = true }
            return nil
        }
        let time = shared.now
        return shared.lock.withLock { shared.merge.merged(sample, at: time) }
    }
}
