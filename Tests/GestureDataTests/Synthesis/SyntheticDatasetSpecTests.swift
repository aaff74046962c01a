import Foundation
import GestureData
import GestureKit
import Testing

/// A synthesis spec file: defaults for what it leaves out, and a clear error for what cannot be generated.
@Suite struct SyntheticDatasetSpecTests {
    @Test func specsDecodeWithDefaultsAndInvalidSpecsAreRejected() throws {
        let json = #"{"seed": 3, "subjects": 2, "sensor": {"accelerometerNoise": 0.05, "valueDecimals": null}}"#
        let spec = try JSONDecoder().decode(SyntheticDatasetSpec.self, from: Data(json.utf8))
        #expect(spec.seed == 3 && spec.subjects == 2 && spec.samplingRate == 50)
        #expect(spec.sensor.accelerometerNoise == 0.05 && spec.sensor.valueDecimals == nil && spec.sensor.timestampDecimals == 4)
        let roundTrip = try JSONDecoder().decode(SyntheticDatasetSpec.self, from: JSONEncoder().encode(spec))
        #expect(roundTrip == spec)

        let yaml = "seed: 9\nkind: segments\nrepetitions: 1\ngestures: [shake, flip]\nsensor:\n  timestampDecimals: null\n"
        let fromYAML = try YAMLConfiguration(text: yaml).decode(SyntheticDatasetSpec.self)
        #expect(fromYAML.seed == 9 && fromYAML.kind == .segments && fromYAML.repetitions == 1)
        #expect(fromYAML.gestures == [.shake, .flip] && fromYAML.sensor.timestampDecimals == nil && fromYAML.sensor.valueDecimals == 4)

        func rejects(_ key: String, _ change: (inout SyntheticDatasetSpec) -> Void) {
            var s = SyntheticDatasetSpec()
            change(&s)
            #expect(throws: ConfigurationError.self) { try SyntheticDatasetGenerator.generate(s) }
            do { try s.validate() } catch { #expect(error.key == key) }
        }
        rejects("subjects") { $0.subjects = 0 }
        rejects("samplingRate") { $0.samplingRate = .nan }
        rejects("recordingDuration") { $0.recordingDuration = 5 }
        rejects("maximumGap") { $0.maximumGap = 1.5 }
        rejects("gestures") { $0.gestures = [] }
        rejects("sensor.dropProbability") { $0.sensor.dropProbability = 0.9 }
        rejects("sensor.accelerometerNoise") { $0.sensor.accelerometerNoise = -1 }
    }
}
