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

    /// A preset file an entry names (`configuration: preset.yaml`) is read as a value, not decoded strictly: `compare`,
    /// `train --config` and `evaluate --config` ran with the second `peakThreshold` without a word.
    @Test func aPresetFileWithAKeyWrittenTwiceIsRefusedAtItsLine() throws {
        let url = TemporaryFolder.root.appendingPathComponent("twice-\(UUID().uuidString).yaml")
        try "# peak preset\npeakThreshold: 1.2\nthreshold: 0.5\npeakThreshold: 2.0\n".write(to: url, atomically: true, encoding: .utf8)
        #expect {
            _ = try ConfigurationValue(contentsOf: url)
        } throws: { error in
            guard let error = error as? DataFileError else { return false }
            return error.file == url.path && error.field == "peakThreshold" && error.line == 2 && "\(error)".contains("written twice")
        }
        // Nested, and in a JSON document read as YAML.
        #expect(throws: DataFileError.self) { try ConfigurationValue(yaml: "smoothing:\n  timeConstant: 1\n  timeConstant: 2\n", file: "n.yaml") }
        #expect(throws: DataFileError.self) { try ConfigurationValue(yaml: #"{"a": 1, "\u0061": 2}"#, file: "j.json") }
        // The same key in two mappings is no repeat.
        let fine = try ConfigurationValue(yaml: "a:\n  x: 1\nb:\n  x: 2\n", file: "fine.yaml")
        #expect(fine[path: "b.x"] == .number(2))
    }

    /// Two merge keys in one mapping: the first anchor won without a word. One list says which wins.
    @Test func twoMergeKeysInOneMappingAreRefusedAndAListMerges() throws {
        let twice = """
            base: &base {threshold: 0.5}
            loud: &loud {peakThreshold: 3.0, threshold: 0.9}
            preset:
              <<: *base
              <<: *loud
            """
        struct Doc: Decodable { var base: ConfigurationNodeProbe; var loud: ConfigurationNodeProbe; var preset: ConfigurationNodeProbe }
        #expect {
            _ = try YAMLConfiguration(text: twice, source: "merge.yaml").decode(Doc.self)
        } throws: { error in
            guard let error = error as? DataFileError else { return false }
            return error.field == "preset.<<" && error.line == 4 && "\(error)".contains("<<: [*first, *second]")
        }
        #expect(throws: DataFileError.self) { try ConfigurationValue(yaml: twice, file: "merge.yaml") }
        let list = twice.replacingOccurrences(of: "  <<: *base\n  <<: *loud", with: "  <<: [*base, *loud]")
        let merged = try YAMLConfiguration(text: list, source: "merge.yaml").decode(Doc.self)
        #expect(merged.preset.threshold == 0.5 && merged.preset.peakThreshold == 3.0, "the earlier mapping wins")
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

/// Two optional settings, for merge-key documents.
private struct ConfigurationNodeProbe: Decodable {
    var threshold: Double?
    var peakThreshold: Double?
}
