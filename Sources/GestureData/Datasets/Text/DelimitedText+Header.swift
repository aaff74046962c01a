import Foundation

/// What the first lines of a file say beyond their fields: whether the first data row writes decimal commas, and
/// why a header did not give the wanted columns.
extension DelimitedText {
    /// Whether the first data row from `pos` (the first line with a non-empty field) holds a number written with a
    /// decimal comma (`0,5`); `false` without one.
    func firstRowHasDecimalComma(_ base: UnsafePointer<UInt8>, from pos: Int, count n: Int) -> Bool {
        var p = pos
        while p < n {
            let (lineEnd, next) = TextLines.lineBreak(in: base, from: p, count: n)
            let end = contentEnd(base, from: p, to: lineEnd)
            let row = Self.fields(String(decoding: UnsafeBufferPointer(start: base + p, count: end - p), as: UTF8.self), separator: delimiter)
            if row.contains(where: { !$0.isEmpty }) {
                return row.contains(where: Self.isDecimalComma)
            }
            p = next
        }
        return false
    }

    /// `error` (the header's columns could not be resolved) with what the file shows of its cause: a header that is
    /// one field holding another separator, a preamble above the header (how many lines to skip), or a preset that
    /// reads the header.
    func explained(_ error: DataFileError, header: [String]?, firstLine: String, headerLineNumber: Int,
                   _ base: UnsafePointer<UInt8>, afterFirst: Int, count n: Int) -> DataFileError {
        var error = error
        // A header that is one field holding another separator was split with the wrong one.
        if let header, header.count == 1, let fixed = [UInt8(ascii: ";"), UInt8(ascii: ","), 9].first(where: { c in
            c != delimiter && Self.sniffSeparator(firstLine) == c
        }) {
            let name = fixed == 9 ? "\\t" : String(UnicodeScalar(fixed))
            error.message = "the header is one field: its columns are separated by '\(name)', not "
                + "'\(delimiter.map { $0 == 9 ? "\\t" : String(UnicodeScalar($0)) } ?? "whitespace")'; set table.delimiter: '\(name)' (or auto) in the manifest"
                + (fixed == UInt8(ascii: ";") ? ", and table.decimal: comma if the numbers are written 0,5" : "")
        }
        if case let .missingColumn(name, _) = error.reason, header != nil,
           let line = Self.lineNaming(name, base, from: afterFirst, count: n, separator: delimiter) {
            // A preamble above the header: say how many lines to skip.
            let skip = headerLineNumber + line - 1
            error.message += "; the header is line \(skip + 1): set table.skipRows: \(skip) in the manifest"
        }
        if let header, case .missingColumn = error.reason, case let advice = ImportPresets.advice(header: header), !advice.isEmpty {
            error.message += advice
        }
        return error
    }
}
