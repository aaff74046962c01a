import GestureKit
import GestureData

/// How DTW templates adapt to one person: each of the person's labelled events in the calibration stretch, cut as
/// training cuts examples (the model's context around it, its channels derived, its envelope when the model compares
/// envelopes, scaled per channel, then the model's preprocessing), joins the templates of its class. With a
/// ``thresholdWeight`` above 0, each class's rejection threshold also moves toward the person's: the threshold the
/// training rule (``StreamCalibration``) chooses on the stretch, spotted by the population's templates (the person's
/// own would find themselves at distance 0 there), t = (1 − w)·t₀ + w·t_person. Unlabelled data carry no examples:
/// the templates stay as they are.
///
/// - Complexity: O(samples of the stretch × channels) to cut the examples, and one pass of the matcher over the
///   stretch when thresholds move; the matcher indexes the added templates when it is built.
package struct DTWTemplateAdaptation: Sendable {
    /// Weight of the person's thresholds against the population's, 0…1 (0: thresholds stay).
    package var thresholdWeight: Double

    /// An adaptation; see ``thresholdWeight``.
    package init(thresholdWeight: Double = 0) { self.thresholdWeight = thresholdWeight }

    /// `model` with the person's examples from `recordings` (staged; annotated with the judged events when `labelled`)
    /// added as templates of their class, thresholds moved as described above by `objective`'s rule; annotations
    /// `matching` ignores, and classes the model lacks, add none. A class without events in the stretch keeps its
    /// threshold.
    package func adapt(_ model: DTWModel, to recordings: [Recording], labelled: Bool, matching: EventMatching,
                       objective: StreamCalibration.Objective = .f1) throws -> DTWModel {
        guard labelled else { return model }
        var adapted = model
        let classes = Set(model.labels)
        for r in recordings {
            let derived = DTWExamples.derivingChannels(model.channels, of: r)
            let compared = try DTWExamples.enveloped(derived, channels: model.channels, seconds: model.movingDeviation)
            for a in r.annotations where !matching.ignores(a.label) && classes.contains(a.label) {
                let part = compared.slice(from: a.start - model.context, to: a.end + model.context)
                guard part.count >= 2 else { continue }
                // As the trainer prepares a template: scaled per channel, then preprocessed.
                let series = try model.preprocessing.apply(try model.scaled(try DTWExamples.series(part, channels: model.channels)),
                                                           samplingRate: model.samplingRate)
                adapted.templates.append(DTWModel.Template(label: a.label, series: series))
            }
        }
        guard thresholdWeight > 0, !recordings.isEmpty else { return adapted }
        let judged = recordings.map { r in
            var kept = r
            kept.annotations.removeAll { matching.ignores($0.label) || !classes.contains($0.label) }
            return kept
        }
        let choices = try StreamCalibration(objective: objective, matching: matching).calibrate(model, on: judged).choices
        var thresholds = adapted.thresholds
        for c in choices where c.threshold.isFinite && judged.contains(where: { $0.annotations.contains { $0.label == c.label } }) {
            guard let t0 = model.threshold(for: c.label) else { continue }
            thresholds[c.label] = (1 - thresholdWeight) * t0 + thresholdWeight * c.threshold
        }
        return adapted.withRejection(thresholds: thresholds)
    }
}
