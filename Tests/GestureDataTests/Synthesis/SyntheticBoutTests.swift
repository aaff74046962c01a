import Foundation
import GestureData
import GestureKit
import Testing

/// Issue 59: events of 30–100 s from the synthesizer. A bout repeats one drawn gesture for a drawn duration and is
/// annotated as one event.
@Suite struct SyntheticBoutTests {
    static let spec = SyntheticDatasetSpec(seed: 5, subjects: 2, sessionsPerSubject: 1, recordingDuration: 400, samplingRate: 20, gestures: [.shake],
                                           minimumGap: 10, maximumGap: 20, minimumGestureDuration: 30, maximumGestureDuration: 100)

    @Test func eachBoutIsOneEventOfTheDrawnDuration() throws {
        let dataset = try SyntheticDatasetGenerator.generate(Self.spec)
        let annotations = dataset.recordings.flatMap(\.annotations)
        #expect(annotations.count >= 4)
        for a in annotations {
            #expect(a.label == SyntheticDatasetGenerator.shakeLabel)
            #expect(a.end - a.start >= 30 - 1e-3 && a.end - a.start <= 100 + 1e-3, "\(a)")
        }
        // The shakes go on through the bout: every 5 s of it holds samples above 0.8 g of user acceleration.
        for r in dataset.recordings {
            for a in r.annotations {
                for start in stride(from: a.start, to: a.end - 5, by: 5) {
                    let peak = r.samples.filter { $0.timestamp >= start && $0.timestamp < start + 5 }.map { $0.userAcceleration?.length ?? 0 }.max() ?? 0
                    #expect(peak > 0.8, "\(r.id) \(start) s")
                }
            }
        }
        #expect(dataset.description.contains("bout of 30–100 s"))
        #expect(try SyntheticDatasetGenerator.generate(Self.spec).recordings == dataset.recordings, "the same spec, the same recordings")
    }

    @Test func boutDurationsAreSetTogetherAndFitTheRecording() throws {
        let yaml = "minimumGestureDuration: 30\nmaximumGestureDuration: 100\n"
        let decoded = try YAMLConfiguration(text: yaml).decode(SyntheticDatasetSpec.self)
        #expect(decoded.minimumGestureDuration == 30 && decoded.maximumGestureDuration == 100 && SyntheticDatasetSpec().minimumGestureDuration == nil)
        func rejects(_ key: String, _ change: (inout SyntheticDatasetSpec) -> Void) {
            var s = Self.spec
            change(&s)
            #expect(throws: ConfigurationError.self, "\(key)") { try s.validate() }
            do { try s.validate() } catch { #expect(error.key == key) }
        }
        rejects("maximumGestureDuration") { $0.maximumGestureDuration = nil }
        rejects("minimumGestureDuration") { $0.minimumGestureDuration = nil }
        rejects("minimumGestureDuration") { $0.minimumGestureDuration = 0.1 }
        rejects("maximumGestureDuration") { $0.maximumGestureDuration = 20 }
        rejects("maximumGestureDuration") { $0.maximumGestureDuration = 395 }
    }
}
