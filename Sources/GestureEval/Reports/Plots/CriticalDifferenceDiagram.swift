import Foundation

/// Demšar's critical-difference diagram: methods placed by their average rank over datasets
/// (rank 1 = best, at the left), with a bar the length of the critical difference and thick
/// lines joining groups of methods whose ranks differ by less than it (not significantly different).
///
/// - Complexity: O(methods²).
package struct CriticalDifferenceDiagram: ReportPlot, Hashable {
    /// The plot type a notebook redraws.
    package static let kind = "critical-difference"
    /// The title drawn above the plot.
    package var title: String
    /// Method names, in any order.
    package var methods: [String]
    /// Average rank of each method (1 = best).
    package var averageRanks: [Double]
    /// The critical difference of the post-hoc test (for example Nemenyi), in ranks.
    package var criticalDifference: Double

    /// Creates a diagram; one average rank per method.
    package init(title: String, methods: [String], averageRanks: [Double], criticalDifference: Double) {
        precondition(methods.count == averageRanks.count, "one average rank per method")
        self.title = title
        self.methods = methods
        self.averageRanks = averageRanks
        self.criticalDifference = criticalDifference
    }

    /// The critical difference (`cd`), in average-rank units.
    package var parameters: [String: Double] { ["cd": criticalDifference] }

    /// Maximal groups of methods (indices into ``methods``, best rank first) whose average ranks lie
    /// within the critical difference of each other; groups of one are left out.
    package func cliques() -> [[Int]] {
        let order = methods.indices.sorted { (averageRanks[$0], methods[$0]) < (averageRanks[$1], methods[$1]) }
        var groups: [[Int]] = []
        for start in order.indices {
            var end = start
            while end + 1 < order.count,
                  averageRanks[order[end + 1]] - averageRanks[order[start]] < criticalDifference { end += 1 }
            guard end > start else { continue }
            let group = Array(order[start...end])
            if let last = groups.last, Set(group).isSubset(of: Set(last)) { continue }
            groups.append(group)
        }
        return groups
    }

    /// The plot as SVG.
    package func render() -> SVGDocument {
        let k = methods.count
        let order = methods.indices.sorted { (averageRanks[$0], methods[$0]) < (averageRanks[$1], methods[$1]) }
        let finite = averageRanks.filter(\.isFinite)
        let lowRank = 1.0, highRank = max(Double(max(k, 2)), (finite.max() ?? 1).rounded(.up))
        let nameWidth = (methods.map { SVGDocument.textWidth($0, size: 11) }.max() ?? 40) + 48
        let width = max(560, 2 * nameWidth + 320)
        let leftHalf = (k + 1) / 2
        let rowHeight = 20.0, axisY = 78.0
        let cliques = cliques()
        let cliqueBottom = axisY + 14 + Double(cliques.count) * 7
        let height = cliqueBottom + 20 + rowHeight * Double(max(leftHalf, k - leftHalf)) + 16
        var svg = SVGDocument(width: width, height: height, title: title)
        let scale = LinearScale(domain: lowRank...highRank, pixels: (nameWidth + 20, width - nameWidth - 20),
                                ticks: Array(stride(from: lowRank, through: highRank, by: 1)))
        svg.fittedTitle(title, x: width / 2, y: 20, within: 8...(width - 8))

        // Axis with integer ticks; rank 1 (best) on the left.
        svg.line(x1: scale(lowRank), y1: axisY, x2: scale(highRank), y2: axisY, stroke: .ink, width: 1.2)
        for t in scale.ticks {
            svg.line(x1: scale(t), y1: axisY - 6, x2: scale(t), y2: axisY, stroke: .ink)
            svg.text(LinearScale.format(t, decimals: 0), x: scale(t), y: axisY - 10, size: 10, anchor: .middle)
            let half = t + 0.5
            if half < highRank { svg.line(x1: scale(half), y1: axisY - 3, x2: scale(half), y2: axisY, stroke: .ink) }
        }
        svg.text("rank (1 = best)", x: scale(lowRank) - 10, y: axisY + 3.5, size: 9, anchor: .end, fill: .muted)

        // The critical-difference bar, above the axis from rank 1.
        if criticalDifference.isFinite, criticalDifference > 0 {
            let cdEnd = min(highRank, lowRank + criticalDifference)
            let y = axisY - 36
            svg.line(x1: scale(lowRank), y1: y, x2: scale(cdEnd), y2: y, stroke: .ink, width: 2)
            svg.line(x1: scale(lowRank), y1: y - 4, x2: scale(lowRank), y2: y + 4, stroke: .ink)
            svg.line(x1: scale(cdEnd), y1: y - 4, x2: scale(cdEnd), y2: y + 4, stroke: .ink)
            svg.text("CD = \(LinearScale.format(criticalDifference, decimals: 2))", x: scale(cdEnd) + 6, y: y + 4,
                     size: 10)
        }

        // Methods: the better half hang to the left, the rest to the right.
        for (position, index) in order.enumerated() {
            let rank = averageRanks[index]
            let px = scale(min(highRank, max(lowRank, rank.isFinite ? rank : highRank)))
            let onLeft = position < leftHalf
            let row = onLeft ? position : k - 1 - position
            let y = cliqueBottom + 20 + rowHeight * Double(row)
            let edge = onLeft ? nameWidth : width - nameWidth
            svg.line(x1: px, y1: axisY, x2: px, y2: y, stroke: .ink)
            svg.line(x1: px, y1: y, x2: edge, y2: y, stroke: .ink)
            let rankText = LinearScale.format(rank, decimals: 2)
            if onLeft {
                svg.text(methods[index], x: edge - 6, y: y + 4, size: 11, anchor: .end)
                svg.text(rankText, x: edge + 3, y: y - 3, size: 9, fill: .muted)
            } else {
                svg.text(methods[index], x: edge + 6, y: y + 4, size: 11)
                svg.text(rankText, x: edge - 3, y: y - 3, size: 9, anchor: .end, fill: .muted)
            }
        }

        // Groups not significantly different.
        for (i, group) in cliques.enumerated() {
            let ranks = group.map { averageRanks[$0] }
            let y = axisY + 10 + Double(i) * 7
            svg.line(x1: scale(ranks.min()!) - 3, y1: y, x2: scale(ranks.max()!) + 3, y2: y, stroke: .ink, width: 3.5)
        }
        return svg
    }

    /// The data behind the plot, as named CSV tables.
    package func tables() -> [String: CSVTable] {
        var table = CSVTable(header: ["method", "average_rank"])
        for (m, r) in zip(methods, averageRanks) { table.append([m, CSVTable.number(r)]) }
        return ["ranks": table]
    }
}
