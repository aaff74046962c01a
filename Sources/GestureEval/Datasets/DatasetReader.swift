import Foundation

/// Reads datasets described by a ``DatasetManifest``: the project's own folders (a recording list)
/// and external folders (file patterns under a folder the user supplies), applying the manifest's
/// column mapping, scales and offsets on the way in.
///
/// Files are parsed in parallel over all cores; O(total size).
public enum DatasetReader {
    /// The manifest file name inside a dataset folder.
    public static let manifestName = "dataset.yaml"

    /// Reads the dataset at `url` (its folder or its manifest), failing on the first problem met while
    /// reading (a non-numeric value, a missing column, an empty file). Values that parse but are
    /// suspect (NaN, unsorted times) are left to ``DatasetValidator``.
    ///
    /// - Parameter data: the external data folder, overriding the manifest's `source.path`.
    public static func read(at url: URL, data: URL? = nil) throws(DataFileError) -> Dataset {
        let loaded = try load(at: url, data: data)
        if let first = loaded.problems.first(where: { $0.severity == .error }) { throw first.location }
        return loaded.dataset
    }

    /// Loads the dataset at `url`, collecting every reading problem instead of stopping at the first.
    /// Throws only when the manifest itself or the data folder cannot be read.
    public static func load(at url: URL, data: URL? = nil) throws(DataFileError) -> LoadedDataset {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw DataFileError(file: url.path, "no such file or folder")
        }
        let manifestURL = isFolder.boolValue ? url.appendingPathComponent(manifestName) : url
        let manifest = try DatasetManifest(contentsOf: manifestURL)
        return try load(manifest, folder: manifestURL.deletingLastPathComponent(), data: data)
    }

    /// Loads the dataset `manifest` describes; relative paths are resolved against `folder`.
    public static func load(_ manifest: DatasetManifest, folder: URL, data: URL? = nil) throws(DataFileError) -> LoadedDataset {
        struct Job: Sendable {
            var id, subject, session: String
            var file: URL
            var annotations: URL?
            var label: String?
        }
        var jobs: [Job] = []
        if let source = manifest.source {
            guard let root = data ?? source.path.map({ resolve($0, against: folder) }) else {
                throw DataFileError(file: folder.appendingPathComponent(manifestName).path, field: "source.path",
                                    "external dataset: supply the data folder (for example --data DIR)")
            }
            for match in try FilePatternMatcher.matches(source.files, under: root) {
                jobs.append(Job(id: match.id, subject: match.subject, session: match.session,
                                file: match.url, annotations: nil, label: match.label))
            }
        } else {
            var seen = Set<String>()
            for (i, entry) in manifest.recordings.enumerated() {
                guard seen.insert(entry.id).inserted else {
                    throw DataFileError(file: folder.appendingPathComponent(manifestName).path,
                                        field: "recordings[\(i)].id", "duplicate recording id '\(entry.id)'")
                }
                jobs.append(Job(id: entry.id, subject: entry.subject, session: entry.session,
                                file: resolve(entry.file, against: folder),
                                annotations: entry.annotations.map { resolve($0, against: folder) }, label: nil))
            }
        }

        let parser = DelimitedText(manifest.table)
        let jobList = jobs
        let results = parallelMap(jobs.count) { i -> (Recording, LoadedDataset.Provenance, [DatasetProblem]) in
            let job = jobList[i]
            var (recording, provenance, problems) = readRecording(job.file, manifest: manifest, parser: parser)
            recording.id = job.id
            recording.subject = job.subject
            recording.session = job.session
            let finite = recording.timestamps.filter(\.isFinite)
            if let label = job.label, let first = finite.min(), let last = finite.max() {
                // The whole recording, even when glitches leave its timestamps out of order.
                recording.annotations = [Annotation(start: first, end: last, label: label)]
            }
            if let url = job.annotations {
                let (annotations, lines, more) = AnnotationFile.read(url)
                // Keep lines in the recording's (sorted) annotation order.
                let order = annotations.indices.sorted { (annotations[$0].start, annotations[$0].end) < (annotations[$1].start, annotations[$1].end) }
                recording.annotations = order.map { annotations[$0] }
                provenance.annotationFile = url.path
                provenance.annotationLines = order.map { lines[$0] }
                problems += more
            }
            return (recording, provenance, problems)
        }
        let dataset = Dataset(
            name: manifest.name, description: manifest.description, kind: manifest.kind,
            samplingRate: manifest.samplingRate, recordings: results.map(\.0),
            license: manifest.license, citation: manifest.citation
        )
        return LoadedDataset(dataset: dataset, provenance: results.map(\.1), problems: results.flatMap(\.2), manifest: manifest)
    }

    /// Reads one recording file with the manifest's table format, time and channel mapping.
    static func readRecording(_ url: URL, manifest: DatasetManifest, parser: DelimitedText)
        -> (Recording, LoadedDataset.Provenance, [DatasetProblem]) {
        let file = url.path
        let empty = Recording(id: url.lastPathComponent, timestamps: [], channels: manifest.channels.map { ($0.name, []) })
        let bytes: [UInt8]
        do { bytes = try DelimitedText.bytes(of: url) } catch {
            return (empty, .init(file: file), [DatasetProblem(.unreadable, error)])
        }
        let time = manifest.time
        let hasTimeColumn = time.column != nil || time.index != nil
        let table = parser.parse(bytes, file: file) { (header: [String]?) throws(DataFileError) -> [(index: Int, name: String)] in
            func locate(_ column: String?, _ index: Int?, _ fallback: String) throws(DataFileError) -> (index: Int, name: String) {
                if let index { return (index, column ?? fallback) }
                let name = column ?? fallback
                guard let header else {
                    throw DataFileError(file: file, field: name, "the file has no header; give the column's index")
                }
                guard let found = header.firstIndex(of: name) else {
                    throw DataFileError(file: file, line: 1, field: name,
                                        "no column '\(name)' in the header \(DataFileError.quote(header.joined(separator: ",")))")
                }
                return (found, name)
            }
            var slots: [(index: Int, name: String)] = []
            if hasTimeColumn { slots.append(try locate(time.column, time.index, "time")) }
            for mapping in manifest.channels {
                slots.append(try locate(mapping.column, mapping.index, mapping.name.rawValue))
            }
            return slots
        }
        guard table.columns.count == manifest.channels.count + (hasTimeColumn ? 1 : 0) else {
            return (empty, .init(file: file), table.problems)
        }
        var timestamps: [Double]
        var columns = table.columns
        if hasTimeColumn {
            timestamps = columns.removeFirst()
            if let s = time.scale, s != 1 { for i in timestamps.indices { timestamps[i] *= s } }
        } else {
            let period = 1 / (time.rate ?? 1)
            timestamps = (0..<table.rowCount).map { Double($0) * period }
        }
        var channels: [(Channel, [Double])] = []
        for (mapping, var column) in zip(manifest.channels, columns) {
            let s = mapping.scale ?? 1, o = mapping.offset ?? 0
            if s != 1 || o != 0 {
                column.withUnsafeMutableBufferPointer { c in for i in c.indices { c[i] = c[i] * s + o } }
            }
            channels.append((mapping.name, column))
        }
        let recording = Recording(id: url.lastPathComponent, timestamps: timestamps, channels: channels)
        return (recording, .init(file: file, lines: table.lines), table.problems)
    }

    /// Runs `body` for `0..<count` over all cores and returns the results in order.
    static func parallelMap<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let shared = results
        DispatchQueue.concurrentPerform(iterations: count) { i in shared[i] = body(i) }
        return results.map { $0! }
    }

    static func resolve(_ path: String, against folder: URL) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        return expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : folder.appendingPathComponent(expanded)
    }
}

/// Reads and writes annotation files: CSV with header `start,end,label`, times in seconds.
public enum AnnotationFile {
    /// The header line.
    public static let header = "start,end,label"

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
            let fields = content.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if !sawHeader {
                sawHeader = true
                let names = fields.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
                if names.joined(separator: ",") == header { continue }
                problems.append(DatasetProblem(.missingColumn, DataFileError(
                    file: file, line: number, "expected the header '\(header)', found \(DataFileError.quote(content))")))
                continue
            }
            guard fields.count == 3 else {
                problems.append(DatasetProblem(.missingValue, DataFileError(
                    file: file, line: number, "expected start,end,label, found \(DataFileError.quote(content))")))
                continue
            }
            var times: [Double] = []
            for (name, field) in zip(["start", "end"], fields) {
                if let v = Double(field), v.isFinite { times.append(v) } else {
                    problems.append(DatasetProblem(.nonNumeric, DataFileError(
                        file: file, line: number, field: name, "\(DataFileError.quote(field)) is not a finite number of seconds")))
                }
            }
            guard times.count == 2 else { continue }
            guard !fields[2].isEmpty else {
                problems.append(DatasetProblem(.missingValue, DataFileError(file: file, line: number, field: "label", "empty label")))
                continue
            }
            annotations.append(Annotation(start: times[0], end: times[1], label: fields[2]))
            lines.append(Int32(number))
        }
        if !sawHeader {
            problems.append(DatasetProblem(.emptyFile, DataFileError(file: file, "the file is empty (expected the header '\(header)')")))
        }
        return (annotations, lines, problems)
    }

    /// The text of an annotation file. Labels may not contain commas or line breaks.
    public static func text(_ annotations: [Annotation], file: String) throws(DataFileError) -> String {
        var text = header + "\n"
        for a in annotations {
            guard !a.label.contains(where: { $0 == "," || $0.isNewline }), !a.label.isEmpty else {
                throw DataFileError(file: file, field: "label", "label '\(a.label)' is empty or holds a comma or line break")
            }
            text += "\(a.start),\(a.end),\(a.label)\n"
        }
        return text
    }
}
