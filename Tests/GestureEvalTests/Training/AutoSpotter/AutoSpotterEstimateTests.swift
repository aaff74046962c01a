import Foundation
import GestureData
@testable import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// The plan's cost of a spotter step (issue 77): the candidates the search compares, each counted as the training it
/// runs on the cross-fitting units, then the retraining; operation counts, no timing.
@Suite struct AutoSpotterEstimateTests {
    static let training = AutoSpotterTrainerTests.training
    static let none = TrainingWorkload.Testing(samples: 0, recordings: 0, units: 0)

    static func workload(_ recordings: [Recording], _ configuration: String = "{}") throws -> AutoSpotterTrainer.Workload {
        try #require(AutoSpotterTrainer().workload(try AutoSpotterTrainerTests.setup(configuration), training: recordings))
    }

    /// Every window classifier of rounds 1 and 2 at the comparison's fidelity, the two templates, and each candidate at
    /// full fidelity for the retraining; cross-fitted over three groups of the four subjects.
    @Test func countsTheCandidatesTheSearchCompares() throws {
        let recipe = try AutoSpotterRecipe(Self.training)
        let w = try Self.workload(Self.training)
        #expect(w.candidates.count == recipe.firstRoundCandidates.count + recipe.secondRound(normalization: nil).count)
        #expect(w.candidates.count == 2 * 3 + recipe.otherChannelSets.count * 3 && w.variants == 2)
        #expect(w.templates.count == recipe.templateCandidates.count && w.templates.count == 2)
        #expect(w.retrained.count == w.candidates.count)
        #expect(w.candidates.allSatisfy { $0.features == 504 && !$0.retrainsWithHardNegatives && $0.crossFitTrainings == 3 })
        // Every unit held out: a comparison fits no model of all windows; the retraining does.
        #expect(w.candidates.allSatisfy { !$0.fitsAllWindows } && w.retrained.allSatisfy(\.fitsAllWindows))
        #expect(w.retrained.allSatisfy { $0.features == 1008 && $0.dilations > 0 })
        #expect(Set(w.candidates.map(\.channels)) == Set([1] + recipe.otherChannelSets.map(\.count)))
        #expect(w.unitSamples == Self.training.reduce(0) { $0 + $1.count })
    }

    /// The estimate is its parts: each compared training, rounds 3 and 4 at their mean, the templates, and the mean
    /// retraining with the tests.
    @Test func theEstimateIsTheSumOfItsParts() throws {
        let w = try Self.workload(Self.training)
        let model = TrainingCostModel.reference, rocket = MiniRocketStreamTrainer()
        let testing = TrainingWorkload.Testing(samples: 3000, recordings: 1, units: 1)
        let compared = w.candidates.map { rocket.estimatedSeconds(of: $0, training: w.unitSamples, searched: 0, testing: Self.none, model: model)! }
        let templates = w.templates.map { DTWTemplateMatcherTrainer().estimatedSeconds(of: $0, training: w.unitSamples, searched: 0, testing: Self.none, model: model)! }
        let retrained = w.retrained.map { rocket.estimatedSeconds(of: $0, training: w.unitSamples, searched: 0, testing: testing, model: model)! }
        let sum: Double = compared.reduce(0, +)
        let retraining: Double = retrained.reduce(0, +) / Double(retrained.count)
        let expected: Double = sum + 2 * sum / Double(compared.count) + templates.reduce(0, +) + retraining
        let estimate = try #require(AutoSpotterTrainer().estimatedSeconds(of: w, training: 0, searched: 0, testing: testing, model: model))
        #expect(isClose(estimate, expected, relative: 1e-12))
        #expect(templates.allSatisfy { $0 > 0 } && retrained.allSatisfy { $0 > 0 })
        var fuller = w
        for i in fuller.candidates.indices { fuller.candidates[i].fitsAllWindows = true }
        #expect(AutoSpotterTrainer().estimatedSeconds(of: fuller, training: 0, searched: 0, testing: testing, model: model)! > estimate)
        var fewer = w
        fewer.candidates.removeLast()
        #expect(AutoSpotterTrainer().estimatedSeconds(of: fewer, training: 0, searched: 0, testing: testing, model: model)! < estimate)
    }

    /// More channels (another sensor unit worn) make every candidate's transform dearer: the estimate grows though the
    /// windows stay the same.
    @Test func moreChannelsCostMore() throws {
        let worn = Self.training.map { recording in
            var r = recording
            for axis in ["x", "y", "z"] { r.setColumn(Channel(rawValue: "accel.\(axis)@ankle"), r.column(Channel(rawValue: "accel.\(axis)"))!) }
            return r
        }
        let one = try Self.workload(Self.training), two = try Self.workload(worn)
        #expect(zip(one.candidates, two.candidates).allSatisfy { $0.channels < $1.channels && $0.examples == $1.examples })
        let cost = { (w: AutoSpotterTrainer.Workload) in AutoSpotterTrainer().estimatedSeconds(of: w, training: 0, searched: 0, testing: Self.none, model: .reference)! }
        #expect(cost(two) > cost(one))
    }

    /// One training subject: the thirds stand for people, each read from the recording's start, so three held-out
    /// models and about twice the recording's windows scored (the parts' lead-ins too).
    @Test func thirdsScoreTheirLeadIns() throws {
        let one = [Self.training[0]]
        let w = try Self.workload(one)
        let duration = one[0].duration
        for c in w.candidates {
            #expect(c.crossFitTrainings == 3)
            let hop = try #require(AutoSpotterRecipe(one).firstRound.first).hop
            #expect(abs(Double(c.scoredWindows) * hop / duration - 2) < 0.2, "\(c.scoredWindows) windows of \(hop) s over \(duration) s")
        }
        #expect(w.unitSamples > 19 * one[0].count / 10)
    }

    /// A fixed key that makes candidates one is trained once, as the search does.
    @Test func fixedKeysMergeCandidates() throws {
        let w = try Self.workload(Self.training, #"{"channels": ["accel.magnitude"], "context": 0.3}"#)
        #expect(w.candidates.count == 2, "as read and normalised")
    }

    /// The transform's channel work: a kernel combines 1 channel of 1, about 3.4 of 9 or more; the cells grow with the
    /// channels and dilations, and the features' share stays ``MiniRocketCostModel/perRocketCell``'s.
    @Test func channelCellsGrowWithChannels() {
        #expect(MiniRocketCostModel.meanChannelsPerKernel(channels: 1) == 1)
        let nine = MiniRocketCostModel.meanChannelsPerKernel(channels: 9)
        #expect(nine > 3 && nine < 3.6 && MiniRocketCostModel.meanChannelsPerKernel(channels: 18) == nine)
        #expect(MiniRocketCostModel.channelCells(channels: 1, dilations: 1) == 46 + 84)
        #expect(MiniRocketCostModel.channelCells(channels: 12, dilations: 5) > 6 * MiniRocketCostModel.channelCells(channels: 1, dilations: 5))
        let m = MiniRocketCostModel.reference
        #expect(m.transformSeconds(windows: 10, length: 200, features: 504, channels: 3, dilations: 0) == 10.0 * 200.0 * 504.0 * m.perRocketCell)
        #expect(m.transformSeconds(windows: 10, length: 200, features: 504, channels: 6, dilations: 5)
                > m.transformSeconds(windows: 10, length: 200, features: 504, channels: 3, dilations: 5))
        // The constant was fitted on two channels: their work is in it already.
        #expect(m.transformSeconds(windows: 10, length: 200, features: 504, channels: 2, dilations: 5) == 10.0 * 200.0 * 504.0 * m.perRocketCell)
        #expect(m.transformSeconds(windows: 1, length: 200, features: 84, channels: 1, dilations: 1) > 0)
    }

    /// Windows scored along a stream share their convolutions (issue 77): a window then costs the hop's new outputs and
    /// its ends at each dilation, a window that overlaps none its whole transform.
    @Test func streamWindowsCostAShareOfTheirOwnTransform() throws {
        let share = { (hop: Int, dilations: [Int]) in
            MiniRocketCostModel.batchShare(length: 200, hop: hop, dilations: dilations, featuresPerDilation: dilations.map { _ in 84 })
        }
        #expect(abs(share(5, [1, 2]) - Double((5 + 8) + (5 + 16)) / 400) < 1e-12)
        #expect(share(5, [1, 2, 4, 8, 16, 32]) > share(5, [1, 2]) && share(5, [1, 2, 4, 8, 16, 32]) < 1)
        #expect(share(200, [1, 2]) == 1 && share(250, [1]) == 1 && share(5, [25, 30]) == 1, "no overlap, or ends that cover the window")
        // A spotter's candidates score their units along the stream: at most their own transforms.
        let w = try Self.workload(Self.training)
        #expect(w.candidates.allSatisfy { $0.scoredShare > 0 && $0.scoredShare < 1 })
    }
}
