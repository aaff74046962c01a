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

    @Test func mergeKeysAreResolvedBeforeStrictDecoding() throws {
        let yaml = YAMLConfiguration(text: """
            base: &base {threshold: 0.5, quietTime: 0.2}
            tuned:
              <<: *base
              quietTime: 0.3
            """, source: "merge.yaml")
        struct Document: Decodable { var base: PeakDirectionDetector.Configuration; var tuned: PeakDirectionDetector.Configuration }
        let document = try yaml.decode(Document.self)
        #expect(document.tuned.threshold == 0.5)
        #expect(document.tuned.quietTime == 0.3)
        #expect(document.base.quietTime == 0.2)

        let typo = YAMLConfiguration(text: "base: &base {threshold: 0.5, quietTyme: 0.2}\ntuned: {<<: *base}\n", source: "merge.yaml")
        #expect(throws: DataFileError.self) { _ = try typo.decode([String: PeakDirectionDetector.Configuration].self) }
    }

    @Test func theSwimWatchEntriesShareTheirSettingsThroughAMergeKey() throws {
        let url = SharedData.packageRoot.appendingPathComponent("configs/experiments/swimwatch-turns.yaml")
        let experiment = try Experiment(contentsOf: url)
        let calibrated = try #require(try experiment.entries.first { $0.name == "dtw calibrated" }?.configuration?.resolve())
        #expect(calibrated[path: "band"] != nil)
        #expect(calibrated[path: "refractoryTime"] != nil)
        #expect(calibrated[path: "rejection.method"] == .string("stream"))
        #expect(calibrated[path: "<<"] == nil)
    }
}
