import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing

/// `matching: {ignore: [...]}` (issue 55): read from the experiment file, refused when an entry judges the label, and
/// kept on judged continuous recordings as annotations that are not judged.
@Suite struct ExperimentIgnoreTests {
    static func yaml(labels: String, matching: String = "{before: 1, after: 1, ignore: [transition, unknown]}") -> String {
        """
        name: swim
        datasets: {default: datasets/default}
        matching: \(matching)
        entries:
          - name: shake
            recognizer: shake
            dataset: default
            labels: \(labels)
        """
    }

    @Test func theExperimentReadsIgnoredLabels() throws {
        let experiment = try Experiment(yaml: Self.yaml(labels: "[turn]"), file: "exp.yaml", trainers: .standard)
        #expect(experiment.matching.before == 1 && experiment.matching.ignore == ["transition", "unknown"])
        let matching = experiment.matching.eventMatching
        #expect(matching.ignoredLabels == ["transition", "unknown"] && matching.ignores("transition") && !matching.ignores("turn"))
        let plain = try Experiment(yaml: Self.yaml(labels: "[turn]", matching: "{before: 1, after: 1}"), file: "exp.yaml", trainers: .standard)
        #expect(plain.matching.ignore.isEmpty && plain.matching.eventMatching == EventMatching(toleranceBefore: 1, toleranceAfter: 1))
        // Encoded only when given, so experiments without it are written as before.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(plain.matching), as: UTF8.self) == #"{"after":1,"before":1}"#)
        #expect(String(decoding: try encoder.encode(experiment.matching), as: UTF8.self).contains(#""ignore":["transition","unknown"]"#))
    }

    @Test func aLabelBothJudgedAndIgnoredIsAnErrorNamingBoth() {
        for (labels, judged) in [("[turn, transition]", "transition"), ("[\"trans*\"]", "trans*")] {
            #expect {
                _ = try Experiment(yaml: Self.yaml(labels: labels), file: "exp.yaml", trainers: .standard)
            } throws: { error in
                guard let error = error as? DataFileError else { return false }
                return error.field == "entries[0].labels" && error.message.contains("'\(judged)'") && error.message.contains("'transition'")
                    && error.message.contains("ignore")
            }
        }
        // Without labels an entry judges every label but the ignored ones.
        #expect(throws: Never.self) { try Experiment(yaml: Self.yaml(labels: "[]"), file: "exp.yaml", trainers: .standard) }
    }

    @Test func judgingKeepsIgnoredAnnotationsOnContinuousRecordingsOnly() {
        let annotations = [Annotation(start: 10, end: 12, label: "turn"), Annotation(start: 20, end: 30, label: "transition"),
                           Annotation(start: 40, end: 60, label: "freestyle")]
        let r = Recording(id: "r", timestamps: [0, 100], channels: [(.accelX, [0, 0])], annotations: annotations)
        let entry = Experiment.Entry(name: "e", recognizer: "shake", datasets: ["d"], labels: ["turn"])
        let matching = EventMatching(ignoring: ["transition"])
        let judging = entry.judging([r], kind: .continuous, ignoring: matching)
        #expect(judging.recordings[0].annotations.map(\.label) == ["turn", "transition"])
        #expect(judging.unjudged[0].map(\.label) == ["freestyle"])
        #expect(entry.judged([r], kind: .continuous).first?.annotations.map(\.label) == ["turn"], "unchanged without ignore")
        // Every label judged but the ignored one; an ignored segment is not judged at all.
        let all = Experiment.Entry(name: "all", recognizer: "shake", datasets: ["d"])
        #expect(all.judged([r], kind: .continuous, ignoring: matching)[0].annotations.count == 3)
        let segment = Recording(id: "s", timestamps: [0, 1], channels: [(.accelX, [0, 0])], annotations: [Annotation(start: 0, end: 1, label: "transition")])
        #expect(all.judged([segment], kind: .segments, ignoring: matching).isEmpty)
        #expect(all.judged([segment], kind: .segments).count == 1)
    }
}
