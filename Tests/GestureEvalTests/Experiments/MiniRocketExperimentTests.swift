import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

@Suite struct MiniRocketExperimentTests {
    static func files(_ root: URL) throws -> (train: URL, test: URL) {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let train = try UEAFixture.write((0..<6).flatMap { [UEAFixture.example("a", $0), UEAFixture.example("b", $0 + 3)] },
                                         to: root.appendingPathComponent("tiny_TRAIN.ts"))
        let test = try UEAFixture.write((7..<15).flatMap { [UEAFixture.example("a", $0), UEAFixture.example("b", $0 + 1)] },
                                        to: root.appendingPathComponent("tiny_TEST.ts"))
        return (train, test)
    }

    static func experiment(_ root: URL, train: URL, test: URL, entry: String) throws -> Experiment {
        let yaml = """
            name: tiny-minirocket
            datasets:
              tiny: {train: ts:\(train.path), test: ts:\(test.path)}
            split: fixed:train:test
            metric: accuracy
            seed: 1
            bootstrapReplicates: 100
            entries:
            \(entry)
            """
        let file = root.appendingPathComponent("tiny.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try Experiment(contentsOf: file)
    }

    /// An experiment entry `recognizer: minirocket` on archive files trains inside the fold and scores what the
    /// archive form (``MiniRocketEvaluation``) scores on the same files and seed: one training path.
    @Test func experimentEntryEqualsTheArchiveForm() throws {
        let root = TemporaryFolder.root.appendingPathComponent("minirocket-ts-\(UUID().uuidString)")
        let (train, test) = try Self.files(root)
        let experiment = try Self.experiment(root, train: train, test: test, entry: """
              - name: rocket
                recognizer: minirocket
                configuration: {features: 840, seed: 4}
                datasets: [tiny]
            """)
        let runner = try ExperimentRunner(experiment: experiment, datasets: experiment.loadDatasets())
        let result = try runner.run()
        let expected = try MiniRocketEvaluation(trainer: MiniRocketTrainer(featureCount: 840, seed: 4))
            .run(train: UEAArchive.read(contentsOf: train), test: UEAArchive.read(contentsOf: test))
        let score = try #require(result.scores.first { $0.entry == "rocket" })
        #expect(score.overall.value == expected.accuracy)
        #expect(expected.accuracy > 0.8, "two easy classes: \(expected.accuracy)")
        // The plan counts its work: features × samples × series, and the Gram matrix.
        let step = try #require(runner.plan.trainingSteps.first)
        #expect(step.workload.rocketFeatures == 840 && step.workload.examples == 12 && step.workload.segments)
        #expect(runner.plan.estimatedSeconds(of: step) > 0)
    }

    @Test func searchesAndBadSettingsAreRefusedNamingTheEntry() throws {
        let root = TemporaryFolder.root.appendingPathComponent("minirocket-bad-\(UUID().uuidString)")
        let (train, test) = try Self.files(root)
        for (entry, words) in [("configuration: {features: 10}", "features"), ("search: {features: [100, 200]}", "cannot be searched"),
                               ("configuration: {lengthPolicy: stretched}", "lengthPolicy")] {
            let experiment = try Self.experiment(root, train: train, test: test, entry: """
                  - name: rocket
                    recognizer: minirocket
                    \(entry)
                    datasets: [tiny]
                """)
            #expect { try ExperimentRunner(experiment: experiment, datasets: experiment.loadDatasets()).run() } throws: { error in
                "\(error)".contains("rocket") && "\(error)".contains(words)
            }
        }
    }
}
