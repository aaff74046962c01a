import Foundation
import GestureKit
import GestureData

/// What ``ExperimentRunner`` produces: per entry and dataset the metric per fold and pooled (with
/// intervals) and what training chose in each fold; per comparison group (entries judged on the same
/// annotations) the pairwise tests, a rank comparison over ≥ 3 members and a headline; and for each dataset an
/// ``EvaluationResult`` with every metric, table and the folds.
///
/// Holds no dates, timings or host names: the same experiment, data and seed give the same bytes
/// (``jsonData()``).
public struct ExperimentResult: Codable, Hashable, Sendable {
    /// The metric of one fold.
    public struct FoldScore: Codable, Hashable, Sendable {
        /// The fold's name (the test subject under leave-one-subject-out).
        public var fold: String
        /// The metric with its interval (bootstrap over the fold's recordings or examples).
        public var value: Estimate
        /// Annotations (continuous) or examples (segments) tested.
        public var count: Int
        /// The fold's other headline numbers: event metrics with the counts and errors (continuous), or
        /// accuracy, macro F1, kappa and balanced accuracy (segments); written as `details`.
        public var metrics: ScoreMetrics
        /// What training chose in this fold: the tuned parameters and operating point, or a model summary
        /// (written as the flat object of numbers results have always held, see ``TrainingSummary/flattened``).
        public var trained: TrainingSummary

        /// Creates a fold's score.
        package init(fold: String, value: Estimate, count: Int, metrics: ScoreMetrics, trained: TrainingSummary) {
            self.fold = fold
            self.value = value
            self.count = count
            self.metrics = metrics
            self.trained = trained
        }

        private enum CodingKeys: String, CodingKey {
            case fold, value, count, trained
            case metrics = "details"
        }
    }

    /// One entry on one dataset.
    public struct EntryScore: Codable, Hashable, Sendable {
        /// The entry's name.
        public var entry: String
        /// Recognizer identifier.
        public var recognizer: String
        /// Dataset key.
        public var dataset: String
        /// Continuous (event metrics) or segments (classification metrics).
        public var kind: Dataset.Kind
        /// The labels judged.
        public var labels: [String]
        /// The metric's name as computed (`f1`, `macroF1`, `accuracy`, …).
        public var metricName: String
        /// Pooled over every test fold, with interval.
        public var overall: Estimate
        /// Per fold, in fold order.
        public var folds: [FoldScore]
        /// The folds' mean and spread and, on continuous recordings, their errors pooled: computed once from ``folds``
        /// by the aggregator (and by decoding, since `results.json` holds only the folds).
        public var foldStatistics: FoldStatistics
        /// The base configuration (canonical JSON).
        public var configuration: String
        /// Detection time − annotation end of every correct detection, seconds (continuous only).
        public var latencies: [Double]
        /// The first test recording of the first fold and the completed events on it (continuous only),
        /// for the signal plot.
        public var example: Example?
        /// False activations per hour by what was happening, pooled over folds (continuous only).
        public var falseActivations: FalseActivationBreakdown?
        /// Every judged annotation and every detection of the test recordings with its matching outcome, in
        /// fold order, then recording, then time (continuous only; `nil` in results written before it existed).
        public var outcomes: [EventOutcome]?
        /// The metric of each test subject alone, the worst subject and the spread (`nil` in results written before
        /// it existed).
        public var bySubject: SubjectScores?

        // ``foldStatistics`` is left out: results.json holds the folds it is computed from, and its bytes stay as they were.
        private enum CodingKeys: String, CodingKey {
            case entry, recognizer, dataset, kind, labels, metricName, overall, folds, configuration, latencies, example, falseActivations,
                 outcomes, bySubject
        }
    }

    /// One recording's completed events, as plotted.
    public struct Example: Codable, Hashable, Sendable {
        /// The recording's id in its dataset.
        public var recording: String
        /// The fold that tested it.
        public var fold: String
        /// Its completed events (labels as judged).
        public var events: [GestureEvent]
        /// Its annotations as the entry judged them, for the plot; not written to results.json (empty when read
        /// back), since the dataset holds them.
        public var annotations: [Annotation] = []

        private enum CodingKeys: String, CodingKey { case recording, fold, events }
    }

    /// Two entries judged on the same annotations or examples.
    public struct PairComparison: Codable, Hashable, Sendable {
        /// The comparison group of both.
        public var group: String
        /// First entry.
        public var first: String
        /// Second entry.
        public var second: String
        /// The dataset key both were judged on.
        public var dataset: String
        /// McNemar's test on paired per-annotation (per-example) correctness.
        public var mcnemar: McNemarTest?
        /// Paired bootstrap of the difference first − second in the experiment's metric (pooled over resampled
        /// recordings for events, over examples for segments).
        public var bootstrap: PairedBootstrapComparison?
        /// Wilcoxon signed-rank test over the per-fold metric.
        public var wilcoxon: WilcoxonSignedRankTest?
        /// Why a test was left out (too few folds, no discordant pairs, …).
        public var notes: [String]
    }

    /// The statistics of one comparison group.
    public struct GroupComparison: Codable, Hashable, Sendable {
        /// The group and its members.
        public var group: Experiment.ComparisonGroup
        /// Friedman / Iman–Davenport, Nemenyi CD and Holm-corrected pairwise Wilcoxon over the folds every
        /// member has (groups of at least 3).
        public var ranking: RankComparison?
        /// Which entry scored best, by how much, and whether the difference is significant (one line, worded by
        /// ``ExperimentReport``; written as its words, and read back as ``Headline/worded(_:)``).
        public var headline: Headline

        private enum CodingKeys: String, CodingKey { case group, ranking, headline }

        /// Writes the group and ranking as their own coding does, and the headline as its words.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(group, forKey: .group)
            try c.encodeIfPresent(ranking, forKey: .ranking)
            try c.encode(headline.description, forKey: .headline)
        }

        /// Reads what ``encode(to:)`` writes; the headline as ``Headline/worded(_:)``.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            group = try c.decode(Experiment.ComparisonGroup.self, forKey: .group)
            ranking = try c.decodeIfPresent(RankComparison.self, forKey: .ranking)
            headline = .worded(try c.decode(String.self, forKey: .headline))
        }

        /// A group's statistics as computed.
        init(group: Experiment.ComparisonGroup, ranking: RankComparison?, headline: GroupHeadline) {
            self.group = group
            self.ranking = ranking
            self.headline = .computed(headline)
        }
    }

    /// A comparison group's headline: the numbers and decisions as computed, or the words of a result read back.
    public enum Headline: Hashable, Sendable {
        /// As ``ExperimentComparisons`` decided it.
        case computed(GroupHeadline)
        /// As a `results.json` holds it.
        case worded(String)
    }

    /// The experiment as run.
    public var experiment: Experiment
    /// ``GestureLabVersion/current``.
    public var packageVersion: String
    /// The seed of every random choice.
    public var seed: UInt64
    /// The metric compared.
    public var metric: Experiment.Metric
    /// Per entry and dataset, in experiment order.
    public var scores: [EntryScore]
    /// Pairwise comparisons within each group.
    public var pairs: [PairComparison]
    /// Per comparison group, in order of its first entry: the rank comparison and the headline.
    public var groups: [GroupComparison]
    /// Per dataset key: every metric of every entry (scopes `entry`, `entry/fold NAME`), tables and folds.
    public var evaluations: [String: EvaluationResult]
    /// Warnings a reader must see (written worded, and read back as ``ExperimentWarning/worded(_:)``).
    public var warnings: [ExperimentWarning]
    /// Per comparison group and dataset with an entry that adapts and one that does not: each test subject's metric
    /// with and without adaptation and the metric against K (``AdaptationComparison/sections(of:)``), computed by the
    /// aggregator and, from the scores, by decoding. Written as `adaptation` only when not empty, so results without
    /// adaptation keep their bytes.
    package var adaptation: [AdaptationComparison] = []

    /// Pretty-printed JSON with sorted keys and a final newline (as ``ReportFolder`` writes it).
    public func jsonData() throws(DataFileError) -> Data {
        do {
            return try ReportFolder.encoder.encode(self) + Data("\n".utf8)
        } catch {
            throw DataFileError(file: "results.json", "cannot encode: \(error)")
        }
    }
}

extension ExperimentResult.EntryScore {
    /// Reads what the synthesized encoding writes, and computes ``foldStatistics`` from the folds read.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(Dataset.Kind.self, forKey: .kind), folds = try c.decode([ExperimentResult.FoldScore].self, forKey: .folds)
        self.init(entry: try c.decode(String.self, forKey: .entry), recognizer: try c.decode(String.self, forKey: .recognizer),
                  dataset: try c.decode(String.self, forKey: .dataset), kind: kind, labels: try c.decode([String].self, forKey: .labels),
                  metricName: try c.decode(String.self, forKey: .metricName), overall: try c.decode(Estimate.self, forKey: .overall),
                  folds: folds, foldStatistics: FoldStatistics(folds: folds, kind: kind),
                  configuration: try c.decode(String.self, forKey: .configuration), latencies: try c.decode([Double].self, forKey: .latencies),
                  example: try c.decodeIfPresent(ExperimentResult.Example.self, forKey: .example),
                  falseActivations: try c.decodeIfPresent(FalseActivationBreakdown.self, forKey: .falseActivations),
                  outcomes: try c.decodeIfPresent([EventOutcome].self, forKey: .outcomes),
                  bySubject: try c.decodeIfPresent(SubjectScores.self, forKey: .bySubject))
    }
}

extension ExperimentResult {
    private enum CodingKeys: String, CodingKey {
        case experiment, packageVersion, seed, metric, scores, pairs, groups, evaluations, warnings, adaptation
    }

    /// Writes every property as its own coding does, and each warning as its words (``ExperimentWarning/description``):
    /// the bytes results have always held.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(experiment, forKey: .experiment)
        try c.encode(packageVersion, forKey: .packageVersion)
        try c.encode(seed, forKey: .seed)
        try c.encode(metric, forKey: .metric)
        try c.encode(scores, forKey: .scores)
        try c.encode(pairs, forKey: .pairs)
        try c.encode(groups, forKey: .groups)
        try c.encode(evaluations, forKey: .evaluations)
        try c.encode(warnings.map(\.description), forKey: .warnings)
        if !adaptation.isEmpty { try c.encode(adaptation, forKey: .adaptation) }
    }

    /// Reads what ``encode(to:)`` writes; each warning as ``ExperimentWarning/worded(_:)``, and ``adaptation`` computed
    /// again from the scores read (as the aggregator computed it).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(experiment: try c.decode(Experiment.self, forKey: .experiment), packageVersion: try c.decode(String.self, forKey: .packageVersion),
                  seed: try c.decode(UInt64.self, forKey: .seed), metric: try c.decode(Experiment.Metric.self, forKey: .metric),
                  scores: try c.decode([EntryScore].self, forKey: .scores), pairs: try c.decode([PairComparison].self, forKey: .pairs),
                  groups: try c.decode([GroupComparison].self, forKey: .groups),
                  evaluations: try c.decode([String: EvaluationResult].self, forKey: .evaluations),
                  warnings: try c.decode([String].self, forKey: .warnings).map(ExperimentWarning.worded))
        adaptation = AdaptationComparison.sections(of: self)
    }

    /// Reads a result written by ``jsonData()`` (non-finite numbers as `"nan"`, `"inf"`, `"-inf"`).
    public init(jsonData: Data) throws(DataFileError) {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do { self = try decoder.decode(Self.self, from: jsonData) } catch {
            throw DataFileError(file: "results.json", "not an experiment result: \(error)")
        }
    }
}
