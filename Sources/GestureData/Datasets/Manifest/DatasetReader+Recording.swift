import Foundation

extension DatasetReader {
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
        /// The scale the manifest (or the header) stated for each channel, for the checks made on the whole recording.
        var statedScales: [Channel: Double] = [:]
        /// The file's header, when it has one.
        var header: [String]? = nil

        /// Puts the rows in time order (stable; times that are not finite last), with their lines, values
        /// and labels. Returns how many rows moved. O(rows log rows).
        mutating func sortByTime() -> Int {
            guard zip(timestamps, timestamps.dropFirst()).contains(where: { !($0 <= $1) }) else { return 0 }
            let order = timestamps.indices.sorted { a, b in
                let (x, y) = (timestamps[a], timestamps[b])
                if x.isFinite != y.isFinite { return x.isFinite }
                return x < y || (x == y && a < b) || (!x.isFinite && a < b)
            }
            let moved = order.enumerated().filter { $0.offset != $0.element }.count
            timestamps = order.map { timestamps[$0] }
            lines = order.map { lines[$0] }
            for k in channels.indices { channels[k].1 = order.map { channels[k].1[$0] } }
            if let values = labels, values.count == order.count { labels = order.map { values[$0] } }
            return moved
        }

        /// `base` in seconds relative to `other`'s, exact when both count in the same unit.
        func seconds(after other: TimeOrigin?) -> Double {
            guard let base else { return -(other?.seconds(after: nil) ?? 0) }
            return base.seconds(after: other)
        }
    }

    /// Reads one recording: its single file, or its stream files aligned onto one clock; then applies
    /// the time origin and turns a label column into annotations.
    static func readRecording(_ files: [URL], manifest: DatasetManifest, sortingRows: Bool = false)
        -> (Recording, LoadedDataset.Provenance, [DatasetProblem], ReadingReport) {
        var report = ReadingReport()
        // A placed stream's channels are read as that unit's (accel.x@wrist).
        var streams = manifest.streams?.map(\.placedForReading) ?? [DatasetManifest.StreamMapping(name: "data", channels: manifest.channelsWithSensors)]
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
                                  channels: stream.channels, labels: i == 0 ? manifest.labels : nil,
                                  refusingUnstatedUnits: manifest.source != nil, report: &report)
            if manifest.sensors != nil || stream.placement != nil {
                let before = report.sensorGaps
                sensorGaps(&read, mappings: stream.channels, file: url.lastPathComponent, report: &report)
                // A placed stream's file without empty cells says nothing: its gaps in time are the alignment's.
                if manifest.sensors == nil, report.sensorGaps?[url.lastPathComponent]?.values.allSatisfy({ $0 == 0 }) == true { report.sensorGaps = before }
            }
            problems += read.problems
            read.problems = []
            // Only streams that must be aligned need it now; one file is sorted by the repair after reading.
            if sortingRows, streams.count > 1 { report.sortedRows += read.sortByTime() }
            reads.append(read)
        }
        var file = files[0].path
        var linesOf: Int? = 0
        let allChannels = streams.flatMap { $0.channels.map(\.name) }
        var timestamps: [Double], channels: [(Channel, [Double])], lines: [Int32]
        // Streams on epoch or uptime clocks count from their own first raw time; put them on the first's.
        let base = reads.first?.base
        for i in reads.indices.dropFirst() {
            let shift = reads[i].seconds(after: base)
            if shift != 0 { for k in reads[i].timestamps.indices { reads[i].timestamps[k] += shift } }
        }
        // Another device's clock: its offset, stated or estimated, added to its streams' times.
        if streams.contains(where: { $0.clock != nil }) { problems += applyClocks(&reads, streams: streams, files: files, report: &report) }
        let baseSeconds = reads.first?.seconds(after: nil) ?? 0
        if reads.count == 1 {
            (timestamps, channels, lines) = (reads[0].timestamps, reads[0].channels, reads[0].lines)
        } else if reads.allSatisfy({ $0.timestamps.count == $0.lines.count && !$0.timestamps.isEmpty }) {
            let reference = manifest.align?.to.flatMap { name in streams.firstIndex { $0.name == name } } ?? 0
            let aligned = StreamAligner.align(
                zip(streams, zip(files, reads)).map {
                    .init(name: $0.name, file: $1.0.path, times: $1.1.timestamps, channels: $1.1.channels, lines: $1.1.lines, placement: $0.placement)
                },
                reference: reference, rate: manifest.align?.rate, report: &report)
            (timestamps, channels, lines) = (aligned.times, aligned.channels, aligned.lines)
            problems += aligned.problems
            // The lines are the reference stream's.
            if manifest.align?.rate == nil { file = files[reference].path }
            linesOf = manifest.align?.rate == nil ? reference : nil
        } else {
            (timestamps, channels, lines) = ([], allChannels.map { ($0, []) }, [])
        }
        problems += checkRecording(&channels, timestamps: timestamps, lines: lines, linesOf: linesOf, streams: streams, files: files,
                                   reads: reads, refusingUnstated: manifest.source != nil, earlier: problems, report: &report)
        // One origin for the whole recording: the first sample's time, by the first stream's policy.
        let time = streams[0].time ?? manifest.time
        var offset = 0.0
        // (A project dataset's annotation files count in its files' clock: an uptime clock named as one is
        // made relative only in external data, whose annotations come from the same rows.)
        if let first = (reads.first?.timestamps.first { $0.isFinite }) {
            let origin = time.effectiveOrigin
            if origin == .first || (origin == .auto && ClockInference.isEpochOrUptime(
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
            // Alignment may drop the first stream's samples at either end: its label runs are kept to what remains,
            // so the tool's own annotations never lie outside the recording.
            if reads.count > 1 { recording.annotations = Self.clipped(recording.annotations, to: recording.timestamps, report: &report) }
        }
        return (recording, .init(file: file, lines: lines, timeOffset: offset + baseSeconds), problems, report)
    }

    /// `annotations` cut to the span of `timestamps` (those wholly outside it dropped), counted in `report`. O(annotations).
    static func clipped(_ annotations: [Annotation], to timestamps: [Double], report: inout ReadingReport) -> [Annotation] {
        guard let first = timestamps.first, let last = timestamps.last else {
            report.alignmentClippedAnnotations += annotations.count
            return []
        }
        return annotations.compactMap { a in
            let start = max(a.start, first), end = min(a.end, last)
            if start != a.start || end != a.end { report.alignmentClippedAnnotations += 1 }
            return start <= end ? Annotation(start: start, end: end, label: a.label) : nil
        }
    }

    /// Turns the empty cells of a file with sensor units (``DatasetManifest/SensorMapping``) into gaps: a row whose
    /// primary columns are all empty is dropped (the primary unit's gap: no sample there), and on every row a unit
    /// with an empty cell is absent (NaN in all its columns), each counted in `report` under `file` and the
    /// unit's placement (`primary` for the dropped rows). Their empty-value problems go; a row with only some primary
    /// cells empty keeps its problems, as without sensors.
    ///
    /// - Complexity: O(rows × channels + problems).
    static func sensorGaps(_ read: inout StreamRead, mappings: [DatasetManifest.ChannelMapping], file: String, report: inout ReadingReport) {
        guard read.timestamps.count == read.lines.count, !read.lines.isEmpty else { return }
        let names = read.channels.map(\.0)
        let primary = names.indices.filter { names[$0].placement == nil }
        var units: [String: [Int]] = [:]
        for k in names.indices { if let p = names[k].placement { units[p, default: []].append(k) } }
        // The problems name a cell by the file's column, as the mapping states it (or the channel's name).
        var placedField: [String: Bool] = [:]
        for m in mappings { placedField[(m.column ?? m.name.rawValue).lowercased()] = m.name.placement != nil }
        var gaps = [String: Int](uniqueKeysWithValues: units.keys.map { ($0, 0) })
        gaps["primary"] = 0
        var keep: [Int] = [], dropped = Set<Int32>()
        keep.reserveCapacity(read.lines.count)
        for row in read.lines.indices {
            // Each unit's gap counts on every row, also one dropped for the primary unit's: the file's own count.
            for (placement, columns) in units where columns.contains(where: { read.channels[$0].1[row].isNaN }) {
                gaps[placement]! += 1
                for k in columns { read.channels[k].1[row] = .nan }
            }
            if !primary.isEmpty, primary.allSatisfy({ read.channels[$0].1[row].isNaN }) {
                gaps["primary"]! += 1
                dropped.insert(read.lines[row])
            } else {
                keep.append(row)
            }
        }
        read.problems.removeAll { p in
            guard p.kind == .missingValue, let line = p.location.line else { return false }
            return dropped.contains(Int32(line)) || (placedField[p.location.field?.lowercased() ?? ""] ?? false)
        }
        if keep.count < read.lines.count {
            read.timestamps = keep.map { read.timestamps[$0] }
            read.lines = keep.map { read.lines[$0] }
            for k in read.channels.indices {
                let column = read.channels[k].1
                read.channels[k].1 = keep.map { column[$0] }
            }
            if let labels = read.labels, labels.count == read.lines.count + dropped.count { read.labels = keep.map { labels[$0] } }
        }
        report.sensorGaps = (report.sensorGaps ?? [:]).merging([file: gaps]) { a, b in a.merging(b, uniquingKeysWith: +) }
    }
}
