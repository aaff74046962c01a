import Foundation

/// The text files that reports are made with, kept as the module's resources (`Reports/Resources`, each `.copy` in
/// Package.swift) so that each is edited, linted and diffed as what it is: the page's script and style sheet, the
/// notebook's Python.
enum ReportResource: String, CaseIterable {
    /// The report page's script (``ReportPage``).
    case pageScript = "report.js"
    /// The report page's style sheet.
    case pageStyle = "report.css"
    /// The explorer's channel picker grouped by sensor unit, inlined only into a page with several units.
    case unitsScript = "report-units.js"
    /// The notebook's first Python cell: imports, the report folder (`__REPORT_PATH__`) and `read_csv`.
    case notebookSetup = "notebook-setup.py"
    /// The notebook's matplotlib redraw of every ``ReportPlot`` kind, one `draw_<kind>(entry)` each.
    case notebookPlots = "notebook-plots.py"

    /// The file's text, as it is. Read once per process. A missing resource is a broken build, not a user error.
    var text: String { Self.texts[self]! }

    private static let texts: [ReportResource: String] = Dictionary(uniqueKeysWithValues: allCases.map { resource in
        let name = resource.rawValue as NSString
        guard let url = Bundle.module.url(forResource: name.deletingPathExtension, withExtension: name.pathExtension),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("GestureEval's resource \(resource.rawValue) is missing from \(Bundle.module.bundlePath)")
        }
        return (resource, text)
    })

    /// The text as a notebook cell's source: without the file's final newline, which a cell does not end with.
    var cellSource: String { text.hasSuffix("\n") ? String(text.dropLast()) : text }
}
