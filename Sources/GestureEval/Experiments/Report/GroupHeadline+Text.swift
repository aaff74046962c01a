extension GroupHeadline: CustomStringConvertible {
    /// The headline line of `results.json`, `summary.md` and the terminal: which entry scored best, by how much,
    /// and whether the difference is significant, naming the test.
    public var description: String {
        func fmt(_ x: Double?) -> String { ExperimentReport.fmt(x) }
        func verdict(_ significant: Bool) -> String { significant ? "significant" : "not significant" }
        var line = "\(group): "
        guard let runnerUp else { return line + "'\(best.entry)' alone (\(metric) \(fmt(best.value))); nothing to compare" }
        line += "'\(best.entry)' best, \(metric) \(fmt(best.value))" + (interval.map { " [\(fmt($0.lower)), \(fmt($0.upper))]" + ($0.units.map { " over \($0)" } ?? "") } ?? "")
        // Never quoted as an estimate when its settings were chosen on the folds that score it.
        if bestTunedOnTheseFolds { line += " (settings chosen on these folds: not an estimate for new people)" }
        line += best.value == runnerUp.value ? ", tied with '\(runnerUp.entry)'" : ", ahead of '\(runnerUp.entry)' (\(fmt(runnerUp.value)))"
        let level = " at α = \(fmt(alpha))"
        let uncorrected = ", uncorrected (no rank comparison)"
        switch test {
        case let .rank(friedman, entries, units, posthoc):
            line += "; Friedman p = \(fmt(friedman)) over \(entries) entries × \(units) folds"
            switch posthoc {
            case let .nemenyi(p, significant): line += "; Nemenyi p = \(fmt(p)): " + verdict(significant)
            case let .holm(p, significant): line += "; Holm-adjusted Wilcoxon p = \(fmt(p)): " + verdict(significant)
            case nil: break
            }
            return line + level
        case let .mcnemar(p, first, second, significant, isUncorrected):
            line += "; McNemar p = \(fmt(p)) (\(first) vs \(second) discordant): " + verdict(significant)
            return line + level + (isUncorrected ? uncorrected : "")
        case let .bootstrap(difference, lower, upper, units, p, replicates, significant, isUncorrected):
            line += "; paired bootstrap of \(metric): difference \(fmt(difference)) [\(fmt(lower)), \(fmt(upper))]"
                + (units.map { " over \($0)" } ?? "") + ", "
                + ExperimentReport.bootstrapPWording(p, replicates: replicates) + ": " + verdict(significant)
            return line + level + (isUncorrected ? uncorrected : "")
        case let .none(note):
            return line + "; no paired test" + (note.map { " (\($0))" } ?? "")
        }
    }
}

extension ExperimentResult.Headline: CustomStringConvertible {
    /// The headline's words: ``GroupHeadline/description`` of a computed one, or the words read back.
    public var description: String {
        switch self {
        case let .computed(headline): headline.description
        case let .worded(text): text
        }
    }
}
