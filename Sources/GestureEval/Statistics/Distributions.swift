import CGSL

/// Quantiles and tail probabilities of standard distributions, computed by GSL.
///
/// Arguments outside a distribution's domain reach GSL, whose error becomes
/// ``StatisticsError/gsl(function:code:reason:)`` (GSL would otherwise abort the process).
/// Each call is O(1) apart from GSL's internal iterations.
package enum Distributions {
    /// The `p`-quantile of Student's t distribution with `degreesOfFreedom` (> 0).
    package static func studentTQuantile(_ p: Double, degreesOfFreedom: Double) throws(StatisticsError) -> Double {
        guard p > 0, p < 1 else { throw .invalidArgument(statistic: "studentTQuantile", message: "p must be in (0, 1), got \(p)") }
        return try GSL.checked("gsl_cdf_tdist_Pinv") { gsl_cdf_tdist_Pinv(p, degreesOfFreedom) }
    }

    /// The `p`-quantile of the standard normal distribution, `p` in (0, 1).
    package static func normalQuantile(_ p: Double) throws(StatisticsError) -> Double {
        guard p > 0, p < 1 else { throw .invalidArgument(statistic: "normalQuantile", message: "p must be in (0, 1), got \(p)") }
        return try GSL.checked("gsl_cdf_ugaussian_Pinv") { gsl_cdf_ugaussian_Pinv(p) }
    }

    /// P(Z > z) for a standard normal Z.
    package static func normalSurvival(_ z: Double) throws(StatisticsError) -> Double {
        try GSL.checked("gsl_cdf_ugaussian_Q") { gsl_cdf_ugaussian_Q(z) }
    }

    /// The `p`-quantile of the beta distribution with shape parameters `a`, `b` (both > 0).
    ///
    /// The arguments are passed to GSL unchecked, so a bad one surfaces as GSL's own message.
    package static func betaQuantile(_ p: Double, a: Double, b: Double) throws(StatisticsError) -> Double {
        try GSL.checked("gsl_cdf_beta_Pinv") { gsl_cdf_beta_Pinv(p, a, b) }
    }

    /// P(X > x) for X chi-square with `degreesOfFreedom`.
    package static func chiSquareSurvival(_ x: Double, degreesOfFreedom: Double) throws(StatisticsError) -> Double {
        try GSL.checked("gsl_cdf_chisq_Q") { gsl_cdf_chisq_Q(x, degreesOfFreedom) }
    }

    /// P(X > x) for X with Fisher's F distribution, `numerator` and `denominator` degrees of freedom.
    package static func fSurvival(_ x: Double, numerator: Double, denominator: Double) throws(StatisticsError) -> Double {
        try GSL.checked("gsl_cdf_fdist_Q") { gsl_cdf_fdist_Q(x, numerator, denominator) }
    }

    /// P(X ≤ k) for X binomial with `trials` and success probability `p`.
    package static func binomialCDF(_ k: Int, probability p: Double, trials: Int) throws(StatisticsError) -> Double {
        guard k >= 0, trials >= 0 else { throw .invalidArgument(statistic: "binomialCDF", message: "k and trials must be ≥ 0, got \(k), \(trials)") }
        return try GSL.checked("gsl_cdf_binomial_P") { gsl_cdf_binomial_P(UInt32(k), p, UInt32(trials)) }
    }
}
