import Foundation
import GestureKit
import GestureData

/// A comparison of recognizers (or configurations of one) on shared datasets and folds, read from
/// an experiment file (`configs/experiments/*.yaml`) and run by ``ExperimentRunner``.
///
/// ```yaml
/// name: default
/// datasets:
///   default: datasets/default                 # DatasetSource syntax: folder, ucr:FILE.tsv, …
///   ucr: {train: ucr:X_TRAIN.tsv, test: ucr:X_TEST.tsv}   # one dataset, sessions train / test
/// split: leave-one-subject-out                # | grouped-k-fold:5[:session] | stratified-k-fold:5 | fixed:train:test
/// seed: 1
/// matching: {before: 0.5, after: 0.5}         # seconds; optional ignore: [transition] (don't-care regions)
/// labelMap: {"fall_*": fall}                  # annotation labels renamed before judging (glob patterns)
/// metric: f1                                  # f1 | precision | recall | accuracy | balanced-accuracy
/// objective: {maximize: recall, maxFalsePerHour: 5}   # optional: what the search maximises (default: metric), under a budget
/// test: friedman-nemenyi                      # | friedman-holm
/// entries:
///   - name: shake
///     recognizer: shake
///     configuration: configs/shake.yaml       # a preset path, or an inline map
///     dataset: default
///     labels: [shake]                         # annotations judged (after labelMap); `slap-*` matches a prefix
///     labelMap: {"shake_*": shake}            # optional, added to the experiment's labelMap
///     search: {peakThreshold: [1.0, 1.25, 1.5]}   # optional grid, tuned inside each training part
///     maxFalsePerHour: 2                      # optional, replaces the experiment's objective: recall within 2 per hour
/// ```
/// Relative paths are resolved against the current directory (run from the repository root).
public struct Experiment: Codable, Hashable, Sendable {
    /// Matching tolerances, seconds, and the annotation labels not judged (don't-care regions).
    public struct Matching: Codable, Hashable, Sendable {
        /// Before an annotation's start.
        public var before: Double
        /// After an annotation's end.
        public var after: Double
        /// Annotation labels (after the label map) not judged: `ignore: [transition, unknown]`. Their annotations
        /// and the detections on them count neither as correct nor as false, and their time is not background (see
        /// ``EventMatching``); empty by default, and then not encoded.
        public var ignore: [String]
        /// Defaults: 0.5 s each.
        public init(before: Double = 0.5, after: Double = 0.5) {
            self.init(before: before, after: after, ignore: [])
        }
        /// Tolerances, and the labels not judged.
        public init(before: Double = 0.5, after: Double = 0.5, ignore: [String]) {
            self.before = before
            self.after = after
            self.ignore = ignore
        }
        /// The ``EventMatching`` these tolerances and ignored labels give.
        package var eventMatching: EventMatching { EventMatching(toleranceBefore: before, toleranceAfter: after, ignoring: ignore) }

        private enum Keys: String, CodingKey { case before, after, ignore }

        /// Decodes `before` and `after`, and `ignore` when given (default: none).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            self.init(before: try c.decode(Double.self, forKey: .before), after: try c.decode(Double.self, forKey: .after),
                      ignore: try c.decode(.ignore, default: [String]()))
        }

        /// Encodes the tolerances, and `ignore` only when it names a label.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(before, forKey: .before)
            try c.encode(after, forKey: .after)
            if !ignore.isEmpty { try c.encode(ignore, forKey: .ignore) }
        }
    }

    /// The metric tuned, tabulated and ranked (see ``TrainingMetric``, where training, which sits below the
    /// experiment pipeline, finds it).
    public typealias Metric = TrainingMetric

    /// What `entry`'s search maximises: its own objective, else the experiment's, else ``metric`` without a budget.
    public func objective(for entry: Entry) -> TrainingObjective {
        entry.objective ?? objective ?? TrainingObjective(maximize: metric)
    }

    /// The test over ≥ 3 entries.
    public enum RankTest: String, Codable, Hashable, Sendable {
        /// Friedman, then Nemenyi's critical difference.
        case friedmanNemenyi = "friedman-nemenyi"
        /// Friedman, then Holm-corrected pairwise Wilcoxon tests.
        case friedmanHolm = "friedman-holm"
    }

    /// Name (the report folder and notebook are usually named after it).
    public var name: String
    /// Free text for the report.
    public var description: String
    /// Datasets by key.
    public var datasets: [String: DatasetReference]
    /// How each dataset is divided into folds (shuffled with ``seed``).
    public var split: Split
    /// Seed of every random choice (shuffled folds, bootstrap).
    public var seed: UInt64
    /// Event matching tolerances.
    public var matching: Matching
    /// Annotation labels renamed before judging, for every entry (see ``LabelMap``).
    public var labelMap: LabelMap
    /// The metric.
    public var metric: Metric
    /// What searches maximise inside each training part; `nil`: ``metric`` without a budget. An entry's
    /// own ``Entry/objective`` replaces it.
    public var objective: TrainingObjective?
    /// The test over ≥ 3 entries.
    public var test: RankTest
    /// Family-wise significance level.
    public var alpha: Double
    /// Bootstrap replicates for every interval and paired comparison.
    public var bootstrapReplicates: Int
    /// Sampling rate assumed for segment formats without timestamps (UCR, UEA), Hz.
    public var samplingRate: Double
    /// The methods compared.
    public var entries: [Entry]

    /// Creates an experiment.
    public init(name: String, description: String = "", datasets: [String: DatasetReference], split: Split = .leaveOneSubjectOut,
                seed: UInt64 = 1, matching: Matching = Matching(), labelMap: LabelMap = LabelMap(), metric: Metric = .f1, objective: TrainingObjective? = nil,
                test: RankTest = .friedmanNemenyi, alpha: Double = 0.05, bootstrapReplicates: Int = 1000, samplingRate: Double = 100, entries: [Entry]) {
        self.name = name
        self.description = description
        self.datasets = datasets
        self.split = split
        self.seed = seed
        self.matching = matching
        self.labelMap = labelMap
        self.metric = metric
        self.objective = objective
        self.test = test
        self.alpha = alpha
        self.bootstrapReplicates = bootstrapReplicates
        self.samplingRate = samplingRate
        self.entries = entries
    }

    private enum Keys: String, CodingKey {
        case name, description, datasets, split, seed, matching, labelMap, metric, objective, maxFalsePerHour, test, alpha, bootstrapReplicates, samplingRate, entries
    }

    /// Decodes with defaults for every key but `name`, `datasets` and `entries`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let d = Experiment(name: "", datasets: [:], entries: [])
        name = try c.decode(String.self, forKey: .name)
        description = try c.decode(.description, default: d.description)
        datasets = try c.decode([String: DatasetReference].self, forKey: .datasets)
        split = try c.decode(.split, default: d.split)
        seed = try c.decode(.seed, default: d.seed)
        matching = try c.decode(.matching, default: d.matching)
        labelMap = try c.decode(.labelMap, default: d.labelMap)
        metric = try c.decode(.metric, default: d.metric)
        objective = try TrainingObjective.decode(from: c, objective: .objective, budget: .maxFalsePerHour)
        test = try c.decode(.test, default: d.test)
        alpha = try c.decode(.alpha, default: d.alpha)
        bootstrapReplicates = try c.decode(.bootstrapReplicates, default: d.bootstrapReplicates)
        samplingRate = try c.decode(.samplingRate, default: d.samplingRate)
        entries = try c.decode([Entry].self, forKey: .entries)
    }

    /// Encodes every field.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        try c.encode(description, forKey: .description)
        try c.encode(datasets, forKey: .datasets)
        try c.encode(split, forKey: .split)
        try c.encode(seed, forKey: .seed)
        try c.encode(matching, forKey: .matching)
        if !labelMap.isEmpty { try c.encode(labelMap, forKey: .labelMap) }
        try c.encode(metric, forKey: .metric)
        try c.encodeIfPresent(objective, forKey: .objective)
        try c.encode(test, forKey: .test)
        try c.encode(alpha, forKey: .alpha)
        try c.encode(bootstrapReplicates, forKey: .bootstrapReplicates)
        try c.encode(samplingRate, forKey: .samplingRate)
        try c.encode(entries, forKey: .entries)
    }

    /// Reads and checks an experiment file (a model file only for a recognizer whose trainer in `trainers` reads
    /// one); errors name the file and the key.
    public init(contentsOf url: URL, trainers: TrainerRegistry) throws(DataFileError) {
        let text = try DataFileError.readText(url)
        try self.init(yaml: text, file: url.path, trainers: trainers)
    }

    /// Parses and checks an experiment document (see ``validate(file:trainers:)``); `file` names it in errors.
    public init(yaml text: String, file: String, trainers: TrainerRegistry) throws(DataFileError) {
        do {
            self = try YAMLConfiguration(text: text, source: file).decode(Experiment.self)
        } catch {
            throw DataFileError(file: file, decoding: error)
        }
        try validate(file: file, trainers: trainers)
    }

    /// Checks names, dataset keys, the metric's settings and the search grids (the split is checked when decoded), and
    /// that only a recognizer whose trainer in `trainers` reads model files names one.
    public func validate(file: String, trainers: TrainerRegistry) throws(DataFileError) {
        func fail(_ key: String, _ message: String) -> DataFileError { DataFileError(file: file, field: key, message) }
        guard !datasets.isEmpty else { throw fail("datasets", "at least one dataset is needed") }
        guard !entries.isEmpty else { throw fail("entries", "at least one entry is needed") }
        guard alpha > 0, alpha < 1 else { throw fail("alpha", "must be in (0, 1), got \(alpha)") }
        guard bootstrapReplicates >= 100 else { throw fail("bootstrapReplicates", "at least 100, got \(bootstrapReplicates)") }
        guard samplingRate > 0, samplingRate.isFinite else { throw fail("samplingRate", "must be a positive rate in Hz") }
        for (name, t) in [("matching.before", matching.before), ("matching.after", matching.after)] where !(t >= 0 && t.isFinite) {
            throw fail(name, "must be a finite number of seconds ≥ 0, got \(t)")
        }
        for (i, label) in matching.ignore.enumerated() where label.isEmpty { throw fail("matching.ignore[\(i)]", "an empty label") }
        var names = Set<String>()
        for (i, entry) in entries.enumerated() {
            let key = "entries[\(i)]"
            // An annotation is judged or not judged, never both (an entry without labels judges all but the ignored).
            for ignored in matching.ignore {
                guard let label = entry.labels.first(where: { $0.hasSuffix("*") ? ignored.hasPrefix($0.dropLast()) : $0 == ignored }) else { continue }
                throw fail("\(key).labels", "'\(label)' judges '\(ignored)', which matching.ignore names: a label cannot be both judged and ignored")
            }
            guard !entry.name.isEmpty, names.insert(entry.name).inserted else { throw fail("\(key).name", "empty or repeated name '\(entry.name)'") }
            guard !entry.datasets.isEmpty else { throw fail("\(key).dataset", "names no dataset") }
            for d in entry.datasets where datasets[d] == nil {
                throw fail("\(key).dataset", "unknown dataset '\(d)'; known: \(datasets.keys.sorted().joined(separator: ", "))")
            }
            for (parameter, range) in entry.search where range.values.isEmpty || range.values.contains(where: { !$0.isFinite }) {
                throw fail("\(key).search.\(parameter)", "needs at least one finite value")
            }
            let readers = trainers.modelFileReaders
            if entry.model != nil, !readers.contains(entry.recognizer) {
                throw fail("\(key).model", "a trained model file is for \(readers.joined(separator: ", ")); give a tuned configuration as `configuration` instead")
            }
            if entry.adaptation != nil, !trainers.adapting.contains(entry.recognizer) {
                let adapting = trainers.adapting
                throw fail("\(key).adaptation", "\(entry.recognizer) cannot adapt to a person; recognizers that adapt: "
                    + (adapting.isEmpty ? "none" : adapting.joined(separator: ", ")))
            }
            if entry.search.values.reduce(1, { $0 * $1.values.count }) > 10_000 {
                throw fail("\(key).search", "more than 10000 combinations")
            }
        }
        do { _ = try comparisonGroups() } catch {
            let i = entries.firstIndex { $0.name == error.entry } ?? 0
            throw fail("entries[\(i)].group", error.message)
        }
    }
}
