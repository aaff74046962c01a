import GestureKit
import GestureData

/// Stream calibration of DTW templates: the matcher's candidates on each recording, swept by
/// ``StreamCalibration``'s one rule.
extension StreamCalibration {
    /// The model with stream-calibrated thresholds for every class that has annotations in `recordings`
    /// (other classes keep the `mean + k·σ` rule), the choice per class, sorted by label, and per recording the
    /// detections at those thresholds: the candidates that the chosen thresholds keep, in time order. With
    /// cross-fitted `spotters` these are what templates trained without each recording's subject report on it,
    /// the held-out detections by which ``ParameterSearch`` scores a candidate configuration.
    ///
    /// `recordings` are continuous training recordings with only the judged annotations. `spotters`, when
    /// given, holds one model per recording that finds its candidates: for cross-fitting, a model trained
    /// without that recording's subject, so that templates cut from a recording do not find themselves at
    /// distance 0 there (which sets thresholds far stricter than unseen data allows). The spotters must share
    /// `model`'s channels and preprocessing, so that their distances are on the same scale.
    package func calibrate(_ model: DTWModel, on recordings: [Recording],
                          spotters: [DTWModel]? = nil) throws(ConfigurationError) -> (model: DTWModel, choices: [Choice], detections: [[GestureEvent]]) {
        precondition(spotters == nil || spotters!.count == recordings.count, "one spotter per recording")
        var scored: [[[EventStage.Candidate]]] = []
        for (i, r) in recordings.enumerated() {
            scored.append(try DTWTemplateMatcher.scoredCandidates(spotters?[i] ?? model, samples: r.samples))
        }
        let events = scored.indices.map { Self.sweepable(scored[$0], spottedBy: spotters?[$0] ?? model) }
        let choices = choose(candidates: events, recordings: recordings, labels: model.labels)
        var thresholds = model.thresholds
        for c in choices { thresholds[c.label] = c.threshold }
        let calibrated = model.withRejection(thresholds: thresholds)
        // What the matcher streams at these thresholds, by its own rule; the choices state those detections.
        let detections = scored.indices.map { DTWTemplateMatcher.events(of: scored[$0], spottedBy: spotters?[$0], model: calibrated) }
        return (calibrated, restate(choices, detections: detections, recordings: recordings), detections)
    }

    /// The stretches of each recording where `model`, at its thresholds, fires on no annotation (the
    /// *insertions* of ``EventMatching``): the hard negatives from which background templates are chosen
    /// (``DTWTrainer/backgroundTemplates(from:for:count:)``). `spotters` as in ``calibrate(_:on:spotters:)``:
    /// candidates come from the spotter, thresholds from `model`.
    ///
    /// - Returns: per recording, the false activations' (start, end) times in seconds, in time order.
    package func falseActivations(_ model: DTWModel, on recordings: [Recording],
                                 spotters: [DTWModel]? = nil) throws(ConfigurationError) -> [[(start: Double, end: Double)]] {
        precondition(spotters == nil || spotters!.count == recordings.count, "one spotter per recording")
        var detections: [[GestureEvent]] = []
        for (i, r) in recordings.enumerated() {
            let scored = try DTWTemplateMatcher.scoredCandidates(spotters?[i] ?? model, samples: r.samples)
            detections.append(DTWTemplateMatcher.events(of: scored, spottedBy: spotters?[i], model: model))
        }
        return falseActivations(detections: detections, on: recordings)
    }

    /// The candidates a threshold sweep reads (``DTWTemplateMatcher/candidates(of:model:)``) as events whose score
    /// is the normalised distance, in time order. O(M log M).
    static func sweepable(_ runs: [[EventStage.Candidate]], spottedBy model: DTWModel) -> [GestureEvent] {
        DTWTemplateMatcher.candidates(of: runs, model: model).map {
            GestureEvent(label: $0.label, phase: .ended, start: $0.start, end: $0.end, time: $0.end, score: $0.distance,
                         details: ["template": Double($0.template)])
        }
    }
}
