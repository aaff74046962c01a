/// Holm's step-down adjustment of p-values for multiple comparisons.
package enum Holm {
    /// Adjusted p-values, in the input order: sort ascending, p̃₍ᵢ₎ = max over j ≤ i of
    /// min(1, (m − j + 1) p₍ⱼ₎). Ties keep input order. O(m log m).
    package static func adjust(_ pValues: [Double]) -> [Double] {
        let m = pValues.count
        let order = pValues.indices.sorted { (pValues[$0], $0) < (pValues[$1], $1) }
        var adjusted = [Double](repeating: 0, count: m)
        var running = 0.0
        for (rank, index) in order.enumerated() {
            running = max(running, min(1, Double(m - rank) * pValues[index]))
            adjusted[index] = running
        }
        return adjusted
    }
}

/// Wilcoxon signed-rank tests between every pair of methods over the same datasets or folds,
/// with Holm-adjusted p-values (an alternative to Nemenyi that keeps more power).
package struct PairwiseWilcoxon: Codable, Hashable, Sendable {
    /// One pair of methods.
    package struct Pair: Codable, Hashable, Sendable {
        /// Index of the first method.
        package var first: Int
        /// Index of the second method.
        package var second: Int
        /// The test of first − second.
        package var test: WilcoxonSignedRankTest
        /// Holm-adjusted p-value.
        package var adjustedPValue: Double
        /// Whether the adjusted p-value is below α.
        package var significant: Bool
    }

    /// Family-wise significance level.
    package var alpha: Double
    /// All pairs i < j, in order.
    package var pairs: [Pair]

    /// Compares every pair of columns of `scores[dataset][method]`. O(k² N log N).
    package init(scores: [[Double]], alpha: Double = 0.05, exactUpTo: Int = 50) throws(StatisticsError) {
        guard let k = scores.first?.count, k >= 2 else { throw .tooFewValues(statistic: "pairwiseWilcoxon (methods)", count: scores.first?.count ?? 0, needed: 2) }
        guard scores.allSatisfy({ $0.count == k }) else { throw .invalidArgument(statistic: "pairwiseWilcoxon", message: "every dataset needs \(k) scores") }
        var tests: [(Int, Int, WilcoxonSignedRankTest)] = []
        for i in 0..<k {
            for j in (i + 1)..<k {
                tests.append((i, j, try WilcoxonSignedRankTest(scores.map { $0[i] }, scores.map { $0[j] }, exactUpTo: exactUpTo)))
            }
        }
        let adjusted = Holm.adjust(tests.map(\.2.pValue))
        self.alpha = alpha
        pairs = zip(tests, adjusted).map { Pair(first: $0.0, second: $0.1, test: $0.2, adjustedPValue: $1, significant: $1 < alpha) }
    }
}
