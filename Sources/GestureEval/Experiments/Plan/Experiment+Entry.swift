import GestureKit
import GestureData

extension Experiment {
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
        /// For `recognizer: detections`: the folder of another tool's detections, `<recording id>.csv` (or
        /// `<fold>/<recording id>.csv`) with `start,end,label` and optionally `score` and `time`, seconds on the
        /// recording's clock. Scored as any entry is.
        public var detections: String?
        /// Annotation labels renamed before judging (and before ``labels`` is applied); the runner adds the
        /// experiment's ``Experiment/labelMap`` (this entry's rules win).
        public var labelMap: LabelMap
        /// What this entry's search maximises; `nil`: the experiment's ``Experiment/objective``.
        public var objective: TrainingObjective?
        /// The comparison group's name; `nil`: named after the dataset and labels. Entries share a group only
        /// when they are judged on the same annotations (see ``Experiment/comparisonGroups()``).
        public var group: String?
        /// Signal stages in front of the recognizer (`stages: [gravitySplit, {oneEuro: {…}}]`): training, evaluation,
        /// sweeps and `detect` run exactly this pipeline, and the trained model or configuration records it.
        public var stages: [StageSpecification]
        /// Whether this entry's settings were chosen after scoring it, or entries like it, on this experiment's folds
        /// (`tunedOnTheseFolds: true`): its figure then describes how well it fits these folds, not new people, and
        /// the report says so (``ExperimentWarning/tunedOnTheseFolds(entry:)``, and in its group's headline).
        public var tunedOnTheseFolds: Bool
        /// How the entry meets each test subject before it is scored (`adaptation: {labelled: K}`, `{unlabelled: all}`,
        /// `{unlabelled: S}`); `nil`: it does not adapt. Its recognizer's trainer must adapt (``AdaptingTrainer``).
        package var adaptation: Experiment.Adaptation?

        /// Creates an entry.
        public init(name: String, recognizer: String, configuration: ConfigurationSource? = nil, datasets: [String],
                    labels: [String] = [], directionInLabel: Bool = false, search: [String: ParameterRange] = [:], model: String? = nil,
                    labelMap: LabelMap = LabelMap(), objective: TrainingObjective? = nil, group: String? = nil,
                    stages: [StageSpecification] = [], tunedOnTheseFolds: Bool = false, detections: String? = nil) {
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
            self.group = group
            self.stages = stages
            self.tunedOnTheseFolds = tunedOnTheseFolds
            self.detections = detections
            adaptation = nil
        }

        private enum Keys: String, CodingKey {
            case name, recognizer, configuration, dataset, datasets, labels, directionInLabel, search, model, labelMap, objective, maxFalsePerHour, group, stages, tunedOnTheseFolds, detections, adaptation
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
            group = try c.decodeIfPresent(String.self, forKey: .group)
            stages = try c.decodeIfPresent([StageSpecification].self, forKey: .stages) ?? []
            tunedOnTheseFolds = try c.decodeIfPresent(Bool.self, forKey: .tunedOnTheseFolds) ?? false
            detections = try c.decodeIfPresent(String.self, forKey: .detections)
            adaptation = try c.decodeIfPresent(Experiment.Adaptation.self, forKey: .adaptation)
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
            try c.encodeIfPresent(group, forKey: .group)
            // Only when set, so entries without stages keep their encoding (results.json).
            if !stages.isEmpty { try c.encode(stages, forKey: .stages) }
            if tunedOnTheseFolds { try c.encode(true, forKey: .tunedOnTheseFolds) }
            try c.encodeIfPresent(detections, forKey: .detections)
            try c.encodeIfPresent(adaptation, forKey: .adaptation)
        }

        /// What this entry's trainer is told on recordings of `kind` (``TrainingSetup``): its configuration as read
        /// (`configuration`; with ``detections``, their folder and the judged labels added as `folder` and `labels`),
        /// search ranges, stages, model file, judging and adaptation.
        package func setup(configuration: ConfigurationValue = .object([:]), kind: Dataset.Kind = .continuous,
                          matching: EventMatching = EventMatching(), objective: TrainingObjective = TrainingObjective(maximize: .f1),
                          registry: RecognizerRegistry) -> TrainingSetup {
            var configuration = configuration
            if let detections {
                configuration = configuration.setting("folder", to: .string(detections)).setting("labels", to: .array(labels.map { .string($0) }))
            }
            var setup = TrainingSetup(name: name, recognizer: recognizer, configuration: configuration, search: search.mapValues(\.values),
                                      stages: stages, modelFile: model, kind: kind, matching: matching, objective: objective,
                                      directionInLabel: directionInLabel, registry: registry)
            setup.adaptation = adaptation
            return setup
        }

        /// A fresh pipeline of this entry's stages in front of `recognizers`: what is trained, evaluated and shipped.
        func pipeline(_ recognizers: [any Recognizer]) throws(ExperimentError) -> Pipeline {
            do { return try setup(registry: RecognizerRegistry()).pipeline(recognizers) } catch { throw ExperimentError(error) }
        }

        /// Whether annotation `label` is judged.
        package func judges(_ label: String) -> Bool {
            labels.isEmpty || labels.contains { $0.hasSuffix("*") ? label.hasPrefix($0.dropLast()) : $0 == label }
        }
    }
}
