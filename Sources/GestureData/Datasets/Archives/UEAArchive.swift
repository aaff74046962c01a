import Foundation

extension Dataset {
    /// A segment dataset from labelled series: one recording per example, sampled at `samplingRate`
    /// Hz from time 0, with one annotation covering it. Dimensions beyond `channels` are named
    /// `dim<k>` (1-based). O(total length).
    public init(name: String, segments: [LabelledSeries], channels: [Channel] = [], samplingRate: Double,
                idPrefix: String = "", subject: String = "unknown", session: String = "unknown") {
        let period = 1 / samplingRate
        let recordings = segments.enumerated().map { i, series in
            let times = (0..<series.length).map { Double($0) * period }
            let columns = series.dimensions.enumerated().map { d, values in
                (d < channels.count ? channels[d] : Channel(.dimension(d + 1)), values)
            }
            return Recording(id: "\(idPrefix)\(i)", subject: subject, session: session, timestamps: times, channels: columns,
                             annotations: [Annotation(start: 0, end: times.last ?? 0, label: series.label)])
        }
        self.init(name: name, kind: .segments, samplingRate: samplingRate, recordings: recordings)
    }
}

/// Reader for the UEA / sktime `.ts` format: `@` header tags, then `@data` lines of
/// `dim1values:dim2values:…:label` with comma-separated values (`?` for missing, read as NaN).
public enum UEAArchive {
    /// Reads every example. Errors name file, line and dimension; a file without series is an error.
    /// Lines are split by ``TextLines``. O(file size).
    public static func read(contentsOf url: URL) throws(DataFileError) -> [LabelledSeries] {
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

/// Reader for the Gesture Recognition Toolkit's text files: labelled classification data (one
/// labelled sample per row) and labelled time-series data (blocks of rows per example).
public enum GRTFile {
    /// What a GRT file holds.
    public enum Contents: Hashable, Sendable {
        /// One labelled sample per row, in file order: `labels[i]` for `rows[i]`.
        case classification(labels: [String], rows: [[Double]])
        /// One labelled series per example.
        case timeSeries([LabelledSeries])
    }

    /// Reads a `.grt` file. Errors name file and line; a file without examples is an error. Lines are
    /// split by ``TextLines``. O(file size).
    public static func read(contentsOf url: URL) throws(DataFileError) -> Contents {
        let text = try DataFileError.readText(url)
        let file = url.path
        let lines = TextLines(text).map { $0.text.trimmingCharacters(in: .whitespaces) }
        guard let kind = lines.first(where: { !$0.isEmpty }) else { throw DataFileError(file: file, "the file is empty") }
        let isSeries = kind.hasPrefix("GRT_LABELLED_TIME_SERIES_CLASSIFICATION_DATA_FILE")
        guard isSeries || kind.hasPrefix("GRT_LABELLED_CLASSIFICATION_DATA_FILE") else {
            throw DataFileError(file: file, line: 1, "not a GRT labelled data file: \(DataFileError.quote(kind))")
        }
        guard let start = lines.firstIndex(where: { $0.hasPrefix("LabelledTrainingData:") || $0.hasPrefix("LabelledTimeSeriesTrainingData:") }) else {
            throw DataFileError(file: file, "no LabelledTrainingData: section")
        }
        func numbers(_ fields: ArraySlice<Substring>, line: Int) throws(DataFileError) -> [Double] {
            var values: [Double] = []
            for (k, f) in fields.enumerated() {
                guard let v = DelimitedText.number(f) else { throw DataFileError(file: file, line: line, field: "column \(k + 2)", "\(DataFileError.quote(f)) is not a number") }
                values.append(v)
            }
            return values
        }
        if !isSeries {
            var labels: [String] = [], rows: [[Double]] = []
            for i in (start + 1)..<lines.count where !lines[i].isEmpty {
                let fields = lines[i].split(whereSeparator: { $0 == "\t" || $0 == " " })
                let row = try numbers(fields.dropFirst(), line: i + 1)
                // Rows become the columns of one recording, so they must be equally wide.
                if let width = rows.first?.count, width != row.count {
                    throw DataFileError(file: file, line: i + 1, "expected \(width) values after the label, found \(row.count)")
                }
                rows.append(row)
                labels.append(String(fields[0]))
            }
            guard !rows.isEmpty else { throw DataFileError(file: file, "the LabelledTrainingData: section holds no rows") }
            return .classification(labels: labels, rows: rows)
        }
        var examples: [LabelledSeries] = []
        var label: String? = nil, rows: [[Double]] = []
        func finish() {
            if let label, let width = rows.first?.count {
                examples.append(LabelledSeries(label: label, dimensions: (0..<width).map { d in rows.map { $0[d] } }))
            }
            rows = []
        }
        for i in (start + 1)..<lines.count where !lines[i].isEmpty {
            let line = lines[i]
            if line.hasPrefix("*") { finish(); label = nil; continue }
            if line.hasPrefix("ClassID:") { label = line.dropFirst(8).trimmingCharacters(in: .whitespaces); continue }
            if line.hasPrefix("TimeSeriesLength:") || line.hasPrefix("TimeSeriesData:") { continue }
            let row = try numbers(line.split(whereSeparator: { $0 == "\t" || $0 == " " })[...], line: i + 1)
            if let width = rows.first?.count, width != row.count {
                throw DataFileError(file: file, line: i + 1, "expected \(width) values, found \(row.count)")
            }
            rows.append(row)
        }
        finish()
        guard !examples.isEmpty else { throw DataFileError(file: file, "the LabelledTimeSeriesTrainingData: section holds no series") }
        return .timeSeries(examples)
    }
}
