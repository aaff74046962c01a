import Foundation
import GestureData
@testable import GestureEval
import GestureKit
import Testing

/// The spotter with no settings adapting to a person inside an experiment: the strength is chosen on the training
/// subjects alone.
@Suite struct AutoSpotterAdaptationTests {
    private static func run(person: Recording, adaptation: Experiment.Adaptation = .labelled(events: 3),
                            training: [Recording] = MiniRocketStreamFitterTests.training) throws -> ExperimentExecutor.UnitResult {
        let dataset = Dataset(name: "waves", kind: .continuous, samplingRate: 25, recordings: training + [person])
        var entry = Experiment.Entry(name: "spotter, labelled 3", recognizer: "spotter",
                                     configuration: .inline(.object(["features": .number(336), "maxDilationsPerKernel": .number(4),
                                                                     "maxWindows": .number(300), "seed": .number(5)])),
                                     datasets: ["waves"], labels: ["wave"])
        entry.adaptation = adaptation
        let experiment = Experiment(name: "adapt", datasets: ["waves": .source("unused")], bootstrapReplicates: 200, entries: [entry])
        let runner = try ExperimentRunner(experiment: experiment, datasets: ["waves": dataset], registry: .standard, trainers: .standard)
        let units = runner.plan.units.filter { $0.foldName == person.subject }
        return try #require(try ExperimentExecutor(runner).run(runner.plan, units: units).first)
    }

    /// The fold that tests the weak person chooses the same strength whatever that person's recording holds (their
    /// waves at a third of the strength, or as strong as everyone's): the test subject's data never reach the choice,
    /// though they do change what the adapted model detects.
    @Test func theAdaptationStrengthIsChosenWithoutTheTestSubject() throws {
        let weak = MiniRocketStreamAdaptationTests.weak
        let other = MiniRocketStreamFitterTests.recording("weak", subject: "weak", seed: 12)
        let first = try Self.run(person: weak), second = try Self.run(person: other)
        let keys = ["adaptThresholdWeight", "adaptRidge", "adaptStandardisationWeight", "adaptSimulatedScore", "adaptSimulatedScoreNone"]
        for key in keys { #expect(first.trained.values[key] != nil, "\(key)") }
        #expect(keys.map { first.trained.values[$0] } == keys.map { second.trained.values[$0] })
        // The four training subjects were the simulation's people.
        #expect(first.trained.values["adaptSimulatedSubjects"] == 4)
        #expect(first.events != second.events, "the test subject's recording does change what is detected")
        #expect(second.events.joined().count >= 5)
    }

    /// A forced strength is used as it is, without simulating the protocol, and the model carries it (so that
    /// `gesturelab adapt` adapts a file as the run adapted the model).
    @Test func aForcedStrengthIsTakenAsItIs() throws {
        let forced = try Self.run(person: MiniRocketStreamAdaptationTests.weak,
                                  adaptation: .labelled(events: 3, strength: .init(threshold: 1, ridge: 2)))
        #expect(forced.trained.values["adaptForced"] == 1)
        #expect(forced.trained.values["adaptThresholdWeight"] == 1 && forced.trained.values["adaptRidge"] == 2)
        #expect(forced.trained.values["adaptStandardisationWeight"] == 0)
        #expect(forced.trained.values["adaptSimulatedScore"] == nil, "nothing was simulated")
    }

    /// One training person is cut into parts for cross-fitting, but parts of one person cannot stand for a new one:
    /// the strength fixed before any data is kept, and the test person still changes nothing of it.
    @Test func oneTrainingPersonKeepsThePriorStrength() throws {
        let one = Array(MiniRocketStreamFitterTests.training.prefix(1))
        let first = try Self.run(person: MiniRocketStreamAdaptationTests.weak, training: one)
        let second = try Self.run(person: MiniRocketStreamFitterTests.recording("weak", subject: "weak", seed: 12), training: one)
        #expect(first.trained.values["adaptPrior"] == 1)
        #expect(MiniRocketStreamAdaptation(summary: first.trained) == .unchosen)
        #expect(MiniRocketStreamAdaptation(summary: second.trained) == .unchosen)
    }
}
