import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fast reading of delimited numeric text: parses bytes in place (no `String` per field), keeps only
/// the wanted columns, and records every bad field as a ``DatasetProblem`` instead of stopping.
/// Lines are split as ``TextLines`` defines them (LF, CRLF or CR; a byte-order mark skipped).
///
/// O(file size); one allocation per kept column.
struct DelimitedText {
    /// The columns of one file, in slot order, plus the 1-based line of each row.
    struct Table {
        var header: [String]?
        /// The units row's fields (``Layout/unitsRow``), one a header column; `nil` without one.
        var units: [String]?
        var columns: [[Double]]
        var lines: [Int32]
        var problems: [DatasetProblem]
        var rowCount: Int { lines.count }
    }

    /// The separator byte, or `nil` for runs of spaces and tabs (settled from the header by
    /// ``parse(_:file:resolve:)`` when the format says `auto`).
    private(set) var delimiter: UInt8?
    /// Whether the separator is to be taken from the header line (`delimiter: auto`).
    private(set) var sniffsDelimiter: Bool
    /// Whether numbers use a decimal comma (`0,5`); `nil` until settled: a manifest's `decimal` key, or
    /// detected by ``parse(_:file:resolve:)`` when the separator is `;` and the first data row holds one.
    private(set) var decimalComma: Bool?
    /// Whether the first non-blank line is a header.
    let hasHeader: Bool
    /// Lines skipped before the header or first data row (a preamble, metadata rows).
    let skipRows: Int
    /// The line under the header holding the columns' units (1: right under it); 0 without one.
    let unitsRow: Int
    /// Bytes each line may end with after its last field, removed before splitting (WISDM's `;`).
    let trailing: [UInt8]
    /// What was settled from the file rather than stated (the separator, a decimal comma), in words.
    private(set) var notes: [String] = []

    /// How a file's text is laid out, as the parser needs it (a manifest's table format converts to it).
    struct Layout: Hashable, Sendable {
        /// The separator byte to start with, or `nil` for runs of spaces and tabs.
        var separator: UInt8?
        /// Whether the separator is to be taken from the header line (`delimiter: auto`).
        var sniffsSeparator = false
        /// Whether numbers use a decimal comma; `nil` to detect it.
        var decimalComma: Bool?
        /// Whether the first non-blank line is a header.
        var header = true
        /// Lines skipped before the header or first data row.
        var skipRows = 0
        /// The line under the header holding the columns' units (1: right under it); 0 without one.
        var unitsRow = 0
        /// Text each line may end with after its last field; empty for none.
        var trailing = ""
    }

    init(_ layout: Layout) {
        sniffsDelimiter = layout.sniffsSeparator
        delimiter = layout.separator
        decimalComma = layout.decimalComma
        hasHeader = layout.header
        skipRows = max(0, layout.skipRows)
        unitsRow = max(0, layout.unitsRow)
        trailing = Array(layout.trailing.utf8)
    }

    /// The end of the line `[start, end)` without its ``trailing`` text (and spaces after it).
    @inline(__always)
    func contentEnd(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard !trailing.isEmpty else { return end }
        var e = end
        while e > start, Self.isBlank(base[e - 1], separator: delimiter) { e -= 1 }
        guard e - start >= trailing.count else { return end }
        for k in 0..<trailing.count where base[e - trailing.count + k] != trailing[k] { return end }
        return e - trailing.count
    }

    /// Reads a whole file as bytes followed by a NUL, so `strtod` stops inside the buffer.
    static func bytes(of url: URL) throws(DataFileError) -> [UInt8] {
        do {
            var data = try [UInt8](Data(contentsOf: url, options: .mappedIfSafe))
            data.append(0)
            return data
        } catch {
            throw DataFileError(file: url.path, .unreadable(error.localizedDescription))
        }
    }

    /// Parses `bytes` (NUL-terminated). `resolve` maps the header (nil without one) to the field index
    /// and name of each wanted slot, or throws a missing-column error.
    mutating func parse(
        _ bytes: [UInt8], file: String,
        resolve: ([String]?) throws(DataFileError) -> [(index: Int, name: String)]
    ) -> Table {
        var table = Table(header: nil, columns: [], lines: [], problems: [])
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 1 else { return }
            let n = buffer.count - 1
            // Find the first non-blank line: the header, or the first data row.
            var pos = TextLines.byteOrderMarkLength(base, count: n), lineNumber = 0
            // Excel's directive line names the separator and is no part of the table: skipped alone, or as the first of
            // `skipRows` when they are given (so a manifest that skipped it before still reads the same lines).
            do {
                let (end, next) = TextLines.lineBreak(in: base, from: pos, count: n)
                let first = String(decoding: UnsafeBufferPointer(start: base + pos, count: end - pos), as: UTF8.self)
                if let separator = Self.separatorDirective(first) {
                    let name = separator == 9 ? "\\t" : String(UnicodeScalar(separator))
                    notes.append("table: line 1 is the spreadsheet directive \(DataFileError.quote(first)): skipped, fields separated by '\(name)' as it says"
                                     + (delimiter != separator && !sniffsDelimiter ? " (not table.delimiter's '\(delimiter.map { $0 == 9 ? "\\t" : String(UnicodeScalar($0)) } ?? "whitespace")')" : ""))
                    delimiter = separator
                    sniffsDelimiter = false
                    if skipRows == 0 {
                        pos = next
                        lineNumber = 1
                    }
                }
            }
            // A preamble or metadata rows (`table.skipRows`) are not part of the table.
            for _ in 0..<skipRows where pos < n {
                pos = TextLines.lineBreak(in: base, from: pos, count: n).next
                lineNumber += 1
            }
            while pos < n {
                let (end, next) = TextLines.lineBreak(in: base, from: pos, count: n)
                if !Self.isBlankLine(base, from: pos, to: end, separator: delimiter) { break }
                pos = next
                lineNumber += 1
            }
            guard pos < n else { return }
            var header: [String]? = nil
            var headerLineNumber = lineNumber
            let (lineEnd, afterFirst) = TextLines.lineBreak(in: base, from: pos, count: n)
            let firstEnd = contentEnd(base, from: pos, to: lineEnd)
            let firstLine = String(decoding: UnsafeBufferPointer(start: base + pos, count: firstEnd - pos), as: UTF8.self)
            if sniffsDelimiter {
                delimiter = Self.sniffSeparator(firstLine)
                if delimiter != UInt8(ascii: ",") {
                    notes.append("table: fields separated by '\(delimiter == 9 ? "\\t" : String(UnicodeScalar(delimiter!)))', as the header shows")
                }
            }
            if hasHeader {
                header = Self.fields(firstLine, separator: delimiter)
                table.header = header
                pos = afterFirst
                lineNumber += 1
                headerLineNumber = lineNumber
                // The units row, and any row between it and the header (a CAL/RAW row), are not data.
                for k in 1...max(1, unitsRow) where unitsRow > 0 && pos < n {
                    let (end, next) = TextLines.lineBreak(in: base, from: pos, count: n)
                    if k == unitsRow {
                        let contentEnd = contentEnd(base, from: pos, to: end)
                        table.units = Self.fields(String(decoding: UnsafeBufferPointer(start: base + pos, count: contentEnd - pos), as: UTF8.self),
                                                  separator: delimiter)
                    }
                    pos = next
                    lineNumber += 1
                }
            }
            if decimalComma == nil {
                // A file whose first data row holds a number like 0,5 (quoted when the separator is a
                // comma) writes decimal commas.
                decimalComma = firstRowHasDecimalComma(base, from: pos, count: n)
                if decimalComma == true {
                    notes.append("table: decimal commas read (numbers written like 0,5); state it with table.decimal: comma")
                }
            }
            let slots: [(index: Int, name: String)]
            do throws(DataFileError) { slots = try resolve(header) } catch {
                table.problems.append(DatasetProblem(.missingColumn, explained(error, header: header, firstLine: firstLine,
                                                                               headerLineNumber: headerLineNumber, base, afterFirst: afterFirst, count: n)))
                return
            }
            let rows = scanRows(base, from: pos, to: n, firstLine: lineNumber + 1, slots: slots, header: header, file: file,
                                decimalComma: decimalComma ?? false)
            table.lines = rows.lines
            table.problems = rows.problems
            let width = slots.count, count = rows.lines.count
            table.columns = (0..<width).map { s in
                [Double](unsafeUninitializedCapacity: count) { column, initialized in
                    rows.values.withUnsafeBufferPointer { flat in
                        for r in 0..<count { column[r] = flat[r * width + s] }
                    }
                    initialized = count
                }
            }
        }
        if table.header == nil, table.columns.isEmpty, table.problems.isEmpty {
            table.problems.append(DatasetProblem(.emptyFile, DataFileError(file: file, "the file is empty")))
        } else if table.lines.isEmpty, !table.problems.contains(where: { $0.kind == .missingColumn }) {
            table.problems.append(DatasetProblem(.emptyFile, DataFileError(file: file, "the file has no data rows")))
        }
        return table
    }

    /// The hot loop: every data row from `pos`, values row-major in slot order. Locals only, so no
    /// exclusivity checks or nested-array copies per value. With a `header`, a row of another width is
    /// one problem at the column it means (``DataFileError/Reason/fieldCount(found:header:)``): a short
    /// row's first missing column, a long row's first field past the last column.
    private func scanRows(
        _ base: UnsafePointer<UInt8>, from start: Int, to n: Int, firstLine: Int,
        slots: [(index: Int, name: String)], header: [String]?, file: String, decimalComma: Bool
    ) -> (values: [Double], lines: [Int32], problems: [DatasetProblem]) {
        let width = slots.count
        var fieldToSlot = Array(repeating: -1, count: (slots.map(\.index).max() ?? -1) + 1)
        for (slot, s) in slots.enumerated() { fieldToSlot[s.index] = slot }
        var values: [Double] = [], lines: [Int32] = [], problems: [DatasetProblem] = []
        let estimate = max(16, (n - start) / max(8, width * 6))
        values.reserveCapacity(estimate * width)
        lines.reserveCapacity(estimate)
        let delimiter = self.delimiter
        let whitespace = delimiter == nil
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64)
        defer { scratch.deallocate() }
        let row = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(1, width))
        let filled = UnsafeMutableBufferPointer<Bool>.allocate(capacity: max(1, width))
        defer { row.deallocate(); filled.deallocate() }
        filled.initialize(repeating: false)
        fieldToSlot.withUnsafeBufferPointer { toSlot in
            var pos = start, lineNumber = firstLine - 1
            while pos < n {
                lineNumber += 1
                let (lineEnd, next) = TextLines.lineBreak(in: base, from: pos, count: n)
                let end = contentEnd(base, from: pos, to: lineEnd)
                if Self.isBlankLine(base, from: pos, to: end, separator: delimiter) { pos = next; continue }

                var p = pos, field = 0
                while true {
                    if whitespace {
                        while p < end, Self.isBlank(base[p], separator: nil) { p += 1 }
                        if p >= end { break }
                    }
                    let f = Self.field(base, from: p, to: end, separator: delimiter)
                    if field < toSlot.count, toSlot[field] >= 0 {
                        let slot = toSlot[field]
                        let a = f.start, b = f.end
                        var value = Double.nan
                        if f.unterminated {
                            problems.append(DatasetProblem(.nonNumeric, DataFileError(
                                file: file, line: lineNumber, field: slots[slot].name, "a quote opens the field and is never closed on this line")))
                        } else if a == b {
                            problems.append(DatasetProblem(.missingValue, DataFileError(
                                file: file, line: lineNumber, field: slots[slot].name, "empty value")))
                        } else if decimalComma, b - a < scratch.count {
                            // Copy with the comma as a point, NUL-terminated for strtod.
                            for k in 0..<(b - a) { scratch[k] = base[a + k] == 44 ? 46 : base[a + k] }
                            scratch[b - a] = 0
                            value = Self.number(UnsafePointer(scratch.baseAddress!), 0, b - a) ?? .nan
                            if value.isNaN, !Self.isNaNText(base, a, b) {
                                let text = String(decoding: UnsafeBufferPointer(start: base + a, count: b - a), as: UTF8.self)
                                problems.append(DatasetProblem(.nonNumeric, DataFileError(
                                    file: file, line: lineNumber, field: slots[slot].name, "\(DataFileError.quote(text)) is not a number")))
                            }
                        } else if let parsed = Self.number(base, a, b) {
                            value = parsed
                        } else {
                            let text = String(decoding: UnsafeBufferPointer(start: base + a, count: b - a), as: UTF8.self)
                            let hint = Self.notANumberHint(text)
                            problems.append(DatasetProblem(.nonNumeric, DataFileError(
                                file: file, line: lineNumber, field: slots[slot].name, "\(DataFileError.quote(text)) is not a number\(hint)")))
                        }
                        row[slot] = value
                        filled[slot] = true
                    }
                    field += 1
                    if f.next >= end { break }
                    p = whitespace ? f.next : f.next + 1
                }
                // Counting fields against the header names the column a row is short of, not only a
                // wanted one (a label or date-time column is read apart), and catches a long row.
                var saidShort = false
                if let header, field != header.count {
                    let short = field < header.count
                    let name = short && !header[field].isEmpty ? header[field] : "column \(short ? field + 1 : header.count + 1)"
                    problems.append(DatasetProblem(short ? .missingValue : .extraFields, DataFileError(
                        file: file, line: lineNumber, field: name, .fieldCount(found: field, header: header.count))))
                    saidShort = short
                }
                for slot in 0..<width {
                    if filled[slot] { filled[slot] = false; continue }
                    row[slot] = .nan
                    // Said once above when the header shows the row is short.
                    if !saidShort {
                        problems.append(DatasetProblem(.missingValue, DataFileError(
                            file: file, line: lineNumber, field: slots[slot].name, "the line has no such field")))
                    }
                }
                values.append(contentsOf: UnsafeBufferPointer(start: row.baseAddress, count: width))
                lines.append(Int32(lineNumber))
                pos = next
            }
        }
        return (values, lines, problems)
    }
}

extension DelimitedText {
    /// The 1-based number, counted from `start`, of the first of the next 50 lines that has a field
    /// `name`; `nil` when none has.
    static func lineNaming(_ name: String, _ base: UnsafePointer<UInt8>, from start: Int, count n: Int, separator: UInt8?) -> Int? {
        firstLine(base, from: start, count: n) { fields($0, separator: separator).contains(name) }
    }

    /// The 1-based number, counted from `start`, of the first of the next 50 lines for which `matches` holds; `nil`
    /// when none does. The one header finder below a preamble: a manifest's missing column (``lineNaming(_:_:from:count:separator:)``)
    /// and a `csv:` file's header (``SampleCSVFormat/headerBelowPreamble(_:)``). O(50 lines).
    static func firstLine(_ base: UnsafePointer<UInt8>, from start: Int, count n: Int, where matches: (String) -> Bool) -> Int? {
        var pos = start
        for k in 1...50 where pos < n {
            let (end, next) = TextLines.lineBreak(in: base, from: pos, count: n)
            let line = String(decoding: UnsafeBufferPointer(start: base + pos, count: end - pos), as: UTF8.self)
            if matches(line) { return k }
            pos = next
        }
        return nil
    }

    /// What a field that is not a number probably is, and the manifest key that reads it, as a
    /// parenthesised clause (empty when nothing fits). O(length).
    static func notANumberHint(_ text: String) -> String {
        if isDecimalComma(text) {
            return " (a decimal comma: set table.decimal: comma in the manifest, or export with a decimal point)"
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if SampleCSVFormat.TimeUnit(word: trimmed) != nil || HeaderUnit(unit: trimmed) != nil || RotationUnit(unit: trimmed) != nil {
            return " (a unit: a units row under the header is read with table.unitsRow: 1, or 2 when one more row comes between)"
        }
        if let last = text.last, ";,|".contains(last), Double(text.dropLast()) != nil {
            return " (every line ends with '\(last)': set table.trailing: '\(last)' in the manifest)"
        }
        if text.contains(":"), text.contains(where: { $0 == "-" || $0 == "/" }) {
            let example = DateTimePattern.iso8601.read(text) != nil ? "format: iso8601" : "format: 'M/d/yyyy HH:mm:ss.SSS'"
            return " (a date-time: state its form in the manifest, e.g. time: {column: …, \(example)})"
        }
        return ""
    }

    /// The number in a text field, spaces and tabs around it ignored: the exact fast path, else Swift's own
    /// parser (`nan`, exponents, long mantissas); `nil` when it is not a number. For the readers that
    /// split lines into `Substring`s (UEA `.ts`, GRT). O(field length).
    static func number(_ field: Substring) -> Double? {
        var utf8 = field.utf8[...]
        // A field already split (by `,` or `:`, or runs of blanks), so a tab here is padding.
        while let first = utf8.first, isBlank(first, separator: nil) { utf8 = utf8.dropFirst() }
        while let last = utf8.last, isBlank(last, separator: nil) { utf8 = utf8.dropLast() }
        guard !utf8.isEmpty else { return nil }
        if case .value(let fast)? = utf8.withContiguousStorageIfAvailable({ DecimalParser.scan($0.baseAddress!, 0, $0.count, decimalComma: false) }) {
            return fast
        }
        return Double(Substring(utf8))
    }

    /// The number in bytes `[a, b)` (followed by a byte strtod stops at): the fast path, else `strtod`,
    /// which must consume exactly the field; `nil` otherwise. O(field length).
    @inline(__always)
    static func number(_ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int) -> Double? {
        if case .value(let fast) = DecimalParser.scan(base, a, b, decimalComma: false) { return fast }
        var stop: UnsafeMutablePointer<CChar>? = nil
        let value = strtod(UnsafeMutableRawPointer(mutating: base + a).assumingMemoryBound(to: CChar.self), &stop)
        return stop.map({ UnsafeRawPointer($0) }) == UnsafeRawPointer(base + b) ? value : nil
    }

    /// Whether bytes `[a, b)` spell NaN (which a decimal-comma copy parses to NaN legitimately).
    static func isNaNText(_ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int) -> Bool {
        String(decoding: UnsafeBufferPointer(start: base + a, count: b - a), as: UTF8.self).lowercased().hasSuffix("nan")
    }
}
