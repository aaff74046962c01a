import Foundation
import GestureKit

/// The clocks of a stream file read by ``DatasetReader/readStream(_:table:time:channels:labels:refusingUnstatedUnits:report:)``:
/// a date-time text column, or a numeric time column in its unit.
extension DatasetReader {
    /// The times of a date-time text column (`time.format`) in seconds from the first one, and the origin of that
    /// clock; a text that is not a date-time is a problem and a `nan` time.
    static func dateTimeClock(_ bytes: [UInt8], table: DelimitedText.Table, timeField: Int, timeHeader: [String]?,
                              time: DatasetManifest.TimeMapping, format: String, pattern: DateTimePattern, parser: DelimitedText,
                              file: String, problems: inout [DatasetProblem], report: inout ReadingReport) -> (timestamps: [Double], base: TimeOrigin?) {
        var timestamps: [Double]
        var base: TimeOrigin? = nil
        let name = timeHeader.flatMap { timeField < $0.count ? $0[timeField] : nil } ?? time.column ?? "column \(timeField)"
        let texts = LabelColumn.values(bytes, lines: table.lines, field: timeField, delimiter: parser.delimiter)
        var readings: [DateTimePattern.Reading?] = texts.map { pattern.read($0) }
        let first = readings.lazy.compactMap { $0 }.first
        timestamps = readings.map { r in r.map { Double($0.nanoseconds - first!.nanoseconds) / 1e9 } ?? .nan }
        for (k, r) in readings.enumerated() where r == nil {
            problems.append(DatasetProblem(.nonNumeric, DataFileError(
                file: file, line: Int(table.lines[k]), field: name,
                "\(DataFileError.quote(texts[k])) is not a date-time \(pattern.isISO8601 ? "in ISO-8601 (2019-03-11T10:00:00.000+02:00)" : "of the pattern '\(format)'")")))
        }
        readings = []
        if let first {
            base = TimeOrigin(units: first.nanoseconds, perSecond: 1_000_000_000)
            let zone = first.offset.map { $0 == 0 ? "UTC (Z)" : "offset \($0 < 0 ? "-" : "+")\(abs($0) / 3600 < 10 ? "0" : "")\(abs($0) / 3600):\(abs($0) % 3600 / 60 < 10 ? "0" : "")\(abs($0) % 3600 / 60) applied" }
                ?? "no offset in the text: read as UTC"
            // One line per clock, not per file: the start of each file is its own business.
            let note = "time: column '\(name)' read as date-time text (\(pattern.isISO8601 ? "ISO-8601" : "pattern '\(format)'"), \(zone)), "
                + "times from each file's first sample"
            if !report.notes.contains(note) { report.notes.append(note) }
        }
        if time.batches == .spread { StreamAligner.spreadBatches(&timestamps, report: &report) }
        return (timestamps, base)
    }

    /// The times of a numeric time column (`raw`, as read) in seconds: the unit stated, read from the units row or
    /// inferred, and an epoch or uptime clock counted from its first whole second (`base`). `failure` is the problem
    /// that leaves the file unread (a unit that cannot be inferred, a time no clock reaches).
    static func numericClock(_ raw: [Double], bytes: [UInt8], table: DelimitedText.Table, timeField: Int?, timeHeader: [String]?,
                             time: DatasetManifest.TimeMapping, parser: DelimitedText, file: String,
                             report: inout ReadingReport) -> (timestamps: [Double], base: TimeOrigin?, failure: DatasetProblem?) {
        var timestamps = raw
        var base: TimeOrigin? = nil
        var time = time
        let name = timeField.flatMap { i in timeHeader.flatMap { i < $0.count ? $0[i] : nil } }
        if time.unit == nil, time.scale == nil, let timeField, let units = table.units, timeField < units.count,
           let unit = SampleCSVFormat.TimeUnit(word: units[timeField].trimmingCharacters(in: .whitespaces)) {
            // The units row states the clock's unit: nothing is left to infer.
            time.unit = .init(unit)
            let note = "time: column '\(name ?? "column \(timeField)")' read as \(unit.name) (its units row says '\(units[timeField])')"
            if !report.notes.contains(note) { report.notes.append(note) }
        }
        do {
            if let inferred = try inferTimeUnit(timestamps, lines: table.lines, name: name, time: time, file: file) {
                time.unit = .init(inferred.unit)
                if !report.notes.contains(inferred.note) { report.notes.append(inferred.note) }
            }
        } catch {
            return ([], nil, DatasetProblem(.timeUnit, error))
        }
        let s = time.secondsPerUnit
        let unitsPerSecond = (1 / s).rounded()
        let wholeUnits = unitsPerSecond >= 1 && abs(unitsPerSecond * s - 1) < 1e-12
        if let first = timestamps.first, wholeUnits, ClockInference.isEpochSized(seconds: first * s) {
            // An epoch or uptime clock: count from the first time's whole second so the steps keep
            // their precision (a Double of 1.7e9 s resolves only 0.24 µs).
            guard let firstUnits = Int64(exactly: first.rounded(.down)) else {
                // Not a clock reading: no 64-bit clock counts that far (or it is infinite).
                return ([], nil, DatasetProblem(.outOfRange, DataFileError(
                    file: file, line: table.lines.first.map(Int.init), field: name ?? time.column ?? "time",
                    .timeBeyondClock(first))))
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
        return (timestamps, base, nil)
    }

    /// The times of a file without a time column: rows `1 / rate` s apart from 0, the rate stated (`time.rate`) or
    /// read from a metadata row (`time.rateRow`), and the start time (`base`) from one (`time.startRow`). `failure` is
    /// the problem that leaves the file unread (a metadata row that is not a number).
    static func rateClock(_ bytes: [UInt8], rowCount: Int, time: DatasetManifest.TimeMapping, parser: DelimitedText, file: String,
                          report: inout ReadingReport) -> (timestamps: [Double], base: TimeOrigin?, failure: DatasetProblem?) {
        var base: TimeOrigin? = nil
        var rate = time.rate ?? 1
        do throws(DataFileError) {
            if let row = time.rateRow {
                rate = try metadata(bytes, row: row, parser: parser, file: file, key: "time.rateRow", what: "a sampling rate in Hz")
                guard rate > 0 else {
                    throw DataFileError(file: file, line: row, field: "time.rateRow", "\(rate) is not a positive sampling rate in Hz")
                }
            }
            var note = time.rateRow.map { "time: \(SampleCSVFormat.format(rate)) Hz from line \($0) (time.rateRow)" }
            if let row = time.startRow {
                let start = try metadata(bytes, row: row, parser: parser, file: file, key: "time.startRow", what: "a start time in seconds since the epoch")
                // Microseconds keep the start exact enough for aligning files while the steps stay exact.
                guard let micros = Int64(exactly: (start * 1e6).rounded()) else {
                    throw DataFileError(file: file, line: row, field: "time.startRow", .timeBeyondClock(start))
                }
                base = TimeOrigin(units: micros, perSecond: 1_000_000)
                note = (note ?? "time: \(SampleCSVFormat.format(rate)) Hz") + ", the start time in epoch seconds from line \(row) (time.startRow)"
            }
            if let note, !report.notes.contains(note) { report.notes.append(note) }
        } catch {
            return ([], nil, DatasetProblem(.nonNumeric, error))
        }
        let period = 1 / rate
        return ((0..<rowCount).map { Double($0) * period }, base, nil)
    }
}
