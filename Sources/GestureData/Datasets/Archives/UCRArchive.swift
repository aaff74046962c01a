import Foundation

/// Reader for the UCR time-series archive's TSV files: one example per line, the class label
/// first, then the values, tab-separated; variable-length series are padded with `NaN` at the end.
public enum UCRArchive {
    /// How trailing `NaN` padding is treated.
    public enum Padding: Sendable {
        /// Trailing NaNs are removed, giving each series its true length (the default).
        case trim
        /// Trailing NaNs are kept (the file's fixed width); a NaN anywhere else is still an error.
        case keep
    }

    /// Reads every example of a UCR TSV file.
    ///
    /// A NaN in the middle of a series, a non-numeric value, an empty series, or a file without any
    /// series is an error naming the file, line and column. Lines are split by ``TextLines``. O(file size).
    package static func read(contentsOf url: URL, padding: Padding = .trim) throws(DataFileError) -> [LabelledSeries] {
        let text = try DataFileError.readText(url)
        return try parse(text, file: url.path, padding: padding)
    }

    /// Parses the text of a UCR TSV file; `file` names it in errors.
    ///
    /// Works on the UTF-8 bytes: lines split as ``TextLines`` splits them, fields on tabs, commas or spaces
    /// (runs of them count once), numbers by ``DelimitedText``'s exact fast path with `strtod` behind it.
    public static func parse(_ text: String, file: String, padding: Padding = .trim) throws(DataFileError) -> [LabelledSeries] {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(DataFileError) in try parse(bytes, file: file, padding: padding) }
        }
        return try result.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String, padding: Padding) throws(DataFileError) -> [LabelledSeries] {
        var examples: [LabelledSeries] = []
        guard let base = bytes.baseAddress else { throw DataFileError(file: file, "the file holds no series") }
        let count = bytes.count
        var position = TextLines.byteOrderMarkLength(base, count: count), lineNumber = 0
        var values: [Double] = []
        @inline(__always) func isSeparator(_ byte: UInt8) -> Bool { byte == 9 || byte == 44 || byte == 32 }
        while position < count {
            let (end, next) = TextLines.lineBreak(in: base, from: position, count: count)
            lineNumber += 1
            defer { position = next }
            let line = UnsafeBufferPointer(rebasing: bytes[position..<end])
            if Self.isBlank(line) { continue }
            var p = position
            while p < end, isSeparator(base[p]) { p += 1 }
            var fieldEnd = p
            while fieldEnd < end, !isSeparator(base[fieldEnd]) { fieldEnd += 1 }
            let label = String(decoding: UnsafeBufferPointer(start: base + p, count: fieldEnd - p), as: UTF8.self)
            p = fieldEnd
            values.removeAll(keepingCapacity: true)
            var column = 1
            while true {
                while p < end, isSeparator(base[p]) { p += 1 }
                if p >= end { break }
                fieldEnd = p
                while fieldEnd < end, !isSeparator(base[fieldEnd]) { fieldEnd += 1 }
                column += 1
                let value = try Self.number(base, p, fieldEnd, file: file, line: lineNumber, column: column)
                if value.isInfinite {
                    throw DataFileError(file: file, line: lineNumber, field: "column \(column)", "infinite value")
                }
                values.append(value)
                p = fieldEnd
            }
            var last = values.count
            while last > 0, values[last - 1].isNaN { last -= 1 }
            if let inner = values[..<last].firstIndex(where: \.isNaN) {
                throw DataFileError(file: file, line: lineNumber, field: "column \(inner + 2)", "NaN inside the series (only trailing padding may be NaN)")
            }
            guard last > 0 else {
                throw DataFileError(file: file, line: lineNumber, "the series is empty")
            }
            examples.append(LabelledSeries(label: label, dimensions: [Array(values[..<(padding == .trim ? last : values.count)])]))
        }
        guard !examples.isEmpty else { throw DataFileError(file: file, "the file holds no series") }
        return examples
    }

    /// The number in `base[start..<end]`: the exact fast path, else `strtod` on a terminated copy (NaN,
    /// exponents, long mantissas). Throws naming the line and column when the field is not a whole number.
    @inline(__always)
    private static func number(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, file: String, line: Int, column: Int) throws(DataFileError) -> Double {
        if case .value(let fast) = DecimalParser.scan(base, start, end, decimalComma: false) { return fast }
        let field = Array(UnsafeBufferPointer(start: base + start, count: end - start)) + [0]
        var stop: UnsafeMutablePointer<CChar>?
        let value = field.withUnsafeBufferPointer { f in
            f.withMemoryRebound(to: CChar.self) { c in
                let v = strtod(c.baseAddress!, &stop)
                return stop == UnsafeMutablePointer(mutating: c.baseAddress! + (end - start)) ? v : nil
            }
        }
        guard let value else {
            let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
            throw DataFileError(file: file, line: line, field: "column \(column)", "\(DataFileError.quote(Substring(text))) is not a number")
        }
        return value
    }

    /// Whether `line` holds only white space (ASCII checked byte by byte; anything else by Character).
    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var ascii = true
        for byte in line {
            if byte >= 0x80 { ascii = false; break }
            if !(byte == 0x20 || (0x09...0x0D).contains(byte)) { return false }
        }
        return ascii || String(decoding: line, as: UTF8.self).allSatisfy(\.isWhitespace)
    }
}
