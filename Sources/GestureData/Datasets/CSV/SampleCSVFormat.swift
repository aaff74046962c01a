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
    /// How acceleration columns are scaled, and their sign: the project's convention is CoreMotion's (a device lying
    /// face up reads −1 g on z).
    public enum AccelerationUnit: String, Hashable, Sendable, CaseIterable {
        /// g, CoreMotion sign (the default).
        case g
        /// g, up positive: +1 g on the up axis at rest, as x-io, Xsens, Axivity and MetaWear write it; negated.
        case gUp = "g-up"
        /// m/s², Android sign (+9.8 up at rest): divided by −9.80665.
        case androidMetersPerSecondSquared = "android-ms2"

        /// Multiplier to g with CoreMotion's sign.
        var factor: Double {
            switch self {
            case .g: 1
            case .gUp: -1
            case .androidMetersPerSecondSquared: -1 / 9.80665
            }
        }

        /// The sign convention in words, for the reading report.
        var signWords: String {
            switch self {
            case .g: "g with CoreMotion's sign (−1 g on z lying face up), as written"
            case .gUp: "g, up positive (+1 g up at rest, as x-io, Xsens, Axivity and MetaWear write), negated to CoreMotion's sign"
            case .androidMetersPerSecondSquared: "m/s² with Android's sign (+9.8 up at rest), divided by −9.80665 to g with CoreMotion's sign"
            }
        }
    }

    /// The file or stream name used in errors.
    package var file: String
    /// The header fields in order.
    package var columns: [String]
    /// The field separator.
    package var delimiter: Character
    /// Column index of each standard channel found.
    package var mapping: [Channel: Int]
    /// The other sensor units the header names (`accel_x@lowerarm`, ``UnitColumns``), read into
    /// ``GestureKit/MotionSample/units``; empty for a file of one unit.
    package var sensorUnits: [UnitColumns] = []
    /// Column index of the time column; `nil` for a file without one read at a stated rate (``rowRate``).
    package var timeIndex: Int?
    /// The rate (Hz) the caller stated for a file without a time column: data row `k` (0-based) is at
    /// `k / rowRate` s. `nil` when the file has a time column.
    package var rowRate: Double?
    /// Multiplier from the time column to seconds.
    package var timeScale: Double
    /// The time column's unit when stated (by the caller or the header); `nil` while it is to be
    /// inferred from the values (``settleClock(lines:firstLine:relative:)``).
    package var statedTimeUnit: TimeUnit?
    /// What was inferred from the header that a user should know (a column chosen over another,
    /// bare `x,y,z` taken as acceleration), one line each.
    package var notes: [String] = []
    /// When times are made relative to the first sample: that sample's raw time, kept exact.
    var timeOrigin: TimeOrigin?
    /// Seconds subtracted after ``timeOrigin`` (the first time's fraction of a raw unit).
    var timeShift = 0.0
    /// Whether the time column holds ISO-8601 date-time text (`2019-03-11T10:00:00.000+02:00`), found in the
    /// first data line; times are then nanoseconds from ``timeOrigin``, made relative to the first sample.
    package internal(set) var isoTime = false
    /// The acceleration unit: the one stated, else g.
    package var acceleration: AccelerationUnit
    /// The acceleration unit the caller stated (`--acceleration`), `nil` when it was not.
    package var statedAcceleration: AccelerationUnit?
    /// The unit the acceleration columns' headers state (`(m/s^2)`, `(G)`), when they do.
    var headerAcceleration: HeaderUnit?
    /// Multiplier applied to acceleration, gravity and user acceleration columns (unit and sign).
    var accelerationFactor: Double
    /// Multiplier applied to rotation-rate columns: π/180 when their headers state degrees per second
    /// (`gX (deg/s)`, `gyro_x [dps]`, `gyro_x (°/s)`), else 1 (rad/s).
    var rotationRateFactor = 1.0
    /// Whether the rotation-rate columns' unit is stated, by their headers (`(rad/s)` or `(deg/s)`) or the caller
    /// (``statedRotationRate``), so that physics does not judge it.
    var headerRotationRate = false
    /// The rotation-rate unit the caller stated (`--gyroscope`), `nil` when it was not.
    package var statedRotationRate: RotationUnit?
    /// Whether numbers are written with a decimal comma (`0,5`), found in the first data line.
    package var decimalComma = false
    /// Whether `nan` and `inf` values are passed on in the sample (for a ``GestureKit/SampleValidator``
    /// downstream to skip and count) instead of being rejected as an error.
    package var acceptsNonFinite: Bool

    /// Infers the layout from a header line; `timeUnit`, when given, states the time column's unit
    /// (overriding the header's). `rate` (Hz) states the rate of a file without a time column: its rows
    /// are then `1 / rate` s apart from 0 (``rowRate``). Throws when there is no time column and no
    /// rate, when a rate is stated for a file with a time column (it would be ignored), when there is no
    /// acceleration (neither total nor gravity + user acceleration), or when bare `x,y,z` are in a
    /// gyroscope's file.
    package init(header: String, file: String = "<stdin>", acceleration: AccelerationUnit? = nil,
                acceptsNonFinite: Bool = false, timeUnit: TimeUnit? = nil, rate: Double? = nil,
                rotationRate: RotationUnit? = nil) throws(DataFileError) {
        self.file = file
        statedRotationRate = rotationRate
        self.acceleration = acceleration ?? .g
        statedAcceleration = acceleration
        accelerationFactor = (acceleration ?? .g).factor
        self.acceptsNonFinite = acceptsNonFinite
        // Only line ends are cut before splitting: a tab at either end of a tab-separated header is a
        // column (unnamed), and the field reader drops the blanks around names.
        let line = header.trimmingCharacters(in: .newlines)
        delimiter = Character(UnicodeScalar(DelimitedText.sniffSeparator(line)))
        columns = DelimitedText.fields(line, separator: delimiter.asciiValue)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t'")) }
        let keys = columns.map(Self.normalize)
        func find(_ names: [String]) -> Int? {
            for name in names { if let i = keys.firstIndex(of: name) { return i } }
            return nil
        }
        if let refusal = Self.dataInsteadOfHeader(columns, line: line, file: file) { throw refusal }
        if let rate {
            guard rate > 0, rate.isFinite else { throw DataFileError(file: file, line: 1, "the stated rate (\(rate) Hz) must be a positive number of Hz") }
        }
        if var time = Self.timeColumn(columns) {
            if rate != nil {
                throw DataFileError(file: file, line: 1, field: columns[time.index],
                                    "the file has its own clock ('\(columns[time.index])'), so a stated rate would be ignored; "
                                        + "drop it (to resample, use gesturelab datasets convert csv:FILE --rate HZ --out DIR)")
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
        } else if let rate {
            // Evenly spaced rows at the stated rate: nothing about the clock is left to infer.
            timeIndex = nil
            rowRate = rate
            statedTimeUnit = .s
            notes.append("time: no time column; rows taken \(Self.format(1 / rate)) s apart from 0 (the stated rate, \(Self.format(rate)) Hz)")
        } else {
            throw DataFileError(file: file, line: 1, "no time column (seconds_elapsed, time, timestamp, t, time_ms, timestamp_ns, time (s), epoch, unix_time) in \(DataFileError.quote(line)); "
                                    + "evenly spaced rows: state their rate (detect --rate HZ, datasets inspect csv:FILE --rate HZ, a manifest's time.rate)" + ImportPresets.advice(header: columns))
        }
        timeScale = statedTimeUnit?.secondsPerUnit ?? 1
        let mapping = Self.channelMapping(keys)
        guard mapping[.accelX] != nil || mapping[.userX] != nil else {
            throw DataFileError(file: file, line: 1, "no acceleration columns (accel_x…z, x,y,z, user.x…z, userAcceleration + gravity) in \(DataFileError.quote(line))"
                                    + ImportPresets.advice(header: columns))
        }
        if mapping[.accelX] == nil, mapping[.gravityX] == nil {
            notes.append("channels: only user acceleration (\(columns[mapping[.userX]!]), …) without gravity: it is also passed on as the "
                             + "total acceleration, so recognizers that need gravity or a resting 1 g see none")
        }
        self.mapping = mapping
        sensorUnits = Self.unitColumns(columns)
        if !sensorUnits.isEmpty { notes.append(Self.unitsNote(sensorUnits, columns: columns)) }
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
            case (.g?, .metersPerSecondSquared), (.gUp?, .metersPerSecondSquared), (.androidMetersPerSecondSquared?, .g), (_?, .milliG):
                throw DataFileError(file: file, line: 1, field: column,
                                    "the header states \(unit.rawValue) but --acceleration says \(acceleration!.rawValue); drop the option or give the one that matches the header")
            case (nil, .metersPerSecondSquared):
                accelerationFactor = unit.toG
                notes.append("units: acceleration in m/s² by its header ('\(column)'), divided by 9.80665 to g with the sign as written "
                                 + "(CoreMotion's: −1 g on z lying face up); for Android's sign (+9.8 up) pass --acceleration android-ms2")
            case (nil, .milliG):
                accelerationFactor = unit.toG
                notes.append("units: acceleration in mg by its header ('\(column)'), divided by 1000 to g with the sign as written; "
                                 + "a device that reads +1000 mg up at rest reads +1 g where CoreMotion reads −1 g")
            default: break
            }
        }
        try settleRotationRateUnit(stated: rotationRate)
        if let x = mapping[.accelX], keys[x] == "x" {
            // Bare x,y,z say nothing about the sensor: refuse a gyroscope's file, say what was assumed otherwise.
            let name = URL(fileURLWithPath: file).lastPathComponent
            if name.lowercased().contains("gyro") || (mapping[.gyroX] == nil && keys.contains { $0.contains("gyro") }) {
                throw DataFileError(file: file, line: 1, field: "x",
                                    "bare x,y,z columns in a gyroscope's file would be read as acceleration; "
                                        + "name them gyro_x,gyro_y,gyro_z (rad/s) beside acceleration columns, "
                                        + "or read the file as a manifest stream with its channels named")
            }
            let unit = self.acceleration == .androidMetersPerSecondSquared ? "m/s² (Android sign)" : self.acceleration == .gUp ? "g (up positive)" : "g (CoreMotion sign)"
            notes.append("channels: bare x,y,z taken as acceleration in \(unit); "
                             + "name them accel_x…z to say so, gyro_x…z for rotation rate"
                             + (statedAcceleration == nil && headerAcceleration == nil ? ", or use --acceleration android-ms2 for m/s²" : ""))
        }
    }

    /// The column of each channel a header names, from its normalised names (`keys`): the first spelling of each
    /// group whose axes are all present in distinct columns, then Euler angles and pressure. O(columns).
    static func channelMapping(_ keys: [String]) -> [Channel: Int] {
        func find(_ names: [String]) -> Int? {
            for name in names { if let i = keys.firstIndex(of: name) { return i } }
            return nil
        }
        var mapping: [Channel: Int] = [:]
        let axes = ["x", "y", "z"]
        let groups: [([Channel], [String], [String])] = [
            (Channel.acceleration, axes, ["accel", "acc", "acceleration", "a", "", "accelerometeracceleration", "accelerometer"]),
            (Channel.rotationRate, axes, ["gyro", "rotationrate", "gyroscope", "motionrotationrate", "gyrorotation", "g", "gyr"]),
            (Channel.attitude, ["w", "x", "y", "z"], ["quat", "quaternion", "q", "attitudequaternion", "motionquaternion"]),
            (Channel.gravity, axes, ["gravity", "motiongravity", "grav"]),
            (Channel.userAcceleration, axes, ["user", "useracceleration", "motionuseracceleration", "linear", "linearacceleration"]),
            (Channel.magneticField, axes, ["mag", "magnetometer", "magneticfield", "magnetometermagneticfield"]),
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
                                 (Channel.yaw, ["yaw", "attitudeyaw", "motionyaw"]),
                                 (Channel.pressure, ["pressure", "barometerpressure", "baro"])] {
            if let i = find(names) { mapping[channel] = i }
        }
        return mapping
    }

    /// The factor to rad/s of the unit a rotation-rate column's header states in brackets (`(deg/s)`, `[dps]`,
    /// `(°/s)`: π/180; `(rad/s)`: 1), or `nil` when it states none. O(name length).
    static func rotationRateUnit(_ column: String) -> Double? {
        guard let open = column.lastIndex(where: { $0 == "(" || $0 == "[" }) else { return nil }
        let inside = column[column.index(after: open)...].prefix { $0 != ")" && $0 != "]" }.lowercased().replacingOccurrences(of: " ", with: "")
        switch inside {
        case "deg/s", "dps", "°/s", "degrees/s", "deg/sec", "degree/s": return .pi / 180
        case "rad/s", "rps", "radians/s", "rad/sec": return 1
        default: return nil
        }
    }

    /// The time column among `columns`, with the unit its name states and, when `seconds_elapsed`
    /// was preferred, the time column passed over. Besides the plain names (`time`, `timestamp`, `t`, …), a
    /// name that says time with its unit stated (`sensor timestamp [ns]`, `epoch (ms)`, `elapsed (s)`) is taken
    /// before one that states none, and a name holding `timestamp` anywhere (`Shimmer_1234_Timestamp_Unix_CAL`)
    /// is taken last.
    static func timeColumn(_ columns: [String]) -> (index: Int, unit: TimeUnit?, passedOver: Int?)? {
        let named = columns.map(TimeUnit.split)
        // Sensor Logger writes `time` (epoch ns) and `seconds_elapsed`: the latter needs no clock guess.
        let elapsed = named.firstIndex { $0.base == "secondselapsed" }
        // A clock named for its epoch (`epoch`, `unix_time`) is a time column as a manifest that names it reads it.
        let bases = ["time", "timestamp", "t", "seconds", "times", "timestamps", "motiontimestampsincereboot",
                     "accelerometertimestampsincereboot", "timestampsincereboot", "millis", "ms", "nanos",
                     "epoch", "epochtime", "unixtime", "unix"]
        // A unit in the name says it is a clock: MetaWear's `epoch (ms)` before its `time (-13:00)` text.
        let saysTime = { (base: String) in bases.contains(base) || ["epoch", "elapsed", "unixtime"].contains(base) || base.contains("timestamp") }
        let withUnit = named.firstIndex { $0.unit != nil && saysTime($0.base) }
        let other = withUnit ?? bases.lazy.compactMap { base in named.firstIndex { $0.base == base } }.first
            ?? named.firstIndex { $0.base.contains("timestamp") }
        if let elapsed { return (elapsed, .s, other) }
        guard let other else { return nil }
        return (other, named[other].unit, nil)
    }

    /// Takes `line`, the line right under the header, as a units row when no field is a number and some field is a
    /// unit this reader knows (`ms`, `s`, `m/(s^2)`, `g`, `mg`, `deg/s`, …): the time column's unit then sets its scale
    /// unless one was stated, and the acceleration columns' unit theirs unless the header or `--acceleration` stated
    /// one. Returns the note saying what was read, or `nil` (nothing changed) when the line is not a units row.
    mutating func takeUnitsRow(_ line: String) -> String? {
        let units = DelimitedText.fields(line.trimmingCharacters(in: .newlines), separator: delimiter.asciiValue)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard units.allSatisfy({ Double($0) == nil }),
              units.contains(where: { TimeUnit(word: $0) != nil || HeaderUnit(unit: $0) != nil || RotationUnit(unit: $0) != nil }) else { return nil }
        var read: [String] = []
        if let t = timeIndex, t < units.count, let unit = TimeUnit(word: units[t]) {
            if statedTimeUnit == nil {
                statedTimeUnit = unit
                timeScale = unit.secondsPerUnit
            }
            read.append("'\(columns[t])' in \(unit.name)")
        }
        let accelerationColumns = (Channel.acceleration + Channel.gravity + Channel.userAcceleration).compactMap { mapping[$0] }
        if let a = accelerationColumns.first, a < units.count, let unit = HeaderUnit(unit: units[a]) {
            if statedAcceleration == nil, headerAcceleration == nil {
                headerAcceleration = unit
                accelerationFactor = unit.toG
            }
            read.append("acceleration in \(unit.rawValue) (times \(Self.format(unit.toG)) to g, the sign as written)")
        }
        return "units: a units row under the header (\(DataFileError.quote(line))) is no sample"
            + (read.isEmpty ? "" : ": " + read.joined(separator: ", "))
    }

    /// The refusal of a first line that holds data rather than column names: numbers, or a clock (date-time text, an
    /// epoch-sized number) followed by numbers, as an Axivity OMGUI export without a header starts. It names the
    /// manifest key that reads a file without a header and, for a clock and x, y, z (and a gyroscope's x, y, z), the
    /// preset that fits; `nil` when some field is a name.
    static func dataInsteadOfHeader(_ fields: [String], line: String, file: String) -> DataFileError? {
        guard fields.count >= 3, fields.dropFirst().allSatisfy({ Double($0) != nil }) else { return nil }
        let first = fields[0]
        let clock: String?
        if let value = Double(first) {
            // Unix seconds are about 1.7e9 today, milliseconds 1.7e12.
            clock = !ClockInference.isEpochSized(seconds: value) ? nil : abs(value) < 1e11 ? "Unix time in seconds" : "Unix time in milliseconds"
        } else if DateTimePattern.iso8601.read(first) != nil {
            clock = "ISO-8601 date-time text"
        } else if DateTimePattern("yyyy-MM-dd HH:mm:ss.SSS")?.read(first) != nil {
            clock = "date-time text (yyyy-MM-dd HH:mm:ss.SSS)"
        } else {
            return nil
        }
        let preset: String
        switch (clock, fields.count) {
        case (_?, 4): preset = "; a clock then x, y, z in g is an Axivity AX3 export of OMGUI: gesturelab datasets import axivity-ax3 DIR --out OUT"
        case (_?, 7): preset = "; a clock then x, y, z in g and x, y, z in °/s is an Axivity AX6 export of OMGUI: gesturelab datasets import axivity-ax6 DIR --out OUT"
        default: preset = ""
        }
        return DataFileError(file: file, line: 1,
                             "no header: line 1 is data (\(DataFileError.quote(line))), "
                                 + (clock.map { "its first column a clock (\($0)); " } ?? "")
                                 + "csv: needs a header naming the columns (time,accel_x,accel_y,accel_z); read a file without one with a manifest "
                                 + "with table.header: false and its columns by index" + preset)
    }

    /// Lower case with everything but letters and digits removed, and a trailing unit in brackets dropped.
    static func normalize(_ name: String) -> String {
        var text = name.lowercased()
        if let open = text.firstIndex(where: { $0 == "(" || $0 == "[" }) { text = String(text[..<open]) }
        return String(text.filter { $0.isLetter || $0.isNumber })
    }
}
