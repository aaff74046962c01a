import Foundation
import GestureKit
import Synchronization

/// How many threads GestureEval's independent work (recordings, folds, queries, training steps) may use.
///
/// `gesturelab --threads N` sets it; results never depend on it (work is collected in index order), only the
/// time does. One thread gives per-core figures.
public enum Parallelism {
    /// The setting, 0 for `nil`. An atomic rather than a `Mutex`: work units read it from many threads, and on
    /// Linux a `Mutex` waits on a futex that ThreadSanitizer does not see, so it would report those reads as races.
    private static let storage = Atomic<Int>(0)

    /// At most this many threads; `nil` (the default): one per active core. A value below 1 reads back as `nil`,
    /// as the parallel loops read it.
    public static var threads: Int? {
        get {
            let n = storage.load(ordering: .relaxed)
            return n >= 1 ? n : nil
        }
        set { storage.store(max(newValue ?? 0, 0), ordering: .relaxed) }
    }

    /// The number of threads work is spread over now.
    package static var workers: Int { ParallelLoop.workers(threads) }
}

/// Runs `body` for `0..<count` on up to ``Parallelism/threads`` threads and returns the results in index
/// order, so the outcome does not depend on scheduling. Each slot is written once, by its own iteration.
/// O(count) slots plus the work of `body`.
package func parallelMap<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
        _ = results.deinitialize()
        results.deallocate()
    }
    nonisolated(unsafe) let shared = results
    ParallelLoop.run(count, threads: Parallelism.threads) { i in shared[i] = body(i) }
    return results.map { $0! }
}
