/// The Nemenyi post-hoc test after a Friedman test: two methods differ when their average ranks
/// differ by at least the critical difference CD = q_α · √(k(k+1) / (6N)).
///
/// q_α is the (1 − α) quantile of the studentized range of k normals (infinite degrees of
/// freedom) divided by √2, computed by ``StudentizedRange`` rather than read from a table
/// (for k = 4, α = 0.05: 2.569, Demšar 2006, Table 5). Pairwise p-values are
/// P(R > |R̄ᵢ − R̄ⱼ| · √2 / √(k(k+1)/(6N))). Complexity O(k²) CDF evaluations.
package struct NemenyiTest: Codable, Hashable, Sendable {
    /// One pair of methods.
    package struct Pair: Codable, Hashable, Sendable {
        /// Index of the first method.
        package var first: Int
        /// Index of the second method.
        package var second: Int
        /// R̄_first − R̄_second (negative: the first ranks better).
        package var rankDifference: Double
        /// The Nemenyi p-value of the pair.
        package var pValue: Double
        /// Whether |rankDifference| ≥ the critical difference.
        package var significant: Bool
    }

    /// Significance level α.
    package var alpha: Double
    /// q_α (studentized range quantile / √2).
    package var q: Double
    /// The critical difference, in ranks.
    package var criticalDifference: Double
    /// Average ranks of the methods (from the Friedman test).
    package var averageRanks: [Double]
    /// All pairs i < j.
    package var pairs: [Pair]

    /// The post-hoc test for `friedman` at level `alpha`.
    package init(friedman: FriedmanTest, alpha: Double = 0.05) throws(StatisticsError) {
        guard alpha > 0, alpha < 1 else { throw .invalidArgument(statistic: "nemenyi", message: "alpha must be in (0, 1), got \(alpha)") }
        let k = friedman.methods
        let se = (Double(k * (k + 1)) / (6 * Double(friedman.datasets))).squareRoot()
        self.alpha = alpha
        q = try StudentizedRange.quantile(1 - alpha, groups: k) / 2.0.squareRoot()
        criticalDifference = q * se
        averageRanks = friedman.averageRanks
        var pairs: [Pair] = []
        for i in 0..<k {
            for j in (i + 1)..<k {
                let d = averageRanks[i] - averageRanks[j]
                let p = 1 - (try StudentizedRange.cdf(abs(d) / se * 2.0.squareRoot(), groups: k))
                pairs.append(Pair(first: i, second: j, rankDifference: d, pValue: max(0, p), significant: abs(d) >= criticalDifference))
            }
        }
        self.pairs = pairs
    }
}

/// What a critical-difference diagram draws: methods on a rank axis, the CD bar, and bars
/// joining groups of methods whose ranks are within CD of each other.
package struct CriticalDifferenceData: Codable, Hashable, Sendable {
    /// One method on the axis.
    package struct Entry: Codable, Hashable, Sendable {
        /// Its name.
        package var method: String
        /// Its average rank (1 = best).
        package var averageRank: Double
    }

    /// Methods sorted by average rank, best first.
    package var entries: [Entry]
    /// The critical difference, in ranks.
    package var criticalDifference: Double
    /// Significance level.
    package var alpha: Double
    /// Number of methods, the extent of the rank axis (1…k).
    package var methods: Int
    /// Maximal runs of methods (indices into ``entries``, contiguous) not significantly different:
    /// each run spans at most CD, and no run is contained in another. Runs of one are omitted.
    package var cliques: [[Int]]

    /// The diagram of `nemenyi` for methods named `names` (in the Friedman column order).
    package init(nemenyi: NemenyiTest, names: [String]) throws(StatisticsError) {
        guard names.count == nemenyi.averageRanks.count else {
            throw .invalidArgument(statistic: "criticalDifferenceDiagram", message: "\(names.count) names for \(nemenyi.averageRanks.count) methods")
        }
        entries = zip(names, nemenyi.averageRanks).map { Entry(method: $0, averageRank: $1) }
            .sorted { ($0.averageRank, $0.method) < ($1.averageRank, $1.method) }
        criticalDifference = nemenyi.criticalDifference
        alpha = nemenyi.alpha
        methods = names.count
        var runs: [[Int]] = []
        for start in entries.indices {
            var end = start
            while end + 1 < entries.count, entries[end + 1].averageRank - entries[start].averageRank < nemenyi.criticalDifference { end += 1 }
            if end > start, runs.last.map({ $0.last! < end }) ?? true { runs.append(Array(start...end)) }
        }
        cliques = runs
    }
}
