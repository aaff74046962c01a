/// A two-sided confidence interval.
public struct ConfidenceInterval: Codable, Hashable, Sendable {
    /// Lower bound, in the unit of the estimate.
    package var lower: Double
    /// Upper bound, in the unit of the estimate.
    package var upper: Double
    /// Nominal coverage, for example 0.95.
    package var level: Double
    /// How it was computed, for example `"wilson"`, `"clopper-pearson"`, `"bootstrap-percentile"`, `"student-t"`.
    package var method: String
    /// What the interval treats as independent draws: the units a bootstrap resampled, or the trials a binomial
    /// interval counted. `nil` where the caller did not say (and in results written before it existed).
    package var units: IntervalUnits?

    /// Creates an interval.
    package init(lower: Double, upper: Double, level: Double, method: String, units: IntervalUnits? = nil) {
        self.lower = lower
        self.upper = upper
        self.level = level
        self.method = method
        self.units = units
    }
}

/// A point estimate with its confidence interval (when one could be computed).
public struct Estimate: Codable, Hashable, Sendable {
    /// The value computed on the full sample.
    package var value: Double
    /// The interval, `nil` when the sample is too small for one.
    package var interval: ConfidenceInterval?

    /// Creates an estimate.
    package init(value: Double, interval: ConfidenceInterval? = nil) {
        self.value = value
        self.interval = interval
    }
}

extension ConfidenceInterval {
    static func validate(level: Double, _ statistic: String) throws(StatisticsError) {
        guard level > 0, level < 1 else {
            throw .invalidArgument(statistic: statistic, message: "confidence level must be in (0, 1), got \(level)")
        }
    }
}
