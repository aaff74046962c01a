import Foundation

extension DatasetReader {
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
                throw DataFileError(file: file, field: name, .noHeader)
            }
            guard let found = header.firstIndex(of: name) else {
                throw DataFileError(file: file, line: 1, field: name, .missingColumn(name, header: header))
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
                    time.unit = .init(inferred.unit)
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
                        .timeBeyondClock(first)))]
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
            if time.batches == .spread { StreamAligner.spreadBatches(&timestamps, report: &report) }
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
                        .unitMismatch(unit: unit.rawValue, channel: "\(mapping.name)", scale: s, expected: unit.toG))))
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
}
