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
    static func load(_ url: URL, acceleration: SampleCSVFormat.AccelerationUnit?, timeUnit: SampleCSVFormat.TimeUnit?,
                     relativeTime: Bool, collectingProblems: Bool, rate: Double? = nil) throws(DataFileError) -> LoadedDataset? {
        guard var file = ChunkedFile(path: url.path) else { return nil }
        defer { file.release() }
        var stream = SampleCSVStream(file: url.path, acceleration: acceleration, timeUnit: timeUnit, relativeTime: relativeTime, rate: rate)
        // The whole file is checked at the end, as the general path checks it.
        stream.watchesPhysics = false
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
        guard stream.format != nil, let columns else { throw DataFileError(file: url.path, "the file is empty") }
        guard !columns.lines.isEmpty else { throw DataFileError(file: url.path, "the file has a header but no data rows") }
        let lines = columns.lines
        try stream.format!.checkPhysics(Array(zip(columns.channels, columns.values)), times: columns.timestamps, lines: lines)
        let recording = columns.recording(id: url.deletingPathExtension().lastPathComponent)
        var report = ReadingReport()
        report.notes = stream.notes
        return LoadedDataset(dataset: Dataset(name: recording.id, kind: .continuous, recordings: [recording]),
                             provenance: [.init(file: url.path, lines: lines)], problems: problems, manifest: nil, report: report)
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

extension SampleCSVReader {
    /// How a data line is read once the header and the clock are settled: what each field feeds (a column of
    /// ``SampleCSVColumns``, the time, or a check only), and the clock's scale and origin.
    struct LinePlan {
        /// The format, for the lines the plan cannot read plainly.
        let format: SampleCSVFormat
        /// Per field: the column it feeds (≥ 0), ``time``, ``checked`` (parsed, not kept) or ``unused``.
        private let targets: [Int]
        /// Per field: the factor its value is multiplied by (the acceleration unit; 1 elsewhere).
        private let factors: [Double]
        /// Fields a line must hold to be read: the header's, no fewer and no more.
        private let fieldCount: Int
        private let separator: UInt8
        static let time = -1, checked = -2, unused = -3

        /// The plan for `format`, or `nil` when its header needs the general path (no time column, date-time
        /// text for time, no acceleration columns, attitude as Euler angles, one field read as two things).
        init?(_ format: SampleCSVFormat) {
            guard let timeIndex = format.timeIndex, !format.isoTime else { return nil }
            let m = format.mapping
            func all(_ names: [Channel]) -> [Int]? {
                let found = names.compactMap { m[$0] }
                return found.count == names.count ? found : nil
            }
            guard let acceleration = all(Channel.acceleration) else { return nil }
            let quaternion = all([.quatW, .quatX, .quatY, .quatZ])
            if quaternion == nil, all([.roll, .pitch, .yaw]) != nil { return nil }
            // Column order of SampleCSVColumns, each with its factor.
            var kept: [(field: Int, factor: Double)] = acceleration.map { ($0, format.accelerationFactor) }
            for (names, factor) in [(Channel.rotationRate, format.rotationRateFactor), (Channel.gravity, format.accelerationFactor),
                                    (Channel.userAcceleration, format.accelerationFactor)] {
                kept += (all(names) ?? []).map { ($0, factor) }
            }
            kept += (quaternion ?? []).map { ($0, 1.0) }
            let checks = (all(Channel.magneticField) ?? []) + (m[.pressure].map { [$0] } ?? [])
            // Every column of the header, so that a line of another width goes to the general parser.
            let width = format.columns.count
            var targets = Array(repeating: Self.unused, count: width), factors = Array(repeating: 1.0, count: width)
            func claim(_ field: Int, _ target: Int, _ factor: Double = 1) -> Bool {
                guard targets[field] == Self.unused else { return false }
                targets[field] = target
                factors[field] = factor
                return true
            }
            guard claim(timeIndex, Self.time) else { return nil }
            for (column, k) in kept.enumerated() { guard claim(k.field, column, k.factor) else { return nil } }
            for field in checks { guard claim(field, Self.checked) else { return nil } }
            guard let separator = format.delimiter.asciiValue else { return nil }
            self.format = format
            self.targets = targets
            self.factors = factors
            fieldCount = width
            self.separator = separator
        }

        /// Reads the line that starts at `start` in one pass, up to its line break (all lines before `limit` are
        /// complete): the values of its kept columns into `row[column × stride]`, and its time in seconds and where
        /// the next line starts as the result. `nil` when the line is not plain (the general parser then reads it,
        /// or says what is wrong with it): a field not a plain number, too few or too many fields, a quote it cannot take.
        /// Fields are split as ``DelimitedText/field(_:from:to:separator:)`` splits them. O(line length), no allocation.
        @inline(__always)
        func read(_ base: UnsafePointer<UInt8>, _ start: Int, _ limit: Int, into row: UnsafeMutablePointer<Double>,
                  stride: Int) -> (time: Double, next: Int)? {
            let separator = self.separator
            // A comma can be a decimal mark only where it cannot be the separator (quoted, or with `;`).
            let comma = format.decimalComma, bareComma = comma && separator != 44
            @inline(__always) func isBreak(_ c: UInt8) -> Bool { c == 10 || c == 13 }
            @inline(__always) func isBlank(_ c: UInt8) -> Bool { DelimitedText.isBlank(c, separator: separator) }
            var time = 0.0, p = start, field = 0
            while true {
                while p < limit, isBlank(base[p]) { p += 1 }
                let target = targets[field]
                if target == Self.unused {
                    guard p >= limit || base[p] != 34 else { return nil }
                    while p < limit, base[p] != separator, !isBreak(base[p]) { p += 1 }
                } else {
                    let quoted = p < limit && base[p] == 34
                    let a = quoted ? p + 1 : p
                    let (scan, b) = DecimalParser.scanPrefix(base, a, limit, decimalComma: quoted ? comma : bareComma)
                    p = b
                    if quoted {
                        // The closing quote (not a doubled one); anything up to the separator is not part of the field.
                        guard p < limit, base[p] == 34, p + 1 >= limit || base[p + 1] != 34 else { return nil }
                        p += 1
                        while p < limit, base[p] != separator, !isBreak(base[p]) { p += 1 }
                    } else {
                        while p < limit, isBlank(base[p]) { p += 1 }
                        guard p >= limit || base[p] == separator || isBreak(base[p]) else { return nil }
                    }
                    let value: Double
                    switch scan {
                    case .value(let v): value = v
                    case .invalid: return nil
                    case .hard:
                        guard let v = DecimalParser.general(base, a, b) else { return nil }
                        value = v
                    }
                    guard value.isFinite else { return nil }
                    if target == Self.time {
                        guard let t = self.time(value, base, a, b) else { return nil }
                        time = t
                    } else if target >= 0 {
                        row[target * stride] = value * factors[field]
                    }
                }
                field += 1
                if field == fieldCount {
                    guard p >= limit || isBreak(base[p]) else { return nil }  // too many fields
                    return (time, TextLines.lineBreak(in: base, from: p, count: limit).next)
                }
                guard p < limit, base[p] == separator else { return nil }  // too few fields
                p += 1
            }
        }

        /// The time in seconds of the time field, whose text `[a, b)` reads as the finite `value`, as
        /// ``SampleCSVFormat/parse(line:lineNumber:)`` computes it.
        @inline(__always)
        private func time(_ value: Double, _ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int) -> Double? {
            guard let origin = format.timeOrigin else { return value * format.timeScale }
            // Epoch nanoseconds are read exactly from their text when they are integers.
            if let units = SampleCSVReader.integer(base, a, b), let exact = origin.seconds(exactly: units) {
                return exact - format.timeShift
            }
            return origin.seconds(raw: value) - format.timeShift
        }
    }

    /// The integer `[-+]digits` in bytes `[a, b)` as `Int64(String)` reads it; `nil` when it is not one or
    /// does not fit. O(length).
    @inline(__always)
    static func integer(_ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int) -> Int64? {
        var i = a
        guard i < b else { return nil }
        let negative = base[i] == 45
        if negative || base[i] == 43 { i += 1 }
        guard i < b else { return nil }
        var magnitude: UInt64 = 0
        while i < b {
            let digit = base[i] &- 48
            guard digit < 10 else { return nil }
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
            guard !o1, !o2 else { return nil }
            magnitude = sum
            i += 1
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }
}

extension SampleCSVReader {
    /// A file read in chunks into one reused buffer (1 MiB, doubled only for a longer line), so reading holds
    /// the columns and not the file. Each chunk is checked to be ASCII; a leading byte-order mark is skipped.
    struct ChunkedFile {
        /// The bytes not yet consumed followed by those just read.
        struct Chunk {
            var base: UnsafePointer<UInt8>
            var count: Int
            /// Whether the file ends with this chunk.
            var atEnd: Bool
        }

        private let descriptor: Int32
        private var buffer: UnsafeMutablePointer<UInt8>
        private var capacity = 1 << 20
        private var start = 0, count = 0, bytesRead = 0
        private var atEnd = false
        /// The file's size in bytes when opened.
        let size: Int

        /// The file at `path` opened for reading, or `nil` when it cannot be (the general path says why).
        init?(path: String) {
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            var status = stat()
            size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
            buffer = .allocate(capacity: capacity)
        }

        /// Closes the file and frees the buffer.
        mutating func release() {
            _ = close(descriptor)
            buffer.deallocate()
        }

        /// The unconsumed bytes and the next read's; `nil` on a read error or a byte beyond ASCII. O(bytes read).
        mutating func next() -> Chunk? {
            if start > 0 {
                memmove(buffer, buffer + start, count - start)
                count -= start
                start = 0
            }
            if count == capacity {
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                larger.update(from: buffer, count: count)
                buffer.deallocate()
                buffer = larger
                capacity *= 2
            }
            if !atEnd {
                var n: Int
                repeat { n = read(descriptor, buffer + count, capacity - count) } while n < 0 && errno == EINTR
                guard n >= 0 else { return nil }
                if bytesRead == 0, n >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                    start = 3  // a byte-order mark, as TextLines skips it
                }
                guard Self.isASCII(buffer + max(count, start), count + n - max(count, start)) else { return nil }
                bytesRead += n
                count += n
                atEnd = n == 0
            }
            return Chunk(base: buffer + start, count: count - start, atEnd: atEnd)
        }

        /// The first `bytes` of the last chunk are read and need not be kept.
        mutating func consumed(_ bytes: Int) { start += bytes }

        /// About how many lines follow byte `offset` of `chunk` to the end of the file, from the length of the
        /// chunk's lines (0 when it holds no line break). O(chunk length).
        func estimatedLines(after offset: Int, in chunk: Chunk) -> Int {
            let rest = chunk.count - offset
            guard rest > 0 else { return 0 }
            var breaks = 0, returns = 0
            for k in offset..<chunk.count {
                breaks += chunk.base[k] == 10 ? 1 : 0
                returns += chunk.base[k] == 13 ? 1 : 0
            }
            let lines = breaks > 0 ? breaks : returns
            guard lines > 0 else { return 0 }
            let remaining = rest + max(0, size - bytesRead)
            return Int(Double(remaining) / (Double(rest) / Double(lines)) * 1.02) + 16
        }

        /// Whether `count` bytes from `p` are all below 0x80 (ASCII), 8 at a time. O(count).
        static func isASCII(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
            var i = 0, any: UInt64 = 0
            let raw = UnsafeRawPointer(p)
            while i + 8 <= count {
                any |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            while i < count { any |= UInt64(p[i]); i += 1 }
            return any & 0x8080_8080_8080_8080 == 0
        }
    }
}
