import Foundation
import GestureKit

extension DatasetReader {
    /// Reads one file with the given layout, time and channel mapping (and label column), converting
    /// values by each channel's scale and offset and times to seconds; batches are spread when asked.
    static func readStream(_ url: URL, table format: DatasetManifest.TableFormat, time: DatasetManifest.TimeMapping,
                           channels mappings: [DatasetManifest.ChannelMapping], labels: DatasetManifest.LabelMapping?,
                           refusingUnstatedUnits: Bool = true, report: inout ReadingReport) -> StreamRead {
        let file = url.path
        let empty = StreamRead(timestamps: [], channels: mappings.map { ($0.name, []) }, lines: [], labels: nil, problems: [])
        let bytes: [UInt8]
        do { bytes = try DelimitedText.bytes(of: url) } catch {
            var read = empty
            read.problems = [DatasetProblem(.unreadable, error)]
            return read
        }
        var parser = DelimitedText(format.layout)
        let hasTimeColumn = time.column != nil || time.index != nil
        let textTime = hasTimeColumn && time.format != nil
        let numericTime = hasTimeColumn && !textTime
        func locate(_ column: String?, _ index: Int?, _ fallback: String, in header: [String]?) throws(DataFileError) -> (index: Int, name: String) {
            if let index { return (index, column ?? fallback) }
            let name = column ?? fallback
            guard let header else {
                throw DataFileError(file: file, field: name, .noHeader)
            }
            let found = ColumnPattern.indices(of: name, in: header)
            guard let first = found.first else {
                throw DataFileError(file: file, line: 1, field: name, .missingColumn(name, header: header))
            }
            guard found.count == 1 else {
                throw DataFileError(file: file, line: 1, field: name, "'\(name)' matches \(found.count) columns ("
                                        + found.map { "'\(header[$0])'" }.joined(separator: ", ") + "); name the one to read")
            }
            // Errors and notes name the column as the file spells it.
            return (first, header[first])
        }
        var labelField: Int? = nil, timeField: Int? = nil, timeHeader: [String]? = nil, slotIndices: [Int] = [], leftOut: [String] = []
        let headerLine = parser.skipRows + 1
        let table = parser.parse(bytes, file: file) { (header: [String]?) throws(DataFileError) -> [(index: Int, name: String)] in
            // A header of numbers is a data or metadata row (an E4 file's start time) taken for names.
            if let header, !header.isEmpty, header.allSatisfy({ Double($0.trimmingCharacters(in: .whitespaces)) != nil }) {
                throw DataFileError(file: file, line: headerLine, field: "table.header",
                                    "the header line holds only numbers (\(header.prefix(3).joined(separator: ", "))): it is a data or metadata row; "
                                        + "set table.header: false, and table.skipRows for rows before the data (Empatica E4's start time and rate: the empatica-e4 preset)")
            }
            var slots: [(index: Int, name: String)] = []
            if hasTimeColumn {
                timeHeader = header
                let slot = try locate(time.column, time.index, "time", in: header)
                timeField = slot.index
                // Date-time text is read apart from the numbers.
                if !textTime { slots.append(slot) }
            }
            for mapping in mappings {
                slots.append(try locate(mapping.column, mapping.index, mapping.name.rawValue, in: header))
            }
            if let labels { labelField = try locate(labels.column, labels.index, "label", in: header).index }
            slotIndices = slots.map(\.index)
            if let header {
                let read = Set(slotIndices + [timeField, labelField].compactMap { $0 })
                leftOut = header.indices.filter { !read.contains($0) && !header[$0].trimmingCharacters(in: .whitespaces).isEmpty }.map { header[$0] }
            }
            return slots
        }
        for note in parser.notes where !report.notes.contains(note) { report.notes.append(note) }
        guard table.columns.count == mappings.count + (numericTime ? 1 : 0) else {
            var read = empty
            read.problems = table.problems
            return read
        }
        var timestamps: [Double]
        var columns = table.columns
        var base: TimeOrigin? = nil
        var problems = table.problems
        if textTime, let timeField, let format = time.format, let pattern = DateTimePattern(format) {
            (timestamps, base) = dateTimeClock(bytes, table: table, timeField: timeField, timeHeader: timeHeader, time: time, format: format,
                                               pattern: pattern, parser: parser, file: file, problems: &problems, report: &report)
        } else if hasTimeColumn {
            let clock = numericClock(columns.removeFirst(), bytes: bytes, table: table, timeField: timeField, timeHeader: timeHeader,
                                     time: time, parser: parser, file: file, report: &report)
            if let failure = clock.failure {
                var read = empty
                read.problems = table.problems + [failure]
                return read
            }
            (timestamps, base) = (clock.timestamps, clock.base)
        } else {
            let clock = rateClock(bytes, rowCount: table.rowCount, time: time, parser: parser, file: file, report: &report)
            if let failure = clock.failure {
                var read = empty
                read.problems = problems + [failure]
                return read
            }
            (timestamps, base) = (clock.timestamps, clock.base)
        }
        let (channels, statedScales) = scaledChannels(columns, mappings: mappings, table: table, slotIndices: slotIndices, numericTime: numericTime,
                                                      file: file, problems: &problems, report: &report)
        problems += checkPhysics(channels, mappings: mappings, header: table.header, statedScales: statedScales,
                                 refusingUnstated: refusingUnstatedUnits, file: file, lines: table.lines, times: timestamps)
        let header = table.header
        // Columns the manifest names no channel for are not read; say which, once (a note, not a problem: leaving
        // columns out is how a manifest picks what it reads).
        if let note = Self.leftOutNote(leftOut), !report.notes.contains(note) { report.notes.append(note) }
        let values = labelField.map { LabelColumn.values(bytes, lines: table.lines, field: $0, delimiter: parser.delimiter) }
        return StreamRead(timestamps: timestamps, channels: channels, lines: table.lines, labels: values,
                          problems: problems, base: base, statedScales: statedScales, header: header)
    }

    /// The unit a units row's field states for a channel, as the factor to the channel's unit (g for acceleration,
    /// gravity and user acceleration, rad/s for rotation rate) and the unit's name; `nil` for a unit this reader does
    /// not know or a channel of another quantity.
    static func unitsRowScale(_ text: String, channel: Channel) -> (factor: Double, name: String)? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if Set(Channel.acceleration + Channel.gravity + Channel.userAcceleration).contains(channel), let unit = HeaderUnit(unit: text) {
            return (unit.toG, unit.rawValue)
        }
        if Channel.rotationRate.contains(channel), let unit = RotationUnit(unit: text) { return (unit.toRadiansPerSecond, unit.rawValue) }
        return nil
    }

    /// The note on header columns no channel, time or label mapping reads, the first eight by name; `nil` without any.
    static func leftOutNote(_ columns: [String]) -> String? {
        guard !columns.isEmpty else { return nil }
        let named = columns.prefix(8).map { "'\($0)'" }.joined(separator: ", ") + (columns.count > 8 ? " and \(columns.count - 8) more" : "")
        return "columns: \(named) left out: the manifest maps no channel to \(columns.count == 1 ? "it" : "them")"
    }

    /// The number in the first field of line `row` (1-based), a metadata row such as Empatica E4's start
    /// time and rate; `key` and `what` name it in the error when it is not a number.
    static func metadata(_ bytes: [UInt8], row: Int, parser: DelimitedText, file: String, key: String,
                         what: String) throws(DataFileError) -> Double {
        let text = LabelColumn.values(bytes, lines: [Int32(row)], field: 0, delimiter: parser.delimiter)[0]
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw DataFileError(file: file, line: row, field: key, "\(DataFileError.quote(text)) is not \(what)")
        }
        return value
    }

    /// Rest far from 1 g, or rotation rates no hand reaches, after conversion (``PhysicalPlausibility``): an error
    /// when the manifest (or the header) stated no scale for those channels and `refusingUnstated` (external data,
    /// whose units nobody has vouched for), a warning otherwise (a project dataset's files are g and rad/s by its
    /// format). Still stretches near 0 g are acceleration without gravity claimed as total acceleration: an error in
    /// external data whatever scale was stated (no scale adds gravity), naming where gravity is when the layout
    /// tells (``PhysicalPlausibility/gravitySource(file:header:)``). Rest below 0.06 g with nothing still (zeros) is
    /// not judged; "far" is outside ``PhysicalPlausibility/plausibleRest``.
    ///
    /// Leading rows beyond ``PhysicalPlausibility/largestAcceleration`` are an error whatever was stated: no
    /// worn device reads them, and metadata rows (a start time in epoch seconds) read as samples do. `lines`
    /// are the samples' line numbers, `times` their seconds (acceleration that averages out second by second holds no
    /// gravity, ``PhysicalPlausibility/movesWithoutGravity(times:x:y:z:)``); an unstated scale that a common unit
    /// (milli-g, m/s², counts) would fit is an error in project data too.
    static func checkPhysics(_ channels: [(Channel, [Double])], mappings: [DatasetManifest.ChannelMapping], header: [String]?,
                             statedScales: [Channel: Double], refusingUnstated: Bool, file: String, lines: [Int32],
                             times: [Double]? = nil) -> [DatasetProblem] {
        let line = lines.first.map(Int.init)
        func columns(_ names: [Channel]) -> [[Double]]? {
            let found = names.compactMap { name in channels.first { $0.0 == name }?.1 }
            return found.count == 3 ? found : nil
        }
        func field(_ name: Channel) -> String {
            Self.field(name, in: mappings)
        }
        // With its sign: a flipped axis (scale: -1) is what the manifest says, and the suggested scale keeps it.
        func stated(_ names: [Channel]) -> Double? {
            names.lazy.compactMap { statedScales[$0] }.first
        }
        var problems: [DatasetProblem] = []
        if let a = columns(Channel.acceleration), case let rows = PhysicalPlausibility.leadingImpossibleRows(x: a[0], y: a[1], z: a[2]), rows > 0 {
            problems.append(DatasetProblem(.outOfRange, DataFileError(
                file: file, line: line, field: field(.accelX),
                PhysicalPlausibility.impossibleLeadingRowsMessage(rows: rows, magnitude: Vector3(a[0][0], a[1][0], a[2][0]).length)
                    + " (table.skipRows: \(rows) skips \(rows == 1 ? "it" : "them"); a rate row often follows a start-time row, "
                    + "as Empatica E4 writes them: see the empatica-e4 preset)")))
        }
        // Every sensor unit is judged on its own channels, the primary unit's first; a message names the unit's.
        for placement in [nil] + Self.placements(of: channels.map(\.0)) {
            let acceleration = Self.unit(Channel.acceleration, at: placement), rotation = Self.unit(Channel.rotationRate, at: placement)
            if let a = columns(acceleration), let verdict = PhysicalPlausibility.judgeRest(x: a[0], y: a[1], z: a[2], times: times) {
                problems.append(restProblem(verdict, channels: acceleration, stated: stated(acceleration), refusingUnstated: refusingUnstated,
                                            file: file, line: line, field: field(acceleration[0]), header: header))
            }
            if let w = columns(rotation), let peak = PhysicalPlausibility.peakRate(x: w[0], y: w[1], z: w[2]),
               peak > PhysicalPlausibility.largestRotationRate {
                let scale = stated(rotation)
                problems.append(DatasetProblem(.units, DataFileError(
                    file: file, line: line, field: field(rotation[0]),
                    .rotationRateInDegrees(peak: peak, channels: rotation.map(\.rawValue).joined(separator: ", "), stated: scale)),
                    severity: scale == nil && refusingUnstated ? .error : .warning))
            }
        }
        return problems
    }

    /// The placements of `channels`' placed columns, each once, in order of first appearance.
    static func placements(of channels: [Channel]) -> [String] {
        var seen = Set<String>()
        return channels.compactMap(\.placement).filter { seen.insert($0).inserted }
    }

    /// `channels` (the primary unit's) as the unit at `placement` has them (`accel.x@lowerarm`); themselves for `nil`.
    static func unit(_ channels: [Channel], at placement: String?) -> [Channel] {
        guard let placement else { return channels }
        return channels.map { c in c.motion?.placed(at: placement).map(Channel.init) ?? c }
    }

    /// The column a manifest reads `name` from, for messages: its header name, `column N`, or the channel's name.
    static func field(_ name: Channel, in mappings: [DatasetManifest.ChannelMapping]) -> String {
        mappings.first { $0.name == name }.flatMap { $0.column ?? $0.index.map { "column \($0)" } } ?? name.rawValue
    }

    /// The problem `verdict` on the rest of `channels` (total acceleration, as read or as user + gravity) makes.
    static func restProblem(_ verdict: PhysicalPlausibility.RestVerdict, channels: [Channel], stated scale: Double?, refusingUnstated: Bool,
                            file: String, line: Int?, field: String, header: [String]?) -> DatasetProblem {
        let names = channels.map(\.rawValue).joined(separator: ", ")
        switch verdict {
        case let .awayFromOneG(magnitude, fit):
            return DatasetProblem(.units, DataFileError(
                file: file, line: line, field: field,
                .restAwayFromOneG(magnitude: magnitude, channels: names, stated: scale, fitFactor: fit?.factor, fitName: fit?.name)),
                // Unstated, a common unit that fits is no calibration matter, in project data too: read as g it is wrong.
                severity: scale == nil && (refusingUnstated || fit != nil) ? .error : .warning)
        case let .withoutGravity(magnitude):
            return DatasetProblem(.units, DataFileError(
                file: file, line: line, field: field,
                .restWithoutGravity(magnitude: magnitude, channels: names, fix: gravityFix(file: file, header: header))),
                severity: refusingUnstated ? .error : .warning)
        }
    }

    /// How a manifest adds gravity to acceleration read without it, in this file's layout.
    static func gravityFix(file: String, header: [String]?) -> String {
        switch PhysicalPlausibility.gravitySource(file: file, header: header) {
        case .sensorLogger(_, let total?):
            return "this is Sensor Logger's Accelerometer.csv, without gravity; \(total) beside it has gravity: read that file "
                + "(the sensor-logger preset does)"
        case .sensorLogger(let gravity, nil):
            return "this is Sensor Logger's Accelerometer.csv, without gravity (an iOS export, which has no TotalAcceleration.csv); "
                + "\(gravity ?? "Gravity.csv") beside it carries gravity: the sensor-logger-ios preset reads both and adds them "
                + "(gesturelab datasets import sensor-logger-ios SRC --out DIR)"
        case let .columns(names)?:
            return "the file's \(names.map { "'\($0)'" }.joined(separator: ", ")) carry gravity: map them to gravity.x, gravity.y, gravity.z "
                + "and these columns to user.x, user.y, user.z, and no column to accel.x…z, which is then their sum"
        case nil:
            return "map these columns to user.x, user.y, user.z and the gravity the device logged beside them (columns, or its own file "
                + "as another stream) to gravity.x, gravity.y, gravity.z: accel.x…z is then their sum; or read the sensor's total acceleration"
        }
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
