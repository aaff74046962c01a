import Foundation
import GestureKit
import GestureData

/// The spotter with no settings meets each person (``AdaptingTrainer``): a window classifier adapts by
/// ``MiniRocketStreamAdaptation`` with the strengths its training chose (``adaptationStrength(_:units:setup:)``);
/// templates adapt by ``DTWTemplateAdaptation``, their thresholds moving by a forced strength's threshold weight.
extension AutoSpotterTrainer: AdaptingTrainer {
    /// `model` adapted to `person`: the person's calibration recordings behind the entry's stages, then the window
    /// classifier's levers at the strengths in `summary` (``MiniRocketStreamAdaptation/unchosen`` when training chose
    /// none), or the person's examples joining the templates. The summary gains the strengths used.
    package func adapt(_ model: AutoSpotterModel, summary: TrainingSummary, to person: PersonCalibration,
                       setup: TrainingSetup) throws(TrainingError) -> Trained<AutoSpotterModel> {
        let recordings = try setup.staged(person.recordings)
        var summary = summary
        do {
            switch model {
            case let .windows(windows):
                // The strengths training chose: the summary's within a run, the file's for a model read back.
                let strength = MiniRocketStreamAdaptation(summary: summary)
                    ?? windows.selection?.adaptation.flatMap { MiniRocketStreamAdaptation(summary: TrainingSummary(values: $0)) } ?? .unchosen
                summary.values.merge(strength.summaryValues) { $1 }
                let adapted = try strength.adapt(windows, to: recordings, labelled: person.isLabelled,
                                                 fitter: try Self.fitter(for: windows, setup: setup))
                return Trained(.windows(adapted), summary: summary)
            case let .templates(templates):
                // Thresholds move only by a recorded (forced) strength; otherwise the person's examples alone join.
                let weight = (MiniRocketStreamAdaptation(summary: summary)
                    ?? templates.selection?.adaptation.flatMap { MiniRocketStreamAdaptation(summary: TrainingSummary(values: $0)) })?.thresholdWeight ?? 0
                let adapted = try DTWTemplateAdaptation(thresholdWeight: weight).adapt(templates, to: recordings, labelled: person.isLabelled,
                                                                                     matching: setup.matching)
                summary.values["adaptTemplatesAdded"] = Double(adapted.templates.count - templates.templates.count)
                return Trained(.templates(adapted), summary: summary)
            }
        } catch let error as TrainingError { throw error } catch {
            throw setup.error("spotter adaptation to \(person.subject): \(error)")
        }
    }

    /// The window and calibration rules a model was trained by: its stream's window, context, refractory time and
    /// background class, with the entry's fixed keys (its calibration objective). Throws for settings that do not decode.
    static func fitter(for model: MiniRocketModel, setup: TrainingSetup) throws -> MiniRocketStreamFitter {
        guard let stream = model.stream else { throw ConfigurationError(key: "stream", "a window classifier without a stream section cannot adapt") }
        var fixed = (try? AutoSpotterTrainer().fixedKeys(setup)) ?? [:]
        fixed.merge(["window": .number(stream.window), "context": .number(stream.context), "refractoryTime": .number(stream.refractoryTime),
                     "backgroundLabel": .string(stream.backgroundLabel)]) { $1 }
        return MiniRocketStreamFitter(settings: try ConfigurationValue.object(fixed).decoding.decode(MiniRocketStreamSettings.self), matching: setup.matching)
    }

    /// How strongly a window classifier adapts under the setup's protocol (``TrainingSetup/adaptation``), chosen inside
    /// the training fold: the protocol simulated on each training subject (`units`, staged, the cross-fitting units) with
    /// the held-out model that did not see it (`result`'s), at `result.model`'s thresholds, its calibration stretch
    /// marked don't-care, and the strength whose pooled detections score best by the setup's objective kept
    /// (``MiniRocketStreamAdaptation/none`` first, so it wins ties). The test subjects are never read: only `units`.
    /// Empty without a protocol or without a held-out model; a protocol's forced strength
    /// (``Experiment/Adaptation/strength``) as it is, with `adaptForced` 1. With `pseudoSubjects` (one training person,
    /// cut into parts for cross-fitting) there is no other person to simulate: parts of the same person say nothing of
    /// how a new one differs, so the strength fixed before any data (``MiniRocketStreamAdaptation/unchosen``) is kept,
    /// with `adaptPrior` 1.
    ///
    /// - Complexity: per subject and strength that changes the scores (ridge or standardisation), one transform of the
    ///   subject's windows; thresholds are compared on those scores.
    static func adaptationStrength(_ result: MiniRocketStreamFitter.Result, units: [Recording],
                                   setup: TrainingSetup, pseudoSubjects: Bool = false) throws -> [String: Double] {
        if let forced = setup.adaptation?.strength {
            return MiniRocketStreamAdaptation(forced).summaryValues.merging(["adaptForced": 1]) { $1 }
        }
        if setup.adaptation != nil, pseudoSubjects {
            return MiniRocketStreamAdaptation.unchosen.summaryValues.merging(["adaptPrior": 1]) { $1 }
        }
        guard let adaptation = setup.adaptation, !result.heldOutModels.isEmpty, let population = result.model.stream?.thresholds else { return [:] }
        var judging = setup
        let m = setup.matching
        judging.matching = EventMatching(toleranceBefore: m.toleranceBefore, toleranceAfter: m.toleranceAfter, phases: m.phases,
                                         ignoring: m.ignoredLabels + [CalibrationStretch.label])
        let fitter = try Self.fitter(for: result.model, setup: judging)
        let candidates = MiniRocketStreamAdaptation.candidates(for: adaptation)
        // The calibration stretches marked on the units, for every candidate alike (paired, as in the experiment).
        var marked = units
        var persons: [(subject: String, person: PersonCalibration, units: [Int])] = []
        var seen = Set<String>()
        for u in units where seen.insert(u.subject).inserted && result.heldOutModels[u.subject] != nil {
            let person = PersonCalibration.of(u.subject, in: units, adaptation: adaptation, ignored: judging.matching.ignores)
            if let k = adaptation.labelledEvents {
                let mine = units.indices.filter { units[$0].subject == u.subject }
                if let stretch = CalibrationStretch.stretches(of: mine.map { units[$0] }, labelled: k, ignored: judging.matching.ignores).first {
                    let local = stretch.marking(mine.map { units[$0] })
                    for (j, i) in mine.enumerated() { marked[i] = local[j] }
                }
            }
            persons.append((u.subject, person, units.indices.filter { units[$0].subject == u.subject }))
        }
        guard !persons.isEmpty else { return [:] }
        var events = [[[GestureEvent]]](repeating: [[GestureEvent]](repeating: [], count: units.count), count: candidates.count)
        // Candidates equal but for the threshold weight share their scores.
        let shapes = Dictionary(grouping: candidates.indices) { MiniRocketStreamAdaptation(thresholdWeight: 1, ridge: candidates[$0].ridge,
                                                                                            standardisationWeight: candidates[$0].standardisationWeight) }
        for (shape, members) in shapes {
            for p in persons {
                var heldOut = result.heldOutModels[p.subject]!
                let labels = heldOut.labels
                heldOut.stream?.thresholds = population.filter { labels.contains($0.key) }
                let full = try shape.adapt(heldOut, to: p.person.recordings, labelled: p.person.isLabelled, fitter: fitter)
                let spotter = try MiniRocketSpotter(configuration: full)
                for i in p.units {
                    let scored = spotter.candidates(windows: try spotter.windowScores(DTWExamples.derivingChannels(full.channels, of: units[i]).samples))
                    for c in members {
                        var blended = full
                        let w = candidates[c].thresholdWeight
                        for (label, t0) in heldOut.stream?.thresholds ?? [:] {
                            blended.stream?.thresholds[label] = (1 - w) * t0 + w * (full.stream?.thresholds[label] ?? t0)
                        }
                        events[c][i] = try MiniRocketSpotter(configuration: blended).events(of: scored)
                    }
                }
            }
        }
        let judged = persons.flatMap(\.units)
        let points = candidates.indices.map { c in
            judging.operatingPoint(events: judged.map { judging.labelled(events[c][$0]) }, predicted: [], recordings: judged.map { marked[$0] },
                                   metric: setup.objective.maximize)
        }
        let chosen = setup.objective.choose(points).index
        var values = candidates[chosen].summaryValues
        values["adaptSimulatedScore"] = points[chosen].score
        values["adaptSimulatedScoreNone"] = points[0].score
        values["adaptSimulatedSubjects"] = Double(persons.count)
        return values
    }
}
