import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

@Suite struct MiniRocketExperimentTests {
    /// An experiment entry `recognizer: minirocket` on archive files trains inside the fold and scores what the
    /// archive form (``MiniRocketEvaluation``) scores on the same files and seed: one training path.
    @Test func experimentEntryEqualsTheArchiveForm() throws {
        let root = TemporaryFolder.root.appendingPathComponent("minirocket-ts-\(UUID().uuidString)")
        let (train, test) = try UEAFixture.tinySplit(in: root, trainingPairs: 6)
        let experiment = try UEAFixture.experiment(in: root, train: train, test: test, entries: """
              - name: rocket
                recognizer: minirocket
                configuration: {features: 840, seed: 4}
                datasets: [tiny]
            """)
        let runner = try ExperimentRunner(experiment: experiment, datasets: experiment.loadDatasets(), registry: .standard, trainers: .standard)
        let result = try runner.run()
        let expected = try MiniRocketEvaluation(trainer: MiniRocketTrainer(featureCount: 840, seed: 4))
            .run(train: UEAArchive.read(contentsOf: train), test: UEAArchive.read(contentsOf: test))
        let score = try #require(result.scores.first { $0.entry == "rocket" })
        #expect(score.overall.value == expected.accuracy)
        #expect(expected.accuracy > 0.8, "two easy classes: \(expected.accuracy)")
        // The plan counts its work: features × samples × series, and the Gram matrix.
        let step = try #require(runner.plan.trainingSteps.first)
        #expect(step.rocket?.features == 840 && step.rocket?.examples == 12 && step.rocket?.segments == true)
        #expect(runner.plan.estimatedSeconds(of: step) > 0)
    }

    @Test func searchesAndBadSettingsAreRefusedNamingTheEntry() throws {
        let root = TemporaryFolder.root.appendingPathComponent("minirocket-bad-\(UUID().uuidString)")
        let (train, test) = try UEAFixture.tinySplit(in: root, trainingPairs: 6)
        for (entry, words) in [("configuration: {features: 10}", "features"), ("search: {features: [100, 200]}", "cannot be searched"),
                               ("configuration: {lengthPolicy: stretched}", "lengthPolicy")] {
            let experiment = try UEAFixture.experiment(in: root, train: train, test: test, entries: """
                  - name: rocket
                    recognizer: minirocket
                    \(entry)
                    datasets: [tiny]
                """)
            #expect { try ExperimentRunner(experiment: experiment, datasets: experiment.loadDatasets(), registry: .standard, trainers: .standard).run() } throws: { error in
                "\(error)".contains("rocket") && "\(error)".contains(words)
            }
        }
    }
}
