import Foundation

/// Reads and writes annotation files: CSV with header `start,end,label`, times in seconds.
public enum AnnotationFile {
    /// The header line.
    package static let header = Annotation.fileHeader

    /// Reads annotations, collecting every bad line as a problem. Returns the annotations in file
    /// order with their 1-based lines. Lines are split by ``TextLines``; header names may be quoted.
    /// A file without even the header is a problem; a header without rows is a recording with no
    /// gestures. O(file size).
    public static func read(_ url: URL) -> ([Annotation], [Int32], [DatasetProblem]) {
        let file = url.path
        let text: String
        do { text = try DataFileError.readText(url) } catch {
            return ([], [], [DatasetProblem(.unreadable, error)])
        }
        var annotations: [Annotation] = [], lines: [Int32] = [], problems: [DatasetProblem] = []
        var sawHeader = false
        for line in TextLines(text) {
            let number = line.number
            let content = line.text.trimmingCharacters(in: .whitespaces)
            if content.isEmpty { continue }
            let fields = DelimitedText.fields(content, separator: UInt8(ascii: ","))
            if !sawHeader {
                sawHeader = true
                if fields.joined(separator: ",") == header { continue }
                let semicolons = DelimitedText.sniffSeparator(content) == UInt8(ascii: ";")
                let names = Set(DelimitedText.fields(content, separator: semicolons ? UInt8(ascii: ";") : UInt8(ascii: ",")).map { $0.lowercased() })
                let hint: DataFileError.Reason.HeaderHint? = semicolons ? .semicolons : names == ["start", "end", "label"] ? .reordered : nil
                problems.append(DatasetProblem(.missingColumn, DataFileError(
                    file: file, line: number, .annotationHeader(found: content, hint: hint))))
                continue
            }
            guard fields.count == 3 else {
                problems.append(DatasetProblem(.missingValue, DataFileError(file: file, line: number, .annotationFields(found: content))))
                continue
            }
            var times: [Double] = []
            for (name, field) in zip(["start", "end"], fields) {
                if let v = Double(field), v.isFinite { times.append(v) } else {
                    problems.append(DatasetProblem(.nonNumeric, DataFileError(file: file, line: number, field: name, .notSeconds(field))))
                }
            }
            guard times.count == 2 else { continue }
            guard !fields[2].isEmpty else {
                problems.append(DatasetProblem(.missingValue, DataFileError(file: file, line: number, field: "label", .emptyLabel)))
                continue
            }
            annotations.append(Annotation(start: times[0], end: times[1], label: fields[2]))
            lines.append(Int32(number))
        }
        if !sawHeader {
            problems.append(DatasetProblem(.emptyFile, DataFileError(file: file, .emptyFile(expectedHeader: header))))
        }
        return (annotations, lines, problems)
    }

    /// The text of an annotation file. Labels may not contain commas or line breaks.
    package static func text(_ annotations: [Annotation], file: String) throws(DataFileError) -> String {
        var text = header + "\n"
        for a in annotations {
            guard !a.label.contains(where: { $0 == "," || $0.isNewline }), !a.label.isEmpty else {
                throw DataFileError(file: file, field: "label", .unwritableLabel(a.label))
            }
            text += "\(a.start),\(a.end),\(a.label)\n"
        }
        return text
    }
}
