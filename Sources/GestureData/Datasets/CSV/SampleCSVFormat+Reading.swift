import Foundation
import GestureKit

extension SampleCSVFormat {
    /// Parses one data line (skip blank lines before calling). Every number must be finite unless
    /// ``acceptsNonFinite`` is set. A line must have the header's fields, no fewer and no more
    /// (``DataFileError/Reason/fieldCount(found:header:)``, at the first column it lacks or the first
    /// field past the last column). `row` is the line's 0-based place among the data lines, which is its
    /// time (`row / rowRate` s) in a file without a time column; a file with one ignores it.
    /// O(fields); allocation-free apart from the field split.
    package func parse(line: String, lineNumber: Int, row: Int = 0) throws(DataFileError) -> MotionSample {
        let fields = DelimitedText.fields(line.hasSuffix("\r") ? line.dropLast() : line[...], separator: delimiter.asciiValue)
        // A line of another width has its fields under the wrong columns (or none under some): refused
        // before any is read, so an empty field cannot pass for the next column's value.
        if fields.count != columns.count {
            let short = fields.count < columns.count
            let name = short && !columns[fields.count].isEmpty ? columns[fields.count] : "column \(short ? fields.count + 1 : columns.count + 1)"
            throw DataFileError(file: file, line: lineNumber, field: name, .fieldCount(found: fields.count, header: columns.count))
        }
        func text(_ index: Int) -> String { fields[index] }
        func value(_ index: Int) throws(DataFileError) -> Double {
            let text = text(index)
            guard let v = Self.number(text, decimalComma: decimalComma) else {
                let hint = DelimitedText.isDecimalComma(text) ? " (a decimal comma where the first line had none; export with one decimal mark)" : ""
                throw DataFileError(file: file, line: lineNumber, field: columns[index], "\(DataFileError.quote(text)) is not a number\(hint)")
            }
            guard v.isFinite || acceptsNonFinite else { throw DataFileError(file: file, line: lineNumber, field: columns[index], "\(DataFileError.quote(text)) is not finite") }
            return v
        }
        func vector(_ channels: [Channel], _ factor: Double = 1) throws(DataFileError) -> Vector3? {
            guard let x = mapping[channels[0]], let y = mapping[channels[1]], let z = mapping[channels[2]] else { return nil }
            return Vector3(try value(x) * factor, try value(y) * factor, try value(z) * factor)
        }
        let time: Double
        if let timeIndex {
            if isoTime, let timeOrigin {
                let text = text(timeIndex)
                guard let reading = DateTimePattern.iso8601.read(text) else {
                    throw DataFileError(file: file, line: lineNumber, field: columns[timeIndex],
                                        "\(DataFileError.quote(text)) is not ISO-8601 date-time text like the first line's (2019-03-11T10:00:00.000+02:00)")
                }
                time = Double(reading.nanoseconds - timeOrigin.units) * 1e-9
            } else if let timeOrigin {
                // Epoch nanoseconds are read exactly from their text when they are integers.
                if let exact = timeOrigin.seconds(exactly: text(timeIndex)) {
                    time = exact - timeShift
                } else {
                    time = timeOrigin.seconds(raw: try value(timeIndex)) - timeShift
                }
            } else {
                time = try value(timeIndex) * timeScale
            }
        } else {
            time = Double(row) / (rowRate ?? .infinity)
        }
        let factor = accelerationFactor
        let gravity = try vector(Channel.gravity, factor)
        let user = try vector(Channel.userAcceleration, factor)
        let total = try vector(Channel.acceleration, factor) ?? gravity.map { $0 + user! } ?? user!
        var attitude: Quaternion? = nil
        if let w = mapping[.quatW], let x = mapping[.quatX], let y = mapping[.quatY], let z = mapping[.quatZ] {
            attitude = Quaternion(w: try value(w), x: try value(x), y: try value(y), z: try value(z))
        } else if let r = mapping[.roll], let p = mapping[.pitch], let yw = mapping[.yaw] {
            attitude = Quaternion(EulerAngles(pitch: try value(p), roll: try value(r), yaw: try value(yw)))
        }
        var pressure: Double? = nil
        if let i = mapping[.pressure] { pressure = try value(i) }
        var sample = MotionSample(timestamp: time, acceleration: total, rotationRate: try vector(Channel.rotationRate, rotationRateFactor),
                                  attitude: attitude, gravity: gravity, userAcceleration: user,
                                  magneticField: try vector(Channel.magneticField), pressure: pressure)
        sample.units = try unitReadings(fields, time: time, lineNumber: lineNumber)
        return sample
    }

    /// Checks a whole file's converted values against physics, as a manifest's are (``PhysicalPlausibility``):
    /// leading rows no device reads (metadata) are refused whatever was stated; rest far from 1 g, or rotation faster than a hand
    /// turns a device, is refused unless the unit was stated (`--acceleration`, or the header), naming the unit
    /// that fits; still stretches near 0 g (acceleration without gravity) are refused whatever was stated, unless the
    /// file gives user acceleration alone (passed on as such, said in a note); a rotation rate held across gravity
    /// while still (°/s or a zero point read as rad/s) is refused unless the header states its unit. `times` are the
    /// samples' seconds, `lines` their line numbers. O(samples log samples).
    func checkPhysics(_ channels: [(Channel, [Double])], times: [Double], lines: [Int32]) throws(DataFileError) {
        func axes(_ names: [Channel]) -> [[Double]]? {
            let found = names.compactMap { name in channels.first { $0.0 == name }?.1 }
            return found.count == 3 ? found : nil
        }
        // A csv: file has no manifest to state a scale in.
        let advice = "; a csv: file holds g and rad/s: describe it with a dataset.yaml that states the scale (datasets/README.md), or convert its values"
        let line = lines.first.map(Int.init)
        if let a = axes(Channel.acceleration), let x = mapping[.accelX] ?? mapping[.userX] {
            if case let rows = PhysicalPlausibility.leadingImpossibleRows(x: a[0], y: a[1], z: a[2]), rows > 0 {
                throw DataFileError(file: file, line: line, field: columns[x],
                                    PhysicalPlausibility.impossibleLeadingRowsMessage(rows: rows, magnitude: Vector3(a[0][0], a[1][0], a[2][0]).length))
            }
            switch PhysicalPlausibility.judgeRest(x: a[0], y: a[1], z: a[2], times: times) {
            case let .awayFromOneG(magnitude, fit)? where statedAcceleration == nil && headerAcceleration == nil:
                throw DataFileError(file: file, line: line, field: columns[x],
                                    DataFileError.Reason.restMessage(magnitude: magnitude, channels: "\(columns[x]) and the other axes", stated: nil,
                                                                     factor: fit?.factor, name: fit?.name) + advice)
            case let .awayFromOneG(magnitude, fit?)? where statedAcceleration == nil:
                // The header's unit is wrong when a common unit brings the rest to 1 g.
                let unit = headerAcceleration.map { "\($0.rawValue)" } ?? "g"
                throw DataFileError(file: file, line: line, field: columns[x],
                                    "the header states \(unit) ('\(columns[x])'), but the acceleration then reads \(Self.format(magnitude)) g at rest "
                                        + "(median |a| of still stretches), where a device reads 1 g: the values look like \(fit.name); "
                                        + "fix the header's unit, or describe the file with a dataset.yaml that gives scale: "
                                        + "\(Self.format(fit.factor * (headerAcceleration?.toG ?? 1))) (datasets/README.md)")
            case let .withoutGravity(magnitude)? where judgesRest:
                throw withoutGravityError(magnitude: magnitude, line: line)
            default: break
            }
        }
        if let w = axes(Channel.rotationRate), let x = mapping[.gyroX], !headerRotationRate {
            if let peak = PhysicalPlausibility.peakRate(x: w[0], y: w[1], z: w[2]), peak > PhysicalPlausibility.largestRotationRate {
                throw DataFileError(file: file, line: line, field: columns[x], rotationMessage(.rotationTooFast(peak: peak)))
            }
            if let a = axes(Channel.acceleration), let found = PhysicalPlausibility.stillRotation(times: times, acceleration: a, rotationRate: w) {
                throw DataFileError(file: file, line: found.index < lines.count ? Int(lines[found.index]) : line, field: columns[x],
                                    rotationMessage(found.finding))
            }
        }
    }

    /// Whether the acceleration's rest is judged against gravity: it is claimed as total acceleration (acceleration
    /// columns, or gravity + user acceleration), not user acceleration passed on alone (said in a note when read).
    var judgesRest: Bool { mapping[.accelX] != nil || mapping[.gravityX] != nil }

    /// The refusal of acceleration resting at `magnitude` g (no gravity), with the fix for CSV input in its layout.
    func withoutGravityError(magnitude: Double, line: Int?) -> DataFileError {
        let x = mapping[.accelX] ?? mapping[.userX] ?? 0
        let fix: String
        switch PhysicalPlausibility.gravitySource(file: file, header: columns) {
        case .sensorLogger(_, let total?):
            fix = "this is Sensor Logger's Accelerometer.csv, without gravity; read \(total) beside it, which has gravity (in m/s²: --acceleration android-ms2)"
        case .sensorLogger(let gravity, nil):
            fix = "this is Sensor Logger's Accelerometer.csv, without gravity (an iOS export); \(gravity ?? "Gravity.csv") beside it carries gravity: "
                + "import the recording folder with the sensor-logger-ios preset (gesturelab datasets import sensor-logger-ios SRC --out DIR), "
                + "which adds the two, and read the recording it writes"
        case let .columns(names)?:
            fix = "the file's \(names.map { "'\($0)'" }.joined(separator: ", ")) carry gravity: name these columns user_x, user_y, user_z "
                + "(and no column accel_x…z) and the reader adds the two"
        case nil:
            fix = "give total acceleration (with gravity), or user acceleration as user_x…z beside gravity_x…z columns, which the reader adds"
        }
        return DataFileError(file: file, line: line, field: columns[x],
                             PhysicalPlausibility.withoutGravityDiagnosis(magnitude: magnitude, channels: "\(columns[x]) and the other axes") + "; " + fix)
    }

    /// The refusal's message for a rotation-rate `finding`, with the fix CSV input takes: its unit named in the header.
    func rotationMessage(_ finding: PhysicalPlausibility.Finding) -> String {
        let gyro = mapping[.gyroX].map { columns[$0] } ?? "gyro_x"
        let header = "pass --gyroscope deg/s, or name the unit in the header (\(gyro) (deg/s) and the other axes), and it is read as degrees per second"
        switch finding {
        case let .rotationTooFast(peak) where peak * .pi / 180 > PhysicalPlausibility.largestRotationRate:
            // Not degrees per second: raw counts, whose scale only a manifest states.
            return "the rotation rate peaks at \(Self.format(peak)) rad/s, where no hand turns a device faster than about "
                + "\(Int(PhysicalPlausibility.largestRotationRate)) rad/s: "
                + DataFileError.Reason.rotationUnitAdvice(rawPeak: peak, stated: nil, channels: gyro + " and the other axes",
                                                          place: "in a dataset.yaml that describes the file (datasets/README.md)")
        case let .rotationTooFast(peak):
            return "the rotation rate peaks at \(Self.format(peak)) rad/s, where no hand turns a device faster than about "
                + "\(Int(PhysicalPlausibility.largestRotationRate)) rad/s: the values are degrees per second; " + header
                + " (or describe the file with a dataset.yaml that gives scale: \(Double.pi / 180))"
        case let .rotationWhileStill(rate, atRest):
            return PhysicalPlausibility.rotationWhileStillDiagnosis(rate: rate, stated: nil) + "; for degrees per second, " + header
                + "; for a zero point, subtract the rates at rest (\(Self.format(atRest.x)), \(Self.format(atRest.y)), \(Self.format(atRest.z))) "
                + "or describe the file with a dataset.yaml that gives offset: on each axis"
        case let .turnWhileStill(turn):
            return PhysicalPlausibility.turnWhileStillDiagnosis(turn, stated: nil) + "; for degrees per second, " + header
                + "; for a zero point, subtract the rates at rest (\(Self.format(turn.atRest.x)), \(Self.format(turn.atRest.y)), \(Self.format(turn.atRest.z))) "
                + "or describe the file with a dataset.yaml that gives offset: on each axis"
        case let .withoutGravity(magnitude):
            return withoutGravityError(magnitude: magnitude, line: nil).message
        }
    }

    /// The number a field's text holds, a decimal comma read as a point when `decimalComma`. O(length).
    static func number(_ text: String, decimalComma: Bool) -> Double? {
        if let v = Double(text) { return v }
        guard decimalComma, DelimitedText.isDecimalComma(text) else { return nil }
        return Double(text.replacingOccurrences(of: ",", with: "."))
    }

    /// Reads a whole sample CSV as a one-recording dataset (source `csv:FILE`), stopping at the first
    /// bad line unless `collectingProblems` (as `validate` asks): then a bad line after the first lines that
    /// settle the clock is a problem of the result and is left out, and reading goes on. Lines are split by
    /// ``TextLines``. An empty file or a header without rows is an error. What was inferred (the time unit
    /// and origin, bare `x,y,z`) is in the report's notes.
    ///
    /// Reads at memory speed: one pass over the bytes in chunks, numbers parsed in place into one `[Double]`
    /// per channel (the reader's fast path); a file it does not take (bytes beyond ASCII, a header without
    /// acceleration columns or with Euler angles) is read line by line, with the same result.
    ///
    /// - Complexity: O(file size); memory: 8 bytes per channel and row, 4 per row for its line number, and a
    ///   1 MiB buffer.
    ///
    /// `rate` (Hz) states the rate of a file without a time column, as ``SampleCSVStream/rate`` does; `rotationRate`
    /// the gyroscope's unit, as ``SampleCSVStream/rotationRate`` does.
    public static func load(_ url: URL, acceleration: AccelerationUnit? = nil, timeUnit: TimeUnit? = nil,
                            relativeTime: Bool = false, collectingProblems: Bool = false, rate: Double? = nil,
                            rotationRate: RotationUnit? = nil) throws(DataFileError) -> LoadedDataset {
        let options = LoadOptions(acceleration: acceleration, timeUnit: timeUnit, relativeTime: relativeTime, rate: rate, rotationRate: rotationRate)
        if let loaded = try SampleCSVReader.load(url, options, collectingProblems: collectingProblems) {
            return loaded
        }
        return try loadLineByLine(url, options, collectingProblems: collectingProblems)
    }

    /// What the caller states about a `csv:` file, as ``load(_:acceleration:timeUnit:relativeTime:collectingProblems:rate:rotationRate:)``
    /// takes it.
    struct LoadOptions {
        var acceleration: AccelerationUnit? = nil
        var timeUnit: TimeUnit? = nil
        var relativeTime = false
        var rate: Double? = nil
        var rotationRate: RotationUnit? = nil

        /// A stream reading `file` as stated, its physics left to the whole file's check, from its header below a
        /// preamble when it has one (``SampleCSVFormat/headerBelowPreamble(_:)``).
        func stream(file: String) -> SampleCSVStream {
            var stream = SampleCSVStream(file: file, acceleration: acceleration, timeUnit: timeUnit, relativeTime: relativeTime, rate: rate,
                                         rotationRate: rotationRate)
            stream.watchesPhysics = false
            if let found = SampleCSVFormat.headerBelowPreamble(URL(fileURLWithPath: file)) {
                stream.preambleLines = found.line - 1
                stream.preambleNote = "table: the header is line \(found.line) (\(DataFileError.quote(found.header))); the \(found.line - 1) lines above it "
                    + "are a preamble (\(DataFileError.quote(found.first)) …), skipped"
            }
            return stream
        }
    }

    /// The header of a `csv:` file that sits below a preamble (device tags, a firmware version, the rate: Xsens, x-io and
    /// Movesense exports write them): the first of the file's first 50 lines whose names map acceleration columns, as
    /// the manifest reader finds a column's line (``DelimitedText/firstLine(_:from:count:where:)``), when the first
    /// non-blank line does not and is no spreadsheet directive or row of data. Its 1-based line, its text and the
    /// first line's; `nil` when the first line is the header (or nothing is). Reads the first 64 KiB.
    static func headerBelowPreamble(_ url: URL) -> (line: Int, header: String, first: String)? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard var bytes = try? handle.read(upToCount: 65_536), !bytes.isEmpty else { return nil }
        bytes.append(0)
        func namesAcceleration(_ line: String) -> Bool {
            let names = DelimitedText.fields(line, separator: DelimitedText.sniffSeparator(line)).map(normalize)
            let mapping = channelMapping(names)
            return mapping[.accelX] != nil || mapping[.userX] != nil
        }
        return bytes.withUnsafeBytes { raw -> (line: Int, header: String, first: String)? in
            let base = raw.bindMemory(to: UInt8.self).baseAddress!
            let n = raw.count - 1, start = TextLines.byteOrderMarkLength(base, count: n)
            guard let first = DelimitedText.firstLine(base, from: start, count: n, where: { !DelimitedText.isBlankLine($0, separator: nil) }),
                  let header = DelimitedText.firstLine(base, from: start, count: n, where: namesAcceleration), header > first else { return nil }
            var lines: [String] = []
            _ = DelimitedText.firstLine(base, from: start, count: n) { lines.append($0); return lines.count == header }
            let top = lines[first - 1].trimmingCharacters(in: .whitespacesAndNewlines)
            let fields = DelimitedText.fields(top, separator: DelimitedText.sniffSeparator(top))
            guard DelimitedText.separatorDirective(top) == nil, dataInsteadOfHeader(fields, line: top, file: url.path) == nil else { return nil }
            return (header, lines[header - 1].trimmingCharacters(in: .whitespacesAndNewlines), top)
        }
    }

    /// The general path of ``load(_:acceleration:timeUnit:relativeTime:collectingProblems:)``: the text decoded
    /// whole, and every line through ``SampleCSVStream``. O(file size).
    static func loadLineByLine(_ url: URL, _ options: LoadOptions = LoadOptions(), collectingProblems: Bool = false) throws(DataFileError) -> LoadedDataset {
        let text = try DataFileError.readText(url)
        // The whole file is checked at the end.
        var stream = options.stream(file: url.path)
        var columns: SampleCSVColumns?
        func drain() {
            while let (sample, line) = stream.nextReady() {
                if columns == nil, let format = stream.format { columns = SampleCSVColumns(format) }
                columns!.append(sample, line: line)
            }
        }
        var problems: [DatasetProblem] = []
        for line in TextLines(text) {
            do {
                try stream.accept(String(line.text), lineNumber: line.number)
            } catch {
                // Before the clock is settled a bad line spoils the held ones, so it stays fatal.
                guard collectingProblems, stream.isClockSettled, error.line == line.number else { throw error }
                problems.append(problem(error))
                continue
            }
            drain()
        }
        try stream.finish()
        drain()
        guard let format = stream.format else { throw DataFileError(file: url.path, "the file is empty") }
        guard let columns, !columns.lines.isEmpty else { throw DataFileError(file: url.path, "the file has a header but no data rows") }
        return try format.dataset(columns, url: url, notes: stream.notes, problems: problems)
    }

    /// The one-recording dataset of a whole `csv:` file read into `columns` (both paths end here): its sign settled and
    /// said (``settleSign(_:)``), then its values checked against physics (``checkPhysics(_:times:lines:)``); `notes` are
    /// the stream's. O(rows × channels).
    func dataset(_ columns: consuming SampleCSVColumns, url: URL, notes: [String], problems: [DatasetProblem]) throws(DataFileError) -> LoadedDataset {
        let sign = settleSign(&columns)
        let lines = columns.lines
        try checkPhysics(Array(zip(columns.channels, columns.values)), times: columns.timestamps, lines: lines)
        let recording = columns.recording(id: url.deletingPathExtension().lastPathComponent)
        var report = ReadingReport()
        report.notes = notes + [sign]
        return LoadedDataset(dataset: Dataset(name: recording.id, kind: .continuous, recordings: [recording]),
                             provenance: [.init(file: url.path, lines: lines)], problems: problems, report: report)
    }

    /// A bad data line's error as a problem of the result, of the kind its reason or message says.
    static func problem(_ error: DataFileError) -> DatasetProblem {
        if case let .fieldCount(found, header) = error.reason { return DatasetProblem(found < header ? .missingValue : .extraFields, error) }
        let kind: DatasetProblem.Kind = error.message.contains("not finite") ? .nonFinite : .nonNumeric
        return DatasetProblem(kind, error)
    }
}
