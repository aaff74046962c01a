/// What won in one comparison group and whether it is significant, as ``ExperimentComparisons`` decides it: the
/// numbers and decisions, not the words. ``ExperimentReport`` words it (``description``) as the group's headline.
public struct GroupHeadline: Hashable, Sendable {
    /// One entry's pooled metric (averaged over the group's datasets).
    public struct Standing: Hashable, Sendable {
        /// The entry's name.
        public var entry: String
        /// Its pooled metric (NaN when undefined).
        public var value: Double
    }

    /// The test that decides between the best entry and the runner-up.
    public enum Test: Hashable, Sendable {
        /// Friedman over the group (at least 3 entries) and the post-hoc comparison of the two, when found.
        case rank(friedmanP: Double, entries: Int, units: Int, posthoc: Posthoc?)
        /// McNemar's test on per-item correctness (accuracy on segments, recall on events).
        case mcnemar(p: Double, onlyFirstCorrect: Int, onlySecondCorrect: Int, significant: Bool, uncorrected: Bool)
        /// The paired bootstrap of the metric, as best − runner-up with its interval; `replicates` (finite ones)
        /// bound how small `p` can be resolved (1/B); `units` what the interval resampled.
        case bootstrap(difference: Double, lower: Double?, upper: Double?, units: IntervalUnits? = nil, p: Double, replicates: Int, significant: Bool,
                       uncorrected: Bool)
        /// No paired test could be computed; the pair's first note says why.
        case none(note: String?)
    }

    /// The post-hoc comparison of the two after Friedman; significant only when Friedman is too.
    public enum Posthoc: Hashable, Sendable {
        /// Nemenyi's test on average ranks.
        case nemenyi(p: Double, significant: Bool)
        /// Holm-adjusted pairwise Wilcoxon.
        case holm(p: Double, significant: Bool)
    }

    /// The group's name.
    public var group: String
    /// The metric's name as computed.
    public var metric: String
    /// The best entry.
    public var best: Standing
    /// Whether the best entry's settings were chosen on these folds (``Experiment/Entry/tunedOnTheseFolds``).
    public var bestTunedOnTheseFolds = false
    /// The best entry's interval, when every member ran on one dataset's units.
    public var interval: ConfidenceInterval?
    /// The runner-up; `nil` when the group has one entry (nothing to compare).
    public var runnerUp: Standing?
    /// The deciding test.
    public var test: Test
    /// The significance level.
    public var alpha: Double
}
