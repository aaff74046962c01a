import Foundation
import GestureData
import GestureEval
import GestureTestSupport
import Testing

/// `report.html`: the data it embeds are the outcomes and the test recordings' samples exactly, it stays
/// self-contained, and above its size bound the samples move to files beside it.
@Suite struct ReportPageTests {
    /// A run of two shake entries on 3 synthetic subjects, with an activity label that tries to close the page's script.
    static func run() throws -> (result: ExperimentResult, datasets: [String: Dataset]) {
        var dataset = try SyntheticShakeFixture.dataset(subjects: 3, seconds: 30)
        dataset.recordings[0].annotations.append(Annotation(start: 1, end: 2, label: "a</script><!--<script>b"))
        func shake(_ name: String, _ peak: Double) -> Experiment.Entry {
            Experiment.Entry(name: name, recognizer: "shake", configuration: .inline(.object(["peakThreshold": .number(peak)])),
                             datasets: ["shakes"], labels: ["shake"])
        }
        let experiment = Experiment(name: "shakes <&>", datasets: ["shakes": .source("unused")], seed: 3, bootstrapReplicates: 50,
                                    entries: [shake("loose", 0.8), shake("default", 1.25)])
        let datasets = ["shakes": dataset]
        return (try ExperimentRunner(experiment: experiment, datasets: datasets, registry: .standard, trainers: .standard).run(), datasets)
    }

    /// The text of `<script type="application/json" id="ID">`, parsed.
    static func json(_ html: String, id: String) throws -> Any {
        let open = "<script type=\"application/json\" id=\"\(id)\">"
        let start = try #require(html.range(of: open))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
    }

    @Test func embedsTheOutcomesAndTheSamplesExactly() throws {
        let (result, datasets) = try Self.run()
        let page = ReportPage(result: result, datasets: datasets, commandLine: "gesturelab compare x.yaml")
        let model = try #require(try Self.json(page.html, id: "report-data") as? [String: Any])
        // The style sheet and the script are the module's resources, inlined whole.
        #expect(page.html.contains("<style>\n") && page.html.contains("#outcome-table tbody tr.chosen { background: #dde8ff; }\n"))
        #expect(page.html.contains("window.GestureLabReport"))
        let table = ExperimentReport.outcomeTable(result)
        #expect(!table.rows.isEmpty)
        #expect(model["outcomeColumns"] as? [String] == table.header)
        #expect(model["outcomes"] as? [[String]] == table.rows, "every outcomes.csv row, cell for cell")
        #expect(table.rows.contains { $0[4] == "detection" } && table.rows.contains { $0[10] == "correct" })
        let entries = try #require(model["entries"] as? [[String: String]])
        #expect(entries.map { $0["name"] } == ["loose", "default"])
        // One explorer recording per test recording, in order of its first outcome row, with its samples as read.
        let recordings = try #require(model["recordings"] as? [[String: Any]])
        var expectedIDs: [String] = []
        for row in table.rows where !expectedIDs.contains(row[3]) { expectedIDs.append(row[3]) }
        #expect(recordings.map { $0["id"] as? String } == expectedIDs)
        #expect(expectedIDs.count == 3, "leave-one-subject-out tests every recording once")
        for (i, r) in recordings.enumerated() {
            let recording = try #require(datasets["shakes"]!.recordings.first { $0.id == r["id"] as? String })
            #expect(r["samples"] as? String == "inline")
            #expect(r["channels"] as? [String] == recording.channelNames.map(\.rawValue))
            #expect(r["shown"] as? [String] == ["accel.x", "accel.y", "accel.z"])
            #expect((r["annotations"] as? [[String]])?.map { $0[2] } == recording.annotations.map(\.label))
            let samples = try #require(try Self.json(page.html, id: "samples-\(i)") as? [String: Any])
            #expect(samples["t"] as? [Double] == recording.timestamps, "timestamps exact")
            let values = try #require(samples["v"] as? [[Double]])
            #expect(values == recording.channelNames.map { recording.column($0)! }, "every channel, every sample, exact")
        }
        #expect(page.dataFiles.isEmpty)
        // Self-contained: nothing loaded from elsewhere; the hostile label stayed inside its JSON string.
        #expect(page.html.range(of: #"(src|href)\s*=\s*"?(https?:)?//"#, options: .regularExpression) == nil)
        #expect(!page.html.contains("<link") && !page.html.contains("<script src"))
        #expect(page.html.components(separatedBy: "</script>").count - 1 == 2 + recordings.count, "one close per script element")
        #expect(page.html.contains("<title>shakes &lt;&amp;&gt;: GestureLab report</title>"))
        for g in result.groups {
            var escaped = g.headline.description
            for (c, entity) in [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;")] { escaped = escaped.replacingOccurrences(of: c, with: entity) }
            #expect(page.html.contains("</b>: \(escaped)</li>"), "the headline of \(g.group.name) opens the page")
        }
        // Deterministic.
        #expect(ReportPage(result: result, datasets: datasets, commandLine: "gesturelab compare x.yaml").html == page.html)
    }

    @Test func aboveTheSizeBoundSamplesGoToFilesBesideThePage() throws {
        let (result, datasets) = try Self.run()
        let inline = ReportPage(result: result, datasets: datasets, commandLine: "c")
        let total = inline.recordings.reduce(0) { $0 + $1.samples!.utf8.count }
        // At the bound everything is inline; one byte below it, nothing is.
        #expect(ReportPage(result: result, datasets: datasets, commandLine: "c", inlineSampleLimit: total).dataFiles.isEmpty)
        let split = ReportPage(result: result, datasets: datasets, commandLine: "c", inlineSampleLimit: total - 1)
        #expect(split.dataFiles.map(\.path) == ["report-data/recording-0.js", "report-data/recording-1.js", "report-data/recording-2.js"])
        #expect(!split.html.contains("id=\"samples-"))
        #expect(split.html.utf8.count < inline.html.utf8.count - total)
        let model = try #require(try Self.json(split.html, id: "report-data") as? [String: Any])
        let recordings = try #require(model["recordings"] as? [[String: Any]])
        #expect(recordings.map { $0["samples"] as? String } == split.dataFiles.map(\.path))
        for (i, file) in split.dataFiles.enumerated() {
            #expect(file.contents == "GestureLabReport.samplesLoaded(\(i), \(inline.recordings[i].samples!));\n")
        }
        // Written atomically beside the page; a report folder indexes the page.
        let folder = TemporaryFolder.root.appendingPathComponent("report-page-\(UUID().uuidString)")
        var report = try ReportFolder(url: folder, command: ["c"])
        try report.write(split)
        #expect(report.manifest.page == "report.html")
        #expect(try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8) == split.html)
        #expect(try String(contentsOf: folder.appendingPathComponent("report-data/recording-2.js"), encoding: .utf8) == split.dataFiles[2].contents)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("report-data").path).sorted()
            == ["recording-0.js", "recording-1.js", "recording-2.js"], "no temporary file left")
    }

    @Test func experimentReportWritesThePageAndLeavesResultsJSONAsItWas() throws {
        let (result, datasets) = try Self.run()
        let folder = TemporaryFolder.root.appendingPathComponent("report-page-\(UUID().uuidString)")
        let report = try ExperimentReport.write(result, datasets: datasets, to: folder, command: ["gesturelab", "compare", "x.yaml"])
        #expect(report.manifest.page == "report.html")
        #expect(try Data(contentsOf: folder.appendingPathComponent("results.json")) == result.jsonData())
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html == ReportPage(result: result, datasets: datasets, plots: report.manifest.plots.map { ($0.svg, $0.title) },
                                   commandLine: report.manifest.commandLine).html)
        for plot in report.manifest.plots { #expect(html.contains("href=\"\(plot.svg)\""), "links \(plot.svg)") }
        // Without the recordings the page still opens and says why there is no signal.
        let bare = ReportPage(result: result, datasets: [:], commandLine: "c")
        let model = try #require(try Self.json(bare.html, id: "report-data") as? [String: Any])
        #expect((model["recordings"] as? [[String: Any]])?.allSatisfy { $0["samples"] as? String == "none" } == true)
    }
}
