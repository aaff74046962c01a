/// The index of a report folder (`report.json`): the command that produced the run, the package
/// version, and every table and plot written, so tools (``NotebookExporter``) can find them.
public struct ReportManifest: Codable, Hashable, Sendable {
    /// One CSV table.
    public struct Table: Codable, Hashable, Sendable {
        /// The table's name (the file name without `.csv`).
        public var name: String
        /// File name inside the folder.
        public var file: String
    }

    /// One plot: its SVG and the CSV files behind it.
    public struct Plot: Codable, Hashable, Sendable {
        /// The plot's name (the SVG's file name without `.svg`).
        public var name: String
        /// The ``ReportPlot/kind``.
        public var kind: String
        /// The title.
        public var title: String
        /// SVG file name inside the folder.
        public var svg: String
        /// Data files by role (for example `"signal"`, `"events"`), names inside the folder.
        public var data: [String: String]
        /// Scalar settings (for example `"cd"`).
        public var parameters: [String: Double]
        /// Texts (for example the y-axis title `"y"`).
        public var labels: [String: String]
    }

    /// The file name of the manifest in a report folder.
    public static let fileName = "report.json"

    /// The command line that produced the run, one argument per element.
    public var command: [String]
    /// The GestureLab version that wrote the report.
    public var version: String
    /// The results file name, when written.
    public var results: String?
    /// The Markdown summary file name, when written.
    public var summary: String?
    /// The browser page (``ReportPage``) file name, when written.
    public var page: String?
    /// Tables, in the order written.
    public var tables: [Table]
    /// Plots, in the order written.
    public var plots: [Plot]

    /// An empty manifest.
    public init(command: [String], version: String = GestureLabVersion.current) {
        self.command = command
        self.version = version
        tables = []
        plots = []
    }

    /// The command as one shell line, arguments quoted where the shell needs it.
    public var commandLine: String { command.map(Self.shellQuote).joined(separator: " ") }

    /// `argument` as the shell would need it typed: unchanged when safe, otherwise in single quotes.
    public static func shellQuote(_ argument: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
        if !argument.isEmpty, argument.allSatisfy(safe.contains) { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
