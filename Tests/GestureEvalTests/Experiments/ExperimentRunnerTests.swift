import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing

private let pushes = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                             recordings: (0..<4).flatMap { s in (0..<2).map { pushRecording(subject: s, take: $0) } })

private func experiment(_ entries: [Experiment.Entry], seed: UInt64 = 3) -> Experiment {
    Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: seed, bootstrapReplicates: 200, entries: entries)
}

@Suite struct ExperimentRunnerTests {
    static let grid = [0.3, 0.5, 0.7, 0.95, 1.1, 1.3, 1.5]

    /// Each fold's threshold is chosen on its training subjects only: it equals what training on
    /// exactly those recordings gives. For the weak subject s0 (pushes of 0.6 g) it lies above s3's
    /// 0.9 g background, so s0's pushes are missed; for the noisy subject s3 it is learned from
    /// quiet subjects, below s3's background — training on all subjects would choose otherwise.
    @Test func gridSearchTrainsInsideEachFoldOnly() throws {
        let tuned = pushEntry("tuned", threshold: 1, search: Self.grid)
        let spec = experiment([tuned])
        let runner = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard)
        let result = try runner.run()
        let folds = runner.folds["pushes"]!.folds
        let score = try #require(result.scores.first)
        #expect(score.folds.map(\.fold) == ["s0", "s1", "s2", "s3"])
        for (fold, fs) in zip(folds, score.folds) {
            let trainOnly = try EntryTrainer(entry: tuned, experiment: spec, kind: .continuous, registry: pushRegistry, trainers: .standard).train(on: fold.train.map { pushes.recordings[$0] })
            #expect(fs.trained.values["threshold"] == trainOnly.summary.values["threshold"], "fold \(fold.name)")
            #expect(!fold.train.contains { pushes.recordings[$0].subject == fold.name })
        }
        let s0 = score.folds[0]
        #expect(try #require(s0.trained.values["threshold"]) > 0.9)
        #expect(s0.value.value == 0, "s0's 0.6 g pushes fall below a threshold learned without s0")
        let s3 = score.folds[3]
        #expect(try #require(s3.trained.values["threshold"]) < 0.9)
        let all = try EntryTrainer(entry: tuned, experiment: spec, kind: .continuous, registry: pushRegistry, trainers: .standard).train(on: pushes.recordings)
        #expect(all.summary.values["threshold"] != s3.trained.values["threshold"], "with s3 in training the search would choose differently")
        let insertions = try #require(result.evaluations["pushes"]?.metrics.first { $0.scope == "tuned/subject s3" && $0.name == "insertions" })
        #expect(insertions.value > 0)
    }

    /// Entries that would learn the same model share one training step per fold, and sharing changes no
    /// score: a renamed copy of `tuned` scores what `tuned` scores, fold by fold, with the same choices.
    @Test func identicalTrainingIsPlannedOnceAndSharedExactly() throws {
        let spec = experiment([pushEntry("tuned", threshold: 1, search: Self.grid), pushEntry("low", threshold: 0.5),
                               pushEntry("copy", threshold: 1, search: Self.grid)])
        let runner = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard)
        let plan = runner.plan
        #expect(plan.units.map(\.entry) == Array(repeating: "tuned", count: 4) + Array(repeating: "low", count: 4) + Array(repeating: "copy", count: 4))
        #expect(plan.units.map(\.index) == Array(0..<12))
        #expect(plan.trainingSteps.count == 8, "4 folds × 2 distinct trainings")
        #expect(plan.sharedTrainingSteps.map(\.entries) == Array(repeating: ["tuned", "copy"], count: 4))
        for (tuned, copy) in zip(plan.units[0..<4], plan.units[8..<12]) { #expect(tuned.training == copy.training && tuned.fold == copy.fold) }
        #expect(plan.trainingSteps.map(\.candidates) == [7, 7, 7, 7, 1, 1, 1, 1])
        #expect(plan.summary.contains("12 work units") && plan.summary.contains("8 training steps"))
        #expect(plan.table.rows.count == 12)

        let result = try runner.run()
        let tuned = try #require(result.scores.first { $0.entry == "tuned" }), copy = try #require(result.scores.first { $0.entry == "copy" })
        #expect(tuned.folds.map(\.value.value) == copy.folds.map(\.value.value))
        #expect(tuned.folds.map(\.trained) == copy.folds.map(\.trained))
        // Changing what training depends on (here the grid) ends the sharing.
        let other = experiment([pushEntry("tuned", threshold: 1, search: Self.grid), pushEntry("copy", threshold: 1, search: [0.5, 1.1])])
        #expect(try ExperimentRunner(experiment: other, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).plan.sharedTrainingSteps.isEmpty)
    }

    /// The plan is a value: encoding and decoding it gives the same units, and planning twice gives the same plan.
    @Test func planIsDeterministicAndCodable() throws {
        let spec = experiment([pushEntry("low", threshold: 0.5), pushEntry("tuned", threshold: 1, search: Self.grid)])
        let a = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).plan
        let b = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).plan
        #expect(a == b)
        #expect(try JSONDecoder().decode(ExperimentPlan.self, from: JSONEncoder().encode(a)) == a)
    }

    /// Tests stay inside comparison groups: no pair across groups, one rank comparison per group of its own
    /// members over their folds, and a headline that names the best member and the post-hoc test between the
    /// best two (or McNemar for a pair).
    @Test func pairsAndRanksStayInsideTheirGroup() throws {
        func grouped(_ e: Experiment.Entry, _ group: String) -> Experiment.Entry { var e = e; e.group = group; return e }
        let spec = experiment([grouped(pushEntry("low", threshold: 0.5), "a"), grouped(pushEntry("high", threshold: 1.0), "b"),
                               grouped(pushEntry("tuned", threshold: 1, search: Self.grid), "a"), grouped(pushEntry("mid", threshold: 0.7), "a"),
                               grouped(pushEntry("strict", threshold: 1.3), "b")])
        let result = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).run()
        #expect(result.groups.map(\.group.entries) == [["low", "tuned", "mid"], ["high", "strict"]])
        #expect(result.pairs.map { "\($0.group):\($0.first)|\($0.second)" } == ["a:low|tuned", "a:low|mid", "a:tuned|mid", "b:high|strict"])
        let a = try #require(result.groups[0].ranking)
        #expect(a.methods == ["low", "tuned", "mid"] && a.units == ["s0", "s1", "s2", "s3"])
        #expect(result.groups[1].ranking == nil, "two entries: paired tests only")
        // Group a's headline: its best entry by pooled F1 and the Nemenyi test against the runner-up.
        let scores = Dictionary(uniqueKeysWithValues: result.scores.map { ($0.entry, $0.overall.value) })
        let best = ["low", "tuned", "mid"].max { scores[$0]! < scores[$1]! }!
        #expect(result.groups[0].headline.description.hasPrefix("a: '\(best)' best, f1 \(ExperimentReport.fmt(scores[best]))"), "\(result.groups[0].headline)")
        #expect(result.groups[0].headline.description.contains("Friedman p = \(ExperimentReport.fmt(a.friedman.pValue))"))
        // Typed as computed: the numbers the words were made from.
        guard case let .computed(typed) = result.groups[0].headline, case let .rank(friedmanP, entries, _, _) = typed.test else {
            Issue.record("group a's headline is not a computed rank comparison: \(result.groups[0].headline)")
            return
        }
        #expect(typed.best.entry == best && friedmanP == a.friedman.pValue && entries == 3)
        // Group b: the better of two (ties go to the first), with the paired bootstrap of F1, the ranked metric.
        // McNemar's test on the same pair tests recall, which 'high' wins with p ≈ 0.002 while its F1 is not
        // significantly better: it must not be the headline.
        let pair = try #require(result.pairs.last?.bootstrap)
        let bestB = scores["strict"]! > scores["high"]! ? "strict" : "high"
        let headline = result.groups[1].headline.description
        #expect(headline.hasPrefix("b: '\(bestB)' best"), "\(headline)")
        #expect(headline.contains("paired bootstrap of f1") && headline.contains("p = \(ExperimentReport.fmt(pair.pValue))"), "\(headline)")
        #expect(!headline.contains("McNemar"))
        // With recall as the metric, per-annotation correctness is the metric, and McNemar's test is the headline.
        var byRecall = spec
        byRecall.metric = .recall
        let recall = try ExperimentRunner(experiment: byRecall, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).run()
        let mcnemar = try #require(recall.pairs.last?.mcnemar)
        #expect(recall.groups[1].headline.description.contains("McNemar p = \(ExperimentReport.fmt(mcnemar.pValue))"), "\(recall.groups[1].headline)")
    }

    /// An entry's stages run in front of its recognizer: the evaluated events are those of the very pipeline an
    /// app would build, and differ from the recognizer alone.
    @Test func entryStagesAreWhatIsEvaluated() throws {
        let smoothing = OneEuroFilter.Configuration(minimumCutoff: 0.3, beta: 0)
        var staged = pushEntry("smoothed", threshold: 0.5)
        staged.stages = [.oneEuro(smoothing)]
        let spec = experiment([pushEntry("raw", threshold: 0.5), staged])
        let result = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).run()
        let scores = Dictionary(uniqueKeysWithValues: result.scores.map { ($0.entry, $0.overall.value) })
        let push = try Push(configuration: .init(threshold: 0.5))
        let byHand = EventDetection.run(pushes.recordings) { Pipeline(stages: [OneEuroStage(configuration: smoothing)], recognizers: [push]) }
        let expected = try EventEvaluation(recordings: pushes.recordings, events: byHand, matching: spec.matching.eventMatching,
                                           bootstrap: .init(replicates: 10)).f1.value
        #expect(scores["smoothed"] == expected)
        #expect(scores["smoothed"] != scores["raw"], "the stage changes what the recognizer sees")
        // Stages are part of the entry as written back (results.json).
        let data = try JSONEncoder().encode(staged)
        #expect(try JSONDecoder().decode(Experiment.Entry.self, from: data).stages == [.oneEuro(smoothing)])
    }

    /// Rank tests align units by (dataset, fold): entries listing their datasets in different orders rank exactly as
    /// when they list them alike (by position, the second and third entries' scores on `later` were ranked against
    /// the first's on `pushes`).
    @Test func reorderedDatasetsRankTheSame() throws {
        let later = Dataset(name: "later", kind: .continuous, samplingRate: 50,
                            recordings: (0..<4).flatMap { s in (2..<4).map { pushRecording(subject: s, take: $0) } })
        func on(_ e: Experiment.Entry, _ datasets: [String]) -> Experiment.Entry { var e = e; e.datasets = datasets; e.group = "g"; return e }
        var spec = experiment([on(pushEntry("low", threshold: 0.5), ["pushes", "later"]), on(pushEntry("mid", threshold: 0.7), ["pushes", "later"]),
                               on(pushEntry("high", threshold: 1.0), ["pushes", "later"])])
        spec.datasets["later"] = .source("unused")
        let data = ["pushes": pushes, "later": later]
        let alike = try ExperimentRunner(experiment: spec, datasets: data, registry: pushRegistry, trainers: .standard).run()
        var reordered = spec
        reordered.entries[1].datasets = ["later", "pushes"]
        reordered.entries[2].datasets = ["later", "pushes"]
        let swapped = try ExperimentRunner(experiment: reordered, datasets: data, registry: pushRegistry, trainers: .standard).run()
        let a = try #require(alike.groups[0].ranking), b = try #require(swapped.groups[0].ranking)
        #expect(a.units.count == 8 && a.units == b.units)
        #expect(a.friedman.averageRanks == b.friedman.averageRanks && a.friedman.pValue == b.friedman.pValue)
        // The scores behind each unit are the entries' own on that dataset and fold.
        let low = try #require(swapped.scores.first { $0.entry == "low" && $0.dataset == "later" })
        let row = try #require(b.units.firstIndex(of: "later/\(low.folds[0].fold)"))
        #expect(b.scores[row][0] == low.folds[0].value.value)
    }

    /// Shards split the plan by training step: every unit in exactly one shard, a model never trained in two,
    /// loads balanced, and the same shards on every call.
    @Test func shardsCoverTheUnitsOnceAndKeepTrainingTogether() throws {
        let spec = experiment([pushEntry("tuned", threshold: 1, search: Self.grid), pushEntry("low", threshold: 0.5), pushEntry("copy", threshold: 1, search: Self.grid)])
        let plan = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).plan
        for count in 1...9 {
            let shards = (0..<count).map { plan.shard($0, of: count) }
            #expect(shards.flatMap { $0.map(\.index) }.sorted() == plan.units.map(\.index), "\(count) shards")
            for (i, a) in shards.enumerated() {
                for b in shards[(i + 1)...] { #expect(Set(a.map(\.training)).isDisjoint(with: b.map(\.training))) }
            }
            #expect(shards == (0..<count).map { plan.shard($0, of: count) })
            let loads = (0..<count).map { i in Set(shards[i].map(\.training)).reduce(0) { $0 + plan.estimatedSeconds(of: plan.trainingSteps[$1]) } }
            let largest = plan.trainingSteps.map { plan.estimatedSeconds(of: $0) }.max()!
            #expect(loads.max()! - loads.min()! <= largest * (1 + 1e-9), "\(count) shards: \(loads)")
        }
    }

    /// Same inputs and seed give byte-identical results; another seed changes the intervals only.
    @Test func deterministicResults() throws {
        let spec = experiment([pushEntry("low", threshold: 0.5), pushEntry("high", threshold: 1.0), pushEntry("tuned", threshold: 1, search: Self.grid)])
        let a = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).run().jsonData()
        let b = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).run().jsonData()
        #expect(a == b)
        let other = try ExperimentRunner(experiment: experiment(spec.entries, seed: 4), datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).run()
        #expect(try other.jsonData() != a)
        let first = try ExperimentResult(jsonData: a)
        #expect(other.scores.map(\.overall.value) == first.scores.map(\.overall.value))
    }

    /// Threshold 0.5 g catches every push but fires on s3's 0.9 g background; 1.0 g misses s0's
    /// ten pushes. McNemar on per-annotation correctness: b = 10, c = 0, exact p = 2 · 0.5¹⁰.
    @Test func pairedTestsOnTheSameAnnotations() throws {
        let spec = experiment([pushEntry("low", threshold: 0.5), pushEntry("high", threshold: 1.0), pushEntry("tuned", threshold: 1, search: Self.grid)])
        let result = try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).run()
        let pair = try #require(result.pairs.first { $0.first == "low" && $0.second == "high" })
        let m = try #require(pair.mcnemar)
        #expect(m.onlyFirstCorrect == 10 && m.onlySecondCorrect == 0)
        #expect(abs(m.pValue - 2 * pow(0.5, 10)) < 1e-12)
        // F1 difference: low has 40/40 annotations and extra detections on s3; high has 30 correct of 30 detections.
        let low = try #require(result.scores.first { $0.entry == "low" }), high = try #require(result.scores.first { $0.entry == "high" })
        #expect(abs(try #require(pair.bootstrap).difference.value - (low.overall.value - high.overall.value)) < 1e-12)
        #expect(high.overall.value == 2.0 * 30 / (30 + 40))
        let w = try #require(pair.wilcoxon)
        #expect(w.count + w.zeros == 4)
        // Three entries over four folds: Friedman's average ranks sum to k(k + 1)/2 and the CD is Nemenyi's.
        let ranking = try #require(result.groups.first?.ranking)
        #expect(ranking.methods == ["low", "high", "tuned"])
        #expect(abs(ranking.friedman.averageRanks.reduce(0, +) - 6) < 1e-12)
        let nemenyi = try NemenyiTest(friedman: try FriedmanTest(scores: ranking.scores), alpha: 0.05)
        #expect(ranking.nemenyi.criticalDifference == nemenyi.criticalDifference)
        // Every metric of every entry is in the dataset's evaluation result, with the folds.
        let evaluation = try #require(result.evaluations["pushes"])
        #expect(evaluation.folds?.folds.count == 4)
        #expect(evaluation.metrics.contains { $0.scope == "low vs high" && $0.name == "mcnemar.p" })
        #expect(evaluation.metrics.contains { $0.scope == "tuned/fold s2" && $0.name == "trained.threshold" })
    }

    /// Issue 55: an entry whose settings the experiment file says were chosen on these folds is never headlined as an
    /// estimate, and the report warns about it; an entry without the key reads, and encodes, as before.
    @Test func anEntryTunedOnTheseFoldsIsNeverHeadlinedAsAnEstimate() throws {
        func run(_ entries: [Experiment.Entry]) throws -> ExperimentResult {
            try ExperimentRunner(experiment: experiment(entries), datasets: ["pushes": pushes], registry: pushRegistry, trainers: .standard).run()
        }
        let tuned = { (warning: ExperimentWarning) in if case .tunedOnTheseFolds = warning { true } else { false } }
        let plain = try run([pushEntry("low", threshold: 0.5), pushEntry("high", threshold: 1.0)])
        #expect(!plain.warnings.contains(where: tuned) && !(plain.groups.first?.headline.description.contains("settings chosen") ?? true))
        // high (every detection right) is best.
        #expect(plain.groups.first?.headline.description.contains("'high' best") == true)
        var high = pushEntry("high", threshold: 1.0)
        high.tunedOnTheseFolds = true
        let result = try run([pushEntry("low", threshold: 0.5), high])
        let headline = try #require(result.groups.first?.headline.description)
        #expect(headline.contains("'high' best, f1 0.8571 [0.4, 1] over 4 subjects (settings chosen on these folds: not an estimate for new people), ahead of 'low'"), "\(headline)")
        #expect(result.warnings.filter(tuned) == [.tunedOnTheseFolds(entry: "high")])
        #expect(ExperimentWarning.tunedOnTheseFolds(entry: "high").description.contains("entry 'high': its settings were chosen after scoring on these folds"))
        // Flagging the runner-up changes no headline, only the warnings.
        var low = pushEntry("low", threshold: 0.5)
        low.tunedOnTheseFolds = true
        let second = try run([low, pushEntry("high", threshold: 1.0)])
        #expect(second.groups.first?.headline.description == plain.groups.first?.headline.description)
        #expect(second.warnings.filter(tuned) == [.tunedOnTheseFolds(entry: "low")])
        // The key is written only when set, and reads back.
        let encoded = try JSONEncoder().encode(high), untouched = try JSONEncoder().encode(pushEntry("high", threshold: 1.0))
        #expect(String(decoding: encoded, as: UTF8.self).contains("tunedOnTheseFolds"))
        #expect(!String(decoding: untouched, as: UTF8.self).contains("tunedOnTheseFolds"))
        #expect(try JSONDecoder().decode(Experiment.Entry.self, from: encoded).tunedOnTheseFolds)
    }

    /// Annotations outside an entry's labels are dropped, so detections on them count as insertions.
    @Test func onlyJudgedLabelsCount() throws {
        var relabelled = pushes
        for i in relabelled.recordings.indices {
            relabelled.recordings[i].annotations = relabelled.recordings[i].annotations.enumerated().map { k, a in
                Annotation(start: a.start, end: a.end, label: k == 0 ? "other" : a.label)
            }
        }
        let spec = experiment([pushEntry("high", threshold: 1.0)])
        let result = try ExperimentRunner(experiment: spec, datasets: ["pushes": relabelled], registry: pushRegistry, trainers: .standard).run()
        let e = try #require(result.evaluations["pushes"])
        let annotations = try #require(e.metrics.first { $0.scope == "high" && $0.name == "annotations" })
        #expect(annotations.value == 32)
        let insertions = try #require(e.metrics.first { $0.scope == "high" && $0.name == "insertions" })
        #expect(insertions.value == 6, "s1–s3's first push in each take is detected but not judged")
    }

    /// DTW templates of shakes are trained from the training subjects' annotations only, and the
    /// rejection k chosen there (each fold's model equals training on those recordings alone).
    @Test func dtwTemplatesAreTrainedInsideEachFold() throws {
        var spec = SyntheticDatasetGenerator.defaultSpec
        spec.subjects = 3
        spec.sessionsPerSubject = 1
        spec.recordingDuration = 30
        let dataset = try SyntheticDatasetGenerator.generate(spec)
        let entry = Experiment.Entry(name: "dtw shakes", recognizer: "dtw",
                                     configuration: .inline(.object(["signal": .string("userAcceleration"), "selection": .number(2)])),
                                     datasets: ["synthetic"], labels: ["shake"], search: ["rejectionK": .init(values: [0, 1, 3])])
        let experiment = Experiment(name: "dtw", datasets: ["synthetic": .source("unused")], bootstrapReplicates: 200, entries: [entry])
        let runner = try ExperimentRunner(experiment: experiment, datasets: ["synthetic": dataset], registry: .standard, trainers: .standard)
        let result = try runner.run()
        let score = try #require(result.scores.first)
        for (fold, fs) in zip(runner.folds["synthetic"]!.folds, score.folds) {
            let training = fold.train.map { dataset.recordings[$0] }
            let alone = try EntryTrainer(entry: entry, experiment: experiment, kind: .continuous, registry: .standard, trainers: .standard).train(on: training)
            #expect(fs.trained == alone.summary, "fold \(fold.name)")
            let shakes = training.flatMap(\.annotations).count { $0.label == "shake" }
            #expect(fs.trained.values["examples"] == Double(shakes), "only the training subjects' shakes are examples")
        }
        #expect(score.folds.allSatisfy { [0.0, 1.0, 3.0].contains($0.trained.values["rejectionK"] ?? -1) })
    }
}
