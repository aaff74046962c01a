import Foundation

/// A per-sample label column (``DatasetManifest/LabelMapping``): read as text in a second light pass
/// over the bytes, so the numeric parser stays numeric, and turned into annotations run by run.
enum LabelColumn {
    /// The label field of each data row, by the rows' 1-based `lines` (as the numeric pass found them).
    /// O(file size).
    static func values(_ bytes: [UInt8], lines: [Int32], field: Int, delimiter: UInt8?) -> [String] {
        var result: [String] = []
        result.reserveCapacity(lines.count)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let n = max(0, buffer.count - 1)  // the trailing NUL
            var pos = TextLines.byteOrderMarkLength(base, count: n), lineNumber = 0, next = 0
            while pos < n, next < lines.count {
                lineNumber += 1
                let (end, following) = TextLines.lineBreak(in: base, from: pos, count: n)
                defer { pos = following }
                guard lineNumber == Int(lines[next]) else { continue }
                next += 1
                result.append(Self.field(base, from: pos, to: end, index: field, delimiter: delimiter))
            }
        }
        // Rows the scan could not reach read as empty labels.
        while result.count < lines.count { result.append("") }
        return result
    }

    /// Field `index` of the line `[start, end)` as ``DelimitedText/field(_:from:to:separator:)`` reads it;
    /// empty when missing.
    private static func field(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, index: Int, delimiter: UInt8?) -> String {
        var p = start, field = 0
        while p <= end {
            if delimiter == nil { while p < end, DelimitedText.isBlank(base[p], separator: nil) { p += 1 } }
            let f = DelimitedText.field(base, from: p, to: end, separator: delimiter)
            if field == index {
                let text = String(decoding: UnsafeBufferPointer(start: base + f.start, count: f.end - f.start), as: UTF8.self)
                return f.quoted && text.contains("\"\"") ? text.replacingOccurrences(of: "\"\"", with: "\"") : text
            }
            field += 1
            if f.next >= end { break }
            p = f.next + 1
        }
        return ""
    }

    /// The value a label compares as: numbers by value (`5.0` → `5`), other text trimmed.
    static func key(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let v = Double(trimmed), v.isFinite else { return trimmed }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return v.description
    }

    /// Annotations from runs of equal values in time order: rows are ordered by time first (stably;
    /// rows without a finite time are left out), so a file whose rows arrived out of order (a watch's
    /// batches) gives each run once, from its earliest to its latest sample. Background runs give none;
    /// ignored runs give none and are counted in `report`; a run of empty values that is neither is a
    /// problem at its first line (from `lines`, in `file`). O(n log n).
    static func annotations(_ values: [String], times: [Double], mapping: DatasetManifest.LabelMapping,
                            report: inout ReadingReport, lines: [Int32] = [], file: String = "",
                            problems: inout [DatasetProblem]) -> [Annotation] {
        let background = Set((mapping.background ?? []).map(key))
        let ignore = Set((mapping.ignore ?? []).map(key))
        var names: [String: String] = [:]
        for (value, name) in mapping.names ?? [:] { names[key(value)] = name }
        var annotations: [Annotation] = []
        let order = times.indices.filter { $0 < values.count && times[$0].isFinite }
            .sorted { (times[$0], $0) < (times[$1], $1) }
        let keys = order.map { key(values[$0]) }
        var start = 0
        for i in keys.indices where i == keys.count - 1 || keys[i + 1] != keys[i] {
            let value = keys[i]
            defer { start = i + 1 }
            if background.contains(value) { continue }
            if ignore.contains(value) {
                report.ignoredLabelRuns += 1
                report.ignoredLabelSamples[value, default: 0] += i - start + 1
                continue
            }
            let first = order[start]
            if value.isEmpty {
                problems.append(DatasetProblem(.missingValue, DataFileError(
                    file: file, line: first < lines.count ? Int(lines[first]) : nil, field: mapping.column ?? "label",
                    "empty label (\(i - start + 1) rows); list \"\" in labels.background or labels.ignore")))
                continue
            }
            annotations.append(Annotation(start: times[first], end: times[order[i]], label: names[value] ?? value))
        }
        report.labelAnnotations += annotations.count
        return annotations
    }

    /// The label of each sample from `annotations` (those covering its time; the last one wins),
    /// `background` elsewhere: the reverse of ``annotations(_:times:mapping:report:)``. O(samples + annotations).
    static func perSample(_ annotations: [Annotation], times: [Double], background: String) -> [String] {
        var labels = Array(repeating: background, count: times.count)
        for a in annotations {
            var lo = 0, hi = times.count
            while lo < hi { let mid = (lo + hi) / 2; if times[mid] >= a.start { hi = mid } else { lo = mid + 1 } }
            var i = lo
            while i < times.count, times[i] <= a.end { labels[i] = a.label; i += 1 }
        }
        return labels
    }
}
