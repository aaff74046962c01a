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
        if !isFolder.boolValue, !["yaml", "yml", "json"].contains(url.pathExtension.lowercased()) {
            // A data file given without its format prefix: say which prefix reads it.
            let prefix = ["tsv": "ucr", "ts": "ts", "grt": "grt"][url.pathExtension.lowercased()] ?? "csv"
            throw DataFileError(file: url.path, "not a dataset folder or manifest (dataset.yaml); to read a data file, "
                                    + "give its format, e.g. \(prefix):\(url.path) (formats: \(DatasetSource.formats.map { $0 + ":" }.joined(separator: " ")))")
        }
        let manifest = try DatasetManifest(contentsOf: manifestURL)
        return try load(manifest, folder: manifestURL.deletingLastPathComponent(), data: data)
    }

    /// Loads the dataset `manifest` describes; relative paths are resolved against `folder`.
    public static func load(_ manifest: DatasetManifest, folder: URL, data: URL? = nil) throws(DataFileError) -> LoadedDataset {
        struct Job: Sendable {
            var id, subject, session: String
            /// One file, or one per stream in the manifest's stream order.
            var files: [URL]
            var annotations: URL?
            var label: String?
        }
        let manifestFile = folder.appendingPathComponent(manifestName).path
        let streams = manifest.streams ?? []
        var jobs: [Job] = []
        if let source = manifest.source {
            guard let root = data ?? source.path.map({ resolve($0, against: folder) }) else {
                throw DataFileError(file: manifestFile, field: "source.path",
                                    "external dataset: supply the data folder (for example --data DIR)")
            }
            for match in try FilePatternMatcher.matches(source.files, under: root) {
                var files = [match.url]
                for (i, stream) in streams.enumerated().dropFirst() {
                    guard let pattern = stream.pattern else {
                        throw DataFileError(file: manifestFile, field: "streams[\(i)].pattern", "give the file pattern of stream '\(stream.name)'")
                    }
                    files.append(root.appendingPathComponent(try FilePatternMatcher.substitute(match.captures, into: pattern, file: manifestFile)))
                }
                // With one file per sensor the recording is the folder, not the first sensor's file.
                let folderID = (match.id as NSString).deletingLastPathComponent
                let id = streams.count > 1 && !folderID.isEmpty ? folderID : match.id
                jobs.append(Job(id: id, subject: match.subject, session: match.session,
                                files: files, annotations: nil, label: match.label))
            }
        } else {
            var seen = Set<String>()
            for (i, entry) in manifest.recordings.enumerated() {
                guard seen.insert(entry.id).inserted else {
                    throw DataFileError(file: manifestFile, field: "recordings[\(i)].id", "duplicate recording id '\(entry.id)'")
                }
                var files = [resolve(entry.file, against: folder)]
                for stream in streams.dropFirst() {
                    guard let path = entry.files?[stream.name] else {
                        throw DataFileError(file: manifestFile, field: "recordings[\(i)].files", "no file for stream '\(stream.name)'")
                    }
                    files.append(resolve(path, against: folder))
                }
                jobs.append(Job(id: entry.id, subject: entry.subject, session: entry.session, files: files,
                                annotations: entry.annotations.map { resolve($0, against: folder) }, label: nil))
            }
        }

        var unlisted: [DatasetProblem] = []
        if manifest.source == nil {
            // Annotation files the manifest does not list are read by nothing: say so rather than ignore them.
            let folderURL = folder.appendingPathComponent("annotations")
            let listed = Set(jobs.compactMap { $0.annotations?.standardizedFileURL.path })
            let found = (FileManager.default.enumerator(atPath: folderURL.path)?.allObjects as? [String]) ?? []
            for relative in found.sorted() where relative.lowercased().hasSuffix(".csv") {
                let url = folderURL.appendingPathComponent(relative).standardizedFileURL
                guard !listed.contains(url.path) else { continue }
                unlisted.append(DatasetProblem(.unlistedFile, DataFileError(
                    file: url.path, "no recording in \(manifestFile) lists this annotation file, so it is not read; "
                        + "add it as a recording's annotations, or move it out of annotations/")))
            }
        }
        let jobList = jobs
        let results = parallelMap(jobs.count) { i -> (Recording, LoadedDataset.Provenance, [DatasetProblem], ReadingReport) in
            let job = jobList[i]
            var (recording, provenance, problems, report) = readRecording(job.files, manifest: manifest)
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
            return (recording, provenance, problems, report)
        }
        let dataset = Dataset(
            name: manifest.name, description: manifest.description, kind: manifest.kind,
            samplingRate: manifest.samplingRate, recordings: results.map(\.0),
            license: manifest.license, citation: manifest.citation
        )
        var report = ReadingReport()
        for r in results { report.merge(r.3) }
        return LoadedDataset(dataset: dataset, provenance: results.map(\.1), problems: results.flatMap(\.2) + unlisted,
                             manifest: manifest, report: report)
    }

    /// One file read with a table format, time and channel mapping, in seconds (before the origin shift).
    struct StreamRead {
        var timestamps: [Double]
        var channels: [(Channel, [Double])]
        var lines: [Int32]
        var labels: [String]?
        var problems: [DatasetProblem]
        /// For epoch and uptime clocks: ``timestamps`` count from this raw time (the file's first
        /// time, rounded down unless read exactly from the text), so steps keep their precision.
        var base: TimeOrigin? = nil

        /// `base` in seconds relative to `other`'s, exact when both count in the same unit.
        func seconds(after other: TimeOrigin?) -> Double {
            guard let base else { return -(other?.seconds(after: nil) ?? 0) }
            return base.seconds(after: other)
        }
    }

    /// Reads one recording: its single file, or its stream files aligned onto one clock; then applies
    /// the time origin and turns a label column into annotations.
    static func readRecording(_ files: [URL], manifest: DatasetManifest)
        -> (Recording, LoadedDataset.Provenance, [DatasetProblem], ReadingReport) {
        var report = ReadingReport()
        var streams = manifest.streams ?? [DatasetManifest.StreamMapping(name: "data", channels: manifest.channels)]
        var files = files
        // An optional stream whose file is absent is left out of this recording, and said.
        for i in streams.indices.reversed() where i > 0 && streams[i].optional == true && i < files.count
            && !FileManager.default.fileExists(atPath: files[i].path) {
            let note = "streams: \(streams[i].name) (\(files[i].lastPathComponent)) is optional and absent from some recordings, which have no \(streams[i].channels.map(\.name.rawValue).joined(separator: ", "))"
            if !report.notes.contains(note) { report.notes.append(note) }
            streams.remove(at: i)
            files.remove(at: i)
        }
        var reads: [StreamRead] = []
        var problems: [DatasetProblem] = []
        for (i, (stream, url)) in zip(streams, files).enumerated() {
            var read = readStream(url, table: stream.table ?? manifest.table, time: stream.time ?? manifest.time,
                                  channels: stream.channels, labels: i == 0 ? manifest.labels : nil, report: &report)
            problems += read.problems
            read.problems = []
            reads.append(read)
        }
        var file = files[0].path
        let allChannels = streams.flatMap { $0.channels.map(\.name) }
        var timestamps: [Double], channels: [(Channel, [Double])], lines: [Int32]
        // Streams on epoch or uptime clocks count from their own first raw time; put them on the first's.
        let base = reads.first?.base
        for i in reads.indices.dropFirst() {
            let shift = reads[i].seconds(after: base)
            if shift != 0 { for k in reads[i].timestamps.indices { reads[i].timestamps[k] += shift } }
        }
        let baseSeconds = reads.first?.seconds(after: nil) ?? 0
        if reads.count == 1 {
            (timestamps, channels, lines) = (reads[0].timestamps, reads[0].channels, reads[0].lines)
        } else if reads.allSatisfy({ $0.timestamps.count == $0.lines.count && !$0.timestamps.isEmpty }) {
            let reference = manifest.align?.to.flatMap { name in streams.firstIndex { $0.name == name } } ?? 0
            let aligned = StreamAligner.align(
                zip(streams, zip(files, reads)).map { .init(name: $0.name, file: $1.0.path, times: $1.1.timestamps, channels: $1.1.channels, lines: $1.1.lines) },
                reference: reference, rate: manifest.align?.rate, report: &report)
            (timestamps, channels, lines) = (aligned.times, aligned.channels, aligned.lines)
            problems += aligned.problems
            // The lines are the reference stream's.
            if manifest.align?.rate == nil { file = files[reference].path }
        } else {
            (timestamps, channels, lines) = ([], allChannels.map { ($0, []) }, [])
        }
        // One origin for the whole recording: the first sample's time, by the first stream's policy.
        let time = streams[0].time ?? manifest.time
        var offset = 0.0
        // (A project dataset's annotation files count in its files' clock: an uptime clock named as one is
        // made relative only in external data, whose annotations come from the same rows.)
        if let first = (reads.first?.timestamps.first { $0.isFinite }) {
            let origin = time.effectiveOrigin
            if origin == "first" || (origin == "auto" && ClockInference.isEpochOrUptime(
                first: first + baseSeconds, column: manifest.source == nil ? nil : time.column)) {
                offset = first
                report.relativeTimeRecordings += 1
            } else {
                offset = -baseSeconds
            }
        }
        if offset != 0 { for i in timestamps.indices { timestamps[i] -= offset } }
        var recording = Recording(id: files[0].lastPathComponent, timestamps: timestamps, channels: channels)
        if let mapping = manifest.labels, let values = reads.first?.labels {
            let times = reads[0].timestamps.map { $0 - offset }
            recording.annotations = LabelColumn.annotations(values, times: times, mapping: mapping, report: &report,
                                                            lines: reads[0].lines, file: files[0].path, problems: &problems)
        }
        return (recording, .init(file: file, lines: lines, timeOffset: offset + baseSeconds), problems, report)
    }

    /// Reads one file with the given layout, time and channel mapping (and label column), converting
    /// values by each channel's scale and offset and times to seconds; batches are spread when asked.
    static func readStream(_ url: URL, table format: DatasetManifest.TableFormat, time: DatasetManifest.TimeMapping,
                           channels mappings: [DatasetManifest.ChannelMapping], labels: DatasetManifest.LabelMapping?,
                           report: inout ReadingReport) -> StreamRead {
        let file = url.path
        let empty = StreamRead(timestamps: [], channels: mappings.map { ($0.name, []) }, lines: [], labels: nil, problems: [])
        let bytes: [UInt8]
        do { bytes = try DelimitedText.bytes(of: url) } catch {
            var read = empty
            read.problems = [DatasetProblem(.unreadable, error)]
            return read
        }
        var parser = DelimitedText(format)
        let hasTimeColumn = time.column != nil || time.index != nil
        func locate(_ column: String?, _ index: Int?, _ fallback: String, in header: [String]?) throws(DataFileError) -> (index: Int, name: String) {
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
        var labelField: Int? = nil, timeField: Int? = nil, timeHeader: [String]? = nil, slotIndices: [Int] = []
        let table = parser.parse(bytes, file: file) { (header: [String]?) throws(DataFileError) -> [(index: Int, name: String)] in
            var slots: [(index: Int, name: String)] = []
            if hasTimeColumn {
                timeHeader = header
                slots.append(try locate(time.column, time.index, "time", in: header))
                timeField = slots[0].index
            }
            for mapping in mappings {
                slots.append(try locate(mapping.column, mapping.index, mapping.name.rawValue, in: header))
            }
            if let labels { labelField = try locate(labels.column, labels.index, "label", in: header).index }
            slotIndices = slots.map(\.index)
            return slots
        }
        for note in parser.notes where !report.notes.contains(note) { report.notes.append(note) }
        guard table.columns.count == mappings.count + (hasTimeColumn ? 1 : 0) else {
            var read = empty
            read.problems = table.problems
            return read
        }
        var timestamps: [Double]
        var columns = table.columns
        var base: TimeOrigin? = nil
        if hasTimeColumn {
            timestamps = columns.removeFirst()
            var time = time
            let name = timeField.flatMap { i in timeHeader.flatMap { i < $0.count ? $0[i] : nil } }
            do {
                if let inferred = try inferTimeUnit(timestamps, lines: table.lines, name: name, time: time, file: file) {
                    time.unit = inferred.unit.rawValue
                    if !report.notes.contains(inferred.note) { report.notes.append(inferred.note) }
                }
            } catch {
                var read = empty
                read.problems = table.problems + [DatasetProblem(.timeUnit, error)]
                return read
            }
            let s = time.secondsPerUnit
            let unitsPerSecond = (1 / s).rounded()
            let wholeUnits = unitsPerSecond >= 1 && abs(unitsPerSecond * s - 1) < 1e-12
            if let first = timestamps.first, wholeUnits, ClockInference.isEpochSized(seconds: first * s) {
                // An epoch or uptime clock: count from the first time's whole second so the steps keep
                // their precision (a Double of 1.7e9 s resolves only 0.24 µs).
                guard let firstUnits = Int64(exactly: first.rounded(.down)) else {
                    // Not a clock reading: no 64-bit clock counts that far (or it is infinite).
                    var read = empty
                    read.problems = table.problems + [DatasetProblem(.outOfRange, DataFileError(
                        file: file, line: table.lines.first.map(Int.init), field: name ?? time.column ?? "time",
                        "time \(first) is beyond the range of a 64-bit clock"))]
                    return read
                }
                let perSecond = Int64(unitsPerSecond)
                if abs(first) >= 0x1p53, let timeField,
                   let exact = exactTimes(bytes, lines: table.lines, field: timeField, parser: parser, unitsPerSecond: perSecond) {
                    timestamps = exact.times
                    base = exact.origin
                } else {
                    let origin = TimeOrigin(units: firstUnits, perSecond: perSecond)
                    for i in timestamps.indices { timestamps[i] = origin.seconds(raw: timestamps[i]) }
                    base = origin
                }
            } else if s != 1 {
                for i in timestamps.indices { timestamps[i] *= s }
            }
            if time.batches == "spread" { StreamAligner.spreadBatches(&timestamps, report: &report) }
        } else {
            let period = 1 / (time.rate ?? 1)
            timestamps = (0..<table.rowCount).map { Double($0) * period }
        }
        var channels: [(Channel, [Double])] = []
        var problems = table.problems
        let accelerationLike = Set(Channel.acceleration + Channel.gravity + Channel.userAcceleration)
        for (k, (mapping, var column)) in zip(mappings, columns).enumerated() {
            var s = mapping.scale ?? 1
            let o = mapping.offset ?? 0
            // Units in the header set the scale where the manifest gives none, and must agree where it does.
            let slot = k + (hasTimeColumn ? 1 : 0)
            let headerName = mapping.column ?? table.header.flatMap { h in slotIndices[slot] < h.count ? h[slotIndices[slot]] : nil }
            if accelerationLike.contains(mapping.name), let name = headerName, let unit = HeaderUnit(column: name) {
                if mapping.scale == nil {
                    s = unit.toG
                    if unit != .g {
                        let note = "units: \(mapping.name) in \(unit.rawValue) by its header ('\(name)'), divided by 9.80665 to g with the sign as written; give the channel a scale in the manifest to state the sign"
                        if !report.notes.contains(note) { report.notes.append(note) }
                    }
                } else if abs(abs(s) / unit.toG - 1) > 0.02 {
                    problems.append(DatasetProblem(.units, DataFileError(
                        file: file, line: 1, field: name,
                        "the header states \(unit.rawValue) but the manifest scales \(mapping.name) by \(s), which is not ±\(unit.toG); fix the channel's scale (±\(unit.toG) for \(unit.rawValue) to g)")))
                }
            }
            if s != 1 || o != 0 {
                column.withUnsafeMutableBufferPointer { c in for i in c.indices { c[i] = c[i] * s + o } }
            }
            channels.append((mapping.name, column))
        }
        let values = labelField.map { LabelColumn.values(bytes, lines: table.lines, field: $0, delimiter: parser.delimiter) }
        return StreamRead(timestamps: timestamps, channels: channels, lines: table.lines, labels: values,
                          problems: problems, base: base)
    }

    /// Integer times beyond 2⁵³ (epoch nanoseconds) read exactly from their text: seconds after the
    /// first time, and that time in raw units. `nil` when a time is not an integer.
    static func exactTimes(_ bytes: [UInt8], lines: [Int32], field: Int, parser: DelimitedText,
                           unitsPerSecond: Int64) -> (times: [Double], origin: TimeOrigin)? {
        let texts = LabelColumn.values(bytes, lines: lines, field: field, delimiter: parser.delimiter)
        guard let origin = texts.first.flatMap({ TimeOrigin(exactly: $0, perSecond: unitsPerSecond) }) else { return nil }
        var times: [Double] = []
        times.reserveCapacity(texts.count)
        for text in texts {
            guard let t = origin.seconds(exactly: text) else { return nil }
            times.append(t)
        }
        return (times, origin)
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
            let fields = DelimitedText.fields(content, separator: UInt8(ascii: ","))
            if !sawHeader {
                sawHeader = true
                if fields.joined(separator: ",") == header { continue }
                let semicolons = DelimitedText.sniffSeparator(content) == UInt8(ascii: ";")
                let names = Set(DelimitedText.fields(content, separator: semicolons ? UInt8(ascii: ";") : UInt8(ascii: ",")).map { $0.lowercased() })
                let hint = semicolons ? "; its fields are separated by ';': write them with ','"
                    : names == ["start", "end", "label"] ? "; the columns are in another order: write them as start,end,label"
                    : ""
                problems.append(DatasetProblem(.missingColumn, DataFileError(
                    file: file, line: number, "expected the header '\(header)', found \(DataFileError.quote(content))\(hint)")))
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
