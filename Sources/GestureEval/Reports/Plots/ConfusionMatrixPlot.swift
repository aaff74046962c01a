/// A confusion matrix as a heatmap: actual classes down the side, predicted classes along the
/// bottom, each cell shaded by its share of the actual class's row and labelled with its count.
///
/// - Complexity: O(classes²).
package struct ConfusionMatrixPlot: ReportPlot, Hashable {
    /// The plot type a notebook redraws.
    package static let kind = "confusion"
    /// The title drawn above the plot.
    package var title: String
    /// Class names, in the order of the matrix's rows and columns (include `"null"` for background).
    package var labels: [String]
    /// `counts[actual][predicted]`; a square matrix the size of `labels`.
    package var counts: [[Int]]

    /// Creates a plot; `counts` must be `labels.count` × `labels.count`.
    package init(title: String, labels: [String], counts: [[Int]]) {
        precondition(counts.count == labels.count && counts.allSatisfy { $0.count == labels.count },
                     "a confusion matrix needs one row and one column per label")
        self.title = title
        self.labels = labels
        self.counts = counts
    }

    /// The plot as SVG.
    package func render() -> SVGDocument {
        let k = labels.count
        let cell = k <= 6 ? 56.0 : k <= 12 ? 40.0 : 28.0
        let labelWidth = (labels.map { SVGDocument.textWidth($0, size: 10) }.max() ?? 0)
        let rotate = labels.contains { SVGDocument.textWidth($0, size: 10) > cell - 6 }
        let left = 40 + labelWidth + 10, top = 48.0
        let bottomLabels = rotate ? labelWidth * 0.72 + 16 : 20
        let width = max(left + cell * Double(k) + 24, 300), height = top + cell * Double(k) + bottomLabels + 32
        var svg = SVGDocument(width: width, height: height, title: title)
        svg.fittedTitle(title, x: left + cell * Double(k) / 2, y: 22, within: 8...(width - 8))
        let heat = SVGColor(hex: 0x08306B), base = SVGColor(hex: 0xF7FBFF)
        for (r, row) in counts.enumerated() {
            let total = row.reduce(0, +)
            for (c, count) in row.enumerated() {
                let share = total > 0 ? Double(count) / Double(total) : 0
                let fill = base.mixed(with: heat, share)
                let x = left + Double(c) * cell, y = top + Double(r) * cell
                svg.rect(x: x, y: y, width: cell, height: cell, fill: fill, stroke: .white)
                svg.text("\(count)", x: x + cell / 2, y: y + cell / 2 + 4, size: cell >= 40 ? 12 : 9,
                         anchor: .middle, fill: fill.luminance < 0.5 ? .white : .ink, bold: r == c)
            }
        }
        svg.rect(x: left, y: top, width: cell * Double(k), height: cell * Double(k), fill: nil, stroke: .ink)
        for (i, label) in labels.enumerated() {
            let cy = top + (Double(i) + 0.5) * cell
            svg.text(label, x: left - 6, y: cy + 3.5, size: 10, anchor: .end)
            let cx = left + (Double(i) + 0.5) * cell, by = top + Double(k) * cell + 14
            if rotate {
                svg.text(label, x: cx + 3, y: by - 4, size: 10, anchor: .end, rotation: -45)
            } else {
                svg.text(label, x: cx, y: by, size: 10, anchor: .middle)
            }
        }
        svg.text("predicted", x: left + cell * Double(k) / 2, y: height - 10, size: 11, anchor: .middle)
        svg.text("actual", x: 16, y: top + cell * Double(k) / 2, size: 11, anchor: .middle, rotation: -90)
        return svg
    }

    /// The data behind the plot, as named CSV tables.
    package func tables() -> [String: CSVTable] {
        var table = CSVTable(header: ["actual"] + labels)
        for (label, row) in zip(labels, counts) { table.append([label] + row.map(String.init)) }
        return ["matrix": table]
    }
}
