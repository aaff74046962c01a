/// How an entry's metric spreads over the people it was tested on: the metric of each test subject alone,
/// pooled over that subject's test recordings (in every fold that tested them), the worst subject and the
/// spread, beside the figure pooled over everyone (``ExperimentResult/EntryScore/overall``).
///
/// A pooled F1 weighs subjects by their number of events; a study designer also asks how the recognizer does
/// for a new person, which the worst subject and the spread answer. Point values only for each subject: a
/// subject's interval would rest on a handful of events. The metric pooled over everyone has an interval that
/// resamples subjects (``pooled``).
public struct SubjectScores: Codable, Hashable, Sendable {
    /// One subject's score.
    public struct Subject: Codable, Hashable, Sendable {
        /// The subject's name in the dataset.
        public var subject: String
        /// The experiment's metric on this subject's test recordings alone (NaN when undefined, e.g. F1 of a
        /// subject with neither annotations nor detections).
        public var value: Double
        /// Annotations (continuous) or examples (segments) of the subject that were judged.
        public var count: Int
        /// Continuous: precision, recall, F1, false activations per hour, background hours, annotations,
        /// detections and true positives; segments: accuracy and macro F1. Written as `details`.
        public var metrics: ScoreMetrics

        /// Creates a subject's score.
        package init(subject: String, value: Double, count: Int, metrics: ScoreMetrics) {
            self.subject = subject
            self.value = value
            self.count = count
            self.metrics = metrics
        }

        private enum CodingKeys: String, CodingKey {
            case subject, value, count
            case metrics = "details"
        }
    }

    /// Every test subject, by name.
    public var subjects: [Subject]
    /// The subject with the lowest finite value (the first by name on a tie); `nil` when no value is finite.
    public var worst: String?
    /// The lowest finite value.
    public var minimum: Double
    /// The highest finite value.
    public var maximum: Double
    /// The mean of the finite values (every subject weighs the same).
    public var mean: Double
    /// The sample standard deviation of the finite values (NaN for fewer than two).
    public var standardDeviation: Double
    /// The metric pooled over every subject's judged annotations or examples (each subject's from every fold that
    /// tested them: the entry's pooled figure), with a 95 % interval from a cluster bootstrap over the subjects
    /// (``Bootstrap/clustered(_:options:statistic:)``): one replicate draws subjects with replacement and pools all of
    /// each drawn subject's recordings, so a person tested by several folds (`subject-draws`) is one unit however
    /// often they were tested. The interval is withheld for a single subject. `nil` when built from point values
    /// (``init(subjects:)``) and in results written before it existed.
    public var pooled: Estimate?

    /// The spread of `subjects` (in any order; kept sorted by name), without ``pooled``. O(subjects · log subjects).
    package init(subjects: [Subject]) {
        self.subjects = subjects.sorted { $0.subject < $1.subject }
        let finite = self.subjects.filter(\.value.isFinite)
        worst = finite.min { $0.value < $1.value }?.subject
        minimum = finite.map(\.value).min() ?? .nan
        maximum = finite.map(\.value).max() ?? .nan
        let n = Double(finite.count)
        let average = finite.isEmpty ? .nan : finite.reduce(0) { $0 + $1.value } / n
        mean = average
        standardDeviation = finite.count < 2 ? .nan
            : (finite.reduce(0) { $0 + ($1.value - average) * ($1.value - average) } / (n - 1)).squareRoot()
    }

    /// The worst subject's value (NaN when there is none). O(subjects).
    package var worstValue: Double { minimum }

    /// Continuous: each subject's counts from a pooled evaluation, scored by `metric`, with their false activations
    /// per hour of their background, and ``pooled`` resampling subjects by `bootstrap`. O(B · recordings) for B
    /// replicates.
    package init(events evaluation: EventEvaluation, metric: EventMetric, bootstrap: BootstrapOptions = BootstrapOptions()) throws(StatisticsError) {
        var background: [String: Double] = [:]
        for r in evaluation.recordings { background[r.subject, default: 0] += r.background }
        self.init(subjects: evaluation.bySubject.map { subject, c in
            let hours = (background[subject] ?? 0) / 3600
            return Subject(subject: subject, value: metric.value(c), count: c.annotations, metrics: .events(.init(
                precision: c.precision, recall: c.recall, f1: c.f1, falsePositivesPerHour: hours > 0 ? Double(c.insertions) / hours : .nan,
                backgroundHours: hours, annotations: c.annotations, detections: c.detections, truePositives: c.truePositives)))
        })
        let recordings = evaluation.recordings, clusters = IntervalUnits.subjectClusters(recordings.map(\.subject))
        pooled = try Bootstrap.clustered(clusters, units: IntervalUnits(.subjects, count: clusters.count), options: bootstrap) { idx in
            metric.value(idx.reduce(EventCounts()) { $0 + recordings[$1].counts })
        }
    }

    /// Segments: each subject's examples (`subjects[i]` the subject of `truth[i]` and `predicted[i]`), scored by
    /// `metric`, and ``pooled`` resampling subjects by `bootstrap`. O(B · (examples + labels²)) for B replicates.
    package init(truth: [String], predicted: [String], subjects: [String], metric: SegmentMetric,
                bootstrap: BootstrapOptions = BootstrapOptions()) throws(StatisticsError) {
        precondition(truth.count == predicted.count && truth.count == subjects.count, "one subject per example")
        var indices: [String: [Int]] = [:]
        for (i, s) in subjects.enumerated() { indices[s, default: []].append(i) }
        var scores: [Subject] = []
        for (subject, idx) in indices {
            // Point values only: one replicate keeps the interval machinery out of the way.
            let s = try SegmentClassification(truth: idx.map { truth[$0] }, predicted: idx.map { predicted[$0] }, bootstrap: BootstrapOptions(replicates: 1))
            scores.append(Subject(subject: subject, value: metric.value(s).value, count: idx.count,
                                  metrics: .segments(.init(accuracy: s.accuracy.value, macroF1: s.macroF1.value))))
        }
        self.init(subjects: scores)
        let clusters = IntervalUnits.subjectClusters(subjects)
        pooled = try Bootstrap.clustered(clusters, units: IntervalUnits(.subjects, count: clusters.count), options: bootstrap,
                                         statistic: SegmentClassification.statistic(metric, truth: truth, predicted: predicted))
    }
}
