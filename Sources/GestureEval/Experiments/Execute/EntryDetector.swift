import GestureKit
import GestureData

/// Runs a trained entry over judged recordings the way an app runs a recognizer (through
/// ``GestureKit/Pipeline``, one sample at a time), and scores candidates of a search.
struct EntryDetector: Sendable {
    /// The entry (its label map already merged with the experiment's).
    var entry: Experiment.Entry
    /// What the recordings hold.
    var kind: Dataset.Kind
    /// Where recognizers come from.
    var registry: RecognizerRegistry
    /// Matching tolerances.
    var matching: EventMatching

    /// Runs `model` on judged `recordings`: events (continuous; segments that run a streaming recognizer too)
    /// and predicted labels (segments: the DTW or MiniRocket classifier's label, or the first completed event's, or null).
    /// O(total samples) recognizer steps, recordings in parallel.
    func detect(_ model: TrainedModel, on recordings: [Recording]) throws -> (events: [[GestureEvent]], predicted: [String]) {
        if kind == .segments, case let .dtw(dtwModel, _) = model {
            let classifier = try DTWClassifier(model: dtwModel)
            let predicted = try recordings.map { r throws -> String in
                try classifier.classify(DTWExamples.series(r.staged(through: dtwModel.stages), model: dtwModel)).label ?? EventEvaluation.null
            }
            return ([], predicted)
        }
        if case let .miniRocket(rocketModel, _) = model, rocketModel.stream == nil {
            guard kind == .segments else {
                throw ExperimentError(entry: entry.name, "minirocket classifies segments; to spot gestures in continuous recordings use recognizer minirocket-stream")
            }
            let classifier = try MiniRocketClassifier(model: rocketModel)
            let series = try recordings.map { try MiniRocketTrainingSettings.series($0.staged(through: entry.stages), model: rocketModel) }
            return ([], try classifier.classify(series, threads: Parallelism.threads).map(\.label))
        }
        // The pipeline that ships: the entry's stages in front of the recognizer (a DTW model records them).
        let prototype: Pipeline = switch model {
        case let .configuration(value, _): try entry.pipeline([try registry.makeRecognizer(entry.recognizer, configuration: value.decoding)])
        case let .dtw(dtwModel, _): try Pipeline(model: dtwModel)
        // A stream model (segment classifiers returned above) runs behind the entry's stages, like any recognizer.
        case let .miniRocket(rocketModel, _): try entry.pipeline([try MiniRocketSpotter(configuration: rocketModel)])
        }
        let trained: Bool = switch model {
        case .dtw, .miniRocket: true
        case .configuration: false
        }
        if trained, let first = recordings.first?.samples.first {
            // A channel the recordings lack and nothing derives would leave the matcher silent: say so.
            var probe = prototype
            try probe.prepare(for: first)
        }
        // Each run copies the prototype value, which was never fed a sample.
        let events = EventDetection.run(recordings) { prototype }.map(entry.labelled)
        guard kind == .segments else { return (events, []) }
        return (events, events.map { $0.first { $0.phase == .ended }?.label ?? EventEvaluation.null })
    }

    /// The `metric` of `events` (continuous) or `predicted` labels (segments) on judged `recordings`, as point
    /// values, with recall and false activations per hour of background (continuous): what a search chooses by.
    func operatingPoint(events: [[GestureEvent]], predicted: [String], recordings: [Recording],
                        metric: Experiment.Metric) -> TrainingObjective.OperatingPoint {
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
}
