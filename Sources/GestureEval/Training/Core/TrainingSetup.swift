import Foundation
import GestureKit
import GestureData

/// What a ``RecognizerTrainer`` is told about one method to train: the recognizer, its configuration and searched
/// ranges, the stages in front of it, the recordings' kind, how detections are matched and judged, and what a
/// search maximises. An experiment entry gives one (``Experiment/Entry/setup(configuration:kind:matching:objective:registry:)``);
/// nothing here depends on the experiment pipeline.
public struct TrainingSetup: Sendable {
    /// The name errors give (an experiment entry's name).
    public var name: String
    /// The recognizer identifier (`shake`, `dtw`, `minirocket`, …).
    public var recognizer: String
    /// The configuration as written (a preset file already read), or an empty map for the defaults.
    public var configuration: ConfigurationValue
    /// Values tried for each searched (dotted) configuration key, in the order given; empty without a search.
    public var search: [String: [Double]]
    /// Signal stages in front of the recognizer.
    public var stages: [StageSpecification]
    /// A trained model file used as is instead of training, for a trainer that reads one.
    package var modelFile: String?
    /// What the recordings hold.
    public var kind: Dataset.Kind
    /// How detections are matched to annotations.
    public var matching: EventMatching
    /// What a search maximises, under which budget.
    public var objective: TrainingObjective
    /// Whether events are judged as `label-direction` when they report a direction.
    public var directionInLabel: Bool
    /// Where recognizers come from.
    public var registry: RecognizerRegistry
    /// The name of the fold whose training part is trained on, inside an experiment's folds; `nil` elsewhere (a whole
    /// dataset). A trainer whose model depends on more than the recordings (detections written per fold) reads it.
    public var fold: String? = nil
    /// How the entry adapts to each test subject (``Experiment/Adaptation``), so that a trainer that adapts
    /// (``AdaptingTrainer``) can choose how strongly by simulating it on its training subjects; `nil`: no adaptation.
    package var adaptation: Experiment.Adaptation? = nil

    /// A setup; see the properties.
    public init(name: String, recognizer: String, configuration: ConfigurationValue = .object([:]), search: [String: [Double]] = [:],
                stages: [StageSpecification] = [], modelFile: String? = nil, kind: Dataset.Kind, matching: EventMatching = EventMatching(),
                objective: TrainingObjective = TrainingObjective(maximize: .f1), directionInLabel: Bool = false,
                registry: RecognizerRegistry) {
        self.name = name
        self.recognizer = recognizer
        self.configuration = configuration
        self.search = search
        self.stages = stages
        self.modelFile = modelFile
        self.kind = kind
        self.matching = matching
        self.objective = objective
        self.directionInLabel = directionInLabel
        self.registry = registry
    }

    /// What a trained model produced on judged recordings: events (continuous recordings, and segments that run a
    /// streaming recognizer) and one predicted label per recording (segments).
    public typealias Detections = (events: [[GestureEvent]], predicted: [String])

    /// An error about this setup, naming it.
    public func error(_ message: String) -> TrainingError { TrainingError(entry: name, message) }

    /// A fresh pipeline of the stages in front of `recognizers`: what is trained, evaluated and shipped.
    public func pipeline(_ recognizers: [any Recognizer]) throws(TrainingError) -> Pipeline {
        do { return Pipeline(stages: try StageSpecification.makeStages(stages), recognizers: recognizers) } catch {
            throw self.error("stages: \(error.description)")
        }
    }

    /// The stages a model reading `channels`, trained behind this setup on `recordings`, was scored behind, for its
    /// model file: the setup's stages, then the orientation-free channels' estimator that a pipeline adds for a
    /// physical channel when none is among them (``GestureKit/Pipeline/prepare(for:)``), its rhythm's source fixed to
    /// the signal the training recordings gave it (|ω| when every one has a gyroscope, |a| when none has; left to the
    /// sample when they differ). So `detect` rebuilds the scored pipeline, and refuses an input without the gyroscope
    /// the rhythm was trained on rather than reading |a| in its place. O(stages + recordings).
    package func scoredStages(reading channels: [MotionChannel], training recordings: [Recording]) -> [StageSpecification] {
        var result = stages
        guard channels.contains(where: \.isDerivableByPhysicalEstimation) else { return result }
        func isPhysical(_ s: StageSpecification) -> Bool { if case .physical = s { true } else { false } }
        if !result.contains(where: isPhysical) { result.append(.physical(PhysicalChannelEstimator.Configuration())) }
        guard channels.contains(where: { $0.physicalKind?.isRhythm == true }), !recordings.isEmpty else { return result }
        let withGyroscope = recordings.count { $0.has(Channel.rotationRate) }
        guard withGyroscope == 0 || withGyroscope == recordings.count else { return result }
        for i in result.indices {
            if case var .physical(c) = result[i], c.rhythmSource == nil {
                c.rhythmSource = withGyroscope == 0 ? .acceleration : .rotationRate
                result[i] = .physical(c)
            }
        }
        return result
    }

    /// `recordings` as the stages hand them on (see ``GestureData/Recording/staged(through:)``), for training that
    /// reads recordings directly (DTW examples, stream calibration); unchanged without stages. O(samples × stages).
    public func staged(_ recordings: [Recording]) throws(TrainingError) -> [Recording] {
        do { return try recordings.map { r throws(ConfigurationError) in try r.staged(through: stages) } } catch {
            throw self.error("stages: \(error.description)")
        }
    }

    /// `events` labelled as they are judged: `label-direction` when ``directionInLabel`` is set. O(events).
    public func labelled(_ events: [GestureEvent]) -> [GestureEvent] {
        guard directionInLabel else { return events }
        return events.map { e in
            var e = e
            if let d = e.direction { e.label += "-\(d.rawValue)" }
            return e
        }
    }

    /// `base` completed with the recognizer's defaults (what it actually runs with), after checking that it is
    /// valid and that every key of `keys` (default: the searched ones) names one of its settings.
    package func completeSettings(_ base: ConfigurationValue, keys: [String]? = nil) throws(TrainingError) -> ConfigurationValue {
        let made: any Recognizer
        do { made = try registry.makeRecognizer(recognizer, configuration: base.decoding) } catch {
            throw self.error(String(describing: error))
        }
        func settings<R: ConfigurableRecognizer>(_ r: R) -> ConfigurationValue? {
            (try? JSONEncoder().encode(r.configuration)).flatMap { try? JSONDecoder().decode(ConfigurationValue.self, from: $0) }
        }
        guard let configurable = made as? any ConfigurableRecognizer, let full = settings(configurable) else { return base }
        for key in (keys ?? search.keys.sorted()) where full[path: key] == nil {
            throw self.error("'\(key)' is not a setting of \(recognizer)")
        }
        return full
    }

    /// Checks that every searched key is one of `searchable`, in sorted order; the error lists them.
    package func requireSearchable(_ searchable: [String]) throws(TrainingError) {
        for key in search.keys.sorted() where !searchable.contains(key) {
            throw self.error("'\(key)' cannot be searched for \(recognizer); searchable: \(searchable.joined(separator: ", "))")
        }
    }

    /// A grid search over ``search`` from `base`, running candidates with `detect` (see ``ParameterSearch``).
    public func search<Model>(from base: ConfigurationValue,
                              detect: @escaping (Model, [Recording]) throws -> Detections) -> ParameterSearch<Model> {
        ParameterSearch(setup: self, base: base, detect: detect)
    }

    /// The `metric` of `events` (continuous) or `predicted` labels (segments) on judged `recordings`, as point
    /// values, with recall and false activations per hour of background (continuous): what a search chooses by.
    /// O(events + annotations).
    public func operatingPoint(events: [[GestureEvent]], predicted: [String], recordings: [Recording],
                               metric: TrainingMetric) -> TrainingObjective.OperatingPoint {
        switch kind {
        case .continuous:
            var counts = EventCounts()
            for (r, e) in zip(recordings, events) { counts = counts + matching.match(annotations: r.annotations, events: e).counts }
            let hours = recordings.reduce(0) { $0 + EventEvaluation.background(of: $1) } / 3600
            // No background: no false activation is possible unless something fired anyway.
            let falsePerHour = hours > 0 ? Double(counts.insertions) / hours : (counts.insertions > 0 ? .infinity : 0)
            return .init(score: metric.events.value(counts), recall: counts.recall, falsePerHour: falsePerHour)
        case .segments:
            // One bootstrap replicate: the search needs no interval.
            let truth = recordings.map { $0.annotations[0].label }
            guard let s = try? SegmentClassification(truth: truth, predicted: predicted, bootstrap: BootstrapOptions(replicates: 1)) else {
                return .init(score: .nan)
            }
            return .init(score: metric.segments.value(s).value)
        }
    }

    /// Runs `recognizer` behind the stages over judged `recordings` the way an app runs it (through
    /// ``GestureKit/Pipeline``, one sample at a time): events labelled as judged, and for segments the label of each
    /// recording's first completed event (or null). When `checkChannels`, a channel a recording lacks and nothing
    /// derives is an error rather than a silent recognizer or stage. O(total samples) recognizer steps, recordings in parallel.
    public func run(_ prototype: Pipeline, on recordings: [Recording], checkChannels: Bool) throws -> Detections {
        // Every recording: one without the gyroscope among others with it must not run on a substitute.
        if checkChannels {
            for r in recordings {
                guard let first = r.samples.first else { continue }
                var probe = prototype
                try probe.prepare(for: first)
            }
        }
        // Each run copies the prototype value, which was never fed a sample.
        let events = EventDetection.run(recordings) { prototype }.map(labelled)
        guard kind == .segments else { return (events, []) }
        return (events, events.map { $0.first { $0.phase == .ended }?.label ?? EventEvaluation.null })
    }
}
