import Foundation

/// A table of text cells written as CSV (RFC 4180 quoting, `\n` line ends), as Markdown, or as aligned
/// plain text for a terminal.
///
/// Numbers are formatted by ``number(_:)`` (Swift's shortest round-trip form), so a table read
/// back by pandas or Python's `csv` module gives the exact same values.
package struct CSVTable: Hashable, Sendable {
    /// Column names.
    package var header: [String]
    /// Rows, each with one cell per column.
    package private(set) var rows: [[String]]

    /// Creates a table; every row must have as many cells as `header`.
    package init(header: [String], rows: [[String]] = []) {
        self.header = header
        self.rows = []
        for row in rows { append(row) }
    }

    /// Appends a row; it must have as many cells as the header.
    package mutating func append(_ row: [String]) {
        precondition(row.count == header.count, "a CSV row needs \(header.count) cells, got \(row.count)")
        rows.append(row)
    }

    /// The CSV text: header line, then one line per row.
    package var csv: String {
        var out = ""
        for line in [header] + rows {
            out += line.map(Self.quote).joined(separator: ",")
            out += "\n"
        }
        return out
    }

    /// A GitHub-flavoured Markdown table (pipes and line breaks in cells escaped).
    package var markdown: String {
        func cell(_ s: String) -> String {
            s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r\n", with: " ")
                .replacingOccurrences(of: "\n", with: " ")
        }
        var out = "| " + header.map(cell).joined(separator: " | ") + " |\n"
        out += "|" + String(repeating: " --- |", count: header.count) + "\n"
        for row in rows { out += "| " + row.map(cell).joined(separator: " | ") + " |\n" }
        return out
    }

    /// The table as aligned plain text for a terminal: columns padded to their widest cell (in characters),
    /// two spaces apart, numbers (and `nan`) right-aligned, every line ended by `\n`.
    package var aligned: String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { $0[c].count }.max() ?? 0 }
        func numeric(_ s: String) -> Bool { Double(s) != nil || s == "nan" }
        return all.map { row in
            row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return numeric(cell) ? pad + cell : cell + pad
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// `field` quoted when it holds a comma, quote, line break or leading/trailing space; quotes doubled.
    package static func quote(_ field: String) -> String {
        let needsQuotes = field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            || field.first == " " || field.last == " "
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `value` in Swift's shortest round-trip form (`0.1`, `1e-05`, `nan`, `inf`).
    package static func number(_ value: Double) -> String {
        value.isNaN ? "nan" : "\(value)"
    }
}
