import Foundation
import Synchronization
@testable import GestureEval
import GestureData
import GestureKit
import Testing

/// What an adapting push trainer was handed: subject, last sample time and annotations of each calibration recording.
final class AdaptationLog: Sendable {
    struct Call: Hashable { var subject: String; var recordings: [String]; var lastTimes: [Double]; var annotations: Int; var adaptation: Experiment.Adaptation }
    let calls = Mutex<[Call]>([])
}

/// The midpoint push trainer of `TrainerRegistryTests`, adapting: from labelled calibration data it re-learns the
/// threshold on the person's own pushes and background; from unlabelled data it only rises above the person's background.
struct AdaptingPushTrainer: AdaptingTrainer {
    struct Model: Sendable { var threshold: Double }
    let log: AdaptationLog
    var identifier: String { Push.identifier }

    static func midpoint(_ recordings: [Recording]) -> Double? {
        var background = 0.0, weakestPeak = Double.infinity
        for r in recordings {
            guard let x = r.column(.accelX) else { continue }
            for (t, v) in zip(r.timestamps, x) {
                if r.annotations.contains(where: { t >= $0.start && t <= $0.end }) { continue }
                background = max(background, abs(v))
            }
            for a in r.annotations {
                weakestPeak = min(weakestPeak, zip(r.timestamps, x).filter { $0.0 >= a.start && $0.0 <= a.end }.map { abs($0.1) }.max() ?? 0)
            }
        }
        return weakestPeak.isFinite ? (background + weakestPeak) / 2 : nil
    }

    func fit(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> Trained<Model> {
        guard let threshold = Self.midpoint(recordings) else { throw setup.error("no pushes") }
        return Trained(Model(threshold: threshold), summary: TrainingSummary(values: ["threshold": threshold]))
    }

    func detect(_ learned: Model, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
        try setup.run(setup.pipeline([try Push(configuration: .init(threshold: learned.threshold))]), on: recordings, checkChannels: true)
    }

    func adapt(_ model: Model, summary: TrainingSummary, to person: PersonCalibration, setup: TrainingSetup) throws(TrainingError) -> Trained<Model> {
        log.calls.withLock {
            $0.append(.init(subject: person.subject, recordings: person.recordings.map(\.id), lastTimes: person.recordings.map { $0.timestamps.last ?? -1 },
                            annotations: person.recordings.reduce(0) { $0 + $1.annotations.count }, adaptation: person.adaptation))
        }
        var adapted = model
        if person.isLabelled, let threshold = Self.midpoint(person.recordings) { adapted.threshold = threshold }
        return Trained(adapted, summary: summary)
    }
}

@Suite struct AdaptationExecutionTests {
    static func entry(_ name: String, _ adaptation: Experiment.Adaptation?, group: String? = nil) -> Experiment.Entry {
        var e = Experiment.Entry(name: name, recognizer: Push.identifier, datasets: ["pushes"], labels: ["push"], group: group)
        e.adaptation = adaptation
        return e
    }

    static func run(_ entries: [Experiment.Entry], log: AdaptationLog) throws -> (ExperimentRunner, [ExperimentExecutor.UnitResult]) {
        var trainers = TrainerRegistry.standard
        trainers.register(AdaptingPushTrainer(log: log))
        let experiment = Experiment(name: "adapt", datasets: ["pushes": .source("unused")], bootstrapReplicates: 200, entries: entries)
        let runner = try ExperimentRunner(experiment: experiment, datasets: ["pushes": TrainerRegistryTests.pushes], registry: pushRegistry, trainers: trainers)
        return (runner, try ExperimentExecutor(runner).run(runner.plan))
    }

    /// Paired scoring: in a group where one entry adapts from 3 labelled events, every entry (K = 0, 1, 3) is judged on
    /// the same time, and no entry judges anything of the K = 3 stretch; a group without an adapting entry is untouched.
    @Test func aCalibrationStretchIsNeverJudgedForAnyEntryOfItsGroup() throws {
        let log = AdaptationLog()
        let (runner, units) = try Self.run([Self.entry("none", nil), Self.entry("labelled 1", .labelled(events: 1)),
                                            Self.entry("labelled 3", .labelled(events: 3)), Self.entry("elsewhere", nil, group: "other")], log: log)
        let dataset = TrainerRegistryTests.pushes
        for fold in runner.folds["pushes"]!.folds {
            let mine = units.filter { $0.unit.fold == fold.index }
            let grouped = mine.filter { $0.unit.entry != "elsewhere" }
            #expect(grouped.count == 3)
            // K = 0, 1 and 3 are judged on identical recordings, so identical time.
            #expect(Set(grouped.map(\.recordings)).count == 1, "fold \(fold.name)")
            let tested = fold.test.map { dataset.recordings[$0] }
            let stretch = try #require(CalibrationStretch.stretches(of: tested, labelled: 3).first)
            #expect(stretch.recordings.count == 1 && abs(stretch.end - 18.6) < 1e-9)
            for unit in grouped {
                for (i, match) in unit.matches.enumerated() {
                    let end = stretch.end(in: i) ?? -.infinity
                    // Nothing that starts in the stretch is judged, and no detection ending in it is correct or false.
                    for (a, outcome) in zip(match.annotations, match.annotationOutcomes) where a.start <= end {
                        #expect(outcome == .ignored, "\(unit.unit.entry) fold \(fold.name): \(a)")
                    }
                    for (d, outcome) in zip(match.detections, match.detectionOutcomes) where d.end <= end {
                        #expect(outcome == .ignored, "\(unit.unit.entry) fold \(fold.name): \(d)")
                    }
                    #expect(match.annotations.filter { $0.label == "push" }.count == (end == -.infinity ? 5 : 2))
                }
            }
            // Another group is judged on everything.
            let other = try #require(mine.first { $0.unit.entry == "elsewhere" })
            #expect(other.recordings == TrainerRegistryTests.pushes.recordings.indices.filter { fold.test.contains($0) }.map { dataset.recordings[$0] })
        }
        // The adapter saw each test subject's stretch alone, with its annotations: the first take, up to the K-th push.
        let calls = log.calls.withLock { $0 }
        #expect(calls.count == 8)
        for call in calls {
            let k = try #require(call.adaptation.labelledEvents)
            #expect(call.recordings == ["\(call.subject)-0"])
            #expect(call.annotations == k)
            #expect(call.lastTimes[0] <= 4 + 7 * Double(k - 1) + 0.6 + 1e-9)
        }
    }

    /// The adapted model is what is scored: subject s3 pushes at 1.6 g over a background of 0.9 g that the others'
    /// threshold (0.4 g) takes for pushes; three of s3's own pushes move the threshold above it.
    @Test func theAdaptedModelIsWhatIsScored() throws {
        let (runner, units) = try Self.run([Self.entry("none", nil), Self.entry("labelled 3", .labelled(events: 3)),
                                            Self.entry("unlabelled", .unlabelled(seconds: nil))], log: AdaptationLog())
        let result = try ExperimentAggregator(experiment: runner.experiment, datasets: runner.datasets, folds: runner.folds,
                                              trainers: runner.trainers).result(of: runner.plan, units)
        func f1(_ entry: String, _ fold: String) throws -> Double {
            try #require(result.scores.first { $0.entry == entry }?.folds.first { $0.fold == fold }).value.value
        }
        #expect(try f1("none", "s3") < 0.5)
        #expect(try f1("labelled 3", "s3") == 1)
        // Unlabelled data carry no pushes to re-learn from: this adapter keeps the threshold.
        #expect(try f1("unlabelled", "s3") == f1("none", "s3"))
    }

    /// The report says who adapts and how (transductively for all of a subject's unlabelled recordings), which entries
    /// were judged without calibration stretches, and where a subject had fewer events than asked.
    @Test func theReportSaysWhoAdaptedAndWhatWasNotJudged() throws {
        let (runner, units) = try Self.run([Self.entry("none", nil), Self.entry("labelled 6", .labelled(events: 6)),
                                            Self.entry("unlabelled", .unlabelled(seconds: nil))], log: AdaptationLog())
        let result = try ExperimentAggregator(experiment: runner.experiment, datasets: runner.datasets, folds: runner.folds,
                                              trainers: runner.trainers).result(of: runner.plan, units)
        #expect(result.warnings.contains(.adapted(entry: "labelled 6", adaptation: "labelled 6")))
        #expect(result.warnings.contains { $0.description.contains("'unlabelled' adapts") && $0.description.contains("transductive") })
        #expect(result.warnings.contains(.calibrationExcluded(entries: ["none", "labelled 6", "unlabelled"], events: 6)))
        #expect(result.warnings.contains { $0.description.contains("end of the 6th annotated event") })
        // Five pushes a take: the sixth is in the second take, so no subject is short; ten are not enough for 11.
        #expect(!result.warnings.contains { if case .calibrationShort = $0 { true } else { false } })
        let (shortRunner, shortUnits) = try Self.run([Self.entry("labelled 11", .labelled(events: 11))], log: AdaptationLog())
        let short = try ExperimentAggregator(experiment: shortRunner.experiment, datasets: shortRunner.datasets, folds: shortRunner.folds,
                                             trainers: shortRunner.trainers).result(of: shortRunner.plan, shortUnits)
        #expect(short.warnings.filter { if case .calibrationShort(_, _, _, _, 11, ["push": 10]) = $0 { true } else { false } }.count == 4)
    }

    @Test func aRecognizerThatCannotAdaptIsRefusedBeforeAnyFoldRuns() {
        var entry = Experiment.Entry(name: "rule", recognizer: "shake", datasets: ["pushes"], labels: ["push"])
        entry.adaptation = .labelled(events: 3)
        let experiment = Experiment(name: "adapt", datasets: ["pushes": .source("unused")], bootstrapReplicates: 200, entries: [entry])
        #expect {
            _ = try EntryTrainer(entry: entry, experiment: experiment, kind: .continuous, registry: pushRegistry, trainers: .standard)
        } throws: { error in
            (error as? ExperimentError)?.message.contains("shake cannot adapt to a person") == true
        }
    }
}
