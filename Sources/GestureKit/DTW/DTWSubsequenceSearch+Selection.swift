import Foundation

/// The result rule of the search (the greedy selection of the type's definition) and what the chunks share while
/// they search: the goal, each chunk's result, the best bound proved so far and the set of separated candidates
/// whose k-th cost bounds the k-th selected one.
extension DTWSubsequenceSearch {
    /// The wanted matches in cost units: at most `limit`, cost ≤ `maxCost`, starts at least `exclusion` apart.
    struct Goal {
        var limit: Int
        var maxCost: Double
        var exclusion: Int
    }

    /// What one chunk found: every candidate at most `bound` (and maybe some above), and the bound.
    struct ChunkResult {
        var candidates: [(cost: Double, start: Int)] = []
        var bound = Double.infinity
        var statistics = DTWSearchStatistics()
    }

    /// The best bound any chunk has proved so far, shared to prune earlier (the results do not depend on it).
    final class SharedBound: @unchecked Sendable {
        private let lock = NSLock()
        private var value = Double.infinity
        func read() -> Double { lock.lock(); defer { lock.unlock() }; return value }
        func lower(to bound: Double) { lock.lock(); value = min(value, bound); lock.unlock() }
    }

    /// The greedy selection of the type's definition over `candidates` (every candidate that can be selected must
    /// be among them). O(C log C + C·log S).
    static func select(_ candidates: [(cost: Double, start: Int)], goal: Goal) -> [(cost: Double, start: Int)] {
        let sorted = candidates.sorted { $0.cost < $1.cost || ($0.cost == $1.cost && $0.start < $1.start) }
        var kept: [(cost: Double, start: Int)] = []
        var starts: [Int] = []  // kept starts, ascending
        for c in sorted {
            if kept.count == goal.limit || c.cost > goal.maxCost { break }
            var lo = 0, hi = starts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid] < c.start { lo = mid + 1 } else { hi = mid }
            }
            if lo < starts.count, starts[lo] - c.start < goal.exclusion { continue }
            if lo > 0, c.start - starts[lo - 1] < goal.exclusion { continue }
            if goal.exclusion == 0, lo < starts.count, starts[lo] == c.start { continue }
            starts.insert(c.start, at: lo)
            kept.append(c)
        }
        return kept
    }

    /// The k candidates pairwise at least 2 × exclusion apart whose largest cost bounds the k-th selected cost.
    struct SeparatedSet {
        var entries: [(cost: Double, start: Int)] = []
        let k: Int
        let separation: Int
        /// The largest cost once k are held, else +∞.
        var bound: Double { entries.count == k ? entries.map(\.cost).max()! : .infinity }

        /// Offers a computed candidate: it replaces the one near it (if only one) when better, or the worst when
        /// far from all and k are held. O(k).
        mutating func offer(_ cost: Double, _ start: Int) {
            var near = -1, nearCount = 0, worst = -1
            for (i, e) in entries.enumerated() {
                if abs(e.start - start) < max(separation, 1) { near = i; nearCount += 1 }
                if worst < 0 || e.cost > entries[worst].cost { worst = i }
            }
            if nearCount == 0 {
                if entries.count < k { entries.append((cost, start)) } else if cost < entries[worst].cost { entries[worst] = (cost, start) }
            } else if nearCount == 1, cost < entries[near].cost {
                entries[near] = (cost, start)
            }
        }
    }
}
