import Foundation
import GestureEval
import Testing

/// The terminal text of `compare` and `evaluate`: headline, aligned tables, tests and warnings.
@Suite struct ExperimentResultTextTests {
    static func result() throws -> ExperimentResult {
        let dataset = try SyntheticShakeFixture.dataset(subjects: 3, seconds: 30)
        func shake(_ name: String, _ peak: Double) -> Experiment.Entry {
            Experiment.Entry(name: name, recognizer: "shake", configuration: .inline(.object(["peakThreshold": .number(peak)])),
                             datasets: ["shakes"], labels: ["shake"])
        }
        let experiment = Experiment(name: "shakes", datasets: ["shakes": .source("unused")], seed: 3, bootstrapReplicates: 200,
                                    entries: [shake("loose", 1.0), shake("default", 1.25), shake("strict", 2.5)])
        return try ExperimentRunner(experiment: experiment, datasets: ["shakes": dataset], registry: .standard, trainers: .standard).run()
    }

    @Test func comparisonTextHasTheTablesAndTests() throws {
        let result = try Self.result()
        let text = result.comparisonText
        // One group (all three judged on the same shakes): its headline leads, then its tables.
        let group = try #require(result.groups.first)
        #expect(result.groups.count == 1 && group.group.entries == ["loose", "default", "strict"])
        #expect(text.hasPrefix("shakes: f1 with 95 % bootstrap interval, split leave-one-subject-out, seed 3\n\n\(group.headline)\n\n== shakes: shake ==\n\n"), "\(text)")
        #expect(text.contains(ExperimentReport.comparisonTable(result).aligned))
        #expect(text.contains("\nPaired: McNemar"))
        #expect(text.contains(ExperimentReport.pairTable(result).aligned))
        let ranking = try #require(group.ranking)
        #expect(text.contains(ExperimentReport.rankSummary(ranking, test: result.experiment.test, split: result.experiment.split)))
        #expect(text.hasSuffix(ExperimentReport.rankPairTable(ranking).aligned + result.warnings.map { "warning: \($0)\n" }.joined()))
    }

    /// A bootstrap p of 0 (no replicate on the other side) is worded `< 1/B` in the terminal, summary.md and
    /// report tables, and stays a number in pairs.csv (results.json keeps the pair's number).
    @Test func aBootstrapPOfZeroIsWordedAsBelowItsResolution() throws {
        var result = try Self.result()
        let index = try #require(result.pairs.firstIndex { $0.bootstrap != nil })
        result.pairs[index].bootstrap?.pValue = 0
        let replicates = try #require(result.pairs[index].bootstrap?.replicates)
        #expect(replicates == 200)
        let worded = ExperimentReport.pairTable(result), numeric = ExperimentReport.pairTable(result, numeric: true)
        let column = try #require(worded.header.firstIndex(of: "bootstrap p"))
        #expect(worded.rows[index][column] == "< 0.005", "\(worded.rows[index])")
        #expect(numeric.rows[index][column] == "0", "\(numeric.rows[index])")
        #expect(result.comparisonText.contains(worded.aligned))
        #expect(ExperimentReport.markdown(result, command: "compare").contains("| < 0.005 |"))
    }

    @Test func entryTextHasOnlyThatEntrysMetrics() throws {
        let result = try Self.result()
        let text = result.entryText("loose")
        let evaluation = try #require(result.evaluations["shakes"])
        #expect(text.hasPrefix("loose on \(evaluation.dataset.name) (3 recordings), split leave-one-subject-out, seed 3\n\nmetric "), "\(text)")
        // The metrics table (between the headline and the fold table): a header and one row per metric of this entry.
        let rows = text.components(separatedBy: "\n\n")[1].split(separator: "\n")
        let own = evaluation.metrics.filter { $0.scope == "loose" }
        #expect(!own.isEmpty && rows.count == 1 + own.count)
        for (row, m) in zip(rows.dropFirst(), own) { #expect(row.hasPrefix(m.name + " "), "\(row)") }
        #expect(text.hasSuffix(ExperimentReport.foldTable(result).aligned + result.warnings.map { "warning: \($0)\n" }.joined()))
    }
}
