import GestureData
import GestureEval
import GestureKit
import Testing

/// False activations are attributed to what was happening, and each activity's hours are its share of background.
@Suite struct FalseActivationBreakdownTests {
    static func recording(_ id: String, seconds: Double, _ annotations: [Annotation]) -> Recording {
        Recording(id: id, timestamps: [0, seconds], channels: Channel.acceleration.map { ($0, [0, 0]) }, annotations: annotations)
    }

    static func event(at t: Double, span: Double = 0.2) -> GestureEvent {
        GestureEvent(label: "shake", phase: .ended, start: t - span, end: t, time: t, score: 1)
    }

    @Test func insertionsGoToTheActivityTheyOverlap() {
        let shake = Annotation(start: 2, end: 3, label: "shake")
        let walking = Annotation(start: 5, end: 15, label: "walking"), slap = Annotation(start: 20, end: 21, label: "slap")
        // Second recording: a judged shake inside walking, whose seconds are not background.
        let inner = Annotation(start: 14, end: 16, label: "shake")
        let all = [Self.recording("a", seconds: 40, [shake, walking, slap]), Self.recording("b", seconds: 20, [Annotation(start: 5, end: 15, label: "walking"), inner])]
        let judged = all.map { r in var r = r; r.annotations = r.annotations.filter { $0.label == "shake" }; return r }
        let events = [[Self.event(at: 3.0), Self.event(at: 10), Self.event(at: 20.5), Self.event(at: 30)], [Self.event(at: 15.5), Self.event(at: 6)]]
        let b = FalseActivationBreakdown(judged: judged, all: all, events: events, matching: EventMatching())
        #expect(b.activities.map(\.label) == ["slap", "walking", "unannotated"])
        #expect(b.activities.map(\.falseActivations) == [1, 2, 1])
        // walking: 10 s in a, 9 s in b (one second is the judged shake's); unannotated: 40 − 1 − 10 − 1 and 20 − 11.
        let seconds = b.activities.map { $0.hours * 3600 }
        #expect(abs(seconds[0] - 1) < 1e-9 && abs(seconds[1] - 19) < 1e-9 && abs(seconds[2] - 37) < 1e-9, "\(seconds)")
        #expect(abs(b.activities[1].perHour - 2 / (19.0 / 3600)) < 1e-6)
        // Together they cover exactly the background that false activations per hour divides by.
        let background = judged.reduce(0) { $0 + EventEvaluation.background(of: $1) }
        #expect(abs(seconds.reduce(0, +) - background) < 1e-9)
    }

    @Test func mergingAddsByLabel() {
        let a = FalseActivationBreakdown(judged: [Self.recording("a", seconds: 10, [])], all: [Self.recording("a", seconds: 10, [Annotation(start: 0, end: 5, label: "jog")])],
                                         events: [[Self.event(at: 2)]], matching: EventMatching())
        let b = FalseActivationBreakdown(judged: [Self.recording("b", seconds: 10, [])], all: [Self.recording("b", seconds: 10, [Annotation(start: 0, end: 5, label: "clap")])],
                                         events: [[Self.event(at: 8)]], matching: EventMatching())
        let m = a.merged(with: b)
        #expect(m.activities.map(\.label) == ["clap", "jog", "unannotated"])
        #expect(m.activities.map(\.falseActivations) == [0, 1, 1])
        #expect(m.activities.map { ($0.hours * 3600).rounded() } == [5, 5, 10])
    }
}
