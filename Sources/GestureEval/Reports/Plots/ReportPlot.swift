/// A plot that a ``ReportFolder`` can write: an SVG image plus the data behind it as CSV tables,
/// so a notebook can redraw it (see ``NotebookExporter``).
package protocol ReportPlot: Sendable {
    /// The plot type, naming how a notebook redraws it: `signal`, `confusion`, `latency`, `det`,
    /// `critical-difference`.
    static var kind: String { get }
    /// The title drawn above the plot.
    var title: String { get }
    /// The rendered image.
    func render() -> SVGDocument
    /// The data, as named tables (role → table), for example `["signal": …, "events": …]`.
    func tables() -> [String: CSVTable]
    /// Scalar settings the redraw needs (for example the critical difference).
    var parameters: [String: Double] { get }
    /// Texts the redraw needs (for example the y-axis title `"y"`).
    var labels: [String: String] { get }
}

extension ReportPlot {
    /// None by default.
    package var parameters: [String: Double] { [:] }
    /// None by default.
    package var labels: [String: String] { [:] }
}
