import Foundation

/// Reads a Label Studio JSON export (Export → JSON: a list of tasks with their annotations) of a project made by
/// ``LabelStudioExport`` and turns each task's finished annotation into the annotations of its recording.
///
/// Each task names its recording by `data.recording` (or, failing that, by the `recordings/<id>.csv` its `csv`
/// URL ends with). Of a task's annotations, cancelled ones ("skipped") are ignored; a ground-truth one is taken,
/// else the one updated last. A task without annotations leaves its recording as it was. Predictions are never
/// read: only what an annotator submitted counts.
package enum LabelStudioImport {
    /// The annotations read for one recording.
    package struct Labelled: Hashable, Sendable {
        /// The recording's id.
        package var recording: String
        /// The Label Studio task's id.
        package var task: Int
        /// The annotation's id in Label Studio.
        package var annotation: Int
        /// How many submitted annotations the task had (the chosen one among them).
        package var submitted: Int
        /// The new annotations, sorted by start then end.
        package var annotations: [Annotation]
        /// Results of other types (choices, text) that were ignored.
        package var ignoredResults: Int
        /// What the import's rules changed, one line each: a region with several labels made one annotation per
        /// label, regions of one label that overlapped merged into one.
        package var notes: [String] = []
    }

    /// Reads `url` and checks every task against `dataset`: it must name one of its recordings (once), and every
    /// region must be a labelled time range inside that recording (from its first to its last sample time, give or
    /// take the validator's tolerance of half a sample interval, ``DatasetValidator/annotationTolerance(nominal:)``).
    ///
    /// The rules that keep the result valid: a region with several labels becomes one annotation per label over the
    /// same span (which the validator accepts), regions of one label that overlap or touch merge into one, and
    /// regions of different labels that overlap otherwise are refused, naming both. Each change is a note.
    ///
    /// - Returns: one entry per task with a submitted annotation, in file order; tasks without one are left out.
    /// - Throws: ``DataFileError`` naming the export file, the task id and the region id.
    /// - Complexity: O(file size + regions).
    package static func read(_ url: URL, against dataset: Dataset) throws(DataFileError) -> [Labelled] {
        let file = url.path
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DataFileError(file: file, "cannot read: \(error.localizedDescription)")
        }
        let tasks: [ExportedTask]
        do {
            tasks = try JSONDecoder().decode([ExportedTask].self, from: data)
        } catch let DecodingError.typeMismatch(_, context) where context.codingPath.isEmpty {
            throw DataFileError(file: file, "not a Label Studio JSON export: expected a list of tasks (export the project as JSON, not JSON-MIN or CSV)")
        } catch {
            var located = DataFileError(file: file, decoding: error)
            located.message = "not a Label Studio JSON export: " + located.message
            throw located
        }
        let recordings = Dictionary(dataset.recordings.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var seen: [String: Int] = [:]
        var out: [Labelled] = []
        for task in tasks {
            let field = "task \(task.id)"
            guard let id = task.data.recording ?? task.data.csv.flatMap(recordingID(fromURL:)) else {
                throw DataFileError(file: file, field: field, "names no recording (data.recording is missing); export the tasks with `gesturelab datasets export label-studio`")
            }
            guard let recording = recordings[id] else {
                let known = dataset.recordings.prefix(5).map(\.id).joined(separator: ", ") + (dataset.recordings.count > 5 ? ", …" : "")
                throw DataFileError(file: file, field: field, "recording '\(id)' is not in the dataset \(dataset.name) (its recordings: \(known)); import into the dataset the tasks were exported from")
            }
            if let other = seen.updateValue(task.id, forKey: id) {
                throw DataFileError(file: file, field: field, "recording '\(id)' is also task \(other); import each recording's task once (delete the duplicate task in Label Studio)")
            }
            let submitted = task.annotations.filter { !$0.wasCancelled }
            guard let chosen = submitted.first(where: \.groundTruth)
                    ?? submitted.max(by: { ($0.updatedAt ?? "", $0.id) < ($1.updatedAt ?? "", $1.id) }) else { continue }
            if let error = chosen.textTime {
                throw DataFileError(file: file, field: "\(field), annotation \(chosen.id)", "a region's time is text ('\(error)'), not seconds: the project's TimeSeries has a timeFormat; use the configuration `datasets export label-studio` writes")
            }
            var regions: [(annotation: Annotation, location: String)] = [], ignored = 0, notes: [String] = []
            let first = recording.timestamps.first ?? 0, last = recording.timestamps.last ?? 0
            let tolerance = DatasetValidator.annotationTolerance(
                nominal: DatasetValidator.nominalInterval(recording.timestamps, samplingRate: dataset.samplingRate))
            for (index, region) in chosen.result.enumerated() {
                guard let value = region.value else { ignored += 1; continue }
                let location = "\(field), region \(region.id.map { "'\($0)'" } ?? "#\(index + 1)")"
                guard value.start.isFinite, value.end.isFinite, value.start <= value.end else {
                    throw DataFileError(file: file, field: location, "start \(value.start) s is after end \(value.end) s or not finite")
                }
                guard value.start >= first - tolerance, value.end <= last + tolerance else {
                    throw DataFileError(file: file, field: location, "\(value.timeserieslabels.joined(separator: "+")) \(value.start)…\(value.end) s lies outside recording '\(id)' (\(first)…\(last) s) by more than half a sample interval (\(DatasetValidator.rounded(tolerance)) s); fix the region in Label Studio and export again")
                }
                guard !value.timeserieslabels.isEmpty else {
                    throw DataFileError(file: file, field: location, "the region \(value.start)…\(value.end) s has no label; label it or delete it in Label Studio")
                }
                let labels = value.timeserieslabels.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                if labels.count > 1 {
                    notes.append("\(location): \(labels.count) labels (\(labels.joined(separator: ", "))) on \(value.start)…\(value.end) s: one annotation per label over the same span")
                }
                for label in labels {
                    guard !label.isEmpty, !label.contains(where: { $0 == "," || $0.isNewline }) else {
                        throw DataFileError(file: file, field: location, "label '\(label)' is empty or holds a comma or line break, which annotation files cannot hold")
                    }
                    regions.append((Annotation(start: value.start, end: value.end, label: label), location))
                }
            }
            let annotations = try resolveOverlaps(regions, file: file, notes: &notes)
            out.append(Labelled(recording: id, task: task.id, annotation: chosen.id, submitted: submitted.count,
                                annotations: annotations, ignoredResults: ignored, notes: notes))
        }
        return out
    }

    /// The annotations of `regions` by the import's rule: one label's regions that overlap or touch merge (noted);
    /// regions of different labels may share exactly one span (a region with several labels) and may not overlap
    /// otherwise. Sorted by start, end and label, as the validator reads them.
    ///
    /// - Throws: naming both regions when two of different labels overlap.
    static func resolveOverlaps(_ regions: [(annotation: Annotation, location: String)], file: String,
                                notes: inout [String]) throws(DataFileError) -> [Annotation] {
        var merged: [(annotation: Annotation, location: String)] = []
        for (label, group) in Dictionary(grouping: regions, by: \.annotation.label) {
            for region in group.sorted(by: { ($0.annotation.start, $0.annotation.end) < ($1.annotation.start, $1.annotation.end) }) {
                if let last = merged.last, last.annotation.label == label, region.annotation.start <= last.annotation.end {
                    let end = max(last.annotation.end, region.annotation.end)
                    notes.append("\(region.location) overlaps \(last.location) with the same label \(label): merged into \(last.annotation.start)…\(end) s")
                    merged[merged.count - 1].annotation.end = end
                } else {
                    merged.append(region)
                }
            }
        }
        merged.sort { ($0.annotation.start, $0.annotation.end, $0.annotation.label) < ($1.annotation.start, $1.annotation.end, $1.annotation.label) }
        var widest: (annotation: Annotation, location: String)? = nil
        for region in merged {
            let a = region.annotation
            if let p = widest, a.start < p.annotation.end, !(a.start == p.annotation.start && a.end == p.annotation.end) {
                throw DataFileError(file: file, field: region.location,
                                    "\(a.label) \(a.start)…\(a.end) s overlaps \(p.annotation.label) \(p.annotation.start)…\(p.annotation.end) s (\(p.location)); "
                                        + "annotations of different labels may share a span (one region with several labels) but not overlap otherwise: "
                                        + "move or shorten one in Label Studio and export again")
            }
            if widest.map({ a.end > $0.annotation.end }) ?? true { widest = region }
        }
        return merged.map(\.annotation)
    }

    /// The recording id in a task URL made by ``LabelStudioExport``: what follows the last `recordings/`, without `.csv`.
    static func recordingID(fromURL url: String) -> String? {
        guard let decoded = url.removingPercentEncoding, let range = decoded.range(of: "recordings/", options: .backwards),
              decoded.hasSuffix(".csv") else { return nil }
        let id = decoded[range.upperBound...].dropLast(4)
        return id.isEmpty ? nil : String(id)
    }

    /// The parts of an exported task that import reads; other keys are ignored.
    struct ExportedTask: Decodable {
        var id: Int
        var data: TaskData
        var annotations: [ExportedAnnotation]

        enum CodingKeys: String, CodingKey { case id, data, annotations }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(Int.self, forKey: .id)
            data = try c.decode(TaskData.self, forKey: .data)
            annotations = try c.decodeIfPresent([ExportedAnnotation].self, forKey: .annotations) ?? []
        }
    }

    /// The task data GestureLab's export wrote (other keys, of any type, are ignored).
    struct TaskData: Decodable {
        var recording: String?
        var csv: String?
        enum CodingKeys: String, CodingKey { case recording, csv }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            recording = try? c.decodeIfPresent(String.self, forKey: .recording)
            csv = try? c.decodeIfPresent(String.self, forKey: .csv)
        }
    }

    /// One annotator's submission.
    struct ExportedAnnotation: Decodable {
        var id: Int
        var result: [LabelStudioRegion]
        var wasCancelled: Bool
        var groundTruth: Bool
        var updatedAt: String?
        /// The text of a region time that was not a number, when there was one.
        var textTime: String?

        enum CodingKeys: String, CodingKey {
            case id, result
            case wasCancelled = "was_cancelled"
            case groundTruth = "ground_truth"
            case updatedAt = "updated_at"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(Int.self, forKey: .id)
            wasCancelled = try c.decodeIfPresent(Bool.self, forKey: .wasCancelled) ?? false
            groundTruth = try c.decodeIfPresent(Bool.self, forKey: .groundTruth) ?? false
            updatedAt = try c.decodeIfPresent(String.self, forKey: .updatedAt)
            do {
                result = try c.decodeIfPresent([LabelStudioRegion].self, forKey: .result) ?? []
            } catch let error as LabelStudioRegion.TextTime {
                // Reported with the task's id by the reader.
                result = []
                textTime = error.text
            }
        }
    }
}
