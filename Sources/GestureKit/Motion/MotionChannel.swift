/// One scalar channel of a motion stream or of archive data, named as recording columns are named.
///
/// | name | quantity | unit |
/// |---|---|---|
/// | `accel.x`, `accel.y`, `accel.z` | total acceleration | g |
/// | `gyro.x`, `gyro.y`, `gyro.z` | rotation rate | rad/s |
/// | `user.x`, `user.y`, `user.z` | user acceleration (gravity removed) | g |
/// | `gravity.x`, `gravity.y`, `gravity.z` | gravity | g |
/// | `quat.w`, `quat.x`, `quat.y`, `quat.z` | attitude quaternion, scalar first | unitless |
/// | `roll`, `pitch`, `yaw` | Euler angles of the attitude (CoreMotion convention) | rad |
/// | `accel.magnitude`, `gyro.magnitude`, `user.magnitude`, `gravity.magnitude`, `mag.magnitude` | length of the vector (orientation-free) | g, rad/s or µT |
/// | `mag.x`, `mag.y`, `mag.z` | magnetic field (magnetometer) | µT |
/// | `pressure` | air or water pressure (barometer) | hPa |
/// | `verticalAcceleration`, `horizontalAcceleration`, `stillness` | orientation-free acceleration (``PhysicalQuantities``) | g |
/// | `tilt`, `headingChange`, `magneticHeadingChange` | orientation-free angles over a trailing window | rad |
/// | `yawRate` | rotation rate about gravity | rad/s |
/// | `pressureChange` | high-passed pressure | hPa |
/// | `strokePeriod` | period of the motion's rhythm (strokes, steps) over a trailing window | s |
/// | `rhythmRegularity` | how regular that rhythm is (autocorrelation at the period) | unitless, 0–1 |
/// | `dim1`, `dim2`, … | a column of archive data (UCR, UEA, GRT) | the archive's |
///
/// A ``MotionSample`` carries every channel but the archive columns: ``value(in:)`` reads it, `nil`
/// when the sample lacks the channel (an accelerometer-only sample has no `user.x`). The orientation-free
/// channels (``physical``) are derived by a ``PhysicalChannelEstimator`` stage, which ``Pipeline/prepare(for:)``
/// adds when a recognizer needs one.
///
/// Any of these channels but the archive columns may name the sensor unit it comes from: `<name>@<placement>`
/// (`accel.magnitude@lowerarm`, `gyro.x@hand`, `verticalAcceleration@trunk`) reads the unit worn there, in the same
/// unit as the name alone, from ``MotionSample/units``; a name without `@` is the primary unit's, as it always was.
public struct MotionChannel: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Where a channel's value comes from; resolved once from the name so reading a sample is a switch.
    enum Source: Hashable, Sendable {
        case acceleration(Axis), rotationRate(Axis), userAcceleration(Axis), gravity(Axis), magneticField(Axis)
        case magnitude(Vector), pressure, physical(PhysicalQuantities.Kind)
        case attitude(Int), euler(Int), dimension(Int)
    }

    /// The vectors whose length is a channel.
    enum Vector: String, Hashable, Sendable {
        case accel, gyro, user, gravity, mag
    }

    /// The name, for example `gyro.x`, `dim3` or `accel.magnitude@lowerarm`.
    public let rawValue: String
    let source: Source
    /// The sensor unit the channel is read from (`lowerarm` in `accel.x@lowerarm`); `nil` for the primary unit.
    public let placement: String?

    /// The channel named `rawValue`, or `nil` for a name that is no channel (see the table above), or whose
    /// placement is empty or not letters, digits, `_` and `-` (``isPlacement(_:)``).
    public init?(rawValue: String) {
        if let at = rawValue.lastIndex(of: "@") {
            let name = String(rawValue[..<at]), place = String(rawValue[rawValue.index(after: at)...])
            // Archive columns belong to no body.
            guard Self.isPlacement(place), let base = MotionChannel(rawValue: name), base.placement == nil, !base.isArchiveDimension else { return nil }
            self.rawValue = rawValue
            source = base.source
            placement = place
            return
        }
        placement = nil
        let axes: [String: Axis] = ["x": .x, "y": .y, "z": .z]
        let parts = rawValue.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2, let axis = axes[parts[1]] {
            switch parts[0] {
            case "accel": source = .acceleration(axis)
            case "gyro": source = .rotationRate(axis)
            case "user": source = .userAcceleration(axis)
            case "gravity": source = .gravity(axis)
            case "mag": source = .magneticField(axis)
            case "quat": source = .attitude(["x": 1, "y": 2, "z": 3][parts[1]]!)
            default: return nil
            }
        } else if parts.count == 2, parts[1] == "magnitude", let vector = Vector(rawValue: parts[0]) {
            source = .magnitude(vector)
        } else if rawValue == "pressure" {
            source = .pressure
        } else if let kind = PhysicalQuantities.Kind(rawValue: rawValue) {
            source = .physical(kind)
        } else if rawValue == "quat.w" {
            source = .attitude(0)
        } else if let i = ["roll", "pitch", "yaw"].firstIndex(of: rawValue) {
            source = .euler(i)
        } else if rawValue.hasPrefix("dim"), let k = Int(rawValue.dropFirst(3)), k >= 1, String(k) == rawValue.dropFirst(3) {
            source = .dimension(k)
        } else {
            return nil
        }
        self.rawValue = rawValue
    }

    /// The name.
    public var description: String { rawValue }

    /// Every name a channel may have, for messages (`dimN` stands for `dim1`, `dim2`, …).
    package static let validNames = (acceleration + rotationRate + userAcceleration + gravity + magnitudes + attitude + eulerAngles
        + magneticField + [pressure] + physical).map(\.rawValue) + ["dimN"]

    /// Total acceleration x, y, z, g.
    public static let acceleration = ["accel.x", "accel.y", "accel.z"].map { MotionChannel(rawValue: $0)! }
    /// Rotation rate x, y, z, rad/s.
    public static let rotationRate = ["gyro.x", "gyro.y", "gyro.z"].map { MotionChannel(rawValue: $0)! }
    /// User acceleration x, y, z, g.
    public static let userAcceleration = ["user.x", "user.y", "user.z"].map { MotionChannel(rawValue: $0)! }
    /// Gravity x, y, z, g.
    public static let gravity = ["gravity.x", "gravity.y", "gravity.z"].map { MotionChannel(rawValue: $0)! }
    /// Attitude quaternion w, x, y, z (unitless).
    public static let attitude = ["quat.w", "quat.x", "quat.y", "quat.z"].map { MotionChannel(rawValue: $0)! }
    /// The lengths of total acceleration (g), rotation rate (rad/s), user acceleration (g) and gravity (g):
    /// channels that do not depend on how the device is held.
    public static let magnitudes = ["accel.magnitude", "gyro.magnitude", "user.magnitude", "gravity.magnitude"].map { MotionChannel(rawValue: $0)! }
    /// Roll, pitch, yaw, radians.
    public static let eulerAngles = ["roll", "pitch", "yaw"].map { MotionChannel(rawValue: $0)! }
    /// Magnetic field x, y, z, µT (a magnetometer).
    public static let magneticField = ["mag.x", "mag.y", "mag.z"].map { MotionChannel(rawValue: $0)! }
    /// Pressure, hPa (a barometer).
    public static let pressure = MotionChannel(rawValue: "pressure")!
    /// The orientation-free channels of ``PhysicalQuantities``, in the order of ``PhysicalQuantities/Kind``:
    /// `verticalAcceleration`, `horizontalAcceleration` (g), `tilt` (rad), `yawRate` (rad/s), `headingChange`,
    /// `magneticHeadingChange` (rad), `pressureChange` (hPa), `stillness` (g), `strokePeriod` (s), `rhythmRegularity`
    /// (unitless).
    package static let physical = PhysicalQuantities.Kind.allCases.map { MotionChannel(rawValue: $0.rawValue)! }

    /// Archive column `k` (1-based): `dim1`, `dim2`, ….
    package static func dimension(_ k: Int) -> MotionChannel {
        precondition(k >= 1, "archive dimensions count from 1")
        return MotionChannel(rawValue: "dim\(k)")!
    }

    /// The channels a group name stands for in configurations: `acceleration`, `rotationRate`,
    /// `userAcceleration`, `gravity`, `attitude`, `eulerAngles`, `magneticField`, `physical` (the orientation-free
    /// channels of one instant that need only an accelerometer and a gyroscope), `rhythm` (`strokePeriod`,
    /// `rhythmRegularity`); `nil` for any other name.
    package static func group(named name: String) -> [MotionChannel]? {
        switch name {
        case "acceleration": acceleration
        case "rotationRate": rotationRate
        case "userAcceleration": userAcceleration
        case "gravity": gravity
        case "attitude": attitude
        case "eulerAngles": eulerAngles
        case "magneticField": magneticField
        case "physical": physical.filter { c in
            c.physicalKind != .magneticHeadingChange && c.physicalKind != .pressureChange && c.physicalKind?.isRhythm != true
        }
        case "rhythm": physical.filter { $0.physicalKind?.isRhythm == true }
        default: nil
        }
    }

    /// The channels of the pre-channel-list configurations, `signal` + `axes` (for example
    /// `userAcceleration` + `[x, y]` → `user.x`, `user.y`); `nil` for an unknown signal.
    package static func legacy(signal: String, axes: [Axis]) -> [MotionChannel]? {
        guard ["acceleration", "userAcceleration", "rotationRate", "gravity"].contains(signal), let all = group(named: signal) else { return nil }
        return axes.map { all[$0 == .x ? 0 : $0 == .y ? 1 : 2] }
    }

    /// The channel's unit: `g`, `rad/s`, `rad`, `µT`, `hPa`, `s`, `1` (quaternion components, rhythm regularity) or `archive` (whatever
    /// the archive holds).
    public var unit: String {
        switch source {
        case .acceleration, .userAcceleration, .gravity: "g"
        case .rotationRate, .magnitude(.gyro): "rad/s"
        case .magneticField, .magnitude(.mag): "µT"
        case .pressure: "hPa"
        case let .physical(kind): kind.unit
        case .magnitude: "g"
        case .attitude: "1"
        case .euler: "rad"
        case .dimension: "archive"
        }
    }

    /// Whether the channel measures how hard the device moves (its ``unit`` is g or rad/s: accelerations, rotation
    /// rates, their magnitudes, stillness): a scale that differs from person to person, which a spotter's
    /// per-recording normalisation (``MiniRocketModel/Stream/normalization``) standardises. Angles, periods,
    /// regularities and fields are not.
    package var measuresIntensity: Bool { unit == "g" || unit == "rad/s" }

    /// Whether this is a column of archive data (`dimN`), which no motion sample carries.
    package var isArchiveDimension: Bool {
        if case .dimension = source { return true }
        return false
    }

    /// The orientation-free quantity the channel reads, `nil` for any other channel.
    package var physicalKind: PhysicalQuantities.Kind? {
        if case let .physical(kind) = source { return kind }
        return nil
    }

    /// Whether a ``GravitySplitter`` derives the channel from total acceleration (user acceleration and gravity).
    package var isDerivableByGravitySplit: Bool {
        switch source {
        case .userAcceleration, .gravity, .magnitude(.user), .magnitude(.gravity): true
        default: false
        }
    }

    /// Whether an ``AttitudeEstimator`` derives the channel (attitude quaternion and Euler angles) from
    /// total acceleration, with the rotation rate when the stream has one.
    package var isDerivableByAttitudeEstimation: Bool {
        switch source {
        case .attitude, .euler: true
        default: false
        }
    }

    /// Whether the channel is total acceleration or computed from it (user acceleration, gravity, and their
    /// magnitudes), so that a source without an accelerometer cannot give it (its samples read 0 g there).
    package var comesFromAcceleration: Bool {
        switch source {
        case .acceleration, .userAcceleration, .gravity, .magnitude(.accel), .magnitude(.user), .magnitude(.gravity): true
        case .physical(.verticalAcceleration), .physical(.horizontalAcceleration), .physical(.tilt), .physical(.stillness): true
        default: false
        }
    }

    /// Whether a ``PhysicalChannelEstimator`` derives the channel (every orientation-free channel, given the
    /// sensor it names: a gyroscope for `yawRate` and `headingChange`, a magnetometer for
    /// `magneticHeadingChange`, a barometer for `pressureChange`).
    package var isDerivableByPhysicalEstimation: Bool { physicalKind != nil }

    /// The channel's value in `sample`, in its unit; `nil` when the sample lacks it (archive columns always).
    /// A placed channel reads ``MotionSample/units``: `nil` when that unit is absent from the sample (its gap).
    ///
    /// - Complexity: O(1) (Euler angles convert the attitude).
    @inline(__always)
    public func value(in sample: MotionSample) -> Double? {
        guard let placement else { return primaryValue(in: sample) }
        return sample.units?[placement].flatMap(primaryValue(in:))
    }

    /// The value in `sample` itself, whatever the placement.
    @inline(__always)
    func primaryValue(in sample: MotionSample) -> Double? {
        switch source {
        case let .acceleration(a): sample.acceleration[a]
        case let .rotationRate(a): sample.rotationRate?[a]
        case let .userAcceleration(a): sample.userAcceleration?[a]
        case let .gravity(a): sample.gravity?[a]
        case .magnitude(.accel): sample.acceleration.length
        case .magnitude(.gyro): sample.rotationRate?.length
        case .magnitude(.user): sample.userAcceleration?.length
        case .magnitude(.gravity): sample.gravity?.length
        case let .attitude(i): sample.attitude.map { q in i == 0 ? q.w : i == 1 ? q.x : i == 2 ? q.y : q.z }
        case let .euler(i): sample.attitude.map { q in
            let e = q.eulerAngles
            return i == 0 ? e.roll : i == 1 ? e.pitch : e.yaw
        }
        case let .magneticField(a): sample.magneticField?[a]
        case .magnitude(.mag): sample.magneticField?.length
        case .pressure: sample.pressure
        case let .physical(kind): sample.physical?[kind]
        case .dimension: nil
        }
    }

    /// Decodes a channel name; an unknown name is an error listing the valid ones.
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let channel = MotionChannel(rawValue: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "unknown channel '\(name)'; channels: \(Self.validNames.joined(separator: ", ")), each also as NAME@PLACEMENT (accel.x@wrist)"))
        }
        self = channel
    }

    /// Encodes the name.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    /// Equal names are equal channels.
    public static func == (a: MotionChannel, b: MotionChannel) -> Bool { a.rawValue == b.rawValue }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
