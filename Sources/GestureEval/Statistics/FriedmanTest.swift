/// The Friedman test of k methods over N datasets (or folds), and the Iman–Davenport F.
///
/// Within each dataset the methods are ranked (1 = best, ties share midranks); R̄ⱼ is method
/// j's average rank. Following Demšar (2006):
/// - χ²_F = 12N / (k(k+1)) · [Σ R̄ⱼ² − k(k+1)²/4], on k − 1 degrees of freedom;
/// - with `tieCorrection` (the default, as `scipy.stats.friedmanchisquare`) χ²_F is divided by
///   1 − Σ(t³ − t) / (N k (k² − 1)) over all tie groups; Demšar's worked example uses none;
/// - F_F = (N − 1) χ²_F / (N(k − 1) − χ²_F) on (k − 1, (k − 1)(N − 1)) degrees of freedom
///   (infinite, p = 0, when the rankings agree perfectly).
/// Complexity O(N k log k).
package struct FriedmanTest: Codable, Hashable, Sendable {
    /// Number of datasets (rows).
    package var datasets: Int
    /// Number of methods (columns).
    package var methods: Int
    /// Average rank of each method, 1 = best.
    package var averageRanks: [Double]
    /// Whether the tie correction was applied.
    package var tieCorrected: Bool
    /// Friedman's χ²_F.
    package var chiSquare: Double
    /// P(χ²_{k−1} > χ²_F).
    package var pValue: Double
    /// Iman and Davenport's F_F.
    package var imanDavenportF: Double
    /// Degrees of freedom of F_F: (k − 1, (k − 1)(N − 1)).
    package var imanDavenportDegreesOfFreedom: [Double]
    /// P(F > F_F).
    package var imanDavenportPValue: Double

    /// Runs the test on `scores[dataset][method]`.
    ///
    /// - Parameters:
    ///   - higherIsBetter: whether a larger score ranks better (accuracy, F1) or worse (error).
    ///   - tieCorrection: divide χ²_F by the tie factor (SciPy's convention).
    package init(scores: [[Double]], higherIsBetter: Bool = true, tieCorrection: Bool = true) throws(StatisticsError) {
        guard scores.count >= 2 else { throw .tooFewValues(statistic: "friedman (datasets)", count: scores.count, needed: 2) }
        let k = scores[0].count
        guard k >= 2 else { throw .tooFewValues(statistic: "friedman (methods)", count: k, needed: 2) }
        var sums = [Double](repeating: 0, count: k)
        var tieTerm = 0.0
        for (i, row) in scores.enumerated() {
            guard row.count == k else {
                throw .invalidArgument(statistic: "friedman", message: "dataset \(i) has \(row.count) scores, expected \(k)")
            }
            try Descriptive.validate(row, "friedman (dataset \(i))", needed: k)
            let (ranks, ties) = Ranks.midranks(higherIsBetter ? row.map { -$0 } : row)
            for j in 0..<k { sums[j] += ranks[j] }
            tieTerm += Ranks.tieTerm(ties)
        }
        let n = Double(scores.count), kd = Double(k)
        datasets = scores.count
        methods = k
        averageRanks = sums.map { $0 / n }
        var chi = 12 * n / (kd * (kd + 1)) * (averageRanks.reduce(0) { $0 + $1 * $1 } - kd * (kd + 1) * (kd + 1) / 4)
        tieCorrected = tieCorrection
        if tieCorrection {
            let factor = 1 - tieTerm / (n * kd * (kd * kd - 1))
            chi = factor > 0 ? chi / factor : 0 // every dataset fully tied: no evidence either way
        }
        chiSquare = max(0, chi)
        pValue = try Distributions.chiSquareSurvival(chiSquare, degreesOfFreedom: kd - 1)
        let df1 = kd - 1, df2 = (kd - 1) * (n - 1)
        imanDavenportDegreesOfFreedom = [df1, df2]
        let denominator = n * (kd - 1) - chiSquare
        if denominator > 0 {
            imanDavenportF = (n - 1) * chiSquare / denominator
            imanDavenportPValue = try Distributions.fSurvival(imanDavenportF, numerator: df1, denominator: df2)
        } else {
            imanDavenportF = .infinity
            imanDavenportPValue = 0
        }
    }
}
