import GestureData
import GestureEval
import GestureKit
import Testing

/// Each judged annotation and each detection becomes one row with its matching outcome, in time order.
@Suite struct EventOutcomeTests {
    static func event(_ label: String = "turn", from start: Double, to end: Double, score: Double = 0.5) -> GestureEvent {
        GestureEvent(label: label, phase: .ended, start: start, end: end, time: end + 0.5, score: score)
    }

    @Test func rowsSayWhatWasMissedAndWhereFalseActivationsFired() {
        let found = Annotation(start: 10, end: 12, label: "turn"), missed = Annotation(start: 30, end: 32, label: "turn")
        let swimming = Annotation(start: 40, end: 60, label: "freestyle")
        let events = [Self.event(from: 10.5, to: 11.5, score: 0.1),   // the found turn
                      Self.event(from: 11.8, to: 12.6, score: 0.3),   // a second event on it: a fragment
                      Self.event(from: 50, to: 51, score: 0.4),       // while swimming
                      Self.event(from: 80, to: 81, score: 0.2)]       // in unannotated time
        let result = EventMatching().match(annotations: [found, missed], events: events)
        let rows = EventOutcome.rows(fold: "s1", recording: "r", matching: result, unjudged: [swimming])

        #expect(rows.map(\.start) == [10, 10.5, 11.8, 30, 50, 80], "time order, the annotation before its detection")
        #expect(rows.map(\.kind) == [.annotation, .detection, .detection, .annotation, .detection, .detection])
        #expect(rows.map(\.outcome) == [.correct, .correct, .fragment, .deletion, .insertion, .insertion])
        #expect(rows.map(\.activity) == [nil, nil, nil, nil, "freestyle", FalseActivationBreakdown.unannotated])
        // An annotation carries its detection's decision time; a missed one has none. Only detections have scores.
        #expect(rows[0].time == 12 && rows[3].time == nil)
        #expect(rows.map(\.score) == [nil, 0.1, 0.3, nil, 0.4, 0.2])
        #expect(rows.allSatisfy { $0.fold == "s1" && $0.recording == "r" })
    }

    @Test func aSubstitutionNamesBothLabels() {
        let result = EventMatching().match(annotations: [Annotation(start: 1, end: 2, label: "turn")], events: [Self.event("stop", from: 1, to: 2)])
        let rows = EventOutcome.rows(fold: "f", recording: "r", matching: result, unjudged: [])
        #expect(rows.map(\.outcome) == [.substitution, .substitution])
        #expect(rows.map(\.label) == ["turn", "stop"])
        #expect(rows[0].time == 2.5 && rows[1].activity == nil)
    }
}
