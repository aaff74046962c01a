@testable import GestureEval
import GestureKit
import Testing

/// Band searches on the same examples are run once and give what a new search gives; memory stays under the ceiling.
@Suite struct DTWBandSearchCacheTests {
    static let bands = (0...20).map { Double($0) / 100 }

    @Test func aRepeatedSearchIsAnsweredFromTheCacheWithTheSameResult() throws {
        let examples = try DTWTrainerTests.examples(perClass: ["a": 6, "b": 5])
        let series = examples.map(\.series), labels = examples.map(\.label)
        let cache = DTWBandSearchCache(byteCeiling: 1 << 20)
        let direct = try DTWTrainer.learnBand(series, labels: labels, candidates: Self.bands)
        let first = try cache.learnBand(series, labels: labels, candidates: Self.bands, multivariate: .dependent)
        let second = try cache.learnBand(series, labels: labels, candidates: Self.bands, multivariate: .dependent)
        #expect(first.band == direct.band && first.scores == direct.scores && second.scores == direct.scores)
        #expect(cache.counts == (hits: 1, misses: 1))
        // Anything the search depends on makes another search: the labels, the bands, the series, the rule.
        var relabelled = labels
        relabelled.swapAt(0, labels.count - 1)
        let other = try cache.learnBand(series, labels: relabelled, candidates: Self.bands, multivariate: .dependent)
        #expect(other.scores == (try DTWTrainer.learnBand(series, labels: relabelled, candidates: Self.bands)).scores)
        _ = try cache.learnBand(series, labels: labels, candidates: [0, 0.1], multivariate: .dependent)
        _ = try cache.learnBand(Array(series.dropFirst()), labels: Array(labels.dropFirst()), candidates: Self.bands, multivariate: .dependent)
        _ = try cache.learnBand(series, labels: labels, candidates: Self.bands, multivariate: .independent)
        #expect(cache.counts == (hits: 1, misses: 5))
    }

    @Test func theLeastRecentlyUsedSearchGoesBeyondTheCeiling() throws {
        let examples = try DTWTrainerTests.examples(perClass: ["a": 4, "b": 4])
        let series = examples.map(\.series), labels = examples.map(\.label)
        // 8 series of 30 values: 1,920 bytes a search; room for two.
        let cache = DTWBandSearchCache(byteCeiling: 2 * 1_920)
        for bands in [[0.0], [0.1], [0.0], [0.2], [0.0], [0.1]] {
            _ = try cache.learnBand(series, labels: labels, candidates: bands, multivariate: .dependent)
        }
        // [0] miss, [0.1] miss, [0] hit, [0.2] miss (drops [0.1]), [0] hit, [0.1] miss (drops [0.2]).
        #expect(cache.counts == (hits: 2, misses: 4))
        // A search larger than the ceiling is run, not kept.
        let small = DTWBandSearchCache(byteCeiling: 100)
        _ = try small.learnBand(series, labels: labels, candidates: [0.1], multivariate: .dependent)
        _ = try small.learnBand(series, labels: labels, candidates: [0.1], multivariate: .dependent)
        #expect(small.counts == (hits: 0, misses: 2))
    }
}
