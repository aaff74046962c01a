import Foundation
@testable import GestureEval
import GestureTestSupport
import Testing

/// The adaptation section in `summary.md`, `report.html`, the terminal and `adaptation.csv`.
@Suite struct ExperimentReportAdaptationTests {
    @Test func summaryPageAndTerminalShowEachPersonsGainAndTheKTable() throws {
        let result = try AdaptationComparisonTests.run().result
        let group = try #require(result.adaptation.first).group
        let gains = ExperimentReport.adaptationGainTable(result), subjects = ExperimentReport.adaptationTable(result)
        let curve = ExperimentReport.adaptationCurveTable(result)
        #expect(gains.rows.count == 3 && subjects.rows.count == 12 && curve.rows.map { $0[0] } == ["0", "1", "3"])
        #expect(gains.rows.map { $0[0] } == ["labelled 3", "labelled 1", "unlabelled"])
        let text = try #require(ExperimentReport.adaptationText(result, group: group))
        #expect(text.contains("undefined (nan) on either side are listed but left out"))

        let summary = ExperimentReport.markdown(result, command: "compare")
        for part in [text, gains.markdown, subjects.markdown, curve.markdown] { #expect(summary.contains(part), "\(part)") }
        // Inside its group's section, before the next group's.
        let section = try #require(summary.range(of: "## \(group)\n")), other = try #require(summary.range(of: "## other\n"))
        let at = try #require(summary.range(of: gains.markdown))
        #expect(section.upperBound < at.lowerBound && at.upperBound < other.lowerBound)

        let page = ReportPage(result: result, datasets: [:], commandLine: "compare").html
        #expect(page.contains("<h4>Adaptation</h4>") && page.contains(ReportPage.table(gains)) && page.contains(ReportPage.table(subjects))
                && page.contains(ReportPage.table(curve)))
        #expect(result.comparisonText.contains(gains.aligned) && result.comparisonText.contains(curve.aligned))

        // Without the section nothing of it is left: the checks above would fail if it disappeared.
        var plain = result
        plain.adaptation = []
        let without = ExperimentReport.markdown(plain, command: "compare")
        #expect(!without.contains(text) && !without.contains(gains.markdown) && !without.contains("against K"))
        #expect(!ReportPage(result: plain, datasets: [:], commandLine: "compare").html.contains("Adaptation"))
    }

    @Test func theReportFolderWritesAdaptationCSV() throws {
        let (result, datasets) = try AdaptationComparisonTests.run()
        let folder = TemporaryFolder.root.appendingPathComponent("adaptation-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try ExperimentReport.write(result, datasets: datasets, to: folder, command: ["gesturelab", "compare"])
        let csv = try String(contentsOf: folder.appendingPathComponent("adaptation.csv"), encoding: .utf8)
        #expect(csv == ExperimentReport.adaptationTable(result).csv)
        #expect(csv.hasPrefix("entry,reference,dataset,subject,metric,without,with,gain\n"))
        let summary = try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains(ExperimentReport.adaptationGainTable(result).markdown))
    }
}
