import Foundation

/// A histogram of detection latencies (detection time − gesture end), with the median marked.
///
/// Bins have a round width (1, 2 or 5 × a power of ten) nearest to what gives Sturges' number of bins.
///
/// - Complexity: O(n log n) for the median.
package struct LatencyHistogram: ReportPlot, Hashable {
    /// The plot type a notebook redraws.
    package static let kind = "latency"
    /// The title drawn above the plot.
    package var title: String
    /// Latencies, seconds; non-finite values are left out.
    package var latencies: [Double]

    /// Creates a histogram of `latencies` seconds.
    package init(title: String, latencies: [Double]) {
        self.title = title
        self.latencies = latencies.filter(\.isFinite)
    }

    /// The bin edges and counts: `edges.count == counts.count + 1`.
    package func bins() -> (edges: [Double], counts: [Int]) {
        guard let lo = latencies.min(), let hi = latencies.max() else { return ([0, 0.1], [0]) }
        let target = max(5, min(30, Int((log2(Double(latencies.count)) + 1).rounded(.up))))
        let width = LinearScale.nearestNiceStep(hi > lo ? (hi - lo) / Double(target) : max(abs(lo) * 0.1, 0.01))
        let first = (lo / width).rounded(.down)
        var binCount = Int((hi / width).rounded(.down) - first) + 1
        binCount = max(1, binCount)
        var counts = [Int](repeating: 0, count: binCount)
        for v in latencies {
            let i = min(binCount - 1, max(0, Int((v / width).rounded(.down) - first)))
            counts[i] += 1
        }
        let edges = (0...binCount).map { ((first + Double($0)) * width * 1e9).rounded() / 1e9 }
        return (edges, counts)
    }

    /// The median latency, seconds, or `nil` when there are none.
    package var median: Double? {
        guard !latencies.isEmpty else { return nil }
        let sorted = latencies.sorted(), n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    /// The plot as SVG.
    package func render() -> SVGDocument {
        let width = 640.0, height = 360.0
        var svg = SVGDocument(width: width, height: height, title: title)
        let (edges, counts) = bins()
        let axes = PlotAxes(width: width, height: height, x: (edges.first!, edges.last!),
                            y: (0, Double(max(1, counts.max() ?? 1)) * 1.15), title: title,
                            xLabel: "latency (s)", yLabel: "detections")
        axes.draw(into: &svg)
        for (i, count) in counts.enumerated() where count > 0 {
            let x0 = axes.x(edges[i]), x1 = axes.x(edges[i + 1])
            svg.rect(x: x0 + 0.5, y: axes.y(Double(count)), width: x1 - x0 - 1, height: axes.y(0) - axes.y(Double(count)),
                     fill: .palette(0), stroke: SVGColor.palette(0).mixed(with: .black, 0.3), opacity: 0.85)
        }
        var legend = [PlotLegend.Entry("\(latencies.count) detections", color: .palette(0), mark: .box)]
        if let median {
            let px = axes.x(median)
            svg.line(x1: px, y1: axes.top, x2: px, y2: axes.bottom, stroke: .palette(3), width: 1.5, dash: "5 3")
            legend.append(PlotLegend.Entry("median \(LinearScale.format(median, decimals: 3)) s", color: .palette(3), mark: .dashedLine))
        } else {
            svg.text("no detections", x: (axes.left + axes.right) / 2, y: (axes.top + axes.bottom) / 2,
                     size: 12, anchor: .middle, fill: .muted)
        }
        PlotLegend(legend).draw(into: &svg, inside: axes)
        return svg
    }

    /// The data behind the plot, as named CSV tables.
    package func tables() -> [String: CSVTable] {
        ["latencies": CSVTable(header: ["latency_s"], rows: latencies.map { [CSVTable.number($0)] })]
    }
}
