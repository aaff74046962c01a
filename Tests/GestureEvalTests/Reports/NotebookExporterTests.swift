import Foundation
import GestureEval
import GestureTestSupport
import Testing

@Suite struct NotebookExporterTests {
    @Test func relativePathsClimbOutOfTheNotebookFolder() {
        func url(_ path: String) -> URL { URL(fileURLWithPath: path, isDirectory: true) }
        #expect(NotebookExporter.relativePath(from: url("/repo/notebooks-export"), to: url("/repo/reports/run")) == "../reports/run")
        #expect(NotebookExporter.relativePath(from: url("/repo"), to: url("/repo/reports/run")) == "reports/run")
        #expect(NotebookExporter.relativePath(from: url("/a/b/c"), to: url("/x")) == "../../../x")
        #expect(NotebookExporter.relativePath(from: url("/a/b"), to: url("/a/b")) == ".")
    }

    @Test func notebookIsValidNbformatWithTheCommandFirst() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("nb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var report = try ReportFolder(url: folder, command: ["gesturelab", "compare", "it's \"quoted\".yaml"])
        try report.add(ReportFixtures.latency(), named: "latency")
        try report.write(CSVTable(header: ["a"], rows: [["1"]]), named: "table")
        let exporter = try NotebookExporter(reportFolder: folder)
        let data = exporter.notebook(reportPath: "../reports/my \"run\"")
        #expect(data == exporter.notebook(reportPath: "../reports/my \"run\""), "deterministic")

        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["nbformat"] as? Int == 4)
        #expect(json["nbformat_minor"] as? Int == 5)
        let kernel = (json["metadata"] as? [String: Any])?["kernelspec"] as? [String: Any]
        #expect(kernel?["name"] as? String == "python3")
        let cells = try #require(json["cells"] as? [[String: Any]])
        let ids = cells.compactMap { $0["id"] as? String }
        #expect(ids.count == cells.count && Set(ids).count == ids.count)
        for cell in cells where cell["cell_type"] as? String == "code" {
            #expect((cell["outputs"] as? [Any])?.isEmpty == true)
            #expect(cell.keys.contains("execution_count"))
        }
        let first = (cells[0]["source"] as? [String])?.joined() ?? ""
        #expect(first.contains(#"gesturelab compare 'it'\''s "quoted".yaml'"#))
        #expect(first.contains(#"COMMAND = "gesturelab compare 'it'\\''s \"quoted\".yaml'""#))
        let all = cells.compactMap { ($0["source"] as? [String])?.joined() }.joined(separator: "\n")
        #expect(all.contains(#"REPORT = Path("../reports/my \"run\"")"#))
        #expect(all.contains(#"draw_latency(plot_entry("latency"))"#))
        // The Python comes from the module's resources, the placeholder filled and the drawing functions whole.
        #expect(!all.contains("__REPORT_PATH__") && all.contains("def draw_latency(entry):\n") && all.contains("def draw_det(entry):\n"))
        #expect(all.contains(#"read_csv("table.csv")"#))
        #expect(exporter.defaultNotebookPath == "notebooks-export/\(folder.lastPathComponent).ipynb")
    }
}
