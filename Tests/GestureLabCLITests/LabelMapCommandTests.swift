import Foundation
import GestureData
import GestureEval
@testable import GestureLabCLI
import GestureTestSupport
import Testing

/// Label maps and the warning for event labels that never equal an annotation label, from the command line
/// (the slap preset reports `slap`; the shipped dataset annotates `slap-left`, `slap-up`, …).
@Suite struct LabelMapCommandTests {
    @Test func evaluateWarnsAboutLabelsThatNeverMatchAndTheMapFixesIt() throws {
        let base = ["evaluate", "--recognizer", "peak-direction", "--config", "configs/slap.yaml", "--dataset", "datasets/default",
                    "--replicates", "200", "--quiet"]
        let unmapped = try GestureLabBinary.run(base + ["--labels", "slap-*"])
        #expect(unmapped.status == 0, "\(unmapped.stderr)")
        #expect(unmapped.stdout.contains("warning: entry 'peak-direction' on default: no event label ever equals a judged annotation label"), "\(unmapped.stdout)")
        #expect(unmapped.stdout.contains("event labels: slap; annotation labels: slap-away, slap-down, slap-left, slap-right, slap-toward, slap-up"))
        #expect(unmapped.stdout.contains("labelMap: {\"slap-*\": slap}"))

        let mapped = try GestureLabBinary.run(base + ["--labels", "slap", "--label-map", "slap-*=slap", "--json"])
        #expect(mapped.status == 0, "\(mapped.stderr)")
        let result = try ExperimentResult(jsonData: Data(mapped.stdout.utf8))
        #expect(!result.warnings.contains { $0.description.contains("no event label") })
        let score = try #require(result.scores.first)
        #expect(score.overall.value > 0.2)
        let slaps = try DatasetReader.read(at: URL(fileURLWithPath: "datasets/default", relativeTo: SharedData.packageRoot)).recordings
            .flatMap(\.annotations).count { $0.label.hasPrefix("slap-") }
        #expect(score.folds.map { $0.metrics.events?.annotations ?? 0 }.reduce(0, +) == slaps, "every slap is judged as slap")

        expectUsageError(Evaluate.self, Array(base.dropFirst()) + ["--label-map", "slap-*"], "--label-map expects PATTERN=LABEL")
    }

    @Test func compareAppliesTheExperimentsLabelMapAndRecordsTheWarning() throws {
        let root = TemporaryFolder.root.appendingPathComponent("gesturelab-labelmap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let yaml = """
            name: labelmap
            datasets: {default: \(SharedData.packageRoot.appendingPathComponent("datasets/default").path)}
            labelMap: {"slap-*": slap}
            bootstrapReplicates: 200
            entries:
              - {name: grouped, recognizer: peak-direction, configuration: \(ExperimentFixtures.preset("slap")), dataset: default, labels: [slap]}
              - {name: own map, recognizer: peak-direction, configuration: \(ExperimentFixtures.preset("slap")), dataset: default,
                 labelMap: {"slap-*": "hit"}, labels: [hit]}
            """
        let file = root.appendingPathComponent("labelmap.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        let run = try GestureLabBinary.run(["compare", file.path, "--out", root.appendingPathComponent("report").path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("warning: entry 'own map' on default: no event label ever equals"), "\(run.stdout)")
        #expect(!run.stdout.contains("entry 'grouped'"))
        let json = try Data(contentsOf: root.appendingPathComponent("report/results.json"))
        let result = try ExperimentResult(jsonData: json)
        #expect(result.warnings.contains { $0.description.contains("own map") && $0.description.contains("event labels: slap; annotation labels: hit") })
        #expect(result.scores[0].overall.value > 0.2 && result.scores[1].overall.value == 0)
    }
}
