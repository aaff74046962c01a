/// McNemar's test of two classifiers on the same examples: do they err on different examples
/// more often one way than the other?
///
/// Only the discordant pairs matter: `b` examples only the first got right, `c` only the
/// second. With n = b + c:
/// - n < ``exactBelow`` (default 25): the **exact** binomial test, p = min(1, 2·P(X ≤ min(b, c)))
///   for X ~ Binomial(n, ½) (`gsl_cdf_binomial_P`; equals SciPy's `binomtest(b, n).pvalue`);
/// - otherwise the **chi-square** test with continuity correction, χ² = (|b − c| − 1)² / n on
///   one degree of freedom (`gsl_cdf_chisq_Q`).
/// With no discordant pairs p = 1. O(1) from counts, O(n) from correctness vectors.
public struct McNemarTest: Codable, Hashable, Sendable {
    /// Which form of the test was used.
    package enum Method: String, Codable, Hashable, Sendable {
        /// Exact two-sided binomial test on the discordant pairs.
        case exactBinomial = "exact-binomial"
        /// Chi-square with Edwards' continuity correction.
        case chiSquareCorrected = "chi-square-continuity-corrected"
    }

    /// The default switch point: exact when b + c < 25.
    package static let defaultExactBelow = 25

    /// Examples only the first method classified correctly.
    package var onlyFirstCorrect: Int
    /// Examples only the second method classified correctly.
    package var onlySecondCorrect: Int
    /// The form used.
    package var method: Method
    /// min(b, c) for the exact test, χ² for the chi-square test.
    package var statistic: Double
    /// The two-sided p-value.
    package var pValue: Double

    /// The test from discordant counts `b` (only first correct) and `c` (only second correct).
    package init(onlyFirstCorrect b: Int, onlySecondCorrect c: Int, exactBelow: Int = McNemarTest.defaultExactBelow) throws(StatisticsError) {
        guard b >= 0, c >= 0 else { throw .invalidArgument(statistic: "mcnemar", message: "counts must be ≥ 0, got \(b), \(c)") }
        onlyFirstCorrect = b
        onlySecondCorrect = c
        let n = b + c
        if n < exactBelow {
            method = .exactBinomial
            statistic = Double(min(b, c))
            pValue = n == 0 ? 1 : min(1, 2 * (try Distributions.binomialCDF(min(b, c), probability: 0.5, trials: n)))
        } else {
            method = .chiSquareCorrected
            let d = Double(abs(b - c)) - 1
            statistic = n == 0 ? 0 : max(0, d) * max(0, d) / Double(n)
            pValue = n == 0 ? 1 : try Distributions.chiSquareSurvival(statistic, degreesOfFreedom: 1)
        }
    }

    /// The test from per-example correctness of the two methods (same examples, same order).
    package init(firstCorrect: [Bool], secondCorrect: [Bool], exactBelow: Int = McNemarTest.defaultExactBelow) throws(StatisticsError) {
        guard firstCorrect.count == secondCorrect.count else {
            throw .invalidArgument(statistic: "mcnemar", message: "both methods need results for the same \(firstCorrect.count) examples, got \(secondCorrect.count)")
        }
        var b = 0, c = 0
        for (x, y) in zip(firstCorrect, secondCorrect) {
            if x && !y { b += 1 } else if y && !x { c += 1 }
        }
        try self.init(onlyFirstCorrect: b, onlySecondCorrect: c, exactBelow: exactBelow)
    }
}
