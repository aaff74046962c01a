/// A metric against the number of people trained on: one line per entry through the mean over draws at each
/// training-set size, with ±1 standard deviation over the draws as bars (``LearningCurve``).
///
/// - Complexity: O(points).
package struct LearningCurvePlot: ReportPlot, Hashable {
    /// The plot type a notebook redraws.
    package static let kind = "learning-curve"

    /// One training-set size.
    package struct Point: Hashable, Codable, Sendable {
        /// Subjects trained on.
        package var subjects: Int
        /// The mean metric over draws.
        package var mean: Double
        /// Its standard deviation over draws.
        package var standardDeviation: Double
        /// Creates a point.
        package init(subjects: Int, mean: Double, standardDeviation: Double) {
            self.subjects = subjects
            self.mean = mean
            self.standardDeviation = standardDeviation
        }
    }

    /// One entry's curve.
    package struct Series: Hashable, Sendable {
        /// The entry's name, shown in the legend.
        package var name: String
        /// Its points, by increasing `subjects`.
        package var points: [Point]
        /// Creates a curve.
        package init(name: String, points: [Point]) {
            self.name = name
            self.points = points
        }
    }

    /// The title drawn above the plot.
    package var title: String
    /// The metric's name, the y axis's label.
    package var metricName: String
    /// The curves.
    package var series: [Series]

    /// Creates a plot.
    package init(title: String, metricName: String, series: [Series]) {
        self.title = title
        self.metricName = metricName
        self.series = series
    }

    /// The plot as SVG.
    package func render() -> SVGDocument {
        let width = 640.0, height = 400.0
        var svg = SVGDocument(width: width, height: height, title: title)
        let ks = Array(Set(series.flatMap { $0.points.map { Double($0.subjects) } })).sorted()
        var axes = PlotAxes(width: width, height: height, x: ((ks.first ?? 1) - 0.5, (ks.last ?? 1) + 0.5), y: (0, 1),
                            title: title, xLabel: "subjects trained on", yLabel: "\(metricName) on the others")
        // Whole people on x; the metrics plotted (F1, accuracy, macro-F1) lie in 0…1.
        axes.x = LinearScale(domain: ((ks.first ?? 1) - 0.5)...((ks.last ?? 1) + 0.5), pixels: (axes.left, axes.right), ticks: ks)
        axes.y = LinearScale(domain: 0...1, pixels: (axes.bottom, axes.top), ticks: [0, 0.2, 0.4, 0.6, 0.8, 1])
        axes.draw(into: &svg)
        // Series side by side by a few pixels, so that bars at one K do not hide each other.
        let spread = series.count > 1 ? min(4, 24 / Double(series.count - 1)) : 0
        for (i, s) in series.enumerated() {
            let shift = (Double(i) - Double(series.count - 1) / 2) * spread
            let points = s.points.filter { $0.mean.isFinite }
            svg.polyline(points.map { (x: axes.x(Double($0.subjects)) + shift, y: axes.y($0.mean)) }, stroke: .palette(i), width: 2)
            for p in points {
                let x = axes.x(Double(p.subjects)) + shift
                svg.line(x1: x, y1: axes.y(max(0, p.mean - p.standardDeviation)), x2: x, y2: axes.y(min(1, p.mean + p.standardDeviation)), stroke: .palette(i), width: 1.5)
                svg.circle(cx: x, cy: axes.y(p.mean), r: 3, fill: .palette(i))
            }
        }
        PlotLegend(series.enumerated().map { PlotLegend.Entry($1.name, color: .palette($0)) }).draw(into: &svg, inside: axes)
        return svg
    }

    /// The data behind the plot, as named CSV tables.
    package func tables() -> [String: CSVTable] {
        var table = CSVTable(header: ["series", "subjects", "mean", "sd"])
        for s in series {
            for p in s.points { table.append([s.name, String(p.subjects), CSVTable.number(p.mean), CSVTable.number(p.standardDeviation)]) }
        }
        return ["points": table]
    }

    /// The y axis's title for a redraw.
    package var labels: [String: String] { ["metric": metricName] }
}
