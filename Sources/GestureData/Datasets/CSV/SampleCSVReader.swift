import Foundation
import GestureKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `csv:` reader at memory speed: one pass over the file's bytes, read in chunks of 1 MiB, each data line
/// parsed in place (no `String` per line or field, numbers by ``DecimalParser``) straight into
/// ``SampleCSVColumns``.
///
/// It is a fast path of ``SampleCSVFormat/load(_:acceleration:timeUnit:relativeTime:collectingProblems:)``, never
/// a second definition of the format: the header and the lines that settle the clock go through
/// ``SampleCSVStream`` as before, and any data line it cannot read plainly (quotes it cannot take, `nan`, a
/// missing field, text) is handed to ``SampleCSVFormat/parse(line:lineNumber:)``, whose sample or error is the
/// result. A file it does not take as a whole (bytes beyond ASCII, which must be checked as UTF-8; a header
/// without a time column or acceleration columns, or with attitude as Euler angles) makes ``load(_:acceleration:timeUnit:relativeTime:collectingProblems:)``
/// return `nil`, and the caller reads it line by line.
///
/// Memory: the columns, plus the 1 MiB buffer (and a longer one only for a longer line).
/// - Complexity: O(file size).
enum SampleCSVReader {
    /// The dataset in the file at `url`, read as ``SampleCSVFormat/load(_:acceleration:timeUnit:relativeTime:collectingProblems:)``
    /// reads it (same values, problems, notes and errors), or `nil` when this path does not take the file.
    static func load(_ url: URL, _ options: SampleCSVFormat.LoadOptions, collectingProblems: Bool) throws(DataFileError) -> LoadedDataset? {
        guard var file = ChunkedFile(path: url.path) else { return nil }
        defer { file.release() }
        // The whole file is checked at the end, as the general path checks it.
        var stream = options.stream(file: url.path)
        var columns: SampleCSVColumns?
        var plan: LinePlan?
        var planned = false
        var problems: [DatasetProblem] = []
        var lineNumber = 0

        while true {
            guard let chunk = file.next() else { return nil }  // a read error or bytes beyond ASCII
            var pos = 0
            while pos < chunk.count {
                if let plan, var kept = columns {
                    // The settled lines of this chunk in one tight loop, on columns held uniquely.
                    columns = nil
                    defer { columns = kept }
                    pos = try readLines(chunk, from: pos, lineNumber: &lineNumber, plan: plan, into: &kept,
                                        problems: &problems, collectingProblems: collectingProblems)
                    break
                }
                let (end, next) = TextLines.lineBreak(in: chunk.base, from: pos, count: chunk.count)
                // A line running to the buffer's end may go on in the next read (a CR may be half a CRLF).
                if next == chunk.count, !chunk.atEnd { break }
                lineNumber += 1
                let text = String(decoding: UnsafeBufferPointer(start: chunk.base + pos, count: end - pos), as: UTF8.self)
                pos = next
                // The header and the lines that settle the clock: the general path, as it reads every line.
                do {
                    try stream.accept(text, lineNumber: lineNumber)
                } catch {
                    // Before the clock is settled a bad line spoils the held ones, so it stays fatal.
                    guard collectingProblems, stream.isClockSettled, error.line == lineNumber else { throw error }
                    problems.append(SampleCSVFormat.problem(error))
                    continue
                }
                if let format = stream.format, columns == nil {
                    guard LinePlan(format) != nil else { return nil }
                    columns = SampleCSVColumns(format)
                }
                while let (sample, number) = stream.nextReady() { columns!.append(sample, line: number) }
                if stream.isClockSettled, !planned, let format = stream.format {
                    // Once: a clock read from date-time text leaves the rest to the general path.
                    planned = true
                    plan = LinePlan(format)
                    columns!.reserve(columns!.lines.count + file.estimatedLines(after: pos, in: chunk))
                }
            }
            file.consumed(pos)
            if chunk.atEnd { break }
        }
        try stream.finish()
        while let (sample, number) = stream.nextReady() { columns?.append(sample, line: number) }
        guard let format = stream.format, let columns else { throw DataFileError(file: url.path, "the file is empty") }
        guard !columns.lines.isEmpty else { throw DataFileError(file: url.path, "the file has a header but no data rows") }
        return try format.dataset(columns, url: url, notes: stream.notes, problems: problems)
    }

    /// Reads the data lines of `chunk` from `start` with `plan`, appending to `columns`, up to the last line
    /// that is complete (the rest may go on in the next read); returns where it stopped. A line the plan cannot
    /// read goes to the general parser: its sample is kept, or its error thrown (or collected as a problem when
    /// `collectingProblems`). Rows are gathered in blocks, column by column, so each column grows by one copy per
    /// block. O(bytes read).
    private static func readLines(_ chunk: ChunkedFile.Chunk, from start: Int, lineNumber: inout Int, plan: LinePlan,
                                  into columns: inout SampleCSVColumns, problems: inout [DatasetProblem],
                                  collectingProblems: Bool) throws(DataFileError) -> Int {
        let base = chunk.base, width = columns.values.count
        // Complete lines end at the last line break, but a CR ending the buffer may be half a CRLF.
        var limit = chunk.count
        if !chunk.atEnd {
            limit = start
            var j = chunk.count - 1
            while j >= start {
                if base[j] == 10 || (base[j] == 13 && j < chunk.count - 1) { limit = j + 1; break }
                j -= 1
            }
        }
        let block = 4096
        let values = UnsafeMutablePointer<Double>.allocate(capacity: block * max(1, width))
        let times = UnsafeMutablePointer<Double>.allocate(capacity: block)
        let lines = UnsafeMutablePointer<Int32>.allocate(capacity: block)
        defer { values.deallocate(); times.deallocate(); lines.deallocate() }
        var held = 0
        func flush() {
            columns.timestamps.append(contentsOf: UnsafeBufferPointer(start: times, count: held))
            columns.lines.append(contentsOf: UnsafeBufferPointer(start: lines, count: held))
            for k in 0..<width { columns.values[k].append(contentsOf: UnsafeBufferPointer(start: values + k * block, count: held)) }
            held = 0
        }
        var pos = start, number = lineNumber
        defer { lineNumber = number }
        while pos < limit {
            number += 1
            if let (time, next) = plan.read(base, pos, limit, into: values + held, stride: block) {
                times[held] = time
                lines[held] = Int32(truncatingIfNeeded: number)
                held += 1
                if held == block { flush() }
                pos = next
                continue
            }
            let (end, next) = TextLines.lineBreak(in: base, from: pos, count: limit)
            defer { pos = next }
            if DelimitedText.isBlankLine(base, from: pos, to: end, separator: plan.format.delimiter.asciiValue) { continue }
            flush()
            let text = String(decoding: UnsafeBufferPointer(start: base + pos, count: end - pos), as: UTF8.self)
            do {
                columns.append(try plan.format.parse(line: text, lineNumber: number), line: number)
            } catch {
                guard collectingProblems, error.line == number else { throw error }
                problems.append(SampleCSVFormat.problem(error))
            }
        }
        flush()
        return pos
    }
}
