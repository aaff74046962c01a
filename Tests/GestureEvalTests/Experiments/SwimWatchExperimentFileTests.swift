import Foundation
import GestureEval
import GestureTestSupport
import Testing

/// `configs/experiments/swimwatch-turns.yaml`, the shipped experiment on real recordings.
@Suite struct SwimWatchExperimentFileTests {
    static let path = "configs/experiments/swimwatch-turns.yaml"

    /// The file parses; its two entries (mean + 3σ, calibrated on streams) share one configuration through a
    /// YAML merge key, use `channels:` (no deprecation warning) and differ only in `rejection`.
    @Test func parsesWithChannelsAndTheMergeKey() throws {
        let text = try String(contentsOf: SharedData.packageRoot.appendingPathComponent(Self.path), encoding: .utf8)
        let spec = try Experiment(yaml: text, file: Self.path)
        try spec.validate(file: Self.path)
        #expect(spec.entries.map(\.name) == ["dtw mean+3σ", "dtw calibrated"])
        let values = try spec.entries.map { entry -> [String: ConfigurationValue] in
            let value = try #require(try entry.configuration?.resolve())
            #expect(DTWTrainingSettings.deprecations(in: value).isEmpty, "entry \(entry.name) uses renamed keys")
            guard case let .object(map) = value else {
                Issue.record("entry \(entry.name): configuration is not a map")
                return [:]
            }
            return map
        }
        #expect(values[0]["channels"] == .array([.string("accel.x"), .string("accel.y"), .string("accel.z")]))
        #expect(values[0]["signal"] == nil && values[0]["axes"] == nil)
        #expect(values[0]["rejection"] != values[1]["rejection"])
        #expect(values[0].filter { $0.key != "rejection" } == values[1].filter { $0.key != "rejection" }, "the merge key shares the rest")
    }

    /// With `../shared/datasets/SwimWatch_Turns` present, the experiment's dataset reference loads it.
    @Test func datasetReferenceLoadsTheSharedCopy() throws {
        guard SharedData.dataset("SwimWatch_Turns") != nil else {
            print("skipped: ../shared/datasets/SwimWatch_Turns is absent (the SwimWatch experiment needs it)")
            return
        }
        let text = try String(contentsOf: SharedData.packageRoot.appendingPathComponent(Self.path), encoding: .utf8)
        let spec = try Experiment(yaml: text, file: Self.path)
        guard case let .source(reference) = try #require(spec.datasets["swim"]) else {
            Issue.record("swim is not a single source")
            return
        }
        // Paths in the file are relative to the repository root.
        let rooted = reference.replacingOccurrences(of: "../shared", with: SharedData.packageRoot.deletingLastPathComponent().path + "/shared")
        let dataset = try DatasetSource(rooted).load().dataset
        #expect(dataset.kind == .continuous)
        #expect(dataset.recordings.flatMap(\.annotations).count { $0.label == "turn" } == 60)
    }
}
