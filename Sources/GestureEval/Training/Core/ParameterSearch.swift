import GestureKit
import GestureData

/// A grid search over a setup's ``TrainingSetup/search`` ranges: every combination is applied to
/// the base configuration, turned into a model by `make` (the configuration itself, or DTW
/// templates trained on the same recordings), run over the training recordings by `detect`, and scored with
/// the objective's metric; the best wins (ties and undefined scores: the earlier combination, keys in sorted
/// order, values in the order given). Only training recordings are seen, so there is no leakage.
///
/// A model learned from examples finds its own examples in the training recordings, so scoring it there
/// favours whatever fits them most closely. When training already spotted each training recording with a
/// model learned without that recording's subject (cross-fitted stream calibration), the search scores those
/// held-out detections instead: on SwimWatch_Turns this chose context and envelope values that score
/// F1 0.69 on the test swimmers, against 0.62 when chosen by in-sample detections.
public struct ParameterSearch<Model: Sendable> {
    /// One combination's model, and, when its training produced them, the detections on each training recording
    /// of a model learned without that recording's subject, which the search scores instead of running `model`.
    public struct Candidate {
        /// The model trained on all training recordings.
        public var model: Trained<Model>
        /// Per training recording (in the order given to ``best(on:make:)``), held-out detections; `nil`: run `model`.
        public var heldOutEvents: [[GestureEvent]]? = nil

        /// A candidate; see the properties.
        public init(model: Trained<Model>, heldOutEvents: [[GestureEvent]]? = nil) {
            self.model = model
            self.heldOutEvents = heldOutEvents
        }
    }

    /// The ranges (``TrainingSetup/search``), the objective, the recordings' kind, matching and judging.
    var setup: TrainingSetup
    /// The configuration the combinations are applied to.
    var base: ConfigurationValue
    /// Runs a candidate's model over the training recordings (when it brings no held-out detections).
    var detect: (Model, [Recording]) throws -> TrainingSetup.Detections

    /// Every combination as (key, value) pairs, keys sorted; one empty combination without ranges.
    var combinations: [[(String, Double)]] {
        var result: [[(String, Double)]] = [[]]
        for key in setup.search.keys.sorted() {
            result = result.flatMap { partial in setup.search[key]!.map { partial + [(key, $0)] } }
        }
        return result
    }

    /// The base configuration with `combination` applied.
    func configuration(_ combination: [(String, Double)]) -> ConfigurationValue {
        combination.reduce(base) { $0.setting($1.0, to: .number($1.1)) }
    }

    /// The best combination on `recordings` (already reduced to judged annotations) under the setup's
    /// ``TrainingObjective``. The summary holds the chosen values and the operating point (score; for continuous
    /// recordings also recall and false activations per hour; whether the scores come from held-out detections),
    /// and under a budget whether it was met (when no combination met it, the one with the fewest false
    /// activations was taken).
    /// Without ranges and budget the base configuration is returned unscored.
    public func best(on recordings: [Recording], make: (ConfigurationValue) throws(TrainingError) -> Candidate) throws(TrainingError) -> Trained<Model> {
        let kind = setup.kind, objective = setup.objective
        let combinations = self.combinations
        guard !setup.search.isEmpty || objective.maxFalsePerHour != nil else { return try make(base).model }
        if objective.maxFalsePerHour != nil, kind != .continuous {
            throw setup.error("maxFalsePerHour counts false activations in continuous recordings; this dataset has segments")
        }
        var points: [TrainingObjective.OperatingPoint] = []
        var heldOut = false
        for combination in combinations {
            let candidate = try make(configuration(combination))
            do {
                let (events, predicted): ([[GestureEvent]], [String])
                if let detections = candidate.heldOutEvents {
                    (events, predicted) = (detections.map(setup.labelled), [])
                    heldOut = true
                } else {
                    (events, predicted) = try detect(candidate.model.model, recordings)
                }
                points.append(setup.operatingPoint(events: events, predicted: predicted, recordings: recordings, metric: objective.maximize))
            } catch {
                let values = combination.map { "\($0.0)=\($0.1)" }.joined(separator: ", ")
                throw setup.error("search combination \(values): \(error)")
            }
        }
        let (index, meetsBudget) = objective.choose(points)
        let chosen = combinations[index], point = points[index]
        let continuous = kind == .continuous
        let summary = TrainingSummary(
            values: Dictionary(uniqueKeysWithValues: chosen),
            operatingPoint: .init(score: point.score, recall: continuous ? point.recall : nil,
                                  falsePerHour: continuous ? point.falsePerHour : nil, heldOut: heldOut),
            budget: objective.maxFalsePerHour.map { .init(maxFalsePerHour: $0, met: meetsBudget) })
        // What training reported (nothing for a configuration), with the search's choice added.
        var model = try make(configuration(chosen)).model
        model.summary = model.summary.merging(summary)
        return model
    }
}
