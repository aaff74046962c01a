import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing

/// A run resolves its experiment once (issue 73): each preset file is read and each label map merged when the run is
/// prepared, and every later stage (plan, training, detection, aggregation) takes the resolved entries.
@Suite struct ExperimentResolvedTests {
    private static let pushes = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                                        recordings: (0..<3).map { pushRecording(subject: $0, take: 0) })

    private static func experiment(_ entry: Experiment.Entry, labelMap: LabelMap = LabelMap()) -> Experiment {
        Experiment(name: "resolved", datasets: ["pushes": .source("unused")], labelMap: labelMap, bootstrapReplicates: 200, entries: [entry])
    }

    /// The preset is read when the runner is made: with the file deleted afterwards, the run scores exactly what the
    /// same settings written inline score, and the resolved entry still writes the path it names.
    @Test func aPresetIsReadOnceWhenTheRunIsPrepared() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resolved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let preset = folder.appendingPathComponent("push.yaml")
        try "threshold: 0.7\n".write(to: preset, atomically: true, encoding: .utf8)
        var fromFile = pushEntry("push", threshold: 1)
        fromFile.configuration = .preset(preset.path)
        let runner = try ExperimentRunner(experiment: Self.experiment(fromFile), datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard)
        try FileManager.default.removeItem(at: preset)
        let result = try runner.run()

        let inline = pushEntry("push", threshold: 0.7)
        let expected = try ExperimentRunner(experiment: Self.experiment(inline), datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard).run()
        #expect(result.scores.map(\.overall) == expected.scores.map(\.overall))
        #expect(result.scores.flatMap { $0.folds.map(\.value) } == expected.scores.flatMap { $0.folds.map(\.value) })
        #expect((result.scores.first?.overall.value ?? 0) > 0, "the preset's threshold finds pushes")

        let written = try JSONEncoder().encode(runner.experiment.entries[0])
        let configuration = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])["configuration"] as? String
        #expect(configuration == preset.path, "results.json names the preset as written")
    }

    /// The experiment's label map lies under each entry's (the entry's rule wins), merged once: resolving a resolved
    /// experiment changes nothing, and a preset that cannot be read is an error naming the entry.
    @Test func labelMapsAreMergedOnceAndResolvingAgainChangesNothing() throws {
        var entry = pushEntry("push", threshold: 1)
        entry.labelMap = LabelMap(["shove": "push"])
        let spec = Self.experiment(entry, labelMap: LabelMap(["shove": "other", "nudge": "push"]))
        let resolved = try spec.resolved()
        #expect(resolved.entries[0].labelMap == LabelMap(["shove": "push", "nudge": "push"]))
        #expect(try resolved.resolved() == resolved)
        let runner = try ExperimentRunner(experiment: spec, datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard)
        #expect(runner.experiment == resolved)

        var missing = entry
        missing.configuration = .preset("/nonexistent/push.yaml")
        #expect { try Self.experiment(missing).resolved() } throws: { error in
            guard let error = error as? ExperimentError else { return false }
            return error.description.contains("push") && error.description.contains("/nonexistent/push.yaml")
        }
    }
}
