import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// Typos in YAML configurations and manifests are errors at their line (experiment files: `ExperimentYAMLTests`).
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

    @Test func aKeyWrittenTwiceIsReportedAtItsLine() {
        let yaml = YAMLConfiguration(text: "threshold: 0.75\npeakThreshold: 5.0\nthreshold: 0.5\n", source: "twice.yaml")
        #expect {
            _ = try yaml.decode(PeakDirectionDetector.Configuration.self)
        } throws: { error in
            guard let error = error as? DataFileError else { return false }
            return error.file == "twice.yaml" && error.field == "threshold" && error.line == 1 && "\(error)".contains("written twice")
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
            return error.line == 3 && error.field == "time.scal" && error.reason == .unknownKey(suggestion: "scale", expected: [])
                && error.message == "unknown key; did you mean 'scale'?"
        }
    }

    @Test func theShippedManifestsHaveNoUnknownKeys() throws {
        let root = SharedData.packageRoot
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


}
