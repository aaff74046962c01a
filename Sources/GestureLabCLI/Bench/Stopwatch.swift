import Foundation

/// The one clock of the bench commands: monotonic (`ContinuousClock`), read in seconds, with the one way to time
/// repeated runs (``runs(_:stoppingAfter:before:after:_:)``: the fastest, the first and the median).
///
///     let watch = Stopwatch()            // started
///     …
///     print(watch.seconds)               // seconds since
///     let runs = try Stopwatch.runs(3) { try work() }
///     print(runs.fastest, runs.last)     // the fastest run's seconds, what the last run returned
struct Stopwatch {
    /// The clock every bench command reads, for instants that threads compare (a sample's sending, an event's arrival).
    static let clock = ContinuousClock()

    /// A moment on ``clock``.
    typealias Instant = ContinuousClock.Instant

    /// Now on ``clock``.
    static var now: Instant { clock.now }

    private let started: Instant

    /// A stopwatch started now.
    init() { started = Self.clock.now }

    /// Seconds since the stopwatch started.
    var seconds: Double { Self.seconds(Self.clock.now - started) }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let c = duration.components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }

    /// The seconds one run of `body` takes, and what it returned.
    static func time<T>(_ body: () throws -> T) rethrows -> (seconds: Double, value: T) {
        let watch = Stopwatch()
        let value = try body()
        return (watch.seconds, value)
    }

    /// What repeated runs took.
    struct Runs<Value> {
        /// Each run's seconds, in order (at least one).
        var seconds: [Double]
        /// What the last run returned.
        var last: Value

        /// The fastest run's seconds: what the bench commands report as "best of N".
        var fastest: Double { seconds.min()! }
        /// The first run's seconds (it also pays for what happens once per process).
        var first: Double { seconds[0] }
        /// The median run's seconds (``Stopwatch/median(_:)``).
        var median: Double { Stopwatch.median(seconds) }
    }

    /// Times `count` runs of `body` (at least one), each between an untimed `before` and an untimed `after`; stops
    /// early after a run that takes more than `limit` seconds.
    static func runs<T>(_ count: Int, stoppingAfter limit: Double = .infinity, before: () -> Void = {},
                        after: () -> Void = {}, _ body: () throws -> T) rethrows -> Runs<T> {
        var seconds: [Double] = []
        var last: T?
        for _ in 0..<max(1, count) {
            before()
            let run = try time(body)
            after()
            seconds.append(run.seconds)
            last = run.value
            if run.seconds > limit { break }
        }
        return Runs(seconds: seconds, last: last!)
    }

    /// The median as the bench commands print it: the upper middle of the sorted values; nan when there are none.
    static func median(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.sorted()[values.count / 2]
    }

    /// CPU seconds the calling thread has consumed: what one core needs, whatever else the machine runs.
    static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// CPU seconds used so far by every thread of the process (user and system), what `time` reports as user + sys. O(1).
    static func processCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
