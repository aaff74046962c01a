import Foundation

/// Where a paced source reads the time and how it waits: the system clock in apps and on the
/// command line, a virtual clock in tests.
public struct PacingClock: Sendable {
    /// The current time, seconds, on a monotonic clock.
    public var now: @Sendable () -> Double
    /// Blocks for the given number of seconds.
    public var sleep: @Sendable (Double) -> Void

    /// A clock from a time function and a sleep function.
    public init(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The process's monotonic clock and `Thread.sleep`.
    public static var system: PacingClock {
        PacingClock(
            now: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
            sleep: { seconds in Thread.sleep(forTimeInterval: seconds) }
        )
    }
}

/// Releases another source's samples at the pace of their timestamps (times `speed`), as a live
/// sensor would: sample *i* is returned no earlier than `(tᵢ − t₀) / speed` seconds after the first.
///
/// The schedule is kept against the first sample, so a slow consumer catches up instead of
/// drifting; a timestamp that goes back in time is released at once. A gap longer than
/// `maximumWait` (the validator's gap, ``SampleValidator/defaultMaximumGap``) is waited for only
/// `maximumWait` seconds and the schedule restarts at the sample after it, so a pause in a
/// recording, or a clock read in the wrong unit, never stalls the replay.
///
/// - Complexity: O(1) per sample, plus the wait.
public struct PacedMotionSource<Base: MotionSource>: MotionSource {
    /// The base source's error.
    public typealias Failure = Base.Failure

    private var base: Base
    /// Playback speed: 1 is the recorded pace, 2 twice as fast.
    public let speed: Double
    /// The longest wait for one sample, seconds of wall time.
    public let maximumWait: Double
    private let clock: PacingClock
    private var origin: (sample: Double, wall: Double)?

    /// Paces `base` at `speed` × its recorded pace using `clock`, waiting at most `maximumWait`
    /// seconds for any one sample.
    public init(_ base: Base, speed: Double = 1, clock: PacingClock = .system,
                maximumWait: Double = SampleValidator.defaultMaximumGap) {
        precondition(speed > 0 && speed.isFinite, "speed must be a positive finite factor")
        precondition(maximumWait >= 0, "maximumWait must not be negative")
        self.base = base
        self.speed = speed
        self.maximumWait = maximumWait
        self.clock = clock
    }

    /// The next sample, or `nil` when the stream has ended.
    public mutating func next() throws(Base.Failure) -> MotionSample? {
        guard let sample = try base.next() else { return nil }
        guard sample.timestamp.isFinite else { return sample }
        guard let origin else {
            self.origin = (sample.timestamp, clock.now())
            return sample
        }
        let due = origin.wall + (sample.timestamp - origin.sample) / speed
        let wait = due - clock.now()
        if wait > maximumWait {
            // A gap: wait no longer than the gap policy allows, then keep pace from this sample.
            clock.sleep(maximumWait)
            self.origin = (sample.timestamp, clock.now())
        } else if wait > 0 {
            clock.sleep(wait)
        }
        return sample
    }
}
