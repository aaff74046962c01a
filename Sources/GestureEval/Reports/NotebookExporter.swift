import Foundation
import GestureData

/// Writes a Jupyter notebook (nbformat 4.5) that loads a report folder's `results.json` and CSV
/// files and redraws its plots with matplotlib, so a researcher can restyle or extend them.
///
/// The first cell holds the exact command that produced the run. The notebook finds the report
/// by a path relative to the notebook's own folder (Jupyter's working directory), so a
/// repository checkout can be moved as a whole. Needs Python 3 with pandas and matplotlib.
///
/// ```swift
/// let exporter = try NotebookExporter(reportFolder: URL(fileURLWithPath: "reports/default"))
/// try exporter.write(to: URL(fileURLWithPath: "notebooks-export/default.ipynb"))
/// ```
package struct NotebookExporter: Sendable {
    /// The report folder.
    package let reportFolder: URL
    /// Its manifest.
    package let manifest: ReportManifest

    /// Reads the manifest of `reportFolder` (`export notebook`: a folder written earlier).
    package init(reportFolder: URL) throws(DataFileError) {
        self.reportFolder = reportFolder
        manifest = try ReportFolder.manifest(at: reportFolder)
    }

    /// The notebook of `folder` as just written, from its typed manifest in memory: a run's notebook does not read
    /// back the `report.json` the run wrote. O(1).
    package init(folder: ReportFolder) {
        reportFolder = folder.url
        manifest = folder.manifest
    }

    /// Where a run's notebook goes by default: `notebooks-export/<report folder name>.ipynb`,
    /// relative to the current directory (what `export notebook` and `compare --notebook` use).
    package var defaultNotebookPath: String {
        "notebooks-export/\(reportFolder.standardizedFileURL.lastPathComponent).ipynb"
    }

    /// Writes the notebook to `url` atomically, creating its folder if needed.
    package func write(to url: URL) throws(DataFileError) {
        try AtomicFile.write(notebook(reportPath: Self.relativePath(from: url.deletingLastPathComponent(), to: reportFolder)),
                             to: url, createFolders: true)
    }

    /// The notebook's JSON; `reportPath` is how the notebook's folder reaches the report folder.
    package func notebook(reportPath: String) -> Data {
        var cells: [Cell] = []
        cells.append(.code("""
            # This run was produced by:
            #   \(manifest.commandLine.replacingOccurrences(of: "\n", with: " "))
            # GestureLab \(manifest.version)
            COMMAND = \(Self.python(manifest.commandLine))
            """))
        cells.append(.markdown("""
            # GestureLab report

            Redraws the plots of the report folder `\(reportPath)` from its data files
            (`report.json` indexes them). Run all cells; edit freely.
            """))
        cells.append(.code(ReportResource.notebookSetup.cellSource.replacingOccurrences(of: "__REPORT_PATH__", with: Self.python(reportPath))))
        if let results = manifest.results {
            cells.append(.markdown("## Results"))
            cells.append(.code("""
                results = json.loads((REPORT / \(Self.python(results))).read_text())
                print(json.dumps(results, indent=2, sort_keys=True)[:5000])
                """))
        }
        for table in manifest.tables {
            cells.append(.markdown("## Table `\(table.name)`"))
            cells.append(.code("read_csv(\(Self.python(table.file)))"))
        }
        if !manifest.plots.isEmpty {
            cells.append(.markdown("## Plots\n\nOne function per plot kind, the same drawing as the SVG files."))
            cells.append(.code(ReportResource.notebookPlots.cellSource))
            for plot in manifest.plots {
                let function = plot.kind.replacingOccurrences(of: "-", with: "_")
                cells.append(.markdown("### \(plot.title.isEmpty ? plot.name : plot.title)\n\n`\(plot.svg)`"))
                cells.append(.code("draw_\(function)(plot_entry(\(Self.python(plot.name))))\nplt.show()"))
            }
        }
        for (i, _) in cells.enumerated() { cells[i].id = "cell-\(i)" }
        let document = Notebook(cells: cells)
        // Encoding plain strings cannot fail.
        return ((try? ReportFolder.encoder.encode(document)) ?? Data()) + Data("\n".utf8)
    }

    /// The path that leads from folder `base` to `target`, with `..` where needed.
    package static func relativePath(from base: URL, to target: URL) -> String {
        let from = base.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let to = target.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `string` as a Python string literal (JSON string syntax, without `\/`, is valid Python).
    static func python(_ string: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode([string])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    // MARK: nbformat

    private struct Notebook: Encodable {
        var cells: [Cell]
        var metadata = Metadata()
        var nbformat = 4
        var nbformat_minor = 5
    }

    private struct Metadata: Encodable {
        struct KernelSpec: Encodable {
            var display_name = "Python 3"
            var language = "python"
            var name = "python3"
        }
        struct LanguageInfo: Encodable {
            var name = "python"
        }
        var kernelspec = KernelSpec()
        var language_info = LanguageInfo()
    }

    private struct Cell: Encodable {
        var cell_type: String
        var id = ""
        var source: [String]

        static func code(_ text: String) -> Cell { Cell(cell_type: "code", source: lines(text)) }
        static func markdown(_ text: String) -> Cell { Cell(cell_type: "markdown", source: lines(text)) }

        /// Lines with their newline, as Jupyter stores them.
        static func lines(_ text: String) -> [String] {
            let parts = text.components(separatedBy: "\n")
            return parts.enumerated().map { $0 == parts.count - 1 ? $1 : $1 + "\n" }.filter { !$0.isEmpty }
        }

        private enum CodingKeys: String, CodingKey { case cell_type, id, metadata, source, outputs, execution_count }
        private struct Empty: Encodable {}

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(cell_type, forKey: .cell_type)
            try c.encode(id, forKey: .id)
            try c.encode(Empty(), forKey: .metadata)
            try c.encode(source, forKey: .source)
            if cell_type == "code" {
                try c.encode([String](), forKey: .outputs)
                try c.encodeNil(forKey: .execution_count)
            }
        }
    }
}
