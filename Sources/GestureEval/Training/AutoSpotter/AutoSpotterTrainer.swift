import Foundation
import GestureKit
import GestureData

/// The spotter with no settings (`spotter`): an entry names it and its labels, and every choice a `minirocket-stream`
/// entry would set by hand is made from the training recordings of each fold.
///
/// 1. ``AutoSpotterRecipe`` derives candidates from the training annotations (durations, spacing, rate, a periodic
///    background).
/// 2. Each candidate is trained as a ``MiniRocketStreamFitter`` would train it, at a lower cost (504 features, no
///    hard negatives), and scored by its cross-fitted detections: each subject group of the training recordings
///    spotted by a model trained without it, thresholds calibrated the same way. The selection is therefore nested
///    inside the fold, and never sees the fold's test subjects.
/// 3. The rounds: the contexts (and with them the rates) with the magnitudes, each as read and normalised per
///    recording; then every other channel set at every context, normalised as the first round chose; then balanced
///    class weights for the best so far; then the best so far with the other choice of normalisation; then an ensemble
///    of the best so far and its two best twins (compared candidates on its window grid: the same channels, rate,
///    window, hop, context and refractory time, other normalisation or class weights), their cross-fitted scores
///    averaged window by window and calibrated anew; last DTW templates (``AutoSpotterRecipe/templateCandidates``),
///    trained as a `dtw` entry would train them and scored by the same cross-fitted detections. A later candidate
///    replaces the incumbent only when it scores higher.
/// 4. A winning window classifier is retrained at full fidelity (the entry's `features`, hard negatives) on all
///    training recordings (an ensemble's members each, then calibrated together); winning templates are the model
///    compared (DTW has no cheaper form). The model records every candidate and score (``GestureKit/AutoSpotterSelection``).
///
/// Cross-fitting holds out people whenever the fold trains on two or more. With one training subject there is no one
/// to hold out; each recording is then cut into three parts at quiet points between annotations, and the parts are the
/// groups (recorded as `pseudoSubjects` in the evidence and the summary).
///
/// The model (``AutoSpotterModel``) is a `minirocket-stream` or a `dtw` model: `detect` and apps run it as such, behind
/// the stages it records.
///
/// - Complexity: about (candidates × ¼ + 1) `minirocket-stream` trainings with the chosen settings (+ 2 when an
///   ensemble wins) and two `dtw` trainings; 6 + 3 × (2 or 3) + 5 candidates. A compared candidate fits only its held-out
///   models when every training unit has one (``MiniRocketStreamFitter/comparesOnly``), and candidates reading the same
///   channels derive them once (``MiniRocketStreamTrainingCache``).
package struct AutoSpotterTrainer: RecognizerTrainer {
    /// A window classifier or templates, with its settings, thresholds and selection.
    package typealias Model = AutoSpotterModel

    /// The identifier of entries that name it.
    package static let identifier = "spotter"

    /// A trainer.
    package init() {}

    /// `spotter`.
    package var identifier: String { Self.identifier }

    /// The candidates compared, the one chosen (1-based), the model's channels, an ensemble's members and the thirds that
    /// stood for people, and whatever the shipped window classifier's or templates' trainer counts.
    package var countKeys: Set<String> {
        MiniRocketStreamTrainer().countKeys.union(DTWTemplateMatcherTrainer().countKeys)
            .union(["candidates", "chosenCandidate", "channelCount", "ensembleMembers", "pseudoSubjects"])
    }

    /// The compared candidates, one line each, the chosen one marked.
    package func trainedLines(_ model: AutoSpotterModel) -> [String] { model.selection?.lines ?? [] }

    /// Nothing is searched by hand: the spotter searches itself.
    package var searchable: [String]? { [] }

    /// Segments are refused.
    package func refusal(of kind: Dataset.Kind) -> String? {
        kind == .continuous ? nil : "spotter spots gestures in continuous recordings; for segments use minirocket"
    }

    /// The settings that are not chosen (`features`, `seed`, …) must decode as `minirocket-stream` settings would.
    package func validate(_ setup: TrainingSetup) throws(TrainingError) {
        let probe = AutoSpotterRecipe.Candidate(round: 1, channels: [MotionChannel(rawValue: "accel.magnitude")!], window: 1, hop: 0.5, context: 0,
                                            refractoryTime: 0, samplingRate: 10, balanced: false)
        do { _ = try probe.configuration(fixed: try fixedKeys(setup)).decoding.decode(MiniRocketStreamSettings.self) } catch {
            throw setup.error("invalid spotter configuration: \(error)")
        }
    }

    /// The entry's own keys, fixed in every candidate.
    func fixedKeys(_ setup: TrainingSetup) throws(TrainingError) -> [String: ConfigurationValue] {
        switch setup.configuration {
        case .object(let map): return map
        case .null: return [:]
        default: throw setup.error("a spotter configuration is a map of minirocket-stream keys to fix")
        }
    }

    /// What a candidate trains with while it is compared: fewer features and no hard negatives (¼ of the cost).
    static let selectionOverrides: [String: ConfigurationValue] = ["features": .number(504), "hardNegatives": .bool(false)]

    /// The rounds described above, then the winner at full fidelity.
    package func fit(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> Trained<AutoSpotterModel> {
        let fixed = try fixedKeys(setup)
        let staged = try setup.staged(recordings)
        let (units, pseudo) = Self.crossFittingUnits(staged)
        // A part's lead-in (the recording before it) is read, as in use, but neither trained on nor judged.
        var setup = setup
        if pseudo {
            let m = setup.matching
            setup.matching = EventMatching(toleranceBefore: m.toleranceBefore, toleranceAfter: m.toleranceAfter, phases: m.phases,
                                           ignoring: m.ignoredLabels + [Self.leadIn])
        }
        // Don't-care annotations say nothing of the gestures' durations, spacing or classes.
        let recipe = try AutoSpotterRecipe(setup.matching.withoutIgnored(units), fixed: fixed)
        var compared: [Compared] = []
        // Candidates reading the same channels derive them once.
        let cache = MiniRocketStreamTrainingCache(keepingFits: false)

        func compare(_ candidates: [AutoSpotterRecipe.Candidate], incumbent: Int?) throws(TrainingError) -> Int {
            var indices = incumbent.map { [$0] } ?? []
            for candidate in candidates {
                let configuration = candidate.configuration(fixed: fixed, overrides: Self.selectionOverrides)
                // A fixed key can make two candidates one: train it once.
                guard !compared.contains(where: { $0.configuration == configuration }) else { continue }
                do {
                    if candidate.recognizer != nil {
                        compared.append(try Self.compare(templates: candidate, configuration: configuration, units: units, setup: setup))
                        indices.append(compared.count - 1)
                        continue
                    }
                    var fitter = MiniRocketStreamFitter(settings: try configuration.decoding.decode(MiniRocketStreamSettings.self), matching: setup.matching)
                    fitter.comparesOnly = true
                    let result = try fitter.train(units, cache: cache)
                    let point = setup.operatingPoint(events: result.detections.map(setup.labelled), predicted: [], recordings: units,
                                                     metric: setup.objective.maximize)
                    compared.append(Compared(candidate: candidate, configuration: configuration, point: point, result: result,
                                             inSample: Self.inSample(result.summary)))
                    indices.append(compared.count - 1)
                } catch {
                    compared.append(Compared(candidate: candidate, configuration: configuration, failure: "\(error)"))
                }
            }
            guard !indices.isEmpty else {
                throw setup.error("spotter: no candidate could be trained: \(compared.compactMap(\.failure).joined(separator: "; "))")
            }
            return Self.choose(indices, of: compared, objective: setup.objective)
        }

        // The magnitudes at each context, as read and normalised per recording.
        var best = try compare(recipe.firstRoundCandidates, incumbent: nil)
        // Channels and context interact (the rhythm channels see seconds of strokes themselves): every pair, read as
        // the first round chose.
        best = try compare(recipe.secondRound(normalization: compared[best].candidate.normalization), incumbent: best)
        var balanced = compared[best].candidate
        (balanced.round, balanced.balanced) = (3, true)
        best = try compare([balanced], incumbent: best)
        // The other choice of normalisation for the best so far: channel sets may call for it where magnitudes did not.
        var toggled = compared[best].candidate
        (toggled.round, toggled.normalization) = (4, toggled.normalization == nil ? recipe.normalizationTimeConstant : nil)
        best = try compare([toggled], incumbent: best)
        // The best so far with its two best twins on its window grid, scores averaged.
        let twins = compared.indices.filter { compared[$0].point != nil && $0 != best && compared[$0].candidate.sharesWindows(with: compared[best].candidate) }
            .sorted { (compared[$0].point!.score, -$0) > (compared[$1].point!.score, -$1) }.prefix(2)
        if !twins.isEmpty {
            let members = [best] + twins
            var candidate = compared[best].candidate
            candidate.round = 5
            do {
                let result = try trainer(of: compared[best], fixed: fixed, setup: setup, selection: true)
                    .ensemble(members.map { compared[$0].result! }, recordings: units)
                let point = setup.operatingPoint(events: result.detections.map(setup.labelled), predicted: [], recordings: units,
                                                 metric: setup.objective.maximize)
                let inSample = Array(Set(members.flatMap { compared[$0].inSample })).sorted()
                compared.append(Compared(candidate: candidate, configuration: compared[best].configuration, point: point, members: members,
                                         inSample: inSample))
                best = Self.choose([best, compared.count - 1], of: compared, objective: setup.objective)
            } catch {
                compared.append(Compared(candidate: candidate, configuration: compared[best].configuration, failure: "\(error)", members: members))
            }
        }

        // Templates, compared as the window classifiers were.
        best = try compare(recipe.templateCandidates, incumbent: best)

        var evidence = recipe.evidence.named
        if pseudo { evidence["pseudoSubjects"] = Double(Set(units.map(\.subject)).count) }
        let selection = AutoSpotterSelection(evidence: evidence, candidates: compared.map(Self.record), chosen: best)
        if let templates = compared[best].templates {
            var trained = Self.chosen(templates, compared[best], selection: selection, recordings: recordings, setup: setup)
            // Parts of one person's recordings stood for people: the report says so.
            trained.summary.values["pseudoSubjects"] = evidence["pseudoSubjects"]
            return trained
        }

        return try Self.retrained(compared, best: best, fixed: fixed, selection: selection, units: units, recordings: recordings, setup: setup,
                                  cache: cache)
    }

    /// The winner at full fidelity, on every training unit (an ensemble's members each, then together), with its
    /// selection, stages and summary; its operating point held out unless the selection rested on in-sample scores.
    static func retrained(_ compared: [Compared], best: Int, fixed: [String: ConfigurationValue], selection: AutoSpotterSelection,
                          units: [Recording], recordings: [Recording], setup: TrainingSetup,
                          cache: MiniRocketStreamTrainingCache? = nil) throws(TrainingError) -> Trained<AutoSpotterModel> {
        let chosen = compared[best]
        let selectedInSample = !chosen.inSample.isEmpty
        let trainer = AutoSpotterTrainer()
        let result: MiniRocketStreamFitter.Result
        do {
            if let members = chosen.members {
                let trained = try members.map { try trainer.trainer(of: compared[$0], fixed: fixed, setup: setup, selection: false).train(units, cache: cache) }
                result = try trainer.trainer(of: compared[members[0]], fixed: fixed, setup: setup, selection: false).ensemble(trained, recordings: units)
            } else {
                result = try trainer.trainer(of: chosen, fixed: fixed, setup: setup, selection: false).train(units, cache: cache)
            }
        } catch let error as TrainingError { throw error } catch { throw setup.error("spotter training: \(error)") }
        var model = result.model
        model.stages = setup.scoredStages(reading: model.channels, training: recordings)
        model.selection = selection
        var summary = result.summary
        let point = setup.operatingPoint(events: result.detections.map(setup.labelled), predicted: [], recordings: units, metric: setup.objective.maximize)
        summary.operatingPoint = .init(score: point.score, recall: point.recall, falsePerHour: point.falsePerHour, heldOut: !selectedInSample)
        summary.crossFit?.selectedInSample = selectedInSample
        let c = chosen.candidate
        if let n = c.normalization { summary.values["normalization"] = n }
        if let members = chosen.members { summary.values["ensembleMembers"] = Double(members.count) }
        summary.values.merge(["window": c.window, "hop": c.hop, "context": c.context, "refractoryTime": c.refractoryTime,
                              "samplingRate": model.samplingRate, "channelCount": Double(model.channels.count),
                              "balanced": c.balanced ? 1 : 0, "candidates": Double(compared.count), "chosenCandidate": Double(best + 1)]) { $1 }
        summary.values["pseudoSubjects"] = selection.evidence["pseudoSubjects"]
        // How strongly to adapt to a person, simulated on the training subjects (with an `adaptation:` protocol).
        do {
            let strength = try adaptationStrength(result, units: units, setup: setup, pseudoSubjects: selection.evidence["pseudoSubjects"] != nil)
            summary.values.merge(strength) { $1 }
            // The file carries the strengths, so that `gesturelab adapt` adapts as the experiment did.
            if !strength.isEmpty { model.selection?.adaptation = MiniRocketStreamAdaptation(summary: summary)?.summaryValues }
        } catch {
            throw setup.error("spotter: choosing the adaptation strength: \(error)")
        }
        return Trained(.windows(model), summary: summary)
    }

    /// A compared candidate: its settings, what it trained with, its cross-fitted operating point and training (at the
    /// comparison's fidelity; templates at full fidelity, with their held-out detections), or why it failed; for an
    /// ensemble, its members' indices.
    struct Compared {
        var candidate: AutoSpotterRecipe.Candidate
        var configuration: ConfigurationValue
        var point: TrainingObjective.OperatingPoint? = nil
        var result: MiniRocketStreamFitter.Result? = nil
        var failure: String? = nil
        var members: [Int]? = nil
        var templates: ParameterSearch<DTWModel>.Candidate? = nil
        /// The training subjects no held-out model spotted, so that the score rests on their own examples (sorted).
        var inSample: [String] = []
    }

    /// The subjects a training's calibration scored in-sample: all of them when it did not cross-fit at all.
    static func inSample(_ summary: TrainingSummary) -> [String] {
        guard let fit = summary.crossFit else { return ["(no cross-fitting)"] }
        return fit.inSampleCount == 0 ? [] : fit.inSample.isEmpty ? ["\(fit.inSampleCount) subjects"] : fit.inSample
    }

    /// The best of `indices` (the first, an incumbent, wins ties: a later round must do better to change the choice).
    /// Scores resting on in-sample detections are compared only among themselves, and only when no candidate has a
    /// held-out score: a model that saw its examples scores them well, which says nothing of a new person.
    static func choose(_ indices: [Int], of compared: [Compared], objective: TrainingObjective) -> Int {
        let heldOut = indices.filter { compared[$0].inSample.isEmpty }
        let pool = heldOut.isEmpty ? indices : heldOut
        return pool[objective.choose(pool.map { compared[$0].point! }).index]
    }

    /// The trainer of a compared candidate (of an ensemble, of its first member): at the comparison's fidelity
    /// (`selection`) or at full fidelity.
    func trainer(of entry: Compared, fixed: [String: ConfigurationValue], setup: TrainingSetup, selection: Bool) throws -> MiniRocketStreamFitter {
        let configuration = selection ? entry.configuration : entry.candidate.configuration(fixed: fixed)
        var fitter = MiniRocketStreamFitter(settings: try configuration.decoding.decode(MiniRocketStreamSettings.self), matching: setup.matching)
        fitter.comparesOnly = selection
        return fitter
    }

    /// A compared candidate as the model records it.
    static func record(_ entry: Compared) -> AutoSpotterSelection.Candidate {
        let c = entry.candidate
        if c.recognizer != nil { return recordTemplates(entry) }
        // The fixed keys win over the candidate's: record what was trained.
        let settings = try? entry.configuration.decoding.decode(MiniRocketStreamSettings.self)
        return .init(round: c.round, channels: settings?.channels ?? c.channels, window: settings?.window ?? c.window, hop: settings?.hop ?? c.hop,
                     context: settings?.context ?? c.context, refractoryTime: settings?.refractoryTime ?? c.refractoryTime,
                     samplingRate: settings?.samplingRate ?? c.samplingRate, balancedClassWeights: settings?.balancedClassWeights ?? c.balanced,
                     normalization: settings.map(\.normalization) ?? c.normalization,
                     score: finite(entry.point?.score), recall: finite(entry.point?.recall), falsePerHour: finite(entry.point?.falsePerHour),
                     failure: entry.failure, members: entry.members, inSample: entry.inSample.isEmpty ? nil : entry.inSample)
    }

    /// The label of a part's lead-in: a don't-care region the spotter's matching ignores while it compares candidates.
    static let leadIn = "(lead-in)"

    /// `recordings` as cross-fitting units: as they are with two subjects or more; otherwise each recording cut into
    /// three parts at the middle of the quiet stretch between two annotations nearest each third, each part its own
    /// subject (`true` then). A part holds the recording from its start, the time before the part covered by a
    /// ``leadIn`` annotation: its stages, running normalisation and rhythm channels read on from the recording's
    /// start, as in use, rather than restarting at the cut; the lead-in is neither trained on nor judged.
    /// O(samples × parts).
    static func crossFittingUnits(_ recordings: [Recording]) -> ([Recording], Bool) {
        guard Set(recordings.map(\.subject)).count < 2 else { return (recordings, false) }
        var parts: [Recording] = []
        for r in recordings {
            guard let start = r.timestamps.first, let end = r.timestamps.last, r.annotations.count >= 6 else {
                parts.append(r)
                continue
            }
            let sorted = r.annotations.sorted { $0.start < $1.start }
            // The quiet points: midway between an annotation's end and the next one's start.
            let quiet = zip(sorted, sorted.dropFirst()).compactMap { a, b in b.start > a.end ? (a.end + b.start) / 2 : nil }
            var cuts: [Double] = []
            for k in 1...2 {
                let target = start + Double(k) * (end - start) / 3
                if let cut = quiet.min(by: { abs($0 - target) < abs($1 - target) }), !cuts.contains(cut) { cuts.append(cut) }
            }
            let bounds = [start] + cuts.sorted() + [end]
            for (k, (from, to)) in zip(bounds, bounds.dropFirst()).enumerated() {
                // Half-open but for the last part, so a sample on a cut belongs to one part's judged time.
                var part = r.slice(from: start, to: k == bounds.count - 2 ? to : to.nextDown)
                part.annotations = part.annotations.filter { $0.start >= from && $0.end <= to }
                if k > 0 { part.annotations.insert(Annotation(start: start, end: from.nextDown, label: leadIn), at: 0) }
                part.id = "\(r.id) part \(k + 1)"
                part.subject = "\(r.subject) part \(k + 1)"
                parts.append(part)
            }
        }
        return (parts, true)
    }

    /// The model's pipeline over each recording, as its recognizer (`minirocket-stream` or `dtw`) runs it.
    package func detect(_ model: AutoSpotterModel, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
        switch model {
        case let .windows(windows): try MiniRocketStreamTrainer().detect(windows, on: recordings, setup: setup)
        case let .templates(templates): try DTWTemplateMatcherTrainer().detect(templates, on: recordings, setup: setup)
        }
    }

    /// A spotter model records its stages itself: the `dtw` pipeline for templates, else the `minirocket-stream` one.
    package func pipeline(forModel document: any ConfigurationDecoding, registry: RecognizerRegistry) throws -> Pipeline? {
        if let json = document as? JSONConfiguration, AutoSpotterModel.holdsTemplates(json.data) {
            return try DTWTemplateMatcherTrainer().pipeline(forModel: document, registry: registry)
        }
        return try MiniRocketStreamTrainer().pipeline(forModel: document, registry: registry)
    }

    /// The `dtw` model file when it holds templates, else the `minirocket-stream` one.
    package func readModel(at url: URL) throws(DataFileError) -> Trained<AutoSpotterModel> {
        if let data = try? Data(contentsOf: url), AutoSpotterModel.holdsTemplates(data) {
            let trained = try DTWTemplateMatcherTrainer().readModel(at: url)
            return Trained(.templates(trained.model), summary: trained.summary)
        }
        let trained = try MiniRocketStreamTrainer().readModel(at: url)
        return Trained(.windows(trained.model), summary: trained.summary)
    }

    /// Writes the model, with its selection, atomically, in its recognizer's file format.
    package func writeModel(_ model: AutoSpotterModel, to url: URL) throws(DataFileError) {
        switch model {
        case let .windows(windows): try MiniRocketStreamTrainer().writeModel(windows, to: url)
        case let .templates(templates): try DTWTemplateMatcherTrainer().writeModel(templates, to: url)
        }
    }
}
