/// The index of a report folder (`report.json`): the command that produced the run, the package
/// version, and every table and plot written, so tools (``NotebookExporter``) can find them.
package struct ReportManifest: Codable, Hashable, Sendable {
    /// One CSV table.
    package struct Table: Codable, Hashable, Sendable {
        /// The table's name (the file name without `.csv`).
        package var name: String
        /// File name inside the folder.
        package var file: String
    }

    /// One plot: its SVG and the CSV files behind it.
    package struct Plot: Codable, Hashable, Sendable {
        /// The plot's name (the SVG's file name without `.svg`).
        package var name: String
        /// The ``ReportPlot/kind``.
        package var kind: String
        /// The title.
        package var title: String
        /// SVG file name inside the folder.
        package var svg: String
        /// Data files by role (for example `"signal"`, `"events"`), names inside the folder.
        package var data: [String: String]
        /// Scalar settings (for example `"cd"`).
        package var parameters: [String: Double]
        /// Texts (for example the y-axis title `"y"`).
        package var labels: [String: String]
    }

    /// The file name of the manifest in a report folder.
    package static let fileName = "report.json"

    /// The command line that produced the run, one argument per element.
    package var command: [String]
    /// The GestureLab version that wrote the report.
    package var version: String
    /// The results file name, when written.
    package var results: String?
    /// The Markdown summary file name, when written.
    package var summary: String?
    /// The browser page (``ReportPage``) file name, when written.
    package var page: String?
    /// Tables, in the order written.
    package var tables: [Table]
    /// Plots, in the order written.
    package var plots: [Plot]

    /// An empty manifest.
    package init(command: [String], version: String = GestureLabVersion.current) {
        self.command = command
        self.version = version
        tables = []
        plots = []
    }

    /// The command as one shell line, arguments quoted where the shell needs it.
    package var commandLine: String { command.map(Self.shellQuote).joined(separator: " ") }

    /// `argument` as the shell would need it typed: unchanged when safe, otherwise in single quotes.
    package static func shellQuote(_ argument: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
        if !argument.isEmpty, argument.allSatisfy(safe.contains) { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
