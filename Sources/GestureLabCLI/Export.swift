import ArgumentParser
import Foundation
import GestureEval

/// `gesturelab export`: turn a run's report into other formats.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export a report folder to other formats (a Jupyter notebook).",
        discussion: """
            Example:
              gesturelab export notebook --report reports/default
            """,
        subcommands: [ExportNotebook.self]
    )
}

/// `gesturelab export notebook`: a Jupyter notebook that redraws a report's plots with matplotlib.
struct ExportNotebook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notebook",
        abstract: "Write a Jupyter notebook that loads a report's results and redraws its plots with matplotlib.",
        discussion: """
            The notebook's first cell holds the command that produced the report. It finds the report \
            folder by a path relative to the notebook, so run it from its own folder (Jupyter does). \
            Needs Python 3 with pandas and matplotlib (scripts/setup.sh installs them).
            Example:
              gesturelab export notebook --report reports/default --out \\
                notebooks-export/default.ipynb
            """
    )

    @Option(help: "The report folder (written by compare, evaluate or sweep).")
    var report: String

    @Option(help: "Where to write the notebook (default: notebooks-export/<report name>.ipynb).")
    var out: String?

    func validate() throws {
        if let out, !out.hasSuffix(".ipynb") { throw ValidationError("--out must name a .ipynb file, got '\(out)'") }
    }

    func run() throws {
        let folder = URL(fileURLWithPath: report, isDirectory: true)
        let exporter = try NotebookExporter(reportFolder: folder)
        let path = out ?? exporter.defaultNotebookPath
        try exporter.write(to: URL(fileURLWithPath: path))
        print("wrote \(path)")
    }
}
