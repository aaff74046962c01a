/// The frame of a 2-D plot: a plotting rectangle, x and y scales, grid, ticks, tick labels,
/// axis titles and a plot title.
///
/// ```swift
/// var svg = SVGDocument(width: 640, height: 360)
/// let axes = PlotAxes(width: 640, height: 360, x: (0, 10), y: (0, 1),
///                     title: "Latency", xLabel: "seconds", yLabel: "count")
/// axes.draw(into: &svg)
/// svg.circle(cx: axes.x(2), cy: axes.y(0.5), r: 3, fill: .palette(0))
/// ```
package struct PlotAxes: Hashable, Sendable {
    /// The plotting rectangle, pixels.
    package var left: Double, top: Double, right: Double, bottom: Double
    /// The horizontal scale.
    package var x: LinearScale
    /// The vertical scale (pixels decrease as values increase).
    package var y: LinearScale
    /// Title above the plot.
    package var title: String
    /// The x-axis title, with units.
    package var xLabel: String
    /// The y-axis title, with units.
    package var yLabel: String

    /// Margins around the plotting rectangle, pixels.
    package struct Margins: Hashable, Sendable {
        /// Space left of the plotting rectangle (tick labels, y title), pixels.
        package var left: Double
        /// Space above it (the title), pixels.
        package var top: Double
        /// Space right of it, pixels.
        package var right: Double
        /// Space below it (tick labels, x title), pixels.
        package var bottom: Double
        /// Creates margins.
        package init(left: Double = 64, top: Double = 40, right: Double = 20, bottom: Double = 48) {
            self.left = left
            self.top = top
            self.right = right
            self.bottom = bottom
        }
    }

    /// Axes filling a `width` × `height` image inside `margins`, with nice scales covering the ranges.
    package init(width: Double, height: Double, x xRange: (Double, Double), y yRange: (Double, Double),
                title: String, xLabel: String, yLabel: String, margins: Margins = Margins(),
                xTickCount: Int = 8, yTickCount: Int = 5) {
        left = margins.left
        top = margins.top
        right = width - margins.right
        bottom = height - margins.bottom
        x = LinearScale(covering: xRange.0, xRange.1, pixels: (left, right), tickCount: xTickCount)
        y = LinearScale(covering: yRange.0, yRange.1, pixels: (bottom, top), tickCount: yTickCount)
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
    }

    /// Draws the grid, the frame, ticks with labels and the titles.
    package func draw(into svg: inout SVGDocument) {
        for (value, label) in zip(x.ticks, x.tickLabels) {
            let px = x(value)
            svg.line(x1: px, y1: top, x2: px, y2: bottom, stroke: .grid)
            svg.line(x1: px, y1: bottom, x2: px, y2: bottom + 4, stroke: .ink)
            svg.text(label, x: px, y: bottom + 16, size: 10, anchor: .middle)
        }
        for (value, label) in zip(y.ticks, y.tickLabels) {
            let py = y(value)
            svg.line(x1: left, y1: py, x2: right, y2: py, stroke: .grid)
            svg.line(x1: left - 4, y1: py, x2: left, y2: py, stroke: .ink)
            svg.text(label, x: left - 7, y: py + 3.5, size: 10, anchor: .end)
        }
        svg.rect(x: left, y: top, width: right - left, height: bottom - top, fill: nil, stroke: .ink)
        if !title.isEmpty {
            svg.fittedTitle(title, x: (left + right) / 2, y: top - 14, within: 8...(svg.width - 8))
        }
        if !xLabel.isEmpty {
            svg.text(xLabel, x: (left + right) / 2, y: bottom + 36, size: 11, anchor: .middle)
        }
        if !yLabel.isEmpty {
            let px = left - 48, py = (top + bottom) / 2
            svg.text(yLabel, x: px, y: py, size: 11, anchor: .middle, rotation: -90)
        }
    }

    /// Whether pixel `(px, py)` lies inside the plotting rectangle.
    package func contains(_ px: Double, _ py: Double) -> Bool {
        px >= left && px <= right && py >= top && py <= bottom
    }
}
