import Foundation

/// Reader for the Gesture Recognition Toolkit's text files: labelled classification data (one
/// labelled sample per row) and labelled time-series data (blocks of rows per example).
package enum GRTFile {
    /// What a GRT file holds.
    package enum Contents: Hashable, Sendable {
        /// One labelled sample per row, in file order: `labels[i]` for `rows[i]`.
        case classification(labels: [String], rows: [[Double]])
        /// One labelled series per example.
        case timeSeries([LabelledSeries])
    }

    /// Reads a `.grt` file. Errors name file and line; a file without examples is an error. Lines are
    /// split by ``TextLines``. O(file size).
    package static func read(contentsOf url: URL) throws(DataFileError) -> Contents {
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
