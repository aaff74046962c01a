/// The Wilcoxon signed-rank test of paired measurements (for example one score per dataset or
/// fold for each of two methods), two-sided.
///
/// Conventions follow SciPy's `scipy.stats.wilcoxon` with `zero_method="wilcox"`:
/// - zero differences are dropped; the remaining n absolute differences get midranks;
/// - W⁺ and W⁻ are the rank sums of positive and negative differences; ``statistic`` = min(W⁺, W⁻);
/// - **exact** (SciPy `method="exact"`) when n ≤ ``exactUpTo`` (default 50, as SciPy's `"auto"`)
///   and no absolute differences tie: p = min(1, 2·P(T ≤ min(W⁺, W⁻))) under the exact null
///   distribution of T (subset sums of 1…n, counted by dynamic programming);
/// - otherwise the **normal approximation** with tie correction and continuity correction
///   (SciPy `method="approx", correction=True`): z = (W⁺ − n(n+1)/4 − ½·sign) / σ,
///   σ² = n(n+1)(2n+1)/24 − Σ(t³ − t)/48, p = 2·Q(|z|).
///
/// When every difference is zero there is no evidence either way and p = 1 (SciPy returns NaN).
/// Complexity O(n log n) plus O(n³) for the exact distribution (n ≤ 50).
public struct WilcoxonSignedRankTest: Codable, Hashable, Sendable {
    /// Exact null distribution or normal approximation.
    package enum Method: String, Codable, Hashable, Sendable {
        /// Exact distribution (no ties, small n).
        case exact
        /// Normal approximation with tie and continuity corrections.
        case normalApproximation = "normal-approximation"
    }

    /// Non-zero differences used.
    package var count: Int
    /// Zero differences dropped.
    package var zeros: Int
    /// Rank sum of positive differences.
    package var positiveRankSum: Double
    /// Rank sum of negative differences.
    package var negativeRankSum: Double
    /// min(W⁺, W⁻), SciPy's two-sided statistic.
    package var statistic: Double
    /// The z score (normal approximation only).
    package var z: Double?
    /// The form used.
    package var method: Method
    /// Two-sided p-value.
    package var pValue: Double

    /// Tests `x` against `y` (paired, same length).
    package init(_ x: [Double], _ y: [Double], exactUpTo: Int = 50) throws(StatisticsError) {
        guard x.count == y.count else {
            throw .invalidArgument(statistic: "wilcoxon", message: "paired samples need equal lengths, got \(x.count) and \(y.count)")
        }
        try self.init(differences: zip(x, y).map { $0 - $1 }, exactUpTo: exactUpTo)
    }

    /// Tests whether `differences` are symmetric about zero.
    package init(differences: [Double], exactUpTo: Int = 50) throws(StatisticsError) {
        try Descriptive.validate(differences, "wilcoxon", needed: 1)
        let nonzero = differences.filter { $0 != 0 }
        zeros = differences.count - nonzero.count
        count = nonzero.count
        guard count >= 1 else {
            // Identical pairs carry no evidence either way (SciPy returns NaN here).
            positiveRankSum = 0
            negativeRankSum = 0
            statistic = 0
            z = nil
            method = .exact
            pValue = 1
            return
        }
        let (ranks, ties) = Ranks.midranks(nonzero.map(abs))
        var plus = 0.0, minus = 0.0
        for (d, r) in zip(nonzero, ranks) { if d > 0 { plus += r } else { minus += r } }
        positiveRankSum = plus
        negativeRankSum = minus
        statistic = min(plus, minus)
        let n = Double(count)
        if count <= exactUpTo && ties.isEmpty {
            method = .exact
            z = nil
            let distribution = Self.exactNullCounts(count)
            let t = Int(statistic.rounded())
            var below = 0.0
            for k in 0...t { below += distribution[k] }
            pValue = min(1, 2 * below / Double(sign: .plus, exponent: count, significand: 1))
        } else {
            method = .normalApproximation
            let mean = n * (n + 1) / 4
            let variance = n * (n + 1) * (2 * n + 1) / 24 - Ranks.tieTerm(ties) / 48
            let d = plus - mean
            let correction = d > 0 ? 0.5 : (d < 0 ? -0.5 : 0)
            let score = variance > 0 ? (d - correction) / variance.squareRoot() : 0
            z = score
            pValue = min(1, 2 * (try Distributions.normalSurvival(abs(score))))
        }
    }

    /// Number of subsets of {1, …, n} with each sum 0…n(n+1)/2 (exact in Double for n ≤ 50).
    static func exactNullCounts(_ n: Int) -> [Double] {
        let total = n * (n + 1) / 2
        var counts = [Double](repeating: 0, count: total + 1)
        counts[0] = 1
        var reach = 0
        for k in 1...n {
            reach += k
            for s in stride(from: reach, through: k, by: -1) { counts[s] += counts[s - k] }
        }
        return counts
    }
}
