import Foundation
import GestureKit

/// The column layout of a sample CSV, inferred from its header, for streaming samples into a
/// recognizer one line at a time (for example from stdin).
///
/// Recognised names (case, `_`, `.`, spaces and unit suffixes in brackets ignored): time as `time`,
/// `timestamp`, `t` (seconds) or `time_ms`/`timestamp_ms` (milliseconds); acceleration `accel_x…z`,
/// `acc_x…z`, `acceleration_x…z`, `ax…az`, `x,y,z` or the logger names `accelerometerAccelerationX…Z`;
/// rotation rate `gyro_x…z`, `rotationRate.x…z`; attitude `quat_w…z` or `attitude.roll/pitch/yaw`
/// (`roll`, `pitch`, `yaw`); gravity `gravity_x…z`; user acceleration `user_x…z`,
/// `userAcceleration.x…z`. Without acceleration columns, gravity + user acceleration is used.
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
    /// The acceleration unit.
    public var acceleration: AccelerationUnit
    /// Whether `nan` and `inf` values are passed on in the sample (for a ``GestureKit/SampleValidator``
    /// downstream to skip and count) instead of being rejected as an error.
    public var acceptsNonFinite: Bool

    /// Infers the layout from a header line. Throws when there is no time column or no acceleration
    /// (neither total nor gravity + user acceleration).
    public init(header: String, file: String = "<stdin>", acceleration: AccelerationUnit = .g,
                acceptsNonFinite: Bool = false) throws(DataFileError) {
        self.file = file
        self.acceleration = acceleration
        self.acceptsNonFinite = acceptsNonFinite
        let line = header.trimmingCharacters(in: .whitespacesAndNewlines)
        delimiter = line.contains(",") ? "," : line.contains(";") ? ";" : line.contains("\t") ? "\t" : ","
        columns = line.split(separator: delimiter, omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'")) }
        let keys = columns.map(Self.normalize)
        func find(_ names: [String]) -> Int? {
            for name in names { if let i = keys.firstIndex(of: name) { return i } }
            return nil
        }
        if let i = find(["time", "timestamp", "t", "seconds", "times", "timestamps", "motiontimestampsincereboot",
                         "accelerometertimestampsincereboot", "timestampsincereboot"]) {
            timeIndex = i; timeScale = 1
        } else if let i = find(["timems", "timestampms", "millis", "ms"]) {
            timeIndex = i; timeScale = 0.001
        } else if let i = find(["timestampns", "timens", "nanos"]) {
            timeIndex = i; timeScale = 1e-9
        } else {
            throw DataFileError(file: file, line: 1, "no time column (time, timestamp, t, time_ms, timestamp_ms) in \(DataFileError.quote(line))")
        }
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
        guard mapping[.accelX] != nil || (mapping[.gravityX] != nil && mapping[.userX] != nil) else {
            throw DataFileError(file: file, line: 1, "no acceleration columns (accel_x…z, x,y,z, userAcceleration + gravity) in \(DataFileError.quote(line))")
        }
        self.mapping = mapping
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
        let fields = line.split(separator: delimiter, omittingEmptySubsequences: false)
        func value(_ index: Int) throws(DataFileError) -> Double {
            guard index < fields.count else {
                throw DataFileError(file: file, line: lineNumber, field: columns[index], "the line has only \(fields.count) fields")
            }
            let text = fields[index].trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\"'"))
            guard let v = Double(text) else {
                throw DataFileError(file: file, line: lineNumber, field: columns[index], "\(DataFileError.quote(text)) is not a number")
            }
            guard v.isFinite || acceptsNonFinite else { throw DataFileError(file: file, line: lineNumber, field: columns[index], "\(DataFileError.quote(text)) is not finite") }
            return v
        }
        func vector(_ channels: [Channel], _ factor: Double = 1) throws(DataFileError) -> Vector3? {
            guard let x = mapping[channels[0]], let y = mapping[channels[1]], let z = mapping[channels[2]] else { return nil }
            return Vector3(try value(x) * factor, try value(y) * factor, try value(z) * factor)
        }
        let time = try value(timeIndex) * timeScale
        let factor = acceleration.factor
        let gravity = try vector(Channel.gravity, factor)
        let user = try vector(Channel.userAcceleration, factor)
        let total = try vector(Channel.acceleration, factor) ?? (gravity! + user!)
        var attitude: Quaternion? = nil
        if let w = mapping[.quatW], let x = mapping[.quatX], let y = mapping[.quatY], let z = mapping[.quatZ] {
            attitude = Quaternion(w: try value(w), x: try value(x), y: try value(y), z: try value(z))
        } else if let r = mapping[.roll], let p = mapping[.pitch], let yw = mapping[.yaw] {
            attitude = Quaternion(EulerAngles(pitch: try value(p), roll: try value(r), yaw: try value(yw)))
        }
        return MotionSample(timestamp: time, acceleration: total, rotationRate: try vector(Channel.rotationRate),
                            attitude: attitude, gravity: gravity, userAcceleration: user)
    }

    /// Reads a whole sample CSV as a one-recording dataset (source `csv:FILE`), stopping at the first
    /// bad line. Lines are split by ``TextLines``. An empty file or a header without rows is an error.
    public static func load(_ url: URL, acceleration: AccelerationUnit = .g) throws(DataFileError) -> LoadedDataset {
        let text = try DataFileError.readText(url)
        var stream = SampleCSVStream(file: url.path, acceleration: acceleration)
        var samples: [MotionSample] = [], lines: [Int32] = []
        for line in TextLines(text) {
            if let sample = try stream.decode(line.text, lineNumber: line.number, file: url.path) {
                samples.append(sample)
                lines.append(Int32(line.number))
            }
        }
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
        return LoadedDataset(dataset: dataset, provenance: [.init(file: url.path, lines: lines)], problems: [], manifest: nil)
    }
}

/// Reads a sample CSV one line at a time (for example `readLine()` on stdin): the first non-blank
/// line is the header, blank lines are skipped, and line numbers are counted for error messages.
public struct SampleCSVStream: Sendable {
    /// The layout, once the header has been seen.
    public private(set) var format: SampleCSVFormat?
    /// The 1-based number of the last line fed.
    public private(set) var lineNumber = 0
    /// The name used in errors.
    public var file: String
    /// The acceleration unit of the data.
    public var acceleration: SampleCSVFormat.AccelerationUnit
    /// Whether non-finite values are passed on rather than rejected (``SampleCSVFormat/acceptsNonFinite``).
    public var acceptsNonFinite: Bool

    /// A stream named `file` in errors.
    public init(file: String = "<stdin>", acceleration: SampleCSVFormat.AccelerationUnit = .g,
                acceptsNonFinite: Bool = false) {
        self.file = file
        self.acceleration = acceleration
        self.acceptsNonFinite = acceptsNonFinite
    }

    /// Feeds the next line (without or with its line break). Returns the sample it holds, or `nil`
    /// for the header and blank lines. O(fields).
    public mutating func feed(_ line: String) throws(DataFileError) -> MotionSample? {
        lineNumber += 1
        guard line.contains(where: { !$0.isWhitespace }) else { return nil }
        guard let format else {
            format = try SampleCSVFormat(header: line, file: file, acceleration: acceleration, acceptsNonFinite: acceptsNonFinite)
            return nil
        }
        return try format.parse(line: line, lineNumber: lineNumber)
    }
}


/// A stream decodes the lines a ``LineSource`` reads (as `gesturelab detect` does), taking the
/// line numbers and file name from the source.
extension SampleCSVStream: SampleLineDecoder {
    /// Decodes line `lineNumber` of `file`: the header if none has been seen yet (returns `nil`),
    /// otherwise a sample. O(fields).
    public mutating func decode(_ line: Substring, lineNumber: Int, file: String) throws(DataFileError) -> MotionSample? {
        self.file = file
        self.lineNumber = lineNumber - 1
        return try feed(String(line))
    }
}
