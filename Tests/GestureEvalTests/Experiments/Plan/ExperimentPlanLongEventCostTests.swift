import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// Issue 59: the plan's cost of long events. Template selection compares each class's examples pairwise, and a
/// pair of long examples of different lengths costs its length difference as well as the band; the ridge of a
/// MiniRocket spotter decomposes its Gram matrix for the full model, each cross-fitting group, and again for each
/// after hard negatives are added. Four subjects, one 600 s recording each at 10 Hz with five bouts, under
/// leave-one-subject-out: each fold trains on fifteen bouts.
@Suite struct ExperimentPlanLongEventCostTests {
    /// Subject `s`'s recording: bouts of `bouts` seconds, labelled `shake`, 40 s apart, over still samples.
    static func recording(subject s: Int, bouts: [Double]) -> Recording {
        let rate = 10.0, times = (0..<Int(600 * rate)).map { Double($0) / rate }
        var annotations: [Annotation] = [], start = 20.0
        for length in bouts {
            annotations.append(Annotation(start: start, end: start + length, label: "shake"))
            start += length + 40
        }
        let zero = times.map { _ in 0.0 }
        return Recording(id: "s\(s)", subject: "s\(s)", session: "one", timestamps: times,
                         channels: [(.accelX, zero), (.accelY, zero), (.accelZ, zero.map { _ in -1 })], annotations: annotations)
    }

    static func plan(bouts: [Double], _ entries: [Experiment.Entry]) throws -> ExperimentPlan {
        let dataset = Dataset(name: "bouts", kind: .continuous, samplingRate: 10,
                              recordings: (0..<4).map { recording(subject: $0, bouts: bouts) })
        let spec = Experiment(name: "cost", datasets: ["bouts": .source("unused")], seed: 1, bootstrapReplicates: 50, entries: entries)
        return try ExperimentRunner(experiment: spec, datasets: ["bouts": dataset], registry: .standard, trainers: .standard).plan
    }

    static func entry(_ recognizer: String, _ settings: [String: ConfigurationValue]) -> Experiment.Entry {
        Experiment.Entry(name: recognizer, recognizer: recognizer, configuration: .inline(.object(settings)), datasets: ["bouts"], labels: ["shake"])
    }

    static let medoids: [String: ConfigurationValue] = ["selection": .number(3), "band": .number(0.1), "minimumDuration": .number(20),
                                                        "maximumDuration": .number(120), "rejection": .object(["method": .string("stream")])]

    /// The counted cells are those of the pairs within the class at the band, so bouts of 30–90 s cost more than bouts
    /// of 60 s each (same count, same mean length), and twice as long bouts about four times as much.
    @Test func dtwTemplateSelectionCountsThePairsOfBoutLengths() throws {
        func step(_ bouts: [Double]) throws -> (workload: DTWWorkload, seconds: Double) {
            let plan = try Self.plan(bouts: bouts, [Self.entry("dtw", Self.medoids)])
            return (try #require(plan.trainingSteps[0].dtw), plan.estimatedSeconds(of: plan.trainingSteps[0]))
        }
        let equal = try step([60, 60, 60, 60, 60]), spread = try step([30, 45, 60, 75, 90]), long = try step([120, 120, 120, 120, 120])
        #expect(equal.workload.examples == 15 && spread.workload.examples == 15)
        #expect(abs(equal.workload.exampleLength - spread.workload.exampleLength) < 1e-9, "the same mean length")
        // Fifteen bouts of 600 samples: 105 pairs of 600 rows of 121 cells, less the corners.
        let dtw = try DTW(band: 0.1)
        #expect(equal.workload.selectionCells == Double(105 * dtw.cells(600, 600)))
        #expect(spread.workload.selectionCells > 2.5 * equal.workload.selectionCells, "length differences widen the window")
        #expect(spread.seconds > 1.2 * equal.seconds)
        #expect(isClose(long.workload.selectionCells, 4 * equal.workload.selectionCells, relative: 0.01), "lengths squared")
        // Each cross-fitting group selects again on its share of the bouts.
        let grouped = try Self.plan(bouts: [60, 60, 60, 60, 60], [Self.entry("dtw", Self.medoids.merging(["crossFitGroups": .number(2)]) { $1 })])
        #expect(equal.seconds > grouped.estimatedSeconds(of: grouped.trainingSteps[0]))
    }

    /// ``GestureKit/DTW/cells(_:_:)`` is what the pairwise distances compute, band or no band, lengths equal or not.
    @Test func dtwCellsAreThoseThePairwiseDistancesCompute() throws {
        var random = SplitMix64(seed: 3)
        let series = try [40, 41, 75, 120, 300].map { n in try DTWSeries(dimensions: [(0..<n).map { _ in random.gaussian() }]) }
        for band in [0, 0.05, 0.1, 0.3, 1] {
            let dtw = try DTW(band: band)
            var expected = 0
            for i in series.indices { for j in (i + 1)..<series.count { expected += dtw.cells(series[i].length, series[j].length) } }
            #expect(try DTWIndex.pairwiseDistances(series, dtw: dtw).cells == expected, "band \(band)")
        }
    }

    /// Each pass decomposes the full model's Gram matrix and each group's; the hard-negative pass on more windows.
    @Test func miniRocketRidgeCountsEveryDecompositionOfEachPass() throws {
        let settings: [String: ConfigurationValue] = ["window": .number(10), "hop": .number(0.5), "context": .number(2), "samplingRate": .number(10),
                                                      "features": .number(1008), "negativesPerPositive": .number(1), "maxWindows": .number(1200),
                                                      "rejection": .object(["method": .string("stream")])]
        let plan = try Self.plan(bouts: [60, 60, 60, 60, 60], [Self.entry("minirocket-stream", settings)])
        let step = plan.trainingSteps[0], w = try #require(step.rocket), m = TrainingCostModel.reference
        #expect(w.examples == 1200 && w.crossFitTrainings == 3 && w.retrainsWithHardNegatives)
        #expect(w.hardNegatives == 200, "half of a third of maxWindows")
        let share = 2.0 / 3, first = 1200.0, second = 1400.0
        let eigen = MiniRocketCostModel.reference.eigenSeconds(windows: first) + 3 * MiniRocketCostModel.reference.eigenSeconds(windows: share * first)
            + MiniRocketCostModel.reference.eigenSeconds(windows: second) + 3 * MiniRocketCostModel.reference.eigenSeconds(windows: share * second)
        #expect(plan.estimatedSeconds(of: step) > eigen)
        #expect(eigen > 2.4 * (MiniRocketCostModel.reference.eigenSeconds(windows: first) + 3 * MiniRocketCostModel.reference.eigenSeconds(windows: share * first)), "the second pass is the larger")
    }
}
