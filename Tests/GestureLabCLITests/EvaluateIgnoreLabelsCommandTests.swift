import Foundation
import GestureData
import GestureEval
import GestureTestSupport
import Testing

/// `gesturelab evaluate --ignore-labels` (issue 55): don't-care regions from the command line.
@Suite struct EvaluateIgnoreLabelsCommandTests {
    @Test func ignoredLabelsReachTheExperimentAndJudgeNothing() throws {
        let run = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--config", "configs/shake.yaml", "--dataset", ExperimentFixtures.continuous,
                                            "--labels", "shake", "--ignore-labels", "flip,slap-up", "--json", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let result = try ExperimentResult(jsonData: Data(run.stdout.utf8))
        #expect(result.experiment.matching.ignore == ["flip", "slap-up"])
        let score = try #require(result.scores.first)
        let annotations = score.folds.map { $0.metrics.events?.annotations ?? 0 }.reduce(0, +)
        let all = try DatasetReader.read(at: URL(fileURLWithPath: ExperimentFixtures.continuous)).recordings.flatMap(\.annotations)
        #expect(Int(annotations) == all.count { $0.label == "shake" }, "only shakes are judged")
        // Each recording is tested once: every flip and slap-up is an ignored row of outcomes.
        let ignored = (score.outcomes ?? []).filter { $0.kind == .annotation && $0.outcome == .ignored }
        #expect(ignored.count == all.count { $0.label == "flip" || $0.label == "slap-up" })
        #expect(ignored.allSatisfy { $0.label == "flip" || $0.label == "slap-up" })
    }

    @Test func aLabelBothJudgedAndIgnoredIsAnError() throws {
        let run = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--config", "configs/shake.yaml", "--dataset", ExperimentFixtures.continuous,
                                            "--labels", "shake,flip", "--ignore-labels", "flip", "--quiet"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("'flip'") && run.stderr.contains("ignore"), "\(run.stderr)")
    }
}
