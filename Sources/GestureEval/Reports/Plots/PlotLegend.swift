/// A legend box in the top-right corner of a plot.
package struct PlotLegend: Hashable, Sendable {
    /// How an entry's key is drawn.
    package enum Mark: Hashable, Sendable {
        /// A short line (a series).
        case line
        /// A dashed line (a reference value).
        case dashedLine
        /// A filled square (a bar or span).
        case box
        /// A filled circle (a marker).
        case marker
    }

    /// One entry: a colour key and its text.
    package struct Entry: Hashable, Sendable {
        /// The text.
        package var label: String
        /// The key's colour.
        package var color: SVGColor
        /// How the key is drawn.
        package var mark: Mark
        /// Creates an entry.
        package init(_ label: String, color: SVGColor, mark: Mark = .line) {
            self.label = label
            self.color = color
            self.mark = mark
        }
    }

    /// The entries, top to bottom.
    package var entries: [Entry]

    /// Creates a legend.
    package init(_ entries: [Entry]) {
        self.entries = entries
    }

    private static let rowHeight = 15.0, size = 10.0

    /// The legend's width in pixels.
    package var width: Double {
        34 + (entries.map { SVGDocument.textWidth($0.label, size: Self.size) }.max() ?? 0)
    }

    /// Draws the legend inside `axes`, against its top-right corner (nothing when empty).
    package func draw(into svg: inout SVGDocument, inside axes: PlotAxes) {
        draw(into: &svg, x: axes.right - width - 6, y: axes.top + 6)
    }

    /// Draws the legend with its top-left corner at (`x0`, `y0`) (nothing when empty).
    package func draw(into svg: inout SVGDocument, x x0: Double, y y0: Double) {
        guard !entries.isEmpty else { return }
        let rowHeight = Self.rowHeight, size = Self.size
        let height = 8 + rowHeight * Double(entries.count)
        svg.rect(x: x0, y: y0, width: width, height: height, fill: .white, stroke: .grid, opacity: 0.9)
        for (i, entry) in entries.enumerated() {
            let cy = y0 + 4 + rowHeight * (Double(i) + 0.5)
            switch entry.mark {
            case .line: svg.line(x1: x0 + 6, y1: cy, x2: x0 + 24, y2: cy, stroke: entry.color, width: 2)
            case .dashedLine: svg.line(x1: x0 + 6, y1: cy, x2: x0 + 24, y2: cy, stroke: entry.color, width: 1.5, dash: "4 3")
            case .box: svg.rect(x: x0 + 9, y: cy - 5, width: 12, height: 10, fill: entry.color, opacity: 0.6)
            case .marker: svg.circle(cx: x0 + 15, cy: cy, r: 3.5, fill: entry.color)
            }
            svg.text(entry.label, x: x0 + 29, y: cy + 3.5, size: size)
        }
    }
}
