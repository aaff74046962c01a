import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// Exports a notebook from a report folder with every plot kind and executes it with nbclient.
/// Needs python3 with nbclient, nbformat, ipykernel, matplotlib and pandas (`scripts/setup.sh`).
@Suite struct NotebookTests {
    static func makeReport(at url: URL) throws {
        var report = try ReportFolder(url: url, command: ["gesturelab", "compare", "configs/experiments/default.yaml",
                                                          "--out", url.path])
        struct Results: Encodable {
            var recognizers: [String: Double]
            var note: String
        }
        try report.writeResults(Results(recognizers: ["shake": 0.91, "dtw": 0.87], note: "quotes \" and , commas"))
        try report.write(CSVTable(header: ["recognizer", "f1", "note"],
                                  rows: [["shake", "0.91", "a, b"], ["dtw", "0.87", "say \"x\""]]), named: "metrics")
        let t = (0..<400).map { Double($0) / 50 }
        try report.add(SignalPlot(
            title: "subject 1",
            timestamps: t, channels: [("accel.x", t.map { $0 > 3 && $0 < 4 ? sin(25 * $0) : 0 }),
                                      ("accel.z", t.map { $0 < 5 ? -1 : 1 })],
            annotations: [Annotation(start: 3, end: 4, label: "shake"), Annotation(start: 5, end: 5.4, label: "null")],
            events: [GestureEvent(label: "shake", phase: .ended, start: 3.1, end: 3.9, time: 4.05, score: 1.2),
                     GestureEvent(label: "faceDown", phase: .began, start: 5.2, end: 5.2, time: 5.2, score: 0.1),
                     GestureEvent(label: "shake", phase: .cancelled, start: 6, end: 6.2, time: 6.3, score: 0.3)]),
            named: "signal")
        try report.add(SignalPlot(title: "no detections", timestamps: [0, 1], channels: [("x", [0, 1])]), named: "empty-signal")
        try report.add(ConfusionMatrixPlot(title: "Confusion", labels: ["null", "shake", "NA"],
                                           counts: [[40, 2, 0], [1, 9, 0], [0, 0, 0]]), named: "confusion")
        try report.add(LatencyHistogram(title: "Latency", latencies: [0.1, 0.12, 0.2, 0.35]), named: "latency")
        try report.add(LatencyHistogram(title: "No latency", latencies: []), named: "latency-empty")
        try report.add(DETCurvePlot(title: "DET", series: [
            .init(name: "shake", points: [.init(threshold: 1, falseActivationsPerHour: 10, missRate: 0.05),
                                          .init(threshold: 2, falseActivationsPerHour: 1, missRate: 0.3)]),
        ]), named: "det")
        try report.add(CriticalDifferenceDiagram(title: "CD", methods: ["shake", "dtw", "peak"], averageRanks: [1.2, 2.1, 2.7],
                                                 criticalDifference: 1.1), named: "cd")
        try report.writeSummary("# Test run\n")
    }

    static func pythonHas(_ modules: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import " + modules.joined(separator: ", ")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Executes every cell of the notebook at `url` with nbclient in the notebook's folder; stdout
    /// ends with `images=N errors=M` (figures drawn, cells that raised).
    static func execute(_ notebookURL: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let script = """
            import sys, nbformat, nbclient
            path, folder = sys.argv[1], sys.argv[2]
            nb = nbformat.read(path, as_version=4)
            nbformat.validate(nb)
            nbclient.NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": folder}}).execute()
            images = sum(1 for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
                         if "image/png" in o.get("data", {}))
            errors = sum(1 for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.get("output_type") == "error")
            print(f"images={images} errors={errors}")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, notebookURL.path, notebookURL.deletingLastPathComponent().path]
        var environment = ProcessInfo.processInfo.environment
        environment["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    @Test func exportedNotebookExecutesWithoutErrors() throws {
        #expect(Self.pythonHas(["nbclient", "nbformat", "ipykernel", "matplotlib", "pandas"]),
                "run scripts/setup.sh to install the notebook packages")
        let root = TemporaryFolder.root.appendingPathComponent("gesturelab-nb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let reportURL = root.appendingPathComponent("reports/run 1")
        try Self.makeReport(at: reportURL)

        let notebookURL = root.appendingPathComponent("notebooks-export/run.ipynb")
        let export = try GestureLabBinary.run(["export", "notebook", "--report", reportURL.path, "--out", notebookURL.path])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("run.ipynb"))

        // Structure: nbformat 4, the first cell holds the exact command.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: notebookURL)) as? [String: Any])
        #expect(json["nbformat"] as? Int == 4)
        let cells = try #require(json["cells"] as? [[String: Any]])
        let first = (cells.first?["source"] as? [String])?.joined() ?? ""
        let manifest = try ReportFolder.manifest(at: reportURL)
        #expect(first.contains(manifest.commandLine))
        #expect(first.contains("'\(reportURL.path)'"), "a path with a space is shell-quoted")

        // Execute every cell; nbclient raises (non-zero exit) on the first cell that errors.
        let run = try Self.execute(notebookURL)
        #expect(run.status == 0, "notebook failed:\n\(run.stderr.suffix(3000))")
        #expect(run.stdout.contains("images=\(manifest.plots.count) errors=0"), "one figure per plot: \(run.stdout)")
    }

    @Test func exportWithoutAReportFailsWithOneLine() throws {
        let missing = TemporaryFolder.root.appendingPathComponent("no-report-\(UUID().uuidString)")
        let result = try GestureLabBinary.run(["export", "notebook", "--report", missing.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(missing.path)/report.json: not a report folder"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func defaultOutputGoesToNotebooksExport() throws {
        let root = TemporaryFolder.root.appendingPathComponent("gesturelab-nb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.makeReport(at: root.appendingPathComponent("reports/smoke"))
        let result = try GestureLabBinary.run(["export", "notebook", "--report", "reports/smoke"], directory: root)
        #expect(result.status == 0, "\(result.stderr)")
        let notebook = root.appendingPathComponent("notebooks-export/smoke.ipynb")
        let text = try String(contentsOf: notebook, encoding: .utf8)
        #expect(text.contains("REPORT = Path(\\\"../reports/smoke\\\")"))
        // Same report, same notebook bytes.
        _ = try GestureLabBinary.run(["export", "notebook", "--report", "reports/smoke"], directory: root)
        #expect(try String(contentsOf: notebook, encoding: .utf8) == text)
    }

    @Test func helpOfEveryNewCommandHasAnExample() throws {
        for command in [["--help"], ["demo", "--help"], ["detect", "--help"], ["export", "--help"],
                        ["export", "notebook", "--help"]] {
            let result = try GestureLabBinary.run(command)
            #expect(result.status == 0)
            #expect(result.stdout.contains("Example"), "\(command.joined(separator: " ")) has no example")
            #expect(result.stdout.contains("gesturelab "), "\(command.joined(separator: " ")) shows no command")
        }
    }
}
