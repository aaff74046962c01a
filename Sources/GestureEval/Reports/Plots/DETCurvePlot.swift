/// Detection error trade-off for continuous recordings: false activations per hour against the
/// miss rate, one curve per detector, each point one threshold of a sweep.
///
/// - Complexity: O(points log points).
package struct DETCurvePlot: ReportPlot, Hashable {
    /// The plot type a notebook redraws.
    package static let kind = "det"

    /// One operating point.
    package struct Point: Hashable, Codable, Sendable {
        /// The swept threshold, in the parameter's own unit.
        package var threshold: Double
        /// False activations per hour of recording.
        package var falseActivationsPerHour: Double
        /// Missed gestures / all gestures, 0…1.
        package var missRate: Double
        /// Creates a point.
        package init(threshold: Double, falseActivationsPerHour: Double, missRate: Double) {
            self.threshold = threshold
            self.falseActivationsPerHour = falseActivationsPerHour
            self.missRate = missRate
        }
    }

    /// One detector's curve.
    package struct Series: Hashable, Sendable {
        /// The detector's name, shown in the legend.
        package var name: String
        /// Its operating points, in any order.
        package var points: [Point]
        /// Creates a curve.
        package init(name: String, points: [Point]) {
            self.name = name
            self.points = points
        }
    }

    /// The title drawn above the plot.
    package var title: String
    /// The curves.
    package var series: [Series]

    /// Creates a plot.
    package init(title: String, series: [Series]) {
        self.title = title
        self.series = series
    }

    /// The plot as SVG.
    package func render() -> SVGDocument {
        let width = 640.0, height = 400.0
        var svg = SVGDocument(width: width, height: height, title: title)
        let fa = series.flatMap { $0.points.map(\.falseActivationsPerHour) }.filter(\.isFinite)
        var axes = PlotAxes(width: width, height: height, x: (0, max(1, fa.max() ?? 1)), y: (0, 1), title: title,
                            xLabel: "false activations per hour", yLabel: "miss rate")
        axes.y = LinearScale(domain: 0...1, pixels: (axes.bottom, axes.top), ticks: [0, 0.2, 0.4, 0.6, 0.8, 1])
        axes.draw(into: &svg)
        for (i, s) in series.enumerated() {
            let sorted = s.points.sorted { ($0.falseActivationsPerHour, $0.missRate) < ($1.falseActivationsPerHour, $1.missRate) }
            let points = sorted.map { (x: axes.x($0.falseActivationsPerHour), y: axes.y($0.missRate)) }
            svg.polyline(points, stroke: .palette(i), width: 2)
            for p in points where p.x.isFinite && p.y.isFinite { svg.circle(cx: p.x, cy: p.y, r: 3, fill: .palette(i)) }
        }
        PlotLegend(series.enumerated().map { PlotLegend.Entry($1.name, color: .palette($0)) }).draw(into: &svg, inside: axes)
        return svg
    }

    /// The data behind the plot, as named CSV tables.
    package func tables() -> [String: CSVTable] {
        var table = CSVTable(header: ["series", "threshold", "false_activations_per_hour", "miss_rate"])
        for s in series {
            for p in s.points {
                table.append([s.name, CSVTable.number(p.threshold), CSVTable.number(p.falseActivationsPerHour),
                              CSVTable.number(p.missRate)])
            }
        }
        return ["points": table]
    }
}
