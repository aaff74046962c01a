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
        var columns: [[Double]]
        var lines: [Int32]
        var problems: [DatasetProblem]
        var rowCount: Int { lines.count }
    }

    /// The separator byte, or `nil` for runs of spaces and tabs.
    let delimiter: UInt8?
    /// Whether the first non-blank line is a header.
    let hasHeader: Bool

    init(_ format: DatasetManifest.TableFormat) {
        switch format.delimiter {
        case "whitespace", " ": delimiter = nil
        case "\\t", "tab": delimiter = UInt8(ascii: "\t")
        default: delimiter = format.delimiter.utf8.first ?? UInt8(ascii: ",")
        }
        hasHeader = format.header
    }

    /// Reads a whole file as bytes followed by a NUL, so `strtod` stops inside the buffer.
    static func bytes(of url: URL) throws(DataFileError) -> [UInt8] {
        do {
            var data = try [UInt8](Data(contentsOf: url, options: .mappedIfSafe))
            data.append(0)
            return data
        } catch {
            throw DataFileError(file: url.path, "cannot read: \(error.localizedDescription)")
        }
    }

    /// Parses `bytes` (NUL-terminated). `resolve` maps the header (nil without one) to the field index
    /// and name of each wanted slot, or throws a missing-column error.
    func parse(
        _ bytes: [UInt8], file: String,
        resolve: ([String]?) throws(DataFileError) -> [(index: Int, name: String)]
    ) -> Table {
        var table = Table(header: nil, columns: [], lines: [], problems: [])
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 1 else { return }
            let n = buffer.count - 1
            // Find the first non-blank line: the header, or the first data row.
            var pos = TextLines.byteOrderMarkLength(base, count: n), lineNumber = 0
            while pos < n {
                let (end, next) = TextLines.lineBreak(in: base, from: pos, count: n)
                let line = UnsafeBufferPointer(start: base + pos, count: end - pos)
                if line.contains(where: { $0 != 32 && $0 != 9 }) { break }
                pos = next
                lineNumber += 1
            }
            guard pos < n else { return }
            var header: [String]? = nil
            if hasHeader {
                let (end, next) = TextLines.lineBreak(in: base, from: pos, count: n)
                header = String(decoding: UnsafeBufferPointer(start: base + pos, count: end - pos), as: UTF8.self)
                    .split(omittingEmptySubsequences: delimiter == nil, whereSeparator: { c in
                        delimiter.map { c == Character(UnicodeScalar($0)) } ?? (c == " " || c == "\t")
                    })
                    .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'")) }
                table.header = header
                pos = next
                lineNumber += 1
            }
            let slots: [(index: Int, name: String)]
            do throws(DataFileError) { slots = try resolve(header) } catch {
                table.problems.append(DatasetProblem(.missingColumn, error))
                return
            }
            let rows = scanRows(base, from: pos, to: n, firstLine: lineNumber + 1, slots: slots, file: file)
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
    /// exclusivity checks or nested-array copies per value.
    private func scanRows(
        _ base: UnsafePointer<UInt8>, from start: Int, to n: Int, firstLine: Int,
        slots: [(index: Int, name: String)], file: String
    ) -> (values: [Double], lines: [Int32], problems: [DatasetProblem]) {
        let width = slots.count
        var fieldToSlot = Array(repeating: -1, count: (slots.map(\.index).max() ?? -1) + 1)
        for (slot, s) in slots.enumerated() { fieldToSlot[s.index] = slot }
        var values: [Double] = [], lines: [Int32] = [], problems: [DatasetProblem] = []
        let estimate = max(16, (n - start) / max(8, width * 6))
        values.reserveCapacity(estimate * width)
        lines.reserveCapacity(estimate)
        let separator = delimiter ?? 32
        let whitespace = delimiter == nil
        let row = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(1, width))
        let filled = UnsafeMutableBufferPointer<Bool>.allocate(capacity: max(1, width))
        defer { row.deallocate(); filled.deallocate() }
        filled.initialize(repeating: false)
        fieldToSlot.withUnsafeBufferPointer { toSlot in
            var pos = start, lineNumber = firstLine - 1
            while pos < n {
                lineNumber += 1
                let (end, next) = TextLines.lineBreak(in: base, from: pos, count: n)
                var first = pos
                while first < end, base[first] == 32 || base[first] == 9 { first += 1 }
                if first == end { pos = next; continue }  // blank line

                var p = pos, field = 0
                while true {
                    if whitespace {
                        while p < end, base[p] == 32 || base[p] == 9 { p += 1 }
                        if p >= end { break }
                    }
                    var fieldEnd = p
                    if whitespace {
                        while fieldEnd < end, base[fieldEnd] != 32, base[fieldEnd] != 9 { fieldEnd += 1 }
                    } else {
                        while fieldEnd < end, base[fieldEnd] != separator { fieldEnd += 1 }
                    }
                    if field < toSlot.count, toSlot[field] >= 0 {
                        let slot = toSlot[field]
                        var a = p, b = fieldEnd
                        while a < b, base[a] == 32 || base[a] == 9 || base[a] == 34 { a += 1 }
                        while b > a, base[b - 1] == 32 || base[b - 1] == 9 || base[b - 1] == 34 { b -= 1 }
                        var value = Double.nan
                        if a == b {
                            problems.append(DatasetProblem(.missingValue, DataFileError(
                                file: file, line: lineNumber, field: slots[slot].name, "empty value")))
                        } else if let fast = Self.fastDecimal(base, a, b) {
                            value = fast
                        } else {
                            var stop: UnsafeMutablePointer<CChar>? = nil
                            value = strtod(UnsafeMutableRawPointer(mutating: base + a).assumingMemoryBound(to: CChar.self), &stop)
                            if stop.map({ UnsafeRawPointer($0) }) != UnsafeRawPointer(base + b) {
                                let text = String(decoding: UnsafeBufferPointer(start: base + a, count: b - a), as: UTF8.self)
                                problems.append(DatasetProblem(.nonNumeric, DataFileError(
                                    file: file, line: lineNumber, field: slots[slot].name, "\(DataFileError.quote(text)) is not a number")))
                                value = .nan
                            }
                        }
                        row[slot] = value
                        filled[slot] = true
                    }
                    field += 1
                    if fieldEnd >= end { break }
                    p = whitespace ? fieldEnd : fieldEnd + 1
                }
                for slot in 0..<width {
                    if filled[slot] { filled[slot] = false; continue }
                    row[slot] = .nan
                    problems.append(DatasetProblem(.missingValue, DataFileError(
                        file: file, line: lineNumber, field: slots[slot].name, "the line has no such field")))
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
    /// Exact powers of ten up to 10²², the range where one division is correctly rounded.
    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    /// The number in a text field, spaces and tabs around it ignored: the exact fast path, else Swift's own
    /// parser (`nan`, exponents, long mantissas); `nil` when it is not a number. For the readers that
    /// split lines into `Substring`s (UEA `.ts`, GRT). O(field length).
    static func number(_ field: Substring) -> Double? {
        var utf8 = field.utf8[...]
        while let first = utf8.first, first == 32 || first == 9 { utf8 = utf8.dropFirst() }
        while let last = utf8.last, last == 32 || last == 9 { utf8 = utf8.dropLast() }
        guard !utf8.isEmpty else { return nil }
        if let fast = utf8.withContiguousStorageIfAvailable({ fastDecimal($0.baseAddress!, 0, $0.count) }) ?? nil { return fast }
        return Double(Substring(utf8))
    }

    /// Parses `[-+]digits[.digits]` with at most 15 significant digits exactly (Clinger's fast path:
    /// an integer below 2⁵³ divided by an exact power of ten rounds once, as `strtod` does).
    /// Returns `nil` for anything else, which then goes to `strtod`.
    @inline(__always)
    static func fastDecimal(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var i = start
        var negative = false
        if p[i] == 45 { negative = true; i += 1 } else if p[i] == 43 { i += 1 }
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, sawPoint = false, any = false
        while i < end {
            let c = p[i]
            if c >= 48, c <= 57 {
                any = true
                if mantissa != 0 || c != 48 { digits += 1 }
                if digits > 15 { return nil }
                mantissa = mantissa &* 10 &+ UInt64(c - 48)
                if sawPoint { fraction += 1 }
            } else if c == 46, !sawPoint {
                sawPoint = true
            } else {
                return nil
            }
            i += 1
        }
        guard any, fraction <= 22 else { return nil }
        let magnitude = Double(mantissa) / powersOfTen[fraction]
        return negative ? -magnitude : magnitude
    }
}
