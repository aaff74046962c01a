import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing

/// Don't-care regions (issue 55): annotations of an ignored label, and the detections on them, count neither as correct
/// nor as false, and their time is not background.
@Suite struct EventMatchingIgnoreTests {
    static let matching = EventMatching(toleranceBefore: 1, toleranceAfter: 1, ignoring: ["transition"])

    static func detection(_ start: Double, _ end: Double, label: String = "turn") -> GestureEvent {
        GestureEvent(label: label, phase: .ended, start: start, end: end, time: end, score: 1)
    }

    /// 100 s with two judged turns and one ignored 10 s transition; a detection on each turn, one on the transition and
    /// one in the background.
    static let recording = Recording(id: "r", subject: "s1", timestamps: [0, 100], channels: [(.accelX, [0, 0])],
                                     annotations: [Annotation(start: 10, end: 12, label: "turn"), Annotation(start: 30, end: 32, label: "turn"),
                                                   Annotation(start: 50, end: 60, label: "transition")])
    static let events = [detection(10.5, 11.5), detection(30.5, 31.5), detection(55, 56), detection(80, 81)]

    @Test func theIgnoredTransitionIsNeitherJudgedNorBackground() throws {
        let e = try EventEvaluation(recordings: [Self.recording], events: [Self.events], matching: Self.matching)
        #expect(e.overall.annotations == 2 && e.overall.truePositives == 2 && e.overall.deletions == 0)
        #expect(e.overall.detections == 3 && e.overall.insertions == 1 && e.overall.fragments == 0)
        #expect(e.overall.ignoredDetections == 1)
        #expect(e.recall.value == 1)
        #expect(abs(e.precision.value - 2.0 / 3) < 1e-12)
        // Background: 100 s minus the 4 s of turns and the 10 s of transition.
        #expect(abs(e.backgroundHours - 86.0 / 3600) < 1e-12)
        #expect(abs(e.falsePositivesPerHour.value - 3600.0 / 86) < 1e-9)
        // Not in the per-label tables nor in the confusion matrix.
        #expect(e.labels == ["turn"] && e.byLabel.keys.sorted() == ["turn"])
        #expect(e.confusion["turn", "turn"] == 2 && e.confusion[EventEvaluation.null, "turn"] == 1)
        #expect(e.recordings[0].background == 86)
    }

    @Test func withoutIgnoreTheTransitionIsJudged() throws {
        // The same recording judged by a matching that ignores nothing: the detection on the transition is a substitution.
        let e = try EventEvaluation(recordings: [Self.recording], events: [Self.events],
                                    matching: EventMatching(toleranceBefore: 1, toleranceAfter: 1))
        #expect(e.overall.annotations == 3 && e.overall.substitutions == 1 && e.overall.ignoredDetections == 0)
        #expect(e.labels == ["transition", "turn"])
    }

    @Test func outcomesAndTheBreakdownSayIgnored() {
        let result = Self.matching.match(annotations: Self.recording.annotations, events: Self.events)
        #expect(result.annotationOutcomes == [.correct, .correct, .ignored])
        #expect(result.detectionOutcomes == [.correct, .correct, .ignored, .insertion])
        let rows = EventOutcome.rows(fold: "f", recording: "r", matching: result, unjudged: [])
        #expect(rows.filter { $0.outcome == .ignored }.map(\.start) == [50, 55])
        let breakdown = FalseActivationBreakdown(judged: [Self.recording], unjudged: [[]], matches: [result])
        #expect(breakdown.activities.count == 1 && breakdown.activities[0].falseActivations == 1)
        #expect(abs(breakdown.activities[0].hours - 86.0 / 3600) < 1e-12)
    }

    @Test func aDetectionOnAJudgedAndAnIgnoredAnnotationMatchesTheJudgedOne() {
        let annotations = [Annotation(start: 12, end: 20, label: "transition"), Annotation(start: 10, end: 12, label: "turn")]
        let both = Self.matching.match(annotations: annotations, events: [Self.detection(11.5, 13)])
        #expect(both.detectionOutcomes == [.correct] && both.annotationOutcomes == [.ignored, .correct])
        #expect(both.annotationOfDetection == [1])
        // A second detection on the turn's window that also lies in the transition's is ignored, not a fragment.
        let second = Self.matching.match(annotations: annotations, events: [Self.detection(10.5, 11.5), Self.detection(12.5, 13)])
        #expect(second.detectionOutcomes == [.correct, .ignored] && second.counts.fragments == 0)
        // The transition's window reaches 1 s past its end: a detection there is ignored, past it an insertion.
        let edges = Self.matching.match(annotations: annotations, events: [Self.detection(21, 21.5), Self.detection(21.01, 21.5)])
        #expect(edges.detectionOutcomes == [.ignored, .insertion])
    }

    @Test func encodingsWithoutIgnoreAreUnchanged() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let plain = String(decoding: try encoder.encode(EventMatching()), as: UTF8.self)
        #expect(!plain.contains("ignore"))
        #expect(EventMatching(ignoring: []) == EventMatching())
        let ignoring = EventMatching(ignoring: ["unknown", "transition", "unknown"])
        #expect(ignoring.ignoredLabels == ["transition", "unknown"])
        #expect(try JSONDecoder().decode(EventMatching.self, from: try encoder.encode(ignoring)) == ignoring)
        // A matching written before ignore existed reads as ignoring nothing.
        #expect(try JSONDecoder().decode(EventMatching.self, from: Data(plain.utf8)).ignoredLabels.isEmpty)
        let counts = String(decoding: try encoder.encode(EventCounts()), as: UTF8.self)
        #expect(!counts.contains("ignored"))
        var some = EventCounts()
        some.ignoredDetections = 2
        #expect(try JSONDecoder().decode(EventCounts.self, from: try encoder.encode(some)).ignoredDetections == 2)
        #expect(try JSONDecoder().decode(EventCounts.self, from: Data(counts.utf8)).ignoredDetections == 0)
    }
}
