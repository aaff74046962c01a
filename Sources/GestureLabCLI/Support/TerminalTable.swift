import GestureEval

extension CSVTable {
    /// The table as aligned plain text for the terminal: columns padded to their widest cell,
    /// numbers right-aligned.
    var aligned: String {
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
}
