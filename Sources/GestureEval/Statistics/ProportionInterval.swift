/// Confidence intervals for a binomial proportion (for example an accuracy: correct of total).
///
/// Both intervals are O(1). Wilson is the score interval without continuity correction
/// (SciPy's `binomtest(...).proportion_ci(method="wilson")`); Clopper–Pearson is the exact
/// interval from beta quantiles (`method="exact"`).
package enum ProportionInterval {
    /// Which interval.
    package enum Method: String, Codable, Hashable, Sendable {
        /// Wilson's score interval.
        case wilson
        /// The Clopper–Pearson ("exact") interval, via `gsl_cdf_beta_Pinv`.
        case clopperPearson = "clopper-pearson"
    }

    /// The interval for `successes` out of `trials` by `method`, at `level` (for example 0.95).
    package static func interval(
        _ method: Method, successes: Int, trials: Int, level: Double = 0.95
    ) throws(StatisticsError) -> ConfidenceInterval {
        switch method {
        case .wilson: try wilson(successes: successes, trials: trials, level: level)
        case .clopperPearson: try clopperPearson(successes: successes, trials: trials, level: level)
        }
    }

    /// Wilson's score interval: centre (p̂ + z²/2n)/(1 + z²/n), half-width z/(1 + z²/n)·√(p̂(1−p̂)/n + z²/4n²).
    package static func wilson(successes: Int, trials: Int, level: Double = 0.95) throws(StatisticsError) -> ConfidenceInterval {
        try validate(successes, trials, level, "wilson")
        let n = Double(trials), p = Double(successes) / n
        let z = try Distributions.normalQuantile(1 - (1 - level) / 2)
        let z2 = z * z
        let denominator = 1 + z2 / n
        let centre = (p + z2 / (2 * n)) / denominator
        let half = z / denominator * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return ConfidenceInterval(lower: max(0, centre - half), upper: min(1, centre + half), level: level, method: Method.wilson.rawValue)
    }

    /// The Clopper–Pearson interval: Beta(α/2; k, n−k+1) to Beta(1−α/2; k+1, n−k), with 0 and 1 at the edges.
    package static func clopperPearson(successes: Int, trials: Int, level: Double = 0.95) throws(StatisticsError) -> ConfidenceInterval {
        try validate(successes, trials, level, "clopperPearson")
        let alpha = 1 - level, k = Double(successes), n = Double(trials)
        let lower = successes == 0 ? 0 : try Distributions.betaQuantile(alpha / 2, a: k, b: n - k + 1)
        let upper = successes == trials ? 1 : try Distributions.betaQuantile(1 - alpha / 2, a: k + 1, b: n - k)
        return ConfidenceInterval(lower: lower, upper: upper, level: level, method: Method.clopperPearson.rawValue)
    }

    private static func validate(_ k: Int, _ n: Int, _ level: Double, _ name: String) throws(StatisticsError) {
        guard n > 0 else { throw .tooFewValues(statistic: name, count: n, needed: 1) }
        guard k >= 0, k <= n else { throw .invalidArgument(statistic: name, message: "successes must be in 0...\(n), got \(k)") }
        try ConfidenceInterval.validate(level: level, name)
    }
}
