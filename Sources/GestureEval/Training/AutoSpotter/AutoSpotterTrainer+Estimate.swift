import GestureKit
import GestureData

/// The plan's cost of a spotter step: the candidates the search compares, each as the training it runs on the
/// cross-fitting units, then the winner's retraining, counted from the training recordings without training anything.
extension AutoSpotterTrainer {
    /// What a training step processes: each compared candidate's training, and the retraining at full fidelity.
    package struct Workload: Codable, Hashable, Sendable {
        /// Rounds 1 and 2's window classifiers (``AutoSpotterRecipe/firstRoundCandidates`` and
        /// ``AutoSpotterRecipe/secondRound(normalization:)``), each a `minirocket-stream` training at the comparison's
        /// fidelity on the cross-fitting units: its windows, channels, held-out models (no model of all windows when
        /// there are several) and the units' windows scored, lead-ins included.
        package var candidates: [MiniRocketWorkload]
        /// Rounds 3 and 4 (balanced class weights, the other normalisation): each a variant of a candidate above that
        /// is known only once they ran, so each costs their mean.
        package var variants: Int
        /// Round 6's templates (``AutoSpotterRecipe/templateCandidates``), each a `dtw` training on the units.
        package var templates: [DTWWorkload]
        /// Samples of the cross-fitting units, lead-ins included: what each template candidate's calibration spots.
        package var unitSamples: Int
        /// Each of ``candidates`` at full fidelity (the entry's features, hard negatives): the winner's retraining,
        /// which costs their mean, its testing as `minirocket-stream`.
        package var retrained: [MiniRocketWorkload]
    }

    /// Counts the candidates as ``fit(_:on:)`` enumerates them, on the units ``crossFittingUnits(_:)`` cuts (the recipe
    /// from the whole recordings, as the memo of their rhythm already holds them). `nil` for segments or an invalid
    /// configuration. O(samples + candidates × (recordings + annotations)).
    package func workload(_ setup: TrainingSetup, training judged: [Recording]) -> Workload? {
        guard setup.kind == .continuous, let fixed = try? fixedKeys(setup),
              let recipe = try? AutoSpotterRecipe(setup.matching.withoutIgnored(judged), fixed: fixed) else { return nil }
        let (parts, pseudo) = Self.crossFittingUnits(judged)
        // A part's lead-in is read and scored but neither trained on nor judged: its time counts, its annotation does not.
        let units = setup.matching.withoutIgnored(pseudo ? parts.map { part in
            var part = part
            part.annotations.removeAll { $0.label == Self.leadIn }
            return part
        } : parts)
        let windows = recipe.firstRoundCandidates + recipe.secondRound(normalization: nil)
        func stream(_ configuration: ConfigurationValue) -> MiniRocketWorkload? {
            (try? configuration.decoding.decode(MiniRocketStreamSettings.self)).flatMap { MiniRocketWorkload(stream: $0, judged: units) }
        }
        // A comparison whose units are all held out fits no model on all windows.
        func compared(_ configuration: ConfigurationValue) -> MiniRocketWorkload? {
            guard var w = stream(configuration) else { return nil }
            w.fitsAllWindows = w.crossFitTrainings < 2
            return w
        }
        // A fixed key can make two candidates one: the search trains it once.
        var seen: [ConfigurationValue] = []
        let selection = windows.map { $0.configuration(fixed: fixed, overrides: Self.selectionOverrides) }.filter { c in
            defer { seen.append(c) }
            return !seen.contains(c)
        }
        let templates = recipe.templateCandidates.compactMap { candidate -> DTWWorkload? in
            var s = setup
            (s.configuration, s.search) = (candidate.configuration(fixed: fixed), [:])
            return DTWTemplateMatcherTrainer().workload(s, training: units)
        }
        let candidates = selection.compactMap(compared)
        guard !candidates.isEmpty else { return nil }
        return Workload(candidates: candidates, variants: 2, templates: templates, unitSamples: units.reduce(0) { $0 + $1.count },
                        retrained: windows.compactMap { stream($0.configuration(fixed: fixed)) })
    }

    /// The sum over the compared candidates of their trainings (``MiniRocketStreamTrainer`` and
    /// ``DTWTemplateMatcherTrainer`` estimates, rounds 3 and 4 at the mean of the rest), the ensemble's calibration
    /// left out (no transform), then the mean retraining with the tests as `minirocket-stream`. `nil` when nothing
    /// was counted. O(candidates).
    package func estimatedSeconds(of w: Workload, training samples: Int, searched: Double, testing: TrainingWorkload.Testing,
                                 model: TrainingCostModel) -> Double? {
        let rocket = MiniRocketStreamTrainer(), none = TrainingWorkload.Testing(samples: 0, recordings: 0, units: 0)
        let compared = w.candidates.compactMap { rocket.estimatedSeconds(of: $0, training: w.unitSamples, searched: 0, testing: none, model: model) }
        let retrained = w.retrained.compactMap { rocket.estimatedSeconds(of: $0, training: w.unitSamples, searched: 0, testing: testing, model: model) }
        guard !compared.isEmpty, !retrained.isEmpty else { return nil }
        let templates = w.templates.compactMap {
            DTWTemplateMatcherTrainer().estimatedSeconds(of: $0, training: w.unitSamples, searched: 0, testing: none, model: model)
        }
        let sum: Double = compared.reduce(0, +)
        let variants: Double = sum * Double(w.variants) / Double(compared.count)
        let retraining: Double = retrained.reduce(0, +) / Double(retrained.count)
        return sum + variants + templates.reduce(0, +) + retraining
    }
}
