import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fast reading of delimited numeric text: parses bytes in place (no `String` per field), keeps only
/// the wanted columns, and records every bad field as a ``DatasetProblem`` instead of stopping.
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
            guard let base = buffer.baseAddress, buffer.count > 1 else {
                table.problems.append(DatasetProblem(.emptyFile, DataFileError(file: file, "the file is empty")))
                return
            }
            let n = buffer.count - 1
            var pos = 0, lineNumber = 0
            var slots: [(index: Int, name: String)]? = nil
            var fieldToSlot: [Int] = []
            var filled: [Bool] = []
            let estimate = max(16, n / 40)

            func makeSlots(_ header: [String]?) -> Bool {
                do {
                    let resolved = try resolve(header)
                    slots = resolved
                    let maxIndex = resolved.map(\.index).max() ?? -1
                    fieldToSlot = Array(repeating: -1, count: maxIndex + 1)
                    for (slot, r) in resolved.enumerated() { fieldToSlot[r.index] = slot }
                    table.columns = resolved.map { _ in
                        var c: [Double] = []
                        c.reserveCapacity(estimate)
                        return c
                    }
                    filled = Array(repeating: false, count: resolved.count)
                    table.lines.reserveCapacity(estimate)
                    return true
                } catch {
                    table.problems.append(DatasetProblem(.missingColumn, error))
                    return false
                }
            }

            while pos < n {
                lineNumber += 1
                var lineEnd = pos
                while lineEnd < n, base[lineEnd] != 10 { lineEnd += 1 }
                var end = lineEnd
                if end > pos, base[end - 1] == 13 { end -= 1 }
                let next = lineEnd + 1
                var first = pos
                while first < end, base[first] == 32 || base[first] == 9 { first += 1 }
                if first == end { pos = next; continue }  // blank line

                if slots == nil {
                    var header: [String]? = nil
                    if hasHeader {
                        header = String(decoding: UnsafeBufferPointer(start: base + pos, count: end - pos), as: UTF8.self)
                            .split(omittingEmptySubsequences: delimiter == nil, whereSeparator: { c in
                                delimiter.map { c == Character(UnicodeScalar($0)) } ?? (c == " " || c == "\t")
                            })
                            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'")) }
                        table.header = header
                    }
                    guard makeSlots(header) else { return }
                    if hasHeader { pos = next; continue }
                }

                var p = pos, field = 0
                while true {
                    if delimiter == nil {
                        while p < end, base[p] == 32 || base[p] == 9 { p += 1 }
                        if p >= end { break }
                    }
                    var fieldEnd = p
                    if let d = delimiter {
                        while fieldEnd < end, base[fieldEnd] != d { fieldEnd += 1 }
                    } else {
                        while fieldEnd < end, base[fieldEnd] != 32, base[fieldEnd] != 9 { fieldEnd += 1 }
                    }
                    if field < fieldToSlot.count, fieldToSlot[field] >= 0 {
                        let slot = fieldToSlot[field]
                        var a = p, b = fieldEnd
                        while a < b, base[a] == 32 || base[a] == 9 || base[a] == 34 { a += 1 }
                        while b > a, base[b - 1] == 32 || base[b - 1] == 9 || base[b - 1] == 34 { b -= 1 }
                        var value = Double.nan
                        if a == b {
                            table.problems.append(DatasetProblem(.missingValue, DataFileError(
                                file: file, line: lineNumber, field: slots![slot].name, "empty value")))
                        } else {
                            var failed = false
                            if let fast = Self.fastDecimal(base, a, b) {
                                value = fast
                            } else {
                                var stop: UnsafeMutablePointer<CChar>? = nil
                                let start = UnsafeMutableRawPointer(mutating: base + a).assumingMemoryBound(to: CChar.self)
                                value = strtod(start, &stop)
                                failed = stop.map({ UnsafeRawPointer($0) }) != UnsafeRawPointer(base + b)
                            }
                            if failed {
                                let text = String(decoding: UnsafeBufferPointer(start: base + a, count: b - a), as: UTF8.self)
                                table.problems.append(DatasetProblem(.nonNumeric, DataFileError(
                                    file: file, line: lineNumber, field: slots![slot].name, "'\(text)' is not a number")))
                                value = .nan
                            }
                        }
                        table.columns[slot].append(value)
                        filled[slot] = true
                    }
                    field += 1
                    if fieldEnd >= end { break }
                    p = delimiter == nil ? fieldEnd : fieldEnd + 1
                }
                for slot in filled.indices {
                    if filled[slot] { filled[slot] = false; continue }
                    table.columns[slot].append(.nan)
                    table.problems.append(DatasetProblem(.missingValue, DataFileError(
                        file: file, line: lineNumber, field: slots![slot].name, "the line has no such field")))
                }
                table.lines.append(Int32(lineNumber))
                pos = next
            }
            if slots == nil {
                table.problems.append(DatasetProblem(.emptyFile, DataFileError(file: file, "the file is empty")))
            } else if table.lines.isEmpty {
                table.problems.append(DatasetProblem(.emptyFile, DataFileError(file: file, "the file has no data rows")))
            }
        }
        return table
    }
}

extension DelimitedText {
    /// Exact powers of ten up to 10²², the range where one division is correctly rounded.
    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

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

/// Runs `body` for `0..<count` over all cores and returns the results in order.
func concurrentMap<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    nonisolated(unsafe) let shared = results
    DispatchQueue.concurrentPerform(iterations: count) { i in shared[i] = body(i) }
    return results.map { $0! }
}
