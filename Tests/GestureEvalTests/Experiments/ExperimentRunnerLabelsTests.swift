import Foundation
import GestureData
import GestureEval
import Testing

/// Judged labels (`labels:`, `--labels`) that match no annotation are errors listing the labels that exist.
@Suite struct ExperimentRunnerLabelsTests {
    static func dataset() throws -> Dataset {
        var spec = SyntheticDatasetGenerator.defaultSpec
        spec.subjects = 2
        spec.sessionsPerSubject = 1
        spec.recordingDuration = 20
        return try SyntheticDatasetGenerator.generate(spec)
    }

    static func runner(labels: [String], on dataset: Dataset) throws -> ExperimentRunner {
        let entry = Experiment.Entry(name: "shake", recognizer: "shake", datasets: ["d"], labels: labels)
        let experiment = Experiment(name: "t", datasets: ["d": .source("unused")], bootstrapReplicates: 50, entries: [entry])
        return try ExperimentRunner(experiment: experiment, datasets: ["d": dataset], registry: .standard, trainers: .standard)
    }

    @Test func aLabelThatMatchesNoAnnotationIsAnErrorListingTheLabels() throws {
        let dataset = try Self.dataset()
        let existing = Set(dataset.recordings.flatMap { $0.annotations.map(\.label) })
        #expect(existing.contains("shake"))
        let error = #expect(throws: ExperimentError.self) { _ = try Self.runner(labels: ["shake", "shkae"], on: dataset).run() }
        #expect(error?.entry == "shake" && error?.dataset == "d")
        #expect(error?.message.contains("no annotation label matches 'shkae'") == true, "\(String(describing: error))")
        #expect(error?.message.contains("'shake',") == false)
        for label in existing { #expect(error?.message.contains(label) == true) }
        // A near miss is named, and is not taken for annotations of activities.
        #expect(error?.message.contains("did you mean 'shake' for 'shkae'?") == true, "\(String(describing: error))")
        #expect(error?.message.contains("gesturelab evaluate") == false)
    }

    /// Issue 56, case 13: annotations of activities alone cannot give folds a recall; the error names the survey that
    /// counts false activations by activity instead.
    @Test func annotationsOfActivitiesAloneNameTheSurvey() throws {
        var dataset = try Self.dataset()
        for i in dataset.recordings.indices {
            dataset.recordings[i].annotations = [Annotation(start: 0, end: 10, label: "walking"), Annotation(start: 10, end: 20, label: "sitting")]
        }
        let error = #expect(throws: ExperimentError.self) { _ = try Self.runner(labels: ["shake"], on: dataset) }
        #expect(error?.message.contains("no annotation label matches 'shake'") == true
                    && error?.message.contains("`gesturelab evaluate --recognizer shake --config CONFIG --dataset DATASET --labels shake`") == true,
                "\(String(describing: error))")
    }

    @Test func labelsThatMatchRunAsBefore() throws {
        let result = try Self.runner(labels: ["shake"], on: try Self.dataset()).run()
        #expect(result.scores.count == 1)
    }
}
