import GestureKit
import GestureData

/// Round 6 of the spotter: DTW templates as candidates beside the window classifiers.
extension AutoSpotterTrainer {
    /// `candidate`'s templates trained on `units` as a `dtw` entry trains them (stream calibration, cross-fitted), and
    /// scored by their held-out detections as a window classifier is. O(one `dtw` training).
    static func compare(templates candidate: AutoSpotterRecipe.Candidate, configuration: ConfigurationValue, units: [Recording],
                        setup: TrainingSetup) throws(TrainingError) -> Compared {
        let trained = try DTWTemplateMatcherTrainer.templates(units, configuration: configuration, kind: .continuous, name: setup.name,
                                                              matching: setup.matching)
        guard let heldOut = trained.heldOutEvents else { throw setup.error("spotter: templates were trained without held-out detections") }
        let point = setup.operatingPoint(events: heldOut.map(setup.labelled), predicted: [], recordings: units, metric: setup.objective.maximize)
        return Compared(candidate: candidate, configuration: configuration, point: point, templates: trained,
                        inSample: inSample(trained.model.summary))
    }

    /// The winning templates as the spotter ships them: behind the stages they were scored with, with the selection,
    /// and a summary with the chosen settings and their held-out operating point.
    static func chosen(_ templates: ParameterSearch<DTWModel>.Candidate, _ entry: Compared, selection: AutoSpotterSelection,
                       recordings: [Recording], setup: TrainingSetup) -> Trained<AutoSpotterModel> {
        var model = templates.model.model
        model.stages = setup.scoredStages(reading: model.channels, training: recordings)
        model.selection = selection
        var summary = templates.model.summary
        if let point = entry.point {
            summary.operatingPoint = .init(score: point.score, recall: point.recall, falsePerHour: point.falsePerHour, heldOut: entry.inSample.isEmpty)
        }
        summary.crossFit?.selectedInSample = !entry.inSample.isEmpty
        if let envelope = model.movingDeviation { summary.values["movingDeviation"] = envelope }
        summary.values.merge(["window": entry.candidate.window, "context": model.context, "refractoryTime": model.refractoryTime,
                              "samplingRate": model.samplingRate, "channelCount": Double(model.channels.count),
                              "candidates": Double(selection.candidates.count), "chosenCandidate": Double(selection.chosen + 1)]) { $1 }
        // Templates have no nested choice of strength: a forced one is recorded, in the summary and the file.
        if let forced = setup.adaptation?.strength {
            let values = MiniRocketStreamAdaptation(forced).summaryValues
            summary.values.merge(values.merging(["adaptForced": 1]) { $1 }) { $1 }
            model.selection?.adaptation = values
        }
        return Trained(.templates(model), summary: summary)
    }

    /// Compared templates as the model records them: the settings trained (the entry's keys win over the candidate's).
    static func recordTemplates(_ entry: Compared) -> AutoSpotterSelection.Candidate {
        let c = entry.candidate
        let settings = try? entry.configuration.decoding.decode(DTWTrainingSettings.self)
        return .init(round: c.round, recognizer: c.recognizer, channels: settings?.channels ?? c.channels, window: c.window, hop: 0,
                     context: settings?.context ?? c.context, refractoryTime: settings?.refractoryTime ?? c.refractoryTime,
                     samplingRate: entry.templates?.model.model.samplingRate ?? c.samplingRate, balancedClassWeights: false,
                     movingDeviation: settings.map(\.movingDeviation) ?? c.movingDeviation,
                     score: finite(entry.point?.score), recall: finite(entry.point?.recall), falsePerHour: finite(entry.point?.falsePerHour),
                     failure: entry.failure, inSample: entry.inSample.isEmpty ? nil : entry.inSample)
    }

    /// `x` when finite.
    static func finite(_ x: Double?) -> Double? { x.flatMap { $0.isFinite ? $0 : nil } }
}
