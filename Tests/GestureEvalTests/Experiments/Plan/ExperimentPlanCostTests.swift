import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Synchronization
import Testing

/// The plan's workload counts and cost estimate, on four subjects' push recordings (2,000 samples each, five
/// 0.6 s pushes) under leave-one-subject-out: each fold trains on three subjects' six recordings.
@Suite struct ExperimentPlanCostTests {
    static let pushes = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                                recordings: (0..<4).flatMap { s in (0..<2).map { pushRecording(subject: s, take: $0) } })

    static func plan(_ entries: [Experiment.Entry]) throws -> ExperimentPlan {
        let spec = Experiment(name: "cost", datasets: ["pushes": .source("unused")], seed: 1, bootstrapReplicates: 50, entries: entries)
        return try ExperimentRunner(experiment: spec, datasets: ["pushes": pushes], registry: .standard, trainers: .standard).plan
    }

    static func dtw(_ name: String, _ settings: [String: ConfigurationValue], search: [String: [Double]] = [:]) -> Experiment.Entry {
        Experiment.Entry(name: name, recognizer: "dtw", configuration: .inline(.object(settings)), datasets: ["pushes"], labels: ["push"],
                         search: search.mapValues { .init(values: $0) })
    }

    static func shake(_ name: String, search: [String: [Double]] = [:]) -> Experiment.Entry {
        Experiment.Entry(name: name, recognizer: "shake", datasets: ["pushes"], labels: ["push"], search: search.mapValues { .init(values: $0) })
    }

    /// What each step processes is counted from the fold's own recordings and the entry's settings.
    @Test func workloadCountsTheFoldsRecordingsAndExamples() throws {
        let plan = try Self.plan([Self.dtw("medoids", ["selection": .number(3), "band": .number(0.1)]),
                                  Self.dtw("learned", ["rejection": .object(["method": .string("stream")])]),
                                  Self.shake("shake")])
        #expect(plan.trainingSteps.count == 12)
        for step in plan.trainingSteps {
            let w = step.workload
            #expect(w.trainingSamples == 6 * 2000, "three subjects × two recordings")
            #expect(plan.units.filter { $0.training == step.index }.map(\.testSamples) == [2 * 2000])
            switch step.entries[0] {
            case "shake":
                #expect(w.detail == nil)
            case "medoids":
                let w = try #require(step.dtw)
                #expect(w.examples == 30 && w.classes == 1 && w.templates == 3 && w.bandCandidates == 0 && w.band == 0.1)
                #expect(abs(w.exampleLength - 0.6 * 1999 / 39.98) < 0.01, "0.6 s at the recordings' rate: \(w.exampleLength)")
                #expect(w.crossFitTrainings == 0 && !w.segments)
            default:
                let w = try #require(step.dtw)
                #expect(w.templates == 1 && w.bandCandidates == 21)
                // Three training subjects, fewer than the default five groups: one group each, 2/3 of the examples.
                #expect(w.crossFitTrainings == 3 && abs(w.crossFitShare - 2.0 / 3) < 1e-12)
            }
        }
    }

    /// Augmented copies count as examples in the estimate: two copies, three times the examples, and a higher cost.
    @Test func augmentationCountsItsExamples() throws {
        let plan = try Self.plan([Self.dtw("plain", ["selection": .number(3), "band": .number(0.1)]),
                                  Self.dtw("augmented", ["selection": .number(3), "band": .number(0.1),
                                                         "augmentation": .object(["copies": .number(2), "seed": .number(1)])])])
        let plain = try #require(plan.trainingSteps.first { $0.entries == ["plain"] })
        let augmented = try #require(plan.trainingSteps.first { $0.entries == ["augmented"] })
        #expect(plain.dtw?.examples == 30 && augmented.dtw?.examples == 90)
        #expect(plan.estimatedSeconds(of: augmented) > plan.estimatedSeconds(of: plain))
    }

    /// A rule-based step without a search costs one pass over its test samples plus the unit; a search adds one
    /// pass over the training samples per candidate.
    @Test func ruleBasedEstimateIsPassesOverSamples() throws {
        let plan = try Self.plan([Self.shake("plain"), Self.shake("tuned", search: ["peakThreshold": [1, 1.5, 2]])])
        let m = ExperimentPlan.CostModel.reference
        let plain = plan.trainingSteps[0], tuned = plan.trainingSteps[4]
        #expect(isClose(plan.estimatedSeconds(of: plain), m.perSample * 4000 + m.perUnit, relative: 1e-12))
        #expect(isClose(plan.estimatedSeconds(of: tuned), m.perSample * (3 * 12000 + 4000) + m.perUnit, relative: 1e-12))
    }

    /// DTW costs grow with what the work grows with: learning the band, more templates, more candidates.
    @Test func dtwEstimateGrowsWithTheWork() throws {
        let plan = try Self.plan([Self.dtw("fixed", ["band": .number(0.1)]), Self.dtw("learned", [:]),
                                  Self.dtw("three", ["band": .number(0.1), "selection": .number(3)]),
                                  Self.dtw("searched", ["band": .number(0.1)], search: ["rejectionK": [1, 2, 3]])])
        let cost = { (entry: String) in plan.estimatedSeconds(of: plan.trainingSteps.first { $0.entries == [entry] }!) }
        #expect(cost("learned") > 2 * cost("fixed"))
        #expect(cost("three") > cost("fixed"))
        #expect(cost("searched") > 3 * cost("fixed"), "each candidate spots the training recordings")
    }

    /// A MiniRocket stream entry counts its drawn windows (capped by `maxWindows`), the windows each calibration
    /// scores, its subject groups and its passes; its estimate grows with the windows, features, candidates and hard negatives.
    @Test func miniRocketStreamWorkloadCountsWindows() throws {
        func rocket(_ name: String, _ settings: [String: ConfigurationValue], search: [String: [Double]] = [:]) -> Experiment.Entry {
            var all: [String: ConfigurationValue] = ["window": .number(0.6), "hop": .number(0.1), "context": .number(0.2),
                                                     "features": .number(168), "refractoryTime": .number(0.5), "maxWindows": .number(5000)]
            all.merge(settings) { $1 }
            return Experiment.Entry(name: name, recognizer: "minirocket-stream", configuration: .inline(.object(all)), datasets: ["pushes"],
                                    labels: ["push"], search: search.mapValues { .init(values: $0) })
        }
        let plan = try Self.plan([rocket("plain", ["hardNegatives": .bool(false)]), rocket("mined", [:]),
                                  rocket("capped", ["maxWindows": .number(40), "hardNegatives": .bool(false)]),
                                  rocket("wide", ["features": .number(672), "hardNegatives": .bool(false)]),
                                  rocket("searched", ["hardNegatives": .bool(false)], search: ["context": [0.2, 0.4]]),
                                  rocket("refractory searched", ["hardNegatives": .bool(false)], search: ["refractoryTime": [0.5, 1, 2]]),
                                  rocket("mined, refractory searched", [:], search: ["refractoryTime": [0.5, 1, 2]]),
                                  rocket("augmented", ["hardNegatives": .bool(false), "augmentation": .object(["copies": .number(1)])]),
                                  rocket("long context", ["hardNegatives": .bool(false), "context": .number(1.2)])])
        let step = { (entry: String) in plan.trainingSteps.first { $0.entries == [entry] }! }
        let w = try #require(step("plain").rocket)
        // Six recordings of 40 s with five 0.6 s pushes: 6 windows per push (max(0.6, 0.6) / 0.1), four negatives per positive.
        let rate = 1999 / 39.98
        #expect(w.features == 168 && !w.segments && !w.retrainsWithHardNegatives)
        #expect(abs(w.examples - 900) <= 1, "30 pushes × 6 windows × 5: \(w.examples)")
        #expect(abs(w.exampleLength - 1.0 * rate) < 0.01)
        #expect(w.scoredWindows == Int(6 * 39.98 / 0.1))
        #expect(abs(w.windowsPerTestSample - 1 / (rate * 0.1)) < 1e-9)
        #expect(w.crossFitTrainings == 3)
        #expect(step("capped").rocket?.examples == 40 && step("mined").rocket?.retrainsWithHardNegatives == true)
        let cost = { (entry: String) in plan.estimatedSeconds(of: step(entry)) }
        #expect(cost("plain") > 0 && cost("capped") < cost("plain"))
        // Hard negatives: a second pass, on the drawn windows and half of what it may add (a third of maxWindows, at
        // most the negatives not drawn: (6 × 39.98 − 30 × (0.6 + 2 × 0.6)) / 0.1 − 720).
        #expect(step("mined").rocket?.hardNegatives == 569)
        #expect(cost("mined") > 2.1 * cost("plain"), "hard negatives: a second, larger pass")
        // The ridge's eigendecomposition (cubic in the windows, whatever the features) dominates at 900 windows.
        let m = ExperimentPlan.CostModel.reference
        #expect(cost("wide") > cost("plain") && cost("plain") > MiniRocketCostModel.reference.eigenSeconds(windows: Double(w.examples)))
        #expect(cost("searched") > 1.9 * cost("plain"), "each candidate trains again")
        // Candidates that differ only after the fit share it (MiniRocketStreamTrainingCache); with hard negatives each
        // still fits its own second pass.
        #expect(step("searched").rocket?.fitShapes == 2 && step("refractory searched").rocket?.fitShapes == 1)
        #expect(cost("refractory searched") == cost("plain"))
        #expect(cost("mined, refractory searched") > cost("mined") && cost("mined, refractory searched") < 3 * cost("mined"))
        // Issue 45: augmented copies add their windows to the draw (until maxWindows caps it); context lengthens each window.
        #expect(abs(try #require(step("augmented").rocket).examples - 2 * w.examples) <= 2)
        #expect(cost("augmented") > 1.5 * cost("plain"))
        #expect(abs(try #require(step("long context").rocket).exampleLength - 3.0 * rate) < 0.01 && cost("long context") > cost("plain"))
    }

    /// A run reports each training step and each unit once, and their parts' estimates add up to the plan's:
    /// what the progress line's remaining time is computed from.
    @Test func aRunReportsEveryPartWhoseEstimatesAddUpToThePlans() throws {
        let spec = Experiment(name: "cost", datasets: ["pushes": .source("unused")], seed: 1, bootstrapReplicates: 50,
                              entries: [Self.shake("plain"), Self.dtw("fixed", ["band": .number(0.1)])])
        let runner = try ExperimentRunner(experiment: spec, datasets: ["pushes": Self.pushes], registry: .standard, trainers: .standard)
        let plan = runner.plan
        let seen = Mutex<[ExperimentPlan.RunProgress]>([])
        _ = try runner.run { part in seen.withLock { $0.append(part) } }
        let parts = seen.withLock { $0 }
        #expect(Set(parts) == Set(plan.trainingSteps.map { .trained(step: $0.index) } + plan.units.map { .tested(unit: $0.index) }))
        #expect(parts.count == plan.trainingSteps.count + plan.units.count)
        // A unit is tested after its step is trained (a work item is a step, then its units).
        for unit in plan.units {
            let trained = try #require(parts.firstIndex(of: .trained(step: unit.training)))
            #expect(trained < parts.firstIndex(of: .tested(unit: unit.index))!, "unit \(unit.index)")
        }
        let total = plan.trainingSteps.reduce(0) { $0 + plan.estimatedSeconds(of: $1) }
        #expect(isClose(parts.reduce(0) { $0 + plan.estimatedSeconds(of: $1) }, total, relative: 1e-9))
        #expect(plan.estimatedSeconds(of: .trained(step: 4)) > 10 * plan.estimatedSeconds(of: .trained(step: 0)), "DTW medoids outweigh a rule pass")
    }
}

extension ExperimentPlan.TrainingStep {
    /// The DTW trainer's counts of this step, when it has them.
    var dtw: DTWWorkload? { workload.decodedDetail(as: DTWWorkload.self) }
    /// The MiniRocket trainers' counts of this step, when it has them.
    var rocket: MiniRocketWorkload? { workload.decodedDetail(as: MiniRocketWorkload.self) }
}
