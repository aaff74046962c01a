import Foundation
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// Typos in YAML configurations, manifests and experiment files are errors at their line.
@Suite struct StrictYAMLTests {
    @Test func aRecognizerPresetTypoIsReportedAtItsLine() {
        let yaml = YAMLConfiguration(text: "# shake preset\nthreshold: 0.75\npeakThreshhold: 5.0\n", source: "typo.yaml")
        #expect {
            _ = try yaml.decode(PeakDirectionDetector.Configuration.self)
        } throws: { error in
            guard let error = error as? DataFileError else { return false }
            return error.file == "typo.yaml" && error.line == 3 && error.field == "peakThreshhold"
        }
    }

    @Test func aManifestTypoNamesTheKeyAndTheNearestOne() {
        let text = """
            name: typo
            kind: continuous
            time: {column: t, scal: 0.001}
            channels:
              - {name: accel.x}
            """
        #expect {
            _ = try DatasetManifest(yaml: text, file: "dataset.yaml")
        } throws: { error in
            guard let error = error as? DataFileError else { return false }
            return error.line == 3 && error.field == "time.scal" && error.message.contains("did you mean 'scale'")
        }
    }

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
            _ = try Experiment(yaml: text, file: "exp.yaml")
        } throws: { error in
            guard let error = error as? DataFileError else { return false }
            return error.line == 8 && error.field == "entries[0].label" && error.message.contains("did you mean 'labels'")
        }
    }

    @Test func theShippedExperimentsAndManifestsHaveNoUnknownKeys() throws {
        let root = SharedData.packageRoot
        let experiments = root.appendingPathComponent("configs/experiments")
        for file in try FileManager.default.contentsOfDirectory(atPath: experiments.path) where file.hasSuffix(".yaml") {
            _ = try Experiment(contentsOf: experiments.appendingPathComponent(file))
        }
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent("datasets").path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix("dataset.yaml") else { continue }
            _ = try DatasetManifest(contentsOf: root.appendingPathComponent("datasets").appendingPathComponent(path))
        }
    }
}
