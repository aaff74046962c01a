import Foundation
import GestureData
import GestureEval
import GestureTestSupport
import Testing

@Suite struct ReportFolderTests {
    struct Results: Codable, Equatable {
        var recognizer: String
        var f1: Double
        var counts: [String: Int]
    }

    static func temporaryFolder() -> URL {
        TemporaryFolder.root
            .appendingPathComponent("gesturelab-report-\(UUID().uuidString)", isDirectory: true)
    }

    static func writeReport(to url: URL) throws -> ReportFolder {
        var report = try ReportFolder(url: url, command: ["gesturelab", "compare", "configs/experiments/my run.yaml"])
        try report.writeResults(Results(recognizer: "shake", f1: 0.875, counts: ["tp": 7, "fp": 1, "fn": 1]))
        var table = CSVTable(header: ["recognizer", "f1"])
        table.append(["shake", CSVTable.number(0.875)])
        table.append(["dtw, dependent", CSVTable.number(0.8)])
        try report.write(table, named: "metrics")
        try report.add(ReportFixtures.signal(), named: "signal")
        try report.add(ReportFixtures.confusion(), named: "confusion")
        try report.add(ReportFixtures.latency(), named: "latency")
        try report.add(ReportFixtures.det(), named: "det")
        try report.add(ReportFixtures.criticalDifference(), named: "cd")
        try report.writeSummary("# Run\n\n" + table.markdown)
        return report
    }

    @Test func writesEveryFileAndNoTemporaryFiles() throws {
        let url = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: url) }
        _ = try Self.writeReport(to: url)
        let files = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        let expected = [
            "cd.ranks.csv", "cd.svg", "confusion.matrix.csv", "confusion.svg", "det.points.csv", "det.svg",
            "latency.latencies.csv", "latency.svg", "metrics.csv", "report.json", "results.json",
            "signal.annotations.csv", "signal.events.csv", "signal.signal.csv", "signal.svg", "summary.md",
        ]
        #expect(files == expected)
    }

    @Test func manifestIndexesWhatWasWritten() throws {
        let url = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: url) }
        let report = try Self.writeReport(to: url)
        let manifest = try ReportFolder.manifest(at: url)
        #expect(manifest == report.manifest)
        #expect(manifest.plots.map(\.kind) == ["signal", "confusion", "latency", "det", "critical-difference"])
        #expect(manifest.plots.last?.parameters == ["cd": 1.2])
        #expect(manifest.commandLine == "gesturelab compare 'configs/experiments/my run.yaml'")
        #expect(manifest.tables.map(\.file) == ["metrics.csv"])
        let results = try JSONDecoder().decode(Results.self, from: Data(contentsOf: url.appendingPathComponent("results.json")))
        #expect(results == Results(recognizer: "shake", f1: 0.875, counts: ["tp": 7, "fp": 1, "fn": 1]))
        let text = try String(contentsOf: url.appendingPathComponent("results.json"), encoding: .utf8)
        #expect(text.range(of: "\"counts\"")!.lowerBound < text.range(of: "\"f1\"")!.lowerBound, "keys sorted")
        let csv = try String(contentsOf: url.appendingPathComponent("metrics.csv"), encoding: .utf8)
        #expect(csv == "recognizer,f1\nshake,0.875\n\"dtw, dependent\",0.8\n")
    }

    @Test func sameRunGivesSameBytes() throws {
        let a = Self.temporaryFolder(), b = Self.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: a)
            try? FileManager.default.removeItem(at: b)
        }
        _ = try Self.writeReport(to: a)
        _ = try Self.writeReport(to: b)
        let files = try FileManager.default.contentsOfDirectory(atPath: a.path)
        for file in files {
            let da = try Data(contentsOf: a.appendingPathComponent(file))
            let db = try Data(contentsOf: b.appendingPathComponent(file))
            #expect(da == db, "\(file) differs between runs")
        }
    }

    @Test func rejectsPathsAsNames() throws {
        let url = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: url) }
        var report = try ReportFolder(url: url, command: ["x"])
        #expect(throws: DataFileError.self) { try report.write(CSVTable(header: ["a"]), named: "../escape") }
        #expect(throws: DataFileError.self) { try report.add(ReportFixtures.latency(), named: ".hidden") }
    }

    @Test func unwritableFolderNamesThePath() {
        let error = #expect(throws: DataFileError.self) {
            _ = try ReportFolder(url: URL(fileURLWithPath: "/proc/gesturelab-cannot-exist/report"), command: [])
        }
        #expect(error?.file == "/proc/gesturelab-cannot-exist/report")
    }

    @Test func missingManifestIsAClearError() {
        let error = #expect(throws: DataFileError.self) { _ = try ReportFolder.manifest(at: Self.temporaryFolder()) }
        #expect(error?.message.contains("not a report folder") == true)
    }
}
