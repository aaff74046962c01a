import Foundation

/// Reader for the UEA / sktime `.ts` format: `@` header tags, then `@data` lines of
/// `dim1values:dim2values:…:label` with comma-separated values (`?` for missing, read as NaN).
public enum UEAArchive {
    /// Reads every example. Errors name file, line and dimension; a file without series is an error.
    /// Lines are split by ``TextLines``. O(file size).
    package static func read(contentsOf url: URL) throws(DataFileError) -> [LabelledSeries] {
        let text = try DataFileError.readText(url)
        return try parse(text, file: url.path)
    }

    /// Parses `.ts` text; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(DataFileError) -> [LabelledSeries] {
        var inData = false, labelled = true, dimensions: Int? = nil
        var examples: [LabelledSeries] = []
        for numbered in TextLines(text) {
            let i = numbered.number - 1
            // Spaces and tabs trimmed on bytes: Foundation's trimming copies each long data line.
            var line = numbered.text
            while let c = line.utf8.first, c == 32 || c == 9 { line = line.dropFirst() }
            while let c = line.utf8.last, c == 32 || c == 9 { line = line.dropLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if !inData {
                let lower = line.lowercased()
                if lower.hasPrefix("@data") { inData = true }
                else if lower.hasPrefix("@classlabel") { labelled = lower.split(separator: " ").dropFirst().first == "true" }
                else if lower.hasPrefix("@dimensions") { dimensions = lower.split(separator: " ").last.flatMap { Int($0) } }
                continue
            }
            // Split on bytes: walking Characters costs more than the numbers.
            var parts = line.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map { Substring($0) }
            let label = labelled ? String(parts.removeLast()).trimmingCharacters(in: .whitespaces) : ""
            if let dimensions, parts.count != dimensions {
                throw DataFileError(file: file, line: i + 1, "expected \(dimensions) dimensions, found \(parts.count)")
            }
            var series: [[Double]] = []
            for (d, part) in parts.enumerated() {
                var values: [Double] = []
                for (k, bytes) in part.utf8.split(separator: UInt8(ascii: ",")).enumerated() {
                    let field = Substring(bytes)
                    // `?` marks a missing value.
                    guard let v = DelimitedText.number(field) ?? (field.split(whereSeparator: { $0 == " " || $0 == "\t" }) == ["?"] ? .nan : nil) else {
                        throw DataFileError(file: file, line: i + 1, field: "dimension \(d + 1) value \(k + 1)",
                                            "\(DataFileError.quote(field.trimmingCharacters(in: .whitespaces))) is not a number")
                    }
                    values.append(v)
                }
                series.append(values)
            }
            guard let n = series.first?.count, n > 0, series.allSatisfy({ $0.count == n }) else {
                throw DataFileError(file: file, line: i + 1, "dimensions are empty or of unequal length")
            }
            examples.append(LabelledSeries(label: Self.cleanLabel(label), dimensions: series))
        }
        guard inData else { throw DataFileError(file: file, "no @data section") }
        guard !examples.isEmpty else { throw DataFileError(file: file, "the @data section holds no series") }
        return examples
    }

    /// `1.0` → `1`: UEA writes integer class labels as decimals.
    static func cleanLabel(_ label: String) -> String {
        if label.hasSuffix(".0"), Int(label.dropLast(2)) != nil { return String(label.dropLast(2)) }
        return label
    }
}
