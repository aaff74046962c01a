import GestureKit

/// Chooses a ``DTWModel``'s per-class rejection thresholds on continuous training recordings, background
/// included, instead of on the training examples alone (the `mean + k·σ` rule).
///
/// One pass: ``DTWTemplateMatcher/candidates(_:samples:)`` runs the model's spotters once over every
/// recording with rejection off and keeps, by non-maximum suppression in order of distance, the matches it
/// could report at some threshold; a stricter threshold only removes candidates, so the detections at
/// threshold τ are the candidates with distance ≤ τ. Per class, candidates are added in order of distance and after each distinct distance only the
/// recording that gained one is re-matched with ``EventMatching`` (the project's matching, against every
/// judged annotation); the chosen state's threshold is halfway between its last included distance and the
/// next candidate's (the largest candidate distance when all are kept; 0 when none are).
///
/// Per class c: detections = events of c, annotations = annotations labelled c, true positives = events of c
/// matched to an annotation labelled c, false activations = events of c intersecting no annotation window,
/// per hour of background (``EventEvaluation/background(of:)``).
///
/// - Complexity: one spotting pass (O(samples × Σ template lengths), without threshold pruning), then
///   O(C log C + C × M) for C candidates, M the cost of matching one recording.
public struct StreamCalibration: Hashable, Sendable {
    /// What a class's threshold optimises.
    public enum Objective: Hashable, Sendable {
        /// The largest event F1 (ties: the stricter threshold).
        case f1
        /// The largest recall with at most this many false activations per hour of background (ties: the
        /// stricter threshold). When no threshold meets the budget, the class never fires (threshold 0).
        case maxFalsePerHour(Double)
    }

    /// The operating point chosen for one class.
    public struct Choice: Hashable, Sendable, Codable {
        /// The class.
        public var label: String
        /// The threshold on the normalised distance.
        public var threshold: Double
        /// Candidates of the class, and how many the threshold keeps.
        public var candidates: Int
        /// Candidates kept.
        public var kept: Int
        /// Event precision, recall and F1 of the class on the training recordings at the threshold.
        public var precision: Double
        /// See ``precision``.
        public var recall: Double
        /// See ``precision``.
        public var f1: Double
        /// False activations per hour of background at the threshold.
        public var falsePerHour: Double
    }

    /// The objective.
    public var objective: Objective
    /// How candidates are matched to annotations (the experiment's tolerances).
    public var matching: EventMatching

    /// Creates a calibration.
    public init(objective: Objective = .f1, matching: EventMatching = EventMatching()) {
        self.objective = objective
        self.matching = matching
    }

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
    public func calibrate(_ model: DTWModel, on recordings: [Recording],
                          spotters: [DTWModel]? = nil) throws(ConfigurationError) -> (model: DTWModel, choices: [Choice], detections: [[GestureEvent]]) {
        precondition(spotters == nil || spotters!.count == recordings.count, "one spotter per recording")
        var events: [[GestureEvent]] = []
        for (i, r) in recordings.enumerated() {
            events.append(try Self.candidateEvents(spotters?[i] ?? model, on: r))
        }
        let choices = choose(candidates: events, recordings: recordings, labels: model.labels)
        var thresholds = model.thresholds
        for c in choices { thresholds[c.label] = c.threshold }
        let calibrated = model.withRejection(thresholds: thresholds)
        return (calibrated, choices, events.map { Self.kept($0, by: calibrated) })
    }

    /// The operating point of each of `labels` that has annotations, from candidate events (one array per
    /// recording, `score` = normalised distance) found with rejection off.
    public func choose(candidates events: [[GestureEvent]], recordings: [Recording], labels: [String]) -> [Choice] {
        let backgroundHours = recordings.reduce(0) { $0 + EventEvaluation.background(of: $1) } / 3600
        var choices: [Choice] = []
        for label in labels.sorted() {
            let annotations = recordings.reduce(0) { $0 + $1.annotations.count { $0.label == label } }
            guard annotations > 0 else { continue }
            // (distance, recording, event), strictest first; ties in input order.
            var sorted: [(distance: Double, recording: Int, event: GestureEvent)] = []
            for (r, list) in events.enumerated() {
                for e in list where e.label == label && matching.phases.contains(e.phase) { sorted.append((e.score, r, e)) }
            }
            sorted = sorted.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }.map(\.element)

            var included = [[GestureEvent]](repeating: [], count: recordings.count)
            var perRecording = [(tp: Int, insertions: Int)](repeating: (0, 0), count: recordings.count)
            var tp = 0, insertions = 0
            func score(kept: Int) -> (value: Double, recall: Double, fph: Double, precision: Double, f1: Double) {
                let recall = Double(tp) / Double(annotations)
                let f1 = 2 * Double(tp) / Double(kept + annotations)
                let fph = backgroundHours > 0 ? Double(insertions) / backgroundHours : (insertions > 0 ? .infinity : 0)
                let precision = kept == 0 ? .nan : Double(tp) / Double(kept)
                let value: Double = switch objective {
                case .f1: f1
                case let .maxFalsePerHour(budget): fph <= budget ? recall : -1
                }
                return (value, recall, fph, precision, f1)
            }
            var best = (kept: 0, score: score(kept: 0))
            var k = 0
            while k < sorted.count {
                // Every candidate at this distance enters together.
                let d = sorted[k].distance
                var touched = Set<Int>()
                while k < sorted.count, sorted[k].distance == d {
                    included[sorted[k].recording].append(sorted[k].event)
                    touched.insert(sorted[k].recording)
                    k += 1
                }
                for r in touched {
                    let c = matching.match(annotations: recordings[r].annotations, events: included[r]).counts
                    let now = (tp: c.truePositives, insertions: c.insertions)
                    tp += now.tp - perRecording[r].tp
                    insertions += now.insertions - perRecording[r].insertions
                    perRecording[r] = now
                }
                let s = score(kept: k)
                if s.value > best.score.value { best = (k, s) }
            }
            let threshold: Double
            if best.kept == 0 {
                threshold = 0
            } else if best.kept < sorted.count {
                threshold = (sorted[best.kept - 1].distance + sorted[best.kept].distance) / 2
            } else {
                threshold = sorted[best.kept - 1].distance
            }
            let s = best.score
            choices.append(Choice(label: label, threshold: threshold, candidates: sorted.count, kept: best.kept,
                                  precision: s.precision, recall: s.recall, f1: s.f1, falsePerHour: s.fph))
        }
        return choices
    }

    /// The stretches of each recording where `model`, at its thresholds, fires on no annotation (the
    /// *insertions* of ``EventMatching``): the hard negatives from which background templates are chosen
    /// (``DTWTrainer/backgroundTemplates(from:for:count:)``). `spotters` as in ``calibrate(_:on:spotters:)``:
    /// candidates come from the spotter, thresholds from `model`.
    ///
    /// - Returns: per recording, the false activations' (start, end) times in seconds, in time order.
    public func falseActivations(_ model: DTWModel, on recordings: [Recording],
                                 spotters: [DTWModel]? = nil) throws(ConfigurationError) -> [[(start: Double, end: Double)]] {
        precondition(spotters == nil || spotters!.count == recordings.count, "one spotter per recording")
        var detections: [[GestureEvent]] = []
        for (i, r) in recordings.enumerated() {
            detections.append(Self.kept(try Self.candidateEvents(spotters?[i] ?? model, on: r), by: model))
        }
        return falseActivations(detections: detections, on: recordings)
    }

    /// The false activations among `detections` (one array per recording, e.g. the detections
    /// ``calibrate(_:on:spotters:)`` returns), as ``falseActivations(_:on:spotters:)`` gives them. O(matching).
    public func falseActivations(detections: [[GestureEvent]], on recordings: [Recording]) -> [[(start: Double, end: Double)]] {
        zip(recordings, detections).map { r, events in
            let outcomes = matching.match(annotations: r.annotations, events: events).detectionOutcomes
            return zip(events, outcomes).filter { $0.1 == .insertion }.map { ($0.0.start, $0.0.end) }
        }
    }

    /// The candidates that `model`'s thresholds keep (a class without a threshold keeps none).
    static func kept(_ candidates: [GestureEvent], by model: DTWModel) -> [GestureEvent] {
        candidates.filter { e in model.threshold(for: e.label).map { e.score <= $0 } ?? false }
    }

    /// Every candidate of `model` on `recording` (see ``DTWTemplateMatcher/candidates(_:samples:)``) as an
    /// event whose score is its normalised distance.
    static func candidateEvents(_ model: DTWModel, on recording: Recording) throws(ConfigurationError) -> [GestureEvent] {
        try DTWTemplateMatcher.candidates(model, samples: recording.samples).map {
            GestureEvent(label: $0.label, phase: .ended, start: $0.start, end: $0.end, time: $0.end, score: $0.distance,
                         details: ["template": Double($0.template)])
        }
    }
}
