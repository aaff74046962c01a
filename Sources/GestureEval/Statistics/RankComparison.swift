/// Several methods compared over several datasets or folds, the way Demšar (2006) recommends:
/// Friedman and Iman–Davenport, then Nemenyi's critical difference and Holm-corrected pairwise
/// Wilcoxon tests, with the average ranks and CD as data a diagram can draw.
///
/// Complexity: O(N k log k) for the ranks plus O(k²) studentized-range CDFs and Wilcoxon tests.
public struct RankComparison: Codable, Hashable, Sendable {
    /// Method names (columns of ``scores``).
    package var methods: [String]
    /// Dataset or fold names (rows of ``scores``).
    package var units: [String]
    /// `scores[unit][method]`, for example F1 or accuracy per fold.
    package var scores: [[Double]]
    /// Whether a higher score is better.
    package var higherIsBetter: Bool
    /// The omnibus test (tie-corrected, as SciPy).
    package var friedman: FriedmanTest
    /// The post-hoc test with its critical difference.
    package var nemenyi: NemenyiTest
    /// Average ranks, CD and groups, ready to plot.
    package var diagram: CriticalDifferenceData
    /// Pairwise Wilcoxon signed-rank tests with Holm-adjusted p-values.
    package var pairwise: PairwiseWilcoxon

    /// Compares `methods` on `scores[unit][method]` at family-wise level `alpha`.
    package init(methods: [String], units: [String], scores: [[Double]], higherIsBetter: Bool = true, alpha: Double = 0.05) throws(StatisticsError) {
        guard units.count == scores.count else {
            throw .invalidArgument(statistic: "rankComparison", message: "\(units.count) unit names for \(scores.count) rows of scores")
        }
        self.methods = methods
        self.units = units
        self.scores = scores
        self.higherIsBetter = higherIsBetter
        friedman = try FriedmanTest(scores: scores, higherIsBetter: higherIsBetter)
        nemenyi = try NemenyiTest(friedman: friedman, alpha: alpha)
        diagram = try CriticalDifferenceData(nemenyi: nemenyi, names: methods)
        pairwise = try PairwiseWilcoxon(scores: scores, alpha: alpha)
    }
}
