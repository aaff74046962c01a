import Foundation

/// One labelled example of a segment dataset: a class label and one or more equally long dimensions.
public struct LabelledSeries: Hashable, Sendable {
    /// The class label as written in the file.
    public var label: String
    /// The values, `dimensions[d][t]`.
    public var dimensions: [[Double]]

    /// Creates an example.
    public init(label: String, dimensions: [[Double]]) {
        self.label = label
        self.dimensions = dimensions
    }

    /// The number of time steps.
    public var length: Int { dimensions.first?.count ?? 0 }
}

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
    public static func read(contentsOf url: URL, padding: Padding = .trim) throws(DataFileError) -> [LabelledSeries] {
        let text = try DataFileError.readText(url)
        return try parse(text, file: url.path, padding: padding)
    }

    /// Parses the text of a UCR TSV file; `file` names it in errors.
    public static func parse(_ text: String, file: String, padding: Padding = .trim) throws(DataFileError) -> [LabelledSeries] {
        var examples: [LabelledSeries] = []
        for numbered in TextLines(text) {
            let line = numbered.text, lineNumber = numbered.number
            // Fields are split on bytes: the separators are ASCII, and walking Characters costs more than the numbers.
            if Self.isBlank(line) { continue }
            let fields = line.utf8.split(whereSeparator: { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: " ") })
            guard let labelField = fields.first.map(Substring.init) else { continue }
            var values: [Double] = []
            values.reserveCapacity(fields.count - 1)
            for (column, bytes) in fields.dropFirst().enumerated() {
                let field = Substring(bytes)
                guard let value = Double(field) ?? (field.lowercased() == "nan" ? .nan : nil) else {
                    throw DataFileError(file: file, line: lineNumber, field: "column \(column + 2)", "\(DataFileError.quote(field)) is not a number")
                }
                if value.isInfinite {
                    throw DataFileError(file: file, line: lineNumber, field: "column \(column + 2)", "infinite value")
                }
                values.append(value)
            }
            var end = values.count
            while end > 0, values[end - 1].isNaN { end -= 1 }
            if let inner = values[..<end].firstIndex(where: \.isNaN) {
                throw DataFileError(file: file, line: lineNumber, field: "column \(inner + 2)", "NaN inside the series (only trailing padding may be NaN)")
            }
            guard end > 0 else {
                throw DataFileError(file: file, line: lineNumber, "the series is empty")
            }
            if padding == .trim { values.removeSubrange(end...) }
            examples.append(LabelledSeries(label: String(labelField), dimensions: [values]))
        }
        guard !examples.isEmpty else { throw DataFileError(file: file, "the file holds no series") }
        return examples
    }

    /// Whether `line` holds only white space (ASCII checked byte by byte; anything else by Character).
    private static func isBlank(_ line: Substring) -> Bool {
        var ascii = true
        for byte in line.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if !(byte == 0x20 || (0x09...0x0D).contains(byte)) { return false }
        }
        return ascii || line.allSatisfy(\.isWhitespace)
    }
}
