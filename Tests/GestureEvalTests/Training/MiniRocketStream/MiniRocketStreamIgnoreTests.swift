import Foundation
import GestureData
@testable import GestureEval
import GestureKit
import Testing

/// Training windows near a don't-care region (issue 55) are neither positives nor negatives.
@Suite struct MiniRocketStreamIgnoreTests {
    static func name(_ label: String??) -> String {
        switch label {
        case .none: "skipped"
        case .some(.none): "negative"
        case .some(.some(let l)): l
        }
    }

    @Test func windowsNearAnIgnoredAnnotationAreSkipped() throws {
        let settings = try MiniRocketStreamFitterTests.settings()   // window 1.2 s: half a window of margin
        let annotations = [Annotation(start: 10, end: 11.2, label: "wave"), Annotation(start: 20, end: 30, label: "transition"),
                           Annotation(start: 18.5, end: 19.7, label: "wave")]
        let ignoring = MiniRocketStreamFitter(settings: settings, matching: EventMatching(ignoring: ["transition"]))
        let labels = [(10.0, 11.2), (24.0, 25.2), (30.5, 31.7), (18.5, 19.7), (50.0, 51.2), (31.0, 32.2)].map {
            Self.name(ignoring.label(of: (start: $0.0, end: $0.1), in: annotations))
        }
        #expect(labels == ["wave", "skipped", "skipped", "wave", "negative", "negative"])
        // Judged, the transition would be a class of its own.
        let judging = MiniRocketStreamFitter(settings: settings)
        #expect(Self.name(judging.label(of: (start: 24, end: 25.2), in: annotations)) == "transition")
    }
}
