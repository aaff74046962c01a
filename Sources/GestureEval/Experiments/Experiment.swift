import Foundation
import GestureKit
import Yams

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
/// matching: {before: 0.5, after: 0.5}         # seconds
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
    /// Where a dataset comes from: one source, or separate training and test sources (an archive's
    /// fixed split), merged into one dataset whose sessions are `train` and `test`.
    public enum DatasetReference: Codable, Hashable, Sendable {
        /// A ``DatasetSource`` text.
        case source(String)
        /// Training and test sources.
        case split(train: String, test: String)

        private enum Keys: String, CodingKey { case train, test }

        /// Decodes a string or a `{train, test}` mapping.
        public init(from decoder: any Decoder) throws {
            if let s = try? decoder.singleValueContainer().decode(String.self) {
                self = .source(s)
                return
            }
            let c = try decoder.container(keyedBy: Keys.self)
            self = .split(train: try c.decode(String.self, forKey: .train), test: try c.decode(String.self, forKey: .test))
        }

        /// Encodes as it was written.
        public func encode(to encoder: any Encoder) throws {
            switch self {
            case let .source(s):
                var c = encoder.singleValueContainer()
                try c.encode(s)
            case let .split(train, test):
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(train, forKey: .train)
                try c.encode(test, forKey: .test)
            }
        }
    }

    /// A recognizer configuration: a preset file or an inline map.
    public enum ConfigurationSource: Codable, Hashable, Sendable {
        /// A YAML preset path.
        case preset(String)
        /// The settings themselves.
        case inline(ConfigurationValue)

        /// Decodes a path string or a map.
        public init(from decoder: any Decoder) throws {
            let value = try ConfigurationValue(from: decoder)
            if case let .string(path) = value { self = .preset(path) } else { self = .inline(value) }
        }

        /// Encodes the path or the map.
        public func encode(to encoder: any Encoder) throws {
            switch self {
            case let .preset(path): try ConfigurationValue.string(path).encode(to: encoder)
            case let .inline(value): try value.encode(to: encoder)
            }
        }

        /// The settings (read from the preset file when it is one).
        public func resolve() throws(DataFileError) -> ConfigurationValue {
            switch self {
            case let .inline(value): return value
            case let .preset(path): return try ConfigurationValue(contentsOf: URL(fileURLWithPath: path))
            }
        }
    }

    /// Values a parameter search tries: a list, or `{from, to, step}` (inclusive).
    public struct ParameterRange: Codable, Hashable, Sendable {
        /// The values, in the order tried, in the parameter's own units (seconds, g, rad/s, radians).
        public var values: [Double]

        /// The given values.
        public init(values: [Double]) { self.values = values }

        private enum Keys: String, CodingKey { case from, to, step }

        /// Decodes a list of numbers or `{from, to, step}`.
        public init(from decoder: any Decoder) throws {
            if let list = try? decoder.singleValueContainer().decode([Double].self) {
                values = list
                return
            }
            let c = try decoder.container(keyedBy: Keys.self)
            let from = try c.decode(Double.self, forKey: .from), to = try c.decode(Double.self, forKey: .to)
            let step = try c.decode(Double.self, forKey: .step)
            values = try Self.grid(from: from, to: to, step: step, codingPath: c.codingPath)
        }

        /// `from`, `from + step`, … up to `to` (inclusive, with a tolerance of step/1000). O(values).
        public static func grid(from: Double, to: Double, step: Double, codingPath: [any CodingKey] = []) throws -> [Double] {
            guard from.isFinite, to.isFinite, step.isFinite, step > 0, to >= from, (to - from) / step <= 10_000 else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "needs finite from ≤ to and 0 < step, at most 10000 values"))
            }
            let n = Int(((to - from) / step + 1e-3).rounded(.down))
            // Rounded to 12 significant digits, so 0.1 + 2 × 0.2 reads 0.5, not 0.5000000000000001.
            return (0...n).map { i in
                let v = from + Double(i) * step
                guard v != 0 else { return 0 }
                let scale = pow(10, 11 - floor(log10(abs(v))))
                return (v * scale).rounded() / scale
            }
        }

        /// Encodes the list.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(values)
        }
    }

    /// One method compared: a recognizer, its configuration, what it is judged on.
    public struct Entry: Codable, Hashable, Sendable {
        /// Display name (unique in the experiment).
        public var name: String
        /// Recognizer identifier (`shake`, `peak-direction`, `flip`, `orientation`, `dtw`).
        public var recognizer: String
        /// The configuration; `nil` is the recognizer's default (for `dtw`: the trainer's settings).
        public var configuration: ConfigurationSource?
        /// Keys of ``Experiment/datasets`` evaluated on (one unless comparing over datasets).
        public var datasets: [String]
        /// Annotation labels judged (others are dropped; `slap-*` matches every label starting `slap-`).
        /// Empty: all labels.
        public var labels: [String]
        /// Rename each event to `label-direction` when it reports a direction (peak-direction).
        public var directionInLabel: Bool
        /// Grid of parameter values (dotted configuration keys) tuned inside each training part.
        public var search: [String: ParameterRange]
        /// A trained DTW model file (`gesturelab train` output) used as is in every fold, instead of
        /// training templates inside the folds (only for `dtw`).
        public var model: String?
        /// Annotation labels renamed before judging (and before ``labels`` is applied); the runner adds the
        /// experiment's ``Experiment/labelMap`` (this entry's rules win).
        public var labelMap: LabelMap
        /// What this entry's search maximises; `nil`: the experiment's ``Experiment/objective``.
        public var objective: TrainingObjective?

        /// Creates an entry.
        public init(name: String, recognizer: String, configuration: ConfigurationSource? = nil, datasets: [String],
                    labels: [String] = [], directionInLabel: Bool = false, search: [String: ParameterRange] = [:], model: String? = nil,
                    labelMap: LabelMap = LabelMap(), objective: TrainingObjective? = nil) {
            self.name = name
            self.recognizer = recognizer
            self.configuration = configuration
            self.datasets = datasets
            self.labels = labels
            self.directionInLabel = directionInLabel
            self.search = search
            self.model = model
            self.labelMap = labelMap
            self.objective = objective
        }

        private enum Keys: String, CodingKey {
            case name, recognizer, configuration, dataset, datasets, labels, directionInLabel, search, model, labelMap, objective, maxFalsePerHour
        }

        /// Decodes with defaults; `dataset: KEY` is short for `datasets: [KEY]`.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            name = try c.decode(String.self, forKey: .name)
            recognizer = try c.decode(String.self, forKey: .recognizer)
            configuration = try c.decodeIfPresent(ConfigurationSource.self, forKey: .configuration)
            if let one = try c.decodeIfPresent(String.self, forKey: .dataset) {
                datasets = [one]
            } else {
                datasets = try c.decodeIfPresent([String].self, forKey: .datasets) ?? []
            }
            labels = try c.decodeIfPresent([String].self, forKey: .labels) ?? []
            directionInLabel = try c.decodeIfPresent(Bool.self, forKey: .directionInLabel) ?? false
            search = try c.decodeIfPresent([String: ParameterRange].self, forKey: .search) ?? [:]
            model = try c.decodeIfPresent(String.self, forKey: .model)
            labelMap = try c.decodeIfPresent(LabelMap.self, forKey: .labelMap) ?? LabelMap()
            objective = try TrainingObjective.decode(from: c, objective: .objective, budget: .maxFalsePerHour)
        }

        /// Encodes every field.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(name, forKey: .name)
            try c.encode(recognizer, forKey: .recognizer)
            try c.encodeIfPresent(configuration, forKey: .configuration)
            try c.encode(datasets, forKey: .datasets)
            try c.encode(labels, forKey: .labels)
            try c.encode(directionInLabel, forKey: .directionInLabel)
            try c.encode(search, forKey: .search)
            try c.encodeIfPresent(model, forKey: .model)
            if !labelMap.isEmpty { try c.encode(labelMap, forKey: .labelMap) }
            try c.encodeIfPresent(objective, forKey: .objective)
        }

        /// Whether annotation `label` is judged.
        public func judges(_ label: String) -> Bool {
            labels.isEmpty || labels.contains { $0.hasSuffix("*") ? label.hasPrefix($0.dropLast()) : $0 == label }
        }
    }

    /// Matching tolerances, seconds.
    public struct Matching: Codable, Hashable, Sendable {
        /// Before an annotation's start.
        public var before: Double
        /// After an annotation's end.
        public var after: Double
        /// Defaults: 0.5 s each.
        public init(before: Double = 0.5, after: Double = 0.5) {
            self.before = before
            self.after = after
        }
        /// The ``EventMatching`` these tolerances give.
        public var eventMatching: EventMatching { EventMatching(toleranceBefore: before, toleranceAfter: after) }
    }

    /// The metric tuned, tabulated and ranked.
    public enum Metric: String, Codable, Hashable, Sendable, CaseIterable {
        /// Event F1 (continuous) or macro-F1 (segments).
        case f1
        /// Event precision (continuous) or accuracy (segments).
        case precision
        /// Event recall (continuous) or balanced accuracy (segments).
        case recall
        /// Segment accuracy (continuous: event F1).
        case accuracy
        /// Segment balanced accuracy (continuous: event recall).
        case balancedAccuracy = "balanced-accuracy"
    }

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
    /// The split, in ``SplitStrategy/parse(_:seed:)`` syntax.
    public var split: String
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
    public init(name: String, description: String = "", datasets: [String: DatasetReference], split: String = "leave-one-subject-out",
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

    /// Reads and checks an experiment file; errors name the file and the key.
    public init(contentsOf url: URL) throws(DataFileError) {
        let text = try DataFileError.readText(url)
        try self.init(yaml: text, file: url.path)
    }

    /// Parses and checks an experiment document; `file` names it in errors.
    public init(yaml text: String, file: String) throws(DataFileError) {
        do {
            self = try YAMLConfiguration(text: text, source: file).decode(Experiment.self)
        } catch {
            throw DataFileError(file: file, decoding: error)
        }
        try validate(file: file)
    }

    /// Checks names, dataset keys, the split, the metric's settings and the search grids.
    public func validate(file: String) throws(DataFileError) {
        func fail(_ key: String, _ message: String) -> DataFileError { DataFileError(file: file, field: key, message) }
        guard !datasets.isEmpty else { throw fail("datasets", "at least one dataset is needed") }
        guard !entries.isEmpty else { throw fail("entries", "at least one entry is needed") }
        do { _ = try SplitStrategy.parse(split, seed: seed) } catch { throw fail("split", error.description) }
        guard alpha > 0, alpha < 1 else { throw fail("alpha", "must be in (0, 1), got \(alpha)") }
        guard bootstrapReplicates >= 100 else { throw fail("bootstrapReplicates", "at least 100, got \(bootstrapReplicates)") }
        guard samplingRate > 0, samplingRate.isFinite else { throw fail("samplingRate", "must be a positive rate in Hz") }
        for (name, t) in [("matching.before", matching.before), ("matching.after", matching.after)] where !(t >= 0 && t.isFinite) {
            throw fail(name, "must be a finite number of seconds ≥ 0, got \(t)")
        }
        var names = Set<String>()
        for (i, entry) in entries.enumerated() {
            let key = "entries[\(i)]"
            guard !entry.name.isEmpty, names.insert(entry.name).inserted else { throw fail("\(key).name", "empty or repeated name '\(entry.name)'") }
            guard !entry.datasets.isEmpty else { throw fail("\(key).dataset", "names no dataset") }
            for d in entry.datasets where datasets[d] == nil {
                throw fail("\(key).dataset", "unknown dataset '\(d)'; known: \(datasets.keys.sorted().joined(separator: ", "))")
            }
            for (parameter, range) in entry.search where range.values.isEmpty || range.values.contains(where: { !$0.isFinite }) {
                throw fail("\(key).search.\(parameter)", "needs at least one finite value")
            }
            if entry.model != nil, entry.recognizer != DTWTemplateMatcher.identifier {
                throw fail("\(key).model", "a trained model file is for dtw; give a tuned configuration as `configuration` instead")
            }
            if entry.search.values.reduce(1, { $0 * $1.values.count }) > 10_000 {
                throw fail("\(key).search", "more than 10000 combinations")
            }
        }
    }
}

extension SplitStrategy {
    /// Parses a split name: `leave-one-subject-out` (or `loso`), `grouped-k-fold:K[:subject|session]`,
    /// `stratified-k-fold:K`, `fixed:TRAIN:TEST` (session names). Shuffles use `seed`.
    public static func parse(_ text: String, seed: UInt64) throws(SplitError) -> SplitStrategy {
        let parts = text.split(separator: ":").map(String.init)
        func k() throws(SplitError) -> Int {
            guard parts.count >= 2, let k = Int(parts[1]) else { throw .invalidName(text) }
            return k
        }
        switch parts.first?.lowercased() {
        case "leave-one-subject-out", "loso": return .leaveOneSubjectOut
        case "grouped-k-fold":
            let grouping: Grouping
            switch parts.count > 2 ? parts[2].lowercased() : "subject" {
            case "subject": grouping = .subject
            case "session": grouping = .session
            default: throw .invalidName(text)
            }
            return .groupedKFold(k: try k(), grouping: grouping, seed: seed)
        case "stratified-k-fold": return .stratifiedKFold(k: try k(), seed: seed)
        case "fixed":
            guard parts.count == 3 else { throw .invalidName(text) }
            return .fixed(trainSession: parts[1], testSession: parts[2])
        default: throw .invalidName(text)
        }
    }
}
