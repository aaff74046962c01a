import GestureKit
import Synchronization

/// Leave-one-out band searches shared by the training steps of one process.
///
/// Entries that differ only in what comes after the band (template selection, rejection, spotting durations) search
/// the same band on the same examples in every fold: `default.yaml`'s `dtw dependent` and `dtw all examples` did it
/// twice per fold. A search is keyed by everything its result depends on (the preprocessed series, their labels, the
/// candidate bands and the multivariate rule), compared in full on a hit, so a hit gives exactly what a new search
/// would. Concurrent steps may both run a search they miss; the result is the same.
///
/// Memory: least recently used searches are dropped beyond ``byteCeiling`` bytes of keyed series (a search whose
/// series alone exceed it is not kept).
package final class DTWBandSearchCache: Sendable {
    /// The process's cache, 64 MiB of keyed series.
    package static let shared = DTWBandSearchCache(byteCeiling: 64 << 20)

    /// Most bytes of series (8 per value) held.
    package let byteCeiling: Int

    private struct Key: Hashable {
        var series: [DTWSeries]
        var labels: [String]
        var candidates: [Double]
        var multivariate: DTW.Multivariate
        var bytes: Int { series.reduce(0) { $0 + 8 * $1.values.count } }
    }

    private struct State {
        var results: [Key: (band: Double, scores: [DTWBandScore])] = [:]
        /// Keys from least to most recently used.
        var order: [Key] = []
        var bytes = 0
        var hits = 0, misses = 0
    }

    private let state = Mutex(State())

    /// An empty cache holding at most `byteCeiling` bytes of series.
    package init(byteCeiling: Int) {
        self.byteCeiling = byteCeiling
    }

    /// Searches answered from the cache, and searches run.
    package var counts: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// ``DTWTrainer/learnBand(_:labels:candidates:multivariate:)``, from the cache when the same search ran before.
    /// O(key size) to hash and compare on a hit (plus O(entries) to mark it used); a miss costs the search.
    package func learnBand(_ series: [DTWSeries], labels: [String], candidates: [Double], multivariate: DTW.Multivariate)
        throws(DTWTrainingError) -> (band: Double, scores: [DTWBandScore]) {
        let key = Key(series: series, labels: labels, candidates: candidates, multivariate: multivariate)
        let cached = state.withLock { s -> (band: Double, scores: [DTWBandScore])? in
            guard let result = s.results[key] else { return nil }
            s.hits += 1
            if let at = s.order.firstIndex(of: key) { s.order.append(s.order.remove(at: at)) }
            return result
        }
        if let cached { return cached }
        let result = try DTWTrainer.learnBand(series, labels: labels, candidates: candidates, multivariate: multivariate)
        let bytes = key.bytes
        state.withLock { s in
            s.misses += 1
            guard bytes <= byteCeiling, s.results[key] == nil else { return }
            s.results[key] = result
            s.order.append(key)
            s.bytes += bytes
            while s.bytes > byteCeiling, !s.order.isEmpty {
                let old = s.order.removeFirst()
                s.results[old] = nil
                s.bytes -= old.bytes
            }
        }
        return result
    }
}
