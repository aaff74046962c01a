import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// A recognizer that learns nothing, run over every recording: activations, false activations per hour of
/// background and by activity, recall where judged annotations exist.
@Suite struct ActivationSurveyTests {
    /// 60 s at 50 Hz lying still, shaken hard along x for 1 s from 30 s and from 45 s.
    static func recording(_ annotations: [Annotation]) -> Recording {
        let t = (0..<3000).map { Double($0) / 50 }
        let x = t.map { s in [30.0, 45].contains { ($0..<($0 + 1)).contains(s) } ? 2.5 * sin(2 * .pi * 5 * s) : 0 }
        return Recording(id: "day", subject: "me", session: "1", timestamps: t,
                         channels: [(.accelX, x), (.accelY, t.map { _ in 0 }), (.accelZ, t.map { _ in -1 })], annotations: annotations)
    }

    static func shakePreset() throws -> ConfigurationValue {
        try Experiment.ConfigurationSource.preset(SharedData.packageRoot.appendingPathComponent("configs/shake.yaml").path).resolve()
    }

    @Test func everyActivationOfAnUnannotatedRecordingIsFalse() throws {
        let dataset = Dataset(name: "mine", kind: .continuous, recordings: [Self.recording([])])
        let entry = Experiment.Entry(name: "shake", recognizer: "shake", datasets: ["mine"])
        let survey = try ActivationSurvey(entry: entry, model: .configuration(try Self.shakePreset(), chosen: TrainingSummary()), dataset: dataset, matching: EventMatching(), registry: .standard, trainers: .standard)
        #expect(survey.activations == 2 && survey.falseActivations == 2 && survey.recall == nil)
        #expect(abs(survey.backgroundHours * 3600 - 59.98) < 1e-9)
        #expect(abs(survey.falsePerHour - 2 / (59.98 / 3600)) < 1e-9)
        #expect(survey.breakdown.activities.map(\.label) == [FalseActivationBreakdown.unannotated])
    }

    @Test func judgedAnnotationsGiveRecallAndActivitiesTheirShare() throws {
        let annotations = [Annotation(start: 30, end: 31, label: "shake"), Annotation(start: 31.1, end: 59.98, label: "walking")]
        let dataset = Dataset(name: "mine", kind: .continuous, recordings: [Self.recording(annotations)])
        let entry = Experiment.Entry(name: "shake", recognizer: "shake", datasets: ["mine"], labels: ["shake"])
        let survey = try ActivationSurvey(entry: entry, model: .configuration(try Self.shakePreset(), chosen: TrainingSummary()), dataset: dataset, matching: EventMatching(), registry: .standard, trainers: .standard)
        #expect(survey.recall == 1 && survey.judgedAnnotations == 1 && survey.activations == 2)
        let walking = try #require(survey.breakdown.activities.first { $0.label == "walking" })
        #expect(walking.falseActivations == 1 && abs(walking.hours * 3600 - 28.88) < 1e-9)
        #expect(survey.text.contains("recall       1.000 (1 of 1 judged annotations)"), "\(survey.text)")
    }

    @Test func aJudgedLabelNoAnnotationCarriesMakesEveryActivationFalse() throws {
        let annotations = [Annotation(start: 0, end: 20, label: "sitting"), Annotation(start: 20, end: 59.98, label: "walking")]
        let dataset = Dataset(name: "mine", kind: .continuous, recordings: [Self.recording(annotations)])
        let entry = Experiment.Entry(name: "shake", recognizer: "shake", datasets: ["mine"], labels: ["shake"])
        #expect(entry.judgesOnlyAbsentLabels(in: dataset.recordings))
        var typo = entry
        typo.labels = ["walkng"]
        #expect(!typo.judgesOnlyAbsentLabels(in: dataset.recordings), "a near miss of an existing label is a typo, not an absent label")
        let survey = try ActivationSurvey(entry: entry, model: .configuration(try Self.shakePreset(), chosen: TrainingSummary()), dataset: dataset, matching: EventMatching(), registry: .standard, trainers: .standard)
        #expect(survey.recall == nil && survey.judgedAnnotations == 0 && survey.activations == 2 && survey.falseActivations == 2)
        let walking = try #require(survey.breakdown.activities.first { $0.label == "walking" })
        #expect(walking.falseActivations == 2 && abs(walking.hours * 3600 - 39.98) < 1e-9)
        #expect(survey.text.contains("recall       cannot be judged: no annotation is 'shake', so every activation is false"), "\(survey.text)")
    }

    @Test func segmentsAreRefused() {
        let dataset = Dataset(name: "shapes", kind: .segments, recordings: [Self.recording([])])
        let entry = Experiment.Entry(name: "shake", recognizer: "shake", datasets: ["shapes"])
        #expect(throws: ExperimentError.self) {
            try ActivationSurvey(entry: entry, model: .configuration(.object([:]), chosen: TrainingSummary()), dataset: dataset, matching: EventMatching(), registry: .standard, trainers: .standard)
        }
    }
}
