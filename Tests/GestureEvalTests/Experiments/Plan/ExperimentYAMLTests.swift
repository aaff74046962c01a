import Foundation
import GestureData
import GestureEval
import GestureTestSupport
import Testing

/// Typos in experiment files are errors at their line, as in every other YAML file (`StrictYAMLTests`).
@Suite struct ExperimentYAMLTests {
    @Test func anExperimentTypoIsAnErrorNotAWiderJudgement() {
        let text = """
            name: typo
            datasets: {default: datasets/default}
            split: leave-one-subject-out
            entries:
              - name: shake
                recognizer: shake
                dataset: default
                label: [shake]
            """
        #expect {
            _ = try Experiment(yaml: text, file: "exp.yaml", trainers: .standard)
        } throws: { error in
            guard let error = error as? DataFileError else { return false }
            return error.line == 8 && error.field == "entries[0].label" && error.message.contains("did you mean 'labels'")
        }
    }

    @Test func theShippedExperimentsHaveNoUnknownKeys() throws {
        let experiments = SharedData.packageRoot.appendingPathComponent("configs/experiments")
        for file in try FileManager.default.contentsOfDirectory(atPath: experiments.path) where file.hasSuffix(".yaml") {
            _ = try Experiment(contentsOf: experiments.appendingPathComponent(file), trainers: .standard)
        }
    }

    @Test func theSwimWatchEntriesShareTheirSettingsThroughAMergeKey() throws {
        let url = SharedData.packageRoot.appendingPathComponent("configs/experiments/swimwatch-turns.yaml")
        let experiment = try Experiment(contentsOf: url, trainers: .standard)
        let calibrated = try #require(try experiment.entries.first { $0.name == "dtw calibrated" }?.configuration?.resolve())
        #expect(calibrated[path: "band"] != nil)
        #expect(calibrated[path: "refractoryTime"] != nil)
        #expect(calibrated[path: "rejection.method"] == .string("stream"))
        #expect(calibrated[path: "<<"] == nil)
    }
}
