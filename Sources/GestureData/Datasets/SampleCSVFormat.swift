import Foundation
import GestureKit

/// The column layout of a sample CSV, inferred from its header, for streaming samples into a
/// recognizer one line at a time (for example from stdin).
///
/// Recognised names (case, `_`, `.`, spaces and unit suffixes in brackets ignored): time as
/// `seconds_elapsed` (preferred: seconds since the start), `time`, `timestamp`, `t`, with a unit
/// stated by a suffix (`time_ns`, `timestamp_ms`, `t_us`, `time_s`) or in brackets (`time (ms)`,
/// `Time (s)`), or else inferred from the values (``SampleCSVStream``); acceleration `accel_x…z`,
/// `acc_x…z`, `acceleration_x…z`, `ax…az`, `x,y,z` or the logger names `accelerometerAccelerationX…Z`;
/// rotation rate `gyro_x…z`, `rotationRate.x…z`; attitude `quat_w…z` or `attitude.roll/pitch/yaw`
/// (`roll`, `pitch`, `yaw`); gravity `gravity_x…z`; user acceleration `user_x…z`,
/// `userAcceleration.x…z`. Without acceleration columns, gravity + user acceleration is used. Bare
/// `x,y,z` columns are taken as acceleration (said in ``notes``), except in a file whose name or
/// header says gyroscope, which is an error rather than a misreading.
/// Values are taken in the project's units (g, rad/s, radians) unless `acceleration` says otherwise.
public struct SampleCSVFormat: Hashable, Sendable {
    /// How acceleration columns are scaled.
    public enum AccelerationUnit: String, Hashable, Sendable, CaseIterable {
        /// g, CoreMotion sign (the default).
        case g
        /// m/s², Android sign (+9.8 up at rest): divided by −9.80665.
        case androidMetersPerSecondSquared = "android-ms2"

        var factor: Double { self == .g ? 1 : -1 / 9.80665 }
    }

    /// The file or stream name used in errors.
    public var file: String
    /// The header fields in order.
    public var columns: [String]
    /// The field separator.
    public var delimiter: Character
    /// Column index of each standard channel found.
    public var mapping: [Channel: Int]
    /// Column index of the time column.
    public var timeIndex: Int
    /// Multiplier from the time column to seconds.
    public var timeScale: Double
    /// The time column's unit when stated (by the caller or the header); `nil` while it is to be
    /// inferred from the values (``settleClock(lines:firstLine:relative:)``).
    public var statedTimeUnit: TimeUnit?
    /// What was inferred from the header that a user should know (a column chosen over another,
    /// bare `x,y,z` taken as acceleration), one line each.
    public var notes: [String] = []
    /// When times are made relative to the first sample: that sample's raw time, kept exact.
    var timeOrigin: TimeOrigin?
    /// Seconds subtracted after ``timeOrigin`` (the first time's fraction of a raw unit).
    var timeShift = 0.0
    /// The acceleration unit: the one stated, else g.
    public var acceleration: AccelerationUnit
    /// The acceleration unit the caller stated (`--acceleration`), `nil` when it was not.
    public var statedAcceleration: AccelerationUnit?
    /// The unit the acceleration columns' headers state (`(m/s^2)`, `(G)`), when they do.
    var headerAcceleration: HeaderUnit?
    /// Multiplier applied to acceleration, gravity and user acceleration columns (unit and sign).
    var accelerationFactor: Double
    /// Whether numbers are written with a decimal comma (`0,5`), found in the first data line.
    public var decimalComma = false
    /// Whether `nan` and `inf` values are passed on in the sample (for a ``GestureKit/SampleValidator``
    /// downstream to skip and count) instead of being rejected as an error.
    public var acceptsNonFinite: Bool

    /// Infers the layout from a header line; `timeUnit`, when given, states the time column's unit
    /// (overriding the header's). Throws when there is no time column or no acceleration (neither
    /// total nor gravity + user acceleration), or when bare `x,y,z` are in a gyroscope's file.
    public init(header: String, file: String = "<stdin>", acceleration: AccelerationUnit? = nil,
                acceptsNonFinite: Bool = false, timeUnit: TimeUnit? = nil) throws(DataFileError) {
        self.file = file
        self.acceleration = acceleration ?? .g
        statedAcceleration = acceleration
        accelerationFactor = (acceleration ?? .g).factor
        self.acceptsNonFinite = acceptsNonFinite
        let line = header.trimmingCharacters(in: .whitespacesAndNewlines)
        delimiter = Character(UnicodeScalar(DelimitedText.sniffSeparator(line)))
        columns = DelimitedText.fields(line, separator: delimiter.asciiValue)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t'")) }
        let keys = columns.map(Self.normalize)
        func find(_ names: [String]) -> Int? {
            for name in names { if let i = keys.firstIndex(of: name) { return i } }
            return nil
        }
        guard var time = Self.timeColumn(columns) else {
            throw DataFileError(file: file, line: 1, "no time column (seconds_elapsed, time, timestamp, t, time_ms, timestamp_ns, time (s)) in \(DataFileError.quote(line))")
        }
        if let timeUnit, let headerUnit = time.unit, headerUnit != timeUnit, let other = time.passedOver,
           TimeUnit.split(columns[other]).unit == nil {
            // A stated unit applies to the column it can name: the one whose header states no unit.
            notes.append("time: column '\(columns[other])' read as \(timeUnit.name) (--time-unit \(timeUnit.rawValue)) rather than "
                             + "'\(columns[time.index])', whose header says \(headerUnit.name)")
            time = (other, nil, nil)
        } else if let other = time.passedOver {
            notes.append("time: column '\(columns[time.index])' (seconds since the start) used rather than '\(columns[other])'"
                             + (timeUnit.map { " (--time-unit \($0.rawValue) applies to it)" } ?? ""))
        }
        timeIndex = time.index
        statedTimeUnit = timeUnit ?? time.unit
        timeScale = statedTimeUnit?.secondsPerUnit ?? 1
        var mapping: [Channel: Int] = [:]
        let axes = ["x", "y", "z"]
        let groups: [([Channel], [String], [String])] = [
            (Channel.acceleration, axes, ["accel", "acc", "acceleration", "a", "", "accelerometeracceleration", "accelerometer"]),
            (Channel.rotationRate, axes, ["gyro", "rotationrate", "gyroscope", "motionrotationrate", "gyrorotation", "g"]),
            (Channel.attitude, ["w", "x", "y", "z"], ["quat", "quaternion", "q", "attitudequaternion", "motionquaternion"]),
            (Channel.gravity, axes, ["gravity", "motiongravity", "grav"]),
            (Channel.userAcceleration, axes, ["user", "useracceleration", "motionuseracceleration", "linear", "linearacceleration"]),
        ]
        for (channels, suffixes, prefixes) in groups {
            for prefix in prefixes {
                let found = suffixes.map { find([prefix + $0]) }
                if found.allSatisfy({ $0 != nil }), Set(found).count == found.count {
                    for (c, i) in zip(channels, found) { mapping[c] = i! }
                    break
                }
            }
        }
        for (channel, names) in [(Channel.roll, ["roll", "attituderoll", "motionroll"]),
                                 (Channel.pitch, ["pitch", "attitudepitch", "motionpitch"]),
                                 (Channel.yaw, ["yaw", "attitudeyaw", "motionyaw"])] {
            if let i = find(names) { mapping[channel] = i }
        }
        guard mapping[.accelX] != nil || mapping[.userX] != nil else {
            throw DataFileError(file: file, line: 1, "no acceleration columns (accel_x…z, x,y,z, user.x…z, userAcceleration + gravity) in \(DataFileError.quote(line))")
        }
        if mapping[.accelX] == nil, mapping[.gravityX] == nil {
            notes.append("channels: only user acceleration (\(columns[mapping[.userX]!]), …) without gravity: it is also passed on as the "
                             + "total acceleration, so recognizers that need gravity or a resting 1 g see none")
        }
        self.mapping = mapping
        // Units in the headers set the scale (never the sign); a stated unit must agree with them.
        let accelerationColumns = (Channel.acceleration + Channel.gravity + Channel.userAcceleration).compactMap { mapping[$0] }
        let units = Set(accelerationColumns.compactMap { HeaderUnit(column: columns[$0]) })
        if units.count > 1 {
            throw DataFileError(file: file, line: 1, field: columns[accelerationColumns[0]],
                                "the acceleration columns state different units (\(units.map(\.rawValue).sorted().joined(separator: ", "))); convert them to one unit")
        }
        headerAcceleration = units.first
        if let unit = headerAcceleration {
            let column = columns[accelerationColumns.first { HeaderUnit(column: columns[$0]) != nil }!]
            switch (acceleration, unit) {
            case (.g?, .metersPerSecondSquared), (.androidMetersPerSecondSquared?, .g):
                throw DataFileError(file: file, line: 1, field: column,
                                    "the header states \(unit.rawValue) but --acceleration says \(acceleration!.rawValue); drop the option or give the one that matches the header")
            case (nil, .metersPerSecondSquared):
                accelerationFactor = unit.toG
                notes.append("units: acceleration in m/s² by its header ('\(column)'), divided by 9.80665 to g with the sign as written "
                                 + "(CoreMotion's: −1 g on z lying face up); for Android's sign (+9.8 up) pass --acceleration android-ms2")
            default: break
            }
        }
        if let x = mapping[.accelX], keys[x] == "x" {
            // Bare x,y,z say nothing about the sensor: refuse a gyroscope's file, say what was assumed otherwise.
            let name = URL(fileURLWithPath: file).lastPathComponent
            if name.lowercased().contains("gyro") || (mapping[.gyroX] == nil && keys.contains { $0.contains("gyro") }) {
                throw DataFileError(file: file, line: 1, field: "x",
                                    "bare x,y,z columns in a gyroscope's file would be read as acceleration; "
                                        + "name them gyro_x,gyro_y,gyro_z (rad/s) beside acceleration columns, "
                                        + "or read the file as a manifest stream with its channels named")
            }
            notes.append("channels: bare x,y,z taken as acceleration in \(self.acceleration == .g ? "g (CoreMotion sign)" : "m/s² (Android sign)"); "
                             + "name them accel_x…z to say so, gyro_x…z for rotation rate"
                             + (statedAcceleration == nil ? ", or use --acceleration android-ms2 for m/s²" : ""))
        }
    }

    /// The time column among `columns`, with the unit its name states and, when `seconds_elapsed`
    /// was preferred, the time column passed over.
    static func timeColumn(_ columns: [String]) -> (index: Int, unit: TimeUnit?, passedOver: Int?)? {
        let named = columns.map(TimeUnit.split)
        // Sensor Logger writes `time` (epoch ns) and `seconds_elapsed`: the latter needs no clock guess.
        let elapsed = named.firstIndex { $0.base == "secondselapsed" }
        let bases = ["time", "timestamp", "t", "seconds", "times", "timestamps", "motiontimestampsincereboot",
                     "accelerometertimestampsincereboot", "timestampsincereboot", "millis", "ms", "nanos"]
        let other = bases.lazy.compactMap { base in named.firstIndex { $0.base == base } }.first
        if let elapsed { return (elapsed, .s, other) }
        guard let other else { return nil }
        return (other, named[other].unit, nil)
    }

    /// Lower case with everything but letters and digits removed, and a trailing unit in brackets dropped.
    static func normalize(_ name: String) -> String {
        var text = name.lowercased()
        if let open = text.firstIndex(where: { $0 == "(" || $0 == "[" }) { text = String(text[..<open]) }
        return String(text.filter { $0.isLetter || $0.isNumber })
    }

    /// Parses one data line (skip blank lines before calling). Every number must be finite unless
    /// ``acceptsNonFinite`` is set.
    /// O(fields); allocation-free apart from the field split.
    public func parse(line: String, lineNumber: Int) throws(DataFileError) -> MotionSample {
        let fields = DelimitedText.fields(line.hasSuffix("\r") ? line.dropLast() : line[...], separator: delimiter.asciiValue)
        func text(_ index: Int) throws(DataFileError) -> String {
            guard index < fields.count else {
                throw DataFileError(file: file, line: lineNumber, field: columns[index], "the line has only \(fields.count) fields")
            }
            return fields[index]
        }
        func value(_ index: Int) throws(DataFileError) -> Double {
            let text = try text(index)
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
        if let timeOrigin {
            // Epoch nanoseconds are read exactly from their text when they are integers.
            if let exact = timeOrigin.seconds(exactly: try text(timeIndex)) {
                time = exact - timeShift
            } else {
                time = timeOrigin.seconds(raw: try value(timeIndex)) - timeShift
            }
        } else {
            time = try value(timeIndex) * timeScale
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
        return MotionSample(timestamp: time, acceleration: total, rotationRate: try vector(Channel.rotationRate),
                            attitude: attitude, gravity: gravity, userAcceleration: user)
    }

    /// The number a field's text holds, a decimal comma read as a point when `decimalComma`. O(length).
    static func number(_ text: String, decimalComma: Bool) -> Double? {
        if let v = Double(text) { return v }
        guard decimalComma, DelimitedText.isDecimalComma(text) else { return nil }
        return Double(text.replacingOccurrences(of: ",", with: "."))
    }

    /// Reads a whole sample CSV as a one-recording dataset (source `csv:FILE`), stopping at the first
    /// bad line. Lines are split by ``TextLines``. An empty file or a header without rows is an error.
    /// What was inferred (the time unit and origin, bare `x,y,z`) is in the report's notes.
    public static func load(_ url: URL, acceleration: AccelerationUnit? = nil, timeUnit: TimeUnit? = nil,
                            relativeTime: Bool = false) throws(DataFileError) -> LoadedDataset {
        let text = try DataFileError.readText(url)
        var stream = SampleCSVStream(file: url.path, acceleration: acceleration, timeUnit: timeUnit, relativeTime: relativeTime)
        var samples: [MotionSample] = [], lines: [Int32] = []
        func drain() {
            while let (sample, line) = stream.nextReady() {
                samples.append(sample)
                lines.append(Int32(line))
            }
        }
        for line in TextLines(text) {
            try stream.accept(String(line.text), lineNumber: line.number)
            drain()
        }
        try stream.finish()
        drain()
        guard stream.format != nil else { throw DataFileError(file: url.path, "the file is empty") }
        guard !samples.isEmpty else { throw DataFileError(file: url.path, "the file has a header but no data rows") }
        var channels: [(Channel, [Double])] = []
        func add(_ names: [Channel], _ get: (MotionSample) -> Vector3?) {
            guard samples.first.flatMap(get) != nil else { return }
            for (k, name) in names.enumerated() { channels.append((name, samples.map { get($0)?[Axis.allCases[k]] ?? .nan })) }
        }
        add(Channel.acceleration) { $0.acceleration }
        add(Channel.rotationRate) { $0.rotationRate }
        add(Channel.gravity) { $0.gravity }
        add(Channel.userAcceleration) { $0.userAcceleration }
        if samples.first?.attitude != nil {
            for (name, key) in zip(Channel.attitude, [\Quaternion.w, \.x, \.y, \.z]) {
                channels.append((name, samples.map { $0.attitude?[keyPath: key] ?? .nan }))
            }
        }
        let recording = Recording(id: url.deletingPathExtension().lastPathComponent, timestamps: samples.map(\.timestamp), channels: channels)
        let dataset = Dataset(name: recording.id, kind: .continuous, recordings: [recording])
        var report = ReadingReport()
        report.notes = stream.notes
        return LoadedDataset(dataset: dataset, provenance: [.init(file: url.path, lines: lines)], problems: [], manifest: nil,
                             report: report)
    }
}

/// Reads a sample CSV one line at a time (for example `readLine()` on stdin): the first non-blank
/// line is the header, blank lines are skipped, and line numbers are counted for error messages.
///
/// Unless the time column's unit is stated (``timeUnit``, or the header: `time_ns`, `time (s)`,
/// `seconds_elapsed`), the first data lines are held back until a few steps between times have
/// been seen (or the input ends), and the unit is inferred from them
/// (``SampleCSVFormat/settleClock(lines:firstLine:relative:)``); what was inferred is added to ``notes`` once.
public struct SampleCSVStream: Sendable {
    /// The layout, once the header has been seen.
    public private(set) var format: SampleCSVFormat?
    /// The 1-based number of the last line fed.
    public private(set) var lineNumber = 0
    /// The name used in errors.
    public var file: String
    /// The acceleration unit of the data as stated (`--acceleration`); `nil`: from the header, else g.
    public var acceleration: SampleCSVFormat.AccelerationUnit?
    /// Whether non-finite values are passed on rather than rejected (``SampleCSVFormat/acceptsNonFinite``).
    public var acceptsNonFinite: Bool
    /// The time column's unit, when the caller states it (overrides the header; nothing is inferred).
    public var timeUnit: SampleCSVFormat.TimeUnit?
    /// Whether times are made relative to the first sample even when they are not epoch-sized
    /// (epoch and uptime clocks always are).
    public var relativeTime: Bool
    /// What was inferred (column choices, bare `x,y,z`, the time unit and origin), one line each.
    public private(set) var notes: [String] = []
    /// Called with each note as it is made (for example to print it on standard error).
    public var onNote: (@Sendable (String) -> Void)?

    /// Positive steps between held times that settle the unit: 8 by default; a live stream that
    /// must not be held back (a pipe) can settle it from fewer (1: from the first two distinct times).
    public var stepsToInfer = 8
    /// Lines held at most (batches sharing one time give no steps).
    static let linesToHold = 64
    private var held: [(line: String, number: Int)] = []
    private var heldSteps = 0
    private var lastHeldTime: Double?
    private var clockSettled = false
    private var ready: [(sample: MotionSample, line: Int)] = []
    private var readyHead = 0

    /// A stream named `file` in errors.
    public init(file: String = "<stdin>", acceleration: SampleCSVFormat.AccelerationUnit? = nil,
                acceptsNonFinite: Bool = false, timeUnit: SampleCSVFormat.TimeUnit? = nil, relativeTime: Bool = false) {
        self.file = file
        self.acceleration = acceleration
        self.acceptsNonFinite = acceptsNonFinite
        self.timeUnit = timeUnit
        self.relativeTime = relativeTime
    }

    /// Feeds the next line (without or with its line break). Returns the next sample that is ready,
    /// or `nil` for the header, blank lines and lines held while the time unit is inferred (those
    /// come from ``nextHeld()`` later; call ``finish()`` at the end of the input). O(fields).
    public mutating func feed(_ line: String) throws(DataFileError) -> MotionSample? {
        try accept(line, lineNumber: lineNumber + 1)
        return nextHeld()
    }

    /// Takes line `number`: the header, a blank line, or a data line made ready or held.
    mutating func accept(_ line: String, lineNumber number: Int) throws(DataFileError) {
        lineNumber = number
        guard line.contains(where: { !$0.isWhitespace }) else { return }
        guard let format else {
            let format = try SampleCSVFormat(header: line, file: file, acceleration: acceleration,
                                             acceptsNonFinite: acceptsNonFinite, timeUnit: timeUnit)
            self.format = format
            for note in format.notes { say(note) }
            return
        }
        if clockSettled {
            ready.append((try format.parse(line: line, lineNumber: number), number))
            return
        }
        held.append((line, number))
        if let t = format.rawTime(line: line)?.value {
            if let last = lastHeldTime, t > last { heldSteps += 1 }
            lastHeldTime = t
        }
        if format.statedTimeUnit != nil || heldSteps >= stepsToInfer || held.count >= Self.linesToHold {
            try settle()
        }
    }

    /// The input has ended: settles the clock from whatever lines were held.
    public mutating func finish() throws(DataFileError) {
        if !clockSettled, format != nil, !held.isEmpty { try settle() }
    }

    /// The next sample made ready (held lines once the clock is settled), with its line number.
    mutating func nextReady() -> (sample: MotionSample, line: Int)? {
        guard readyHead < ready.count else { return nil }
        defer {
            readyHead += 1
            if readyHead == ready.count { ready.removeAll(keepingCapacity: true); readyHead = 0 }
        }
        return ready[readyHead]
    }

    /// The next sample that was held back and is now ready, or `nil`.
    public mutating func nextHeld() -> MotionSample? { nextReady()?.sample }

    private mutating func settle() throws(DataFileError) {
        clockSettled = true
        let lines = held
        held = []
        if let note = try format!.settleClock(lines: lines.map(\.line), firstLine: lines.first?.number ?? lineNumber,
                                              relative: relativeTime) {
            say(note)
        }
        for (line, number) in lines { ready.append((try format!.parse(line: line, lineNumber: number), number)) }
    }

    private mutating func say(_ note: String) {
        notes.append(note)
        onNote?(note)
    }
}


/// A stream decodes the lines a ``LineSource`` reads (as `gesturelab detect` does), taking the
/// line numbers and file name from the source.
extension SampleCSVStream: SampleLineDecoder {
    /// Decodes line `lineNumber` of `file`: the header if none has been seen yet (returns `nil`),
    /// otherwise a sample, or `nil` while lines are held to infer the time unit. O(fields).
    public mutating func decode(_ line: Substring, lineNumber: Int, file: String) throws(DataFileError) -> MotionSample? {
        self.file = file
        try accept(String(line), lineNumber: lineNumber)
        return nextHeld()
    }
}
