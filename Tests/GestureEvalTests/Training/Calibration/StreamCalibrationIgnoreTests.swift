import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing

/// Stream calibration judges candidates with the experiment's matching (issue 55): candidates in a don't-care region
/// neither reward nor penalise a threshold.
@Suite struct StreamCalibrationIgnoreTests {
    /// 100 s at 1 Hz: two judged `a` annotations and, between them, a 10 s transition.
    static func recording(transition: Bool) -> Recording {
        let t = (0...100).map(Double.init)
        let annotations = [Annotation(start: 10, end: 12, label: "a"), Annotation(start: 30, end: 32, label: "a")]
            + (transition ? [Annotation(start: 50, end: 60, label: "transition")] : [])
        return Recording(id: "r", timestamps: t, channels: Channel.acceleration.map { ($0, t.map { _ in 0 }) }, annotations: annotations)
    }

    static func event(_ start: Double, _ distance: Double) -> GestureEvent {
        GestureEvent(label: "a", phase: .ended, start: start, end: start + 0.5, time: start + 1, score: distance)
    }

    /// The hits at 0.1 and 0.3; between them, at 0.2, a candidate on the transition only.
    static let candidates = [[event(10.5, 0.1), event(55, 0.2), event(30.5, 0.3)]]
    static let ignoring = EventMatching(ignoring: ["transition"])

    @Test func aThresholdThatOnlyAddsIgnoredDetectionsIsNotPenalised() {
        let recordings = [Self.recording(transition: true)]
        // No false activation allowed: the candidate on the transition is none, so both hits are kept.
        let budget = StreamCalibration(objective: .maxFalsePerHour(0), matching: Self.ignoring)
            .choose(candidates: Self.candidates, recordings: recordings, labels: ["a"])[0]
        #expect(budget.kept == 3 && budget.recall == 1 && budget.falsePerHour == 0)
        #expect(budget.precision == 1 && budget.f1 == 1)
        let f1 = StreamCalibration(objective: .f1, matching: Self.ignoring).choose(candidates: Self.candidates, recordings: recordings, labels: ["a"])[0]
        #expect(f1.kept == 3 && f1.f1 == 1 && f1.precision == 1)
        // Restated on the detections at that threshold: the same figures.
        let restated = StreamCalibration(objective: .f1, matching: Self.ignoring).restate([f1], detections: Self.candidates, recordings: recordings)[0]
        #expect(restated.precision == 1 && restated.f1 == 1 && restated.falsePerHour == 0)
    }

    @Test func unannotatedTheSameCandidateIsAFalseActivation() {
        // Without the transition annotated, the candidate at 0.2 is a false activation the budget forbids.
        let recordings = [Self.recording(transition: false)]
        let budget = StreamCalibration(objective: .maxFalsePerHour(0), matching: Self.ignoring)
            .choose(candidates: Self.candidates, recordings: recordings, labels: ["a"])[0]
        #expect(budget.kept == 1 && budget.recall == 0.5 && budget.falsePerHour == 0)
    }
}
