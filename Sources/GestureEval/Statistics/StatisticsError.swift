/// Why a statistic could not be computed.
package enum StatisticsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input has too few values for the statistic (`needed` or more).
    case tooFewValues(statistic: String, count: Int, needed: Int)
    /// The input has a NaN or infinite value at `index`.
    case nonFinite(statistic: String, index: Int)
    /// An argument is outside the statistic's domain.
    case invalidArgument(statistic: String, message: String)
    /// GSL reported an error (instead of aborting the process, as it would by default).
    case gsl(function: String, code: Int32, reason: String)

    /// A one-line explanation naming the statistic, split or fold concerned.
    package var description: String {
        switch self {
        case let .tooFewValues(statistic, count, needed):
            "\(statistic): needs at least \(needed) values, got \(count)"
        case let .nonFinite(statistic, index):
            "\(statistic): value at index \(index) is NaN or infinite"
        case let .invalidArgument(statistic, message):
            "\(statistic): \(message)"
        case let .gsl(function, code, reason):
            "GSL error \(code) in \(function): \(reason)"
        }
    }
}
