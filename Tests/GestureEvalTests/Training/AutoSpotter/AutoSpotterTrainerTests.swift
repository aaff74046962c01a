import Foundation
import GestureData
@testable import GestureEval
import GestureKit
import GestureTestSupport
import Testing

@Suite struct AutoSpotterTrainerTests {
    /// Four subjects of 120 s at 25 Hz, a 1.2 s "wave" every 10 s among rest and bouncing (MiniRocketStreamFitterTests').
    static let training = MiniRocketStreamFitterTests.training

    static func setup(_ configuration: String = "{}") throws -> TrainingSetup {
        let value = try JSONDecoder().decode(ConfigurationValue.self, from: Data(configuration.utf8))
        return TrainingSetup(name: "auto", recognizer: "spotter", configuration: value, kind: .continuous,
                             matching: EventMatching(toleranceBefore: 0.5, toleranceAfter: 0.5), registry: .standard)
    }

    @Test func candidatesFollowTheTrainingAnnotations() throws {
        let recipe = try AutoSpotterRecipe(Self.training)
        #expect(abs(recipe.evidence.medianDuration - 1.2) < 1e-9 && abs(recipe.evidence.medianSpacing! - 10) < 1e-6)
        #expect(recipe.window == 1.2 && recipe.hop == 0.15)
        // Half the 10th-percentile spacing: waves come every 10 s.
        #expect(recipe.contexts == [0.3, 1.2, 2.4])
        // Half the 10th-percentile spacing (waves every 10 s), but windows of 1.2 s with 2.4 s each side centred on two
        // neighbours would then compete (6 s + 5 s > 10 s): they may come 4 s apart instead.
        #expect(recipe.contexts.map { recipe.refractoryTime(context: $0) } == [5, 5, 4])
        // 200 samples over window and context would need more than the recordings' 25 Hz.
        #expect(recipe.firstRound.map(\.samplingRate) == [25, 25, 25])
        #expect(recipe.magnitudes.map(\.rawValue) == ["accel.magnitude"])
        #expect(recipe.otherChannelSets.last!.map(\.rawValue) == ["accel.x", "accel.y", "accel.z"])
        // Ten median spacings of 10 s: about ten waves of the person's own motion.
        #expect(recipe.normalizationTimeConstant == 100)
        var sparse = recipe
        sparse.evidence.medianSpacing = nil
        #expect(sparse.normalizationTimeConstant == 36, "30 windows of 1.2 s")
        sparse.evidence.medianSpacing = 1
        #expect(sparse.normalizationTimeConstant == 30, "at least 30 s")
    }

    /// Several sensor units (issue 58): every channel set but the rhythm's spans each unit; one unit reads as before.
    @Test func everyUnitsChannelsAreCandidates() throws {
        let single = try AutoSpotterRecipe(Self.training)
        #expect(single.evidence.placements.isEmpty && single.evidence.named["placements"] == nil)
        let worn = Self.training.map { recording in
            var r = recording
            for axis in ["x", "y", "z"] { r.setColumn(Channel(rawValue: "accel.\(axis)@ankle"), r.column(Channel(rawValue: "accel.\(axis)"))!) }
            return r
        }
        let recipe = try AutoSpotterRecipe(worn)
        #expect(recipe.evidence.placements.map(\.name) == ["ankle"] && recipe.evidence.named["placements"] == 1)
        #expect(recipe.magnitudes.map(\.rawValue) == ["accel.magnitude", "accel.magnitude@ankle"])
        #expect(recipe.otherChannelSets.last!.map(\.rawValue) == ["accel.x", "accel.y", "accel.z", "accel.x@ankle", "accel.y@ankle", "accel.z@ankle"])
        #expect(recipe.otherChannelSets.dropLast().last!.map(\.rawValue) == ["accel.magnitude", "accel.magnitude@ankle", "verticalAcceleration",
                                                                  "tilt", "stillness", "verticalAcceleration@ankle", "tilt@ankle", "stillness@ankle"])
    }

    /// Dense gestures (ActRecTut's: 4.4 s long, one every 3 s at the 10th percentile): windows centred on two such
    /// neighbours must not compete, so the refractory time becomes the overlap they may share.
    @Test func denseGesturesGetANegativeRefractoryTime() throws {
        var recipe = try AutoSpotterRecipe(Self.training)
        recipe.evidence.medianDuration = 4.4
        recipe.evidence.shortSpacing = 3
        recipe.evidence.medianSpacing = 5.7
        // Windows of 4.4 s with 1.1 s each side span 6.6 s: centres 3 s apart overlap by 3.6 s.
        #expect(recipe.refractoryTime(context: 1.1) == -3.6)
        for c in recipe.contexts {
            let r = recipe.refractoryTime(context: c), span = recipe.window + 2 * c
            #expect(abs(span + r - 3) < 1e-9 && r > -span, "context \(c)")
            let candidate = try #require(recipe.firstRound.first { $0.context == c })
            #expect(try candidate.configuration(fixed: [:]).decoding.decode(MiniRocketStreamSettings.self).refractoryTime == r)
            // Windows at the same place must still compete.
            #expect(throws: ConfigurationError.self) {
                try candidate.configuration(fixed: ["refractoryTime": .number(-span)]).decoding.decode(MiniRocketStreamSettings.self)
            }
        }
        // Sparse ones keep the positive rule.
        recipe.evidence.shortSpacing = 30
        #expect(recipe.refractoryTime(context: 1.1) == 15)
    }

    @Test func choosesByHeldOutScoreAndFindsTheGesturesOfANewSubject() throws {
        let setup = try Self.setup(#"{"features": 336, "maxDilationsPerKernel": 4, "maxWindows": 300, "seed": 5}"#)
        let trainer = try #require(TrainerRegistry.standard.learned("spotter"))
        try trainer.validate(setup)
        let trained = try trainer.train(setup, on: Self.training)
        let spotted = try #require(trained.model(as: AutoSpotterModel.self))
        let selection = try #require(spotted.selection)
        // Three contexts, each with the magnitudes as read and normalised, then at least two other channel sets at each
        // context, then balanced weights, then the best so far with the other choice of normalisation.
        let round = { (k: Int) in selection.candidates.filter { $0.round == k } }
        #expect(selection.candidates.count >= 14)
        #expect(round(1).count == 6 && round(1).map(\.normalization) == [nil, 100, nil, 100, nil, 100])
        #expect(round(2).count == 3 * Set(round(2).map(\.channels)).count)
        #expect(Set(selection.candidates.map(\.round)).isSuperset(of: [1, 2, 3]))
        // Round 2 reads the channels as a best of round 1 did.
        let best = { (c: ArraySlice<AutoSpotterSelection.Candidate>) in c.filter { $0.score == c.compactMap(\.score).max() } }
        #expect(Set(round(2).map(\.normalization)).count == 1)
        #expect(best(round(1)[...]).contains { $0.normalization == round(2)[0].normalization })
        // Round 4 is a best candidate before it with the other choice of normalisation (absent when that twin was
        // compared already: a round-1 candidate).
        let flipped = try #require(round(4).first ?? selection.candidates[selection.chosen].flippedTwin(in: round(1)))
        #expect(best(selection.candidates.filter { $0.round < 4 }[...]).contains { c in
            c.normalization == (flipped.normalization == nil ? 100 : nil) && c.channels == flipped.channels && c.context == flipped.context
                && c.balancedClassWeights == flipped.balancedClassWeights
        })
        // Round 5 averages the best before it with its (at most two) best twins on its window grid, the best first.
        let ensemble = try #require(round(5).first)
        let members = try #require(ensemble.members)
        #expect(round(5).count == 1 && (2...3).contains(members.count))
        #expect(selection.candidates[members[0]].score == selection.candidates.filter { $0.round < 5 }.compactMap(\.score).max())
        for m in members.map({ selection.candidates[$0] }) {
            #expect(m.channels == ensemble.channels && m.context == ensemble.context && m.hop == ensemble.hop && m.samplingRate == ensemble.samplingRate)
        }
        // Round 6: templates of the magnitudes with the shortest context, as read and as envelopes over a third of the
        // window, scored like the rest.
        #expect(round(6).map(\.recognizer) == ["dtw", "dtw"] && round(6).map(\.movingDeviation) == [nil, 0.4])
        #expect(round(6).allSatisfy { $0.channels.map(\.rawValue) == ["accel.magnitude"] && $0.context == 0.3 && $0.score != nil })
        #expect(round(6).allSatisfy { $0.refractoryTime == 5 && abs($0.samplingRate - 25) < 1e-6 }, "\(round(6).map(\.samplingRate))")
        // Greedy rounds keep the incumbent unless beaten: the chosen one scored highest of all.
        let scores = selection.candidates.map { $0.score ?? -1 }
        #expect(scores[selection.chosen] == scores.max())
        let chosen = selection.candidates[selection.chosen]
        #expect(trained.summary.values["candidates"] == Double(selection.candidates.count))
        #expect(trained.summary.operatingPoint?.heldOut == true && trained.summary.operatingPoint?.score == chosen.score)
        // The model is templates exactly when templates won (what they ship: `winningTemplatesShipAsTheModelTheyWereScoredAs`).
        guard case let .windows(model) = spotted else {
            guard case let .templates(templates) = spotted else { return }
            #expect(chosen.recognizer == "dtw" && templates.movingDeviation == chosen.movingDeviation && templates.selection == selection)
            return
        }
        #expect(chosen.recognizer == nil)
        #expect(model.stream?.normalization == chosen.normalization)
        // The model is that ensemble exactly when it won, its members the candidates' settings.
        let won = chosen.members
        #expect((model.ensemble != nil) == (won != nil))
        if let won {
            #expect(model.ensemble?.count == won.count - 1)
            #expect([model.stream?.normalization] + (model.ensemble ?? []).map { $0.stream?.normalization } == won.map { selection.candidates[$0].normalization })
        }
        #expect(model.channels == chosen.channels && model.stream?.context == chosen.context)
        // The fixed key holds in every candidate; the cheaper search's features do not reach the shipped model.
        #expect(model.transform.featureCount == 336)
        // What detect runs: a new subject, spotted sample by sample.
        let test = MiniRocketStreamFitterTests.recording("new", subject: "new", seed: 99)
        var spotter = try MiniRocketSpotter(configuration: model)
        let counts = EventMatching(toleranceBefore: 0.5, toleranceAfter: 0.5).match(annotations: test.annotations, events: spotter.run(over: test.samples)).counts
        #expect(counts.recall >= 0.8, "recall \(counts.recall)")
        #expect(counts.insertions <= 2, "\(counts.insertions) false activations")
        // The model file keeps the selection.
        let decoded = try MiniRocketModel.decode(try model.encoded())
        #expect(decoded.selection == selection)
    }

    /// Templates that win ship as the `dtw` model they were scored as: the file the spotter writes reads back as
    /// templates, and `detect --recognizer spotter` streams through it the events the experiment scores.
    @Test func winningTemplatesShipAsTheModelTheyWereScoredAs() throws {
        let setup = try Self.setup()
        let recipe = try AutoSpotterRecipe(Self.training)
        let candidate = try #require(recipe.templateCandidates.last)
        let compared = try AutoSpotterTrainer.compare(templates: candidate, configuration: candidate.configuration(fixed: [:]), units: Self.training, setup: setup)
        let record = AutoSpotterTrainer.record(compared)
        #expect(record.recognizer == "dtw" && record.movingDeviation == 0.4 && record.score == compared.point?.score && record.score != nil)
        let selection = AutoSpotterSelection(evidence: recipe.evidence.named, candidates: [record], chosen: 0)
        let trained = AutoSpotterTrainer.chosen(try #require(compared.templates), compared, selection: selection, recordings: Self.training, setup: setup)
        guard case let .templates(model) = trained.model else { Issue.record("not templates: \(trained.model)"); return }
        #expect(model.movingDeviation == 0.4 && model.context == 0.3 && model.selection == selection && model.templates.count == 3)
        #expect(trained.summary.operatingPoint?.heldOut == true && trained.summary.operatingPoint?.score == record.score)
        let url = TemporaryFolder.root.appendingPathComponent("spotter-templates-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let trainer = AutoSpotterTrainer()
        try trainer.writeModel(trained.model, to: url)
        #expect(try trainer.readModel(at: url).model == trained.model)
        var pipeline = try #require(try trainer.pipeline(forModel: try ConfigurationFile.read(url), registry: .standard))
        let test = MiniRocketStreamFitterTests.recording("new", subject: "new", seed: 99)
        let scored = try trainer.detect(trained.model, on: [test], setup: setup).events[0]
        _ = try pipeline.prepare(for: test.samples[0])
        var streamed: [GestureEvent] = []
        for sample in test.samples { pipeline.process(sample, into: &streamed) }
        pipeline.finish(into: &streamed)
        #expect(streamed == scored)
        let counts = EventMatching(toleranceBefore: 0.5, toleranceAfter: 0.5).match(annotations: test.annotations, events: scored).counts
        #expect(counts.recall >= 0.5, "recall \(counts.recall)")
    }

    @Test func aFixedContextIsNeverChosen() throws {
        let setup = try Self.setup(#"{"features": 168, "maxDilationsPerKernel": 4, "maxWindows": 200, "context": 0.2, "hardNegatives": false}"#)
        let trained = try AutoSpotterTrainer().fit(setup, on: Self.training)
        let selection = try #require(trained.model.selection)
        #expect(selection.candidates.allSatisfy { $0.context == 0.2 })
        // Round 1's three contexts became one, as read and normalised.
        #expect(selection.candidates.filter { $0.round == 1 }.map(\.normalization) == [nil, 100])
    }

    /// One training subject: three parts, each judged on its own third. Issue 72: each part began at its cut, so its
    /// running normalisation (and stages, and rhythm channels) restarted there, which never happens in use; a part now
    /// reads from the recording's start, the time before it a don't-care lead-in.
    @Test func oneSubjectIsCutIntoThreeCrossFittingParts() throws {
        let one = MiniRocketStreamFitterTests.recording("only", subject: "only", seconds: 150, seed: 3)
        let (parts, pseudo) = AutoSpotterTrainer.crossFittingUnits([one])
        #expect(pseudo && parts.count == 3 && Set(parts.map(\.subject)).count == 3)
        // Each part is the recording up to its end: what a spotter reads in use, sample for sample.
        for part in parts {
            #expect(part.timestamps == Array(one.timestamps.prefix(part.count)))
            #expect(Array(part.samples) == Array(one.samples.prefix(part.count)))
        }
        // Judged time: no sample and no annotation lost or doubled; the lead-ins are don't-care.
        let judged = parts.map { p in p.timestamps.filter { t in !p.annotations.contains { $0.label == AutoSpotterTrainer.leadIn && t <= $0.end } }.count }
        #expect(judged.reduce(0, +) == one.count)
        #expect(parts.reduce(0) { $0 + $1.annotations.filter { $0.label != AutoSpotterTrainer.leadIn }.count } == one.annotations.count)
        #expect(parts.map { $0.annotations.filter { $0.label == AutoSpotterTrainer.leadIn }.count } == [0, 1, 1])
        let (same, unchanged) = AutoSpotterTrainer.crossFittingUnits(Self.training)
        #expect(!unchanged && same == Self.training)
        // Two people: held out by person, never by thirds (a third's model saw the other two thirds of its person).
        let two = [one, MiniRocketStreamFitterTests.recording("other", subject: "other", seconds: 150, seed: 4)]
        let (people, byThirds) = AutoSpotterTrainer.crossFittingUnits(two)
        #expect(!byThirds && people == two)
    }

    /// Issue 72: when cross-fitting failed, candidates were compared on in-sample scores marked held out, and DTW
    /// templates (which hold their own examples) won. An in-sample score never beats a held-out one; among in-sample
    /// scores alone the best wins, and the model, the summary and the report say so.
    @Test func inSampleScoresNeverBeatHeldOutOnes() throws {
        func compared(_ score: Double, inSample: [String]) -> AutoSpotterTrainer.Compared {
            let candidate = AutoSpotterRecipe.Candidate(round: 1, channels: [MotionChannel(rawValue: "accel.magnitude")!], window: 1, hop: 0.5,
                                                    context: 0, refractoryTime: 0, samplingRate: 10, balanced: false)
            return AutoSpotterTrainer.Compared(candidate: candidate, configuration: .object([:]),
                                           point: TrainingObjective.OperatingPoint(score: score), inSample: inSample)
        }
        let objective = TrainingObjective(maximize: .f1)
        let list = [compared(0.6, inSample: []), compared(0.93, inSample: ["a part 1"]), compared(0.7, inSample: [])]
        #expect(AutoSpotterTrainer.choose([0, 1, 2], of: list, objective: objective) == 2)
        #expect(AutoSpotterTrainer.choose([1, 0], of: list, objective: objective) == 0, "an in-sample incumbent loses to a held-out newcomer")
        #expect(AutoSpotterTrainer.choose([1], of: list, objective: objective) == 1)
        #expect(AutoSpotterTrainer.record(list[1]).inSample == ["a part 1"] && AutoSpotterTrainer.record(list[0]).inSample == nil)
        // The summary keeps the flag through results.json's flat form; the report warns of it.
        var summary = TrainingSummary(values: [:])
        summary.crossFit = .init(subjectShare: 0, groups: 0, inSample: ["a"])
        summary.crossFit?.selectedInSample = true
        #expect(summary.flattened["crossFitSelectedInSample"] == 1)
        #expect(TrainingSummary(flattened: summary.flattened).crossFit?.selectedInSample == true)
        let warning = ExperimentWarning.selectedInSample(entry: "spotter", dataset: "d", fold: "s1")
        #expect(warning.description.contains("in-sample scores") && warning.description.contains("s1"))
    }

    @Test func segmentsAreRefusedAndNothingIsSearchedByHand() throws {
        let trainer = try #require(TrainerRegistry.standard.learned("spotter"))
        var setup = try Self.setup()
        setup.search = ["context": [1, 2]]
        #expect(throws: TrainingError.self) { try trainer.validate(setup) }
        setup.search = [:]
        setup.kind = .segments
        #expect(throws: TrainingError.self) { _ = try trainer.train(setup, on: Self.training) }
    }
}

extension AutoSpotterSelection.Candidate {
    /// The candidate of `candidates` that differs from this one only in its normalisation, if any.
    func flippedTwin(in candidates: [Self]) -> Self? {
        candidates.first { c in
            (c.normalization == nil) != (normalization == nil) && c.channels == channels && c.context == context
                && c.balancedClassWeights == balancedClassWeights
        }
    }
}
