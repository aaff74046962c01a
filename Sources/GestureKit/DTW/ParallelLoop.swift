#if canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Runs independent iterations on several threads, at most a given number at once.
///
/// `package`: GestureEval's batch work uses the same loop, so one `--threads` setting governs both.
package enum ParallelLoop {
    /// The threads used for `threads`: the active processor count when `nil` or below 1.
    package static func workers(_ threads: Int?) -> Int {
        guard let threads, threads >= 1 else { return ProcessInfo.processInfo.activeProcessorCount }
        return threads
    }

    /// Calls `body(i)` once for each `i` in `0..<count`, on up to `threads` threads (all cores when `nil`).
    /// Iterations are handed out in index order as threads become free, so uneven work balances; with one
    /// thread they run in order on the calling thread. O(count) calls of `body`.
    package static func run(_ count: Int, threads: Int?, _ body: @Sendable (Int) -> Void) {
        let workers = min(workers(threads), count)
        guard workers > 1 else {
            for i in 0..<count { body(i) }
            return
        }
        let next = NextIndex()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = next.take(below: count) { body(i) }
        }
    }

    /// A shared counter handing out indices.
    private final class NextIndex: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func take(below count: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard value < count else { return nil }
            value += 1
            return value - 1
        }
    }
}
