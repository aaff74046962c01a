import Foundation
import GestureData

/// Writes one run's report: `results.json`, CSV tables, a Markdown summary and SVG plots (each
/// with its data as CSV), indexed by `report.json` (``ReportManifest``).
///
/// Every file is written atomically (a reader never sees half a file, a crash never leaves one)
/// and byte-for-byte deterministically: JSON with sorted keys, numbers in round-trip form, no
/// dates. Writing a name again replaces the file.
///
/// ```swift
/// var report = try ReportFolder(url: URL(fileURLWithPath: "reports/run"), command: CommandLine.arguments)
/// try report.writeResults(results)
/// try report.write(table, named: "metrics")
/// try report.add(LatencyHistogram(title: "Latency", latencies: latencies), named: "latency")
/// try report.writeSummary("# Run\n\n" + table.markdown)
/// ```
package struct ReportFolder: Sendable {
    /// The folder.
    package let url: URL
    /// What has been written so far.
    package private(set) var manifest: ReportManifest

    /// Creates the folder (and its parents) if needed and writes an empty manifest.
    ///
    /// - Parameter command: the command line that produced the run (for example `CommandLine.arguments`),
    ///   recorded so the run can be reproduced and shown in an exported notebook.
    package init(url: URL, command: [String]) throws(DataFileError) {
        self.url = url
        manifest = ReportManifest(command: command)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw DataFileError(file: url.path, "cannot create the report folder: \(error.localizedDescription)")
        }
        try saveManifest()
    }

    /// Writes `results.json`: `value` as pretty-printed JSON with sorted keys.
    package mutating func writeResults<T: Encodable>(_ value: T) throws(DataFileError) {
        let data: Data
        do {
            data = try Self.encoder.encode(value)
        } catch {
            throw DataFileError(file: url.appendingPathComponent("results.json").path, "cannot encode: \(error)")
        }
        try write(data + Data("\n".utf8), to: "results.json")
        manifest.results = "results.json"
        try saveManifest()
    }

    /// Writes `name.csv`.
    package mutating func write(_ table: CSVTable, named name: String) throws(DataFileError) {
        let file = try Self.checkedName(name, in: url) + ".csv"
        try write(Data(table.csv.utf8), to: file)
        manifest.tables.removeAll { $0.name == name }
        manifest.tables.append(ReportManifest.Table(name: name, file: file))
        try saveManifest()
    }

    /// Writes `summary.md`.
    package mutating func writeSummary(_ markdown: String) throws(DataFileError) {
        try write(Data(markdown.utf8), to: "summary.md")
        manifest.summary = "summary.md"
        try saveManifest()
    }

    /// Records `file`, a page already written into the folder (with whatever it loads beside it), as the folder's
    /// page in the manifest.
    package mutating func recordPage(_ file: String) throws(DataFileError) {
        manifest.page = file
        try saveManifest()
    }

    /// Writes `name.svg` and the plot's data as `name.ROLE.csv`.
    package mutating func add<P: ReportPlot>(_ plot: P, named name: String) throws(DataFileError) {
        let base = try Self.checkedName(name, in: url)
        try write(plot.render().data, to: base + ".svg")
        var data: [String: String] = [:]
        for (role, table) in plot.tables().sorted(by: { $0.key < $1.key }) {
            let file = "\(base).\(role).csv"
            try write(Data(table.csv.utf8), to: file)
            data[role] = file
        }
        manifest.plots.removeAll { $0.name == name }
        manifest.plots.append(ReportManifest.Plot(name: name, kind: P.kind, title: plot.title, svg: base + ".svg",
                                                  data: data, parameters: plot.parameters, labels: plot.labels))
        try saveManifest()
    }

    /// Reads the manifest of an existing report folder.
    package static func manifest(at folder: URL) throws(DataFileError) -> ReportManifest {
        let file = folder.appendingPathComponent(ReportManifest.fileName)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw DataFileError(file: file.path, "not a report folder (cannot read \(ReportManifest.fileName))")
        }
        do {
            return try JSONDecoder().decode(ReportManifest.self, from: data)
        } catch {
            var located = DataFileError(file: file.path, decoding: error)
            located.message = "invalid report manifest: " + located.message
            throw located
        }
    }

    /// The JSON encoder of every report file: pretty, sorted keys, deterministic.
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    private func saveManifest() throws(DataFileError) {
        let data: Data
        do {
            data = try Self.encoder.encode(manifest)
        } catch {
            throw DataFileError(file: url.appendingPathComponent(ReportManifest.fileName).path, "cannot encode: \(error)")
        }
        try write(data + Data("\n".utf8), to: ReportManifest.fileName)
    }

    private func write(_ data: Data, to file: String) throws(DataFileError) {
        try AtomicFile.write(data, to: url.appendingPathComponent(file))
    }

    /// `name` when it is a plain file name (no path separators, not hidden, not empty).
    private static func checkedName(_ name: String, in url: URL) throws(DataFileError) -> String {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\\") else {
            throw DataFileError(file: url.appendingPathComponent(name).path, "invalid report file name '\(name)'")
        }
        return name
    }
}
