import Foundation
import GestureKit

/// One recording's detections written by another tool: CSV with the header `start,end,label`, then optionally `score`
/// and `time` (in either order), one detection a line; times in seconds on the recording's own clock (the clock of its
/// annotations). `time` is when the tool decided (its latency is `time − end`), `end` when absent; `score` is the tool's
/// own strength (higher or lower better, as the tool has it), 1 when absent.
package enum DetectionFile {
    /// The columns a file must start with.
    static let required = ["start", "end", "label"]
    /// The columns it may add.
    static let optional = ["score", "time"]

    /// The detections in `url`, in file order, checked against `recording` (each within its first and last sample,
    /// start ≤ end ≤ time) and `judges` (every label judged).
    ///
    /// - Throws: ``DataFileError`` at the file, line and field of the first problem: a missing or unreadable file, a
    ///   header that is not `start,end,label[,score][,time]`, a line with another number of fields, a field that is not
    ///   a finite number, an empty or unjudged label, a start after its end, a detection outside the recording.
    /// - Complexity: O(file size).
    package static func read(_ url: URL, for recording: Recording, judges: (String) -> Bool) throws(DataFileError) -> [GestureEvent] {
        let file = url.path
        guard FileManager.default.fileExists(atPath: file) else {
            throw DataFileError(file: file, "no detections file for recording '\(recording.id)': write one (a header alone means no detections)")
        }
        let text = try DataFileError.readText(url)
        var columns: [String]?
        var events: [GestureEvent] = []
        let first = recording.timestamps.first ?? 0, last = recording.timestamps.last ?? 0
        for line in TextLines(text) {
            let content = line.text.trimmingCharacters(in: .whitespaces)
            if content.isEmpty { continue }
            let fields = DelimitedText.fields(content, separator: UInt8(ascii: ","))
            guard let names = columns else {
                let extra = Array(fields.dropFirst(required.count))
                guard Array(fields.prefix(required.count)) == required, Set(extra).isSubset(of: optional), Set(extra).count == extra.count else {
                    throw DataFileError(file: file, line: line.number, "expected the header start,end,label (then score and time if given), found '\(content)'")
                }
                columns = fields
                continue
            }
            guard fields.count == names.count else {
                throw DataFileError(file: file, line: line.number, "expected \(names.count) fields (\(names.joined(separator: ","))), found \(fields.count)")
            }
            var values: [String: Double] = [:]
            for (name, field) in zip(names, fields) where name != "label" {
                guard let v = Double(field), v.isFinite else {
                    throw DataFileError(file: file, line: line.number, field: name, "'\(field)' is not a finite number")
                }
                values[name] = v
            }
            let label = fields[2], start = values["start"]!, end = values["end"]!, time = values["time"] ?? end
            guard !label.isEmpty else { throw DataFileError(file: file, line: line.number, field: "label", "empty label") }
            guard judges(label) else {
                throw DataFileError(file: file, line: line.number, field: "label", "'\(label)' is not a label this entry judges")
            }
            guard start <= end else {
                throw DataFileError(file: file, line: line.number, field: "start", "starts at \(start) s, after its end at \(end) s")
            }
            guard start >= first, end <= last else {
                throw DataFileError(file: file, line: line.number, field: start < first ? "start" : "end",
                                    "\(start)–\(end) s lies outside recording '\(recording.id)' (\(first)–\(last) s on its own clock)")
            }
            guard time >= end else {
                throw DataFileError(file: file, line: line.number, field: "time", "decided at \(time) s, before the detection's end at \(end) s")
            }
            events.append(GestureEvent(label: label, phase: .ended, start: start, end: end, time: time, score: values["score"] ?? 1))
        }
        guard columns != nil else {
            throw DataFileError(file: file, "empty: a detections file starts with the header start,end,label (a header alone means no detections)")
        }
        return events
    }
}
