import GestureKit
import GestureData

/// How DTW templates adapt to one person: each of the person's labelled events in the calibration stretch, cut as
/// training cuts examples (the model's context around it, its channels derived, its envelope when the model compares
/// envelopes, scaled per channel, then the model's preprocessing), joins the templates of its class. The thresholds stay (a nearer
/// template can only lower a window's distance, so the person's own gestures are found more readily). Unlabelled data
/// carry no examples: the templates stay as they are.
///
/// - Complexity: O(samples of the stretch × channels) to cut the examples; the matcher indexes the added templates
///   when it is built.
package struct DTWTemplateAdaptation: Sendable {
    /// An adaptation.
    package init() {}

    /// `model` with the person's examples from `recordings` (staged; annotated with the judged events when `labelled`)
    /// added as templates of their class; annotations `matching` ignores, and classes the model lacks, add none.
    package func adapt(_ model: DTWModel, to recordings: [Recording], labelled: Bool, matching: EventMatching) throws -> DTWModel {
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
        return adapted
    }
}
