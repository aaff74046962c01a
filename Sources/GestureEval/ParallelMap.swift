import Foundation

/// Runs `body` for `0..<count` on all cores (`DispatchQueue.concurrentPerform`) and returns the results
/// in index order, so the outcome does not depend on scheduling. Each slot is written once, by its own
/// iteration. O(count) slots plus the work of `body`.
func parallelMap<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
        _ = results.deinitialize()
        results.deallocate()
    }
    nonisolated(unsafe) let shared = results
    DispatchQueue.concurrentPerform(iterations: count) { i in shared[i] = body(i) }
    return results.map { $0! }
}
