import Foundation

/// A count matrix with named rows and columns, for confusion matrices.
///
/// `counts[r][c]` counts items whose truth is `rows[r]` and whose prediction is `columns[c]`;
/// ``rowAxis`` and ``columnAxis`` say what the axes are (for example "annotation" and "detection").
package struct LabelledMatrix: Codable, Hashable, Sendable {
    /// What the rows are.
    package var rowAxis: String
    /// What the columns are.
    package var columnAxis: String
    /// Row labels.
    package var rows: [String]
    /// Column labels.
    package var columns: [String]
    /// Counts, `rows.count` × `columns.count`.
    package var counts: [[Int]]

    /// An all-zero matrix.
    package init(rowAxis: String, columnAxis: String, rows: [String], columns: [String]) {
        self.rowAxis = rowAxis
        self.columnAxis = columnAxis
        self.rows = rows
        self.columns = columns
        counts = Array(repeating: Array(repeating: 0, count: columns.count), count: rows.count)
    }

    /// Adds `amount` at (`row`, `column`), both looked up by label. O(rows + columns).
    package mutating func add(row: String, column: String, _ amount: Int = 1) {
        guard let r = rows.firstIndex(of: row), let c = columns.firstIndex(of: column) else {
            preconditionFailure("label \(row) or \(column) is not an axis label")
        }
        counts[r][c] += amount
    }

    /// The count at (`row`, `column`), 0 for labels not on the axes.
    package subscript(row: String, column: String) -> Int {
        guard let r = rows.firstIndex(of: row), let c = columns.firstIndex(of: column) else { return 0 }
        return counts[r][c]
    }

    /// The element-wise sum of two matrices with the same axes.
    package static func + (a: Self, b: Self) -> Self {
        precondition(a.rows == b.rows && a.columns == b.columns, "matrices must share their axes")
        var sum = a
        for r in a.counts.indices { for c in a.counts[r].indices { sum.counts[r][c] += b.counts[r][c] } }
        return sum
    }

    /// Comma-separated values: a header `rowAxis\columnAxis,col…`, then one line per row.
    package var csv: String {
        var lines = [([CSVTable.quote("\(rowAxis)\\\(columnAxis)")] + columns.map(CSVTable.quote)).joined(separator: ",")]
        for (label, row) in zip(rows, counts) { lines.append(([CSVTable.quote(label)] + row.map(String.init)).joined(separator: ",")) }
        return lines.joined(separator: "\n") + "\n"
    }
}
