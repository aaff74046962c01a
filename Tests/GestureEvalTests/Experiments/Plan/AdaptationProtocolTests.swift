import Foundation
@testable import GestureEval
import GestureData
import GestureKit
import Testing

/// `adaptation:` in experiment files: decoded strictly, refused for a recognizer that cannot adapt, and the calibration
/// stretch each subject's K events give.
@Suite struct AdaptationProtocolTests {
    private static func yaml(_ adaptation: String, recognizer: String = "spotter") -> String {
        """
        name: adapt
        datasets: {default: datasets/default}
        entries:
          - name: adapted
            recognizer: \(recognizer)
            dataset: default
            labels: [shake]
            adaptation: \(adaptation)
        """
    }

    @Test(arguments: [("{labelled: 3}", Experiment.Adaptation.labelled(events: 3)), ("{labelled: 0}", .labelled(events: 0)),
                      ("{unlabelled: all}", .unlabelled(seconds: nil)), ("{unlabelled: 600}", .unlabelled(seconds: 600)),
                      ("{labelled: 3, strength: {threshold: 1, ridge: 0.5}}", .labelled(events: 3, strength: .init(threshold: 1, ridge: 0.5))),
                      ("{unlabelled: all, strength: {standardisation: 0.5}}", .unlabelled(seconds: nil, strength: .init(standardisation: 0.5)))])
    func theThreeFormsDecode(text: String, expected: Experiment.Adaptation) throws {
        let experiment = try Experiment(yaml: Self.yaml(text), file: "exp.yaml", trainers: .standard)
        #expect(experiment.entries[0].adaptation == expected)
        // And they survive an encoding (results.json holds the entries).
        let again = try JSONDecoder().decode(Experiment.Entry.self, from: JSONEncoder().encode(experiment.entries[0]))
        #expect(again.adaptation == expected)
    }

    @Test(arguments: ["{labelled: -1}", "{labelled: 2.5}", "{labelled: three}", "{unlabelled: none}", "{unlabelled: 0}",
                      "{unlabelled: -5}", "{labelled: 3, unlabelled: all}", "{}", "{labeled: 3}", "3",
                      "{labelled: 3, strength: {threshold: 2}}", "{labelled: 3, strength: {ridge: -1}}", "{labelled: 3, strength: {thresh: 1}}",
                      "{unlabelled: all, strength: 1}"])
    func aBadValueIsAnErrorAtItsKeyAndLine(text: String) {
        #expect {
            _ = try Experiment(yaml: Self.yaml(text), file: "exp.yaml", trainers: .standard)
        } throws: { error in
            guard let error = error as? DataFileError else { return false }
            return error.line == 8 && (error.field ?? "").hasPrefix("entries[0].adaptation")
        }
    }

    @Test func aRecognizerThatCannotAdaptIsRefusedNamingTheOnesThatCan() {
        #expect {
            _ = try Experiment(yaml: Self.yaml("{labelled: 3}", recognizer: "shake"), file: "exp.yaml", trainers: .standard)
        } throws: { error in
            guard let error = error as? DataFileError else { return false }
            return error.field == "entries[0].adaptation" && error.message.contains("shake cannot adapt") && error.message.contains("spotter")
        }
    }

    /// Subject s0's two takes (sessions take0 and take1), five pushes each; s1's first take.
    private static let recordings = [pushRecording(subject: 0, take: 1), pushRecording(subject: 1, take: 0), pushRecording(subject: 0, take: 0)]

    @Test func theStretchRunsFromTheFirstRecordingToTheKthEventOfEachLabel() throws {
        let three = CalibrationStretch.stretches(of: Self.recordings, labelled: 3)
        #expect(three.map(\.subject) == ["s0", "s1"])
        // s0's first recording by session is take0 (index 2): its third push ends at 4 + 14 + 0.6 s.
        #expect(three[0].recordings == [2])
        #expect(abs(three[0].end - 18.6) < 1e-9)
        #expect(three[0].shortLabels.isEmpty)
        // Seven events: all of take0, then two of take1 (4.3 + 7 + 0.6 s).
        let seven = CalibrationStretch.stretches(of: Self.recordings, labelled: 7)[0]
        #expect(seven.recordings == [2, 0])
        #expect(abs(seven.end - 11.9) < 1e-9)
        #expect(seven.end(in: 2) == .infinity && seven.end(in: 1) == nil)
        // More than there are: all of them, said.
        let many = CalibrationStretch.stretches(of: Self.recordings, labelled: 20)
        #expect(many[0].shortLabels == ["push": 10] && many[1].shortLabels == ["push": 5])
        #expect(CalibrationStretch.stretches(of: Self.recordings, labelled: 0)[0].recordings.isEmpty)
        // The cut holds the three events with their annotations, or none unlabelled.
        let cut = three[0].cut(Self.recordings, annotated: true)
        #expect(cut.count == 1 && cut[0].annotations.count == 3 && cut[0].timestamps.last! <= 18.6)
        #expect(three[0].cut(Self.recordings, annotated: false)[0].annotations.isEmpty)
        // Each label's K-th event counts: a second label whose third event ends later extends the stretch.
        var two = Self.recordings[2]
        two.annotations += [0, 1, 2].map { Annotation(start: 20 + Double($0), end: 20.5 + Double($0), label: "pull") }
        #expect(abs(CalibrationStretch.stretches(of: [two], labelled: 3)[0].end - 22.5) < 1e-9)
        // An ignored label's events do not.
        #expect(abs(CalibrationStretch.stretches(of: [two], labelled: 3, ignored: { $0 == "pull" })[0].end - 18.6) < 1e-9)
    }

    @Test func markingTurnsTheStretchIntoDontCareTime() throws {
        let stretch = CalibrationStretch.stretches(of: Self.recordings, labelled: 7)[0]
        let marked = stretch.marking(Self.recordings)
        // take0 wholly don't-care; take1 up to 11.9 s, its first two pushes gone; s1 untouched.
        #expect(marked[2].annotations == [Annotation(start: 0, end: marked[2].timestamps.last!, label: CalibrationStretch.label)])
        #expect(marked[0].annotations.first == Annotation(start: 0, end: 11.9, label: CalibrationStretch.label))
        #expect(marked[0].annotations.dropFirst().map(\.start) == [18.3, 25.3, 32.3])
        #expect(marked[1] == Self.recordings[1])
        // Background excludes it.
        #expect(abs(EventEvaluation.background(of: marked[0]) - (40 - 0.02 - 11.9 - 3 * 0.6)) < 1e-6)
    }
}
