import Foundation
import GestureKit

/// Turns the JSON that the SensorServer Android app (and apps that copy its format) sends into samples: one
/// object per reading, `{"type": …, "values": [x, y, z], "timestamp": ns}` (`type` only on a
/// `/sensors/connect?types=[…]` connection; a `/sensor/connect?type=…` connection has one type, given by its
/// URL; the first versions sent the bare values array).
///
/// `android.sensor.accelerometer` readings (m/s², Android's sign: +9.81 up at rest) become samples in g with
/// CoreMotion's sign, carrying the last `android.sensor.gyroscope` reading (rad/s, same sign). Times are
/// seconds since the first acceleration, from the readings' own nanosecond clock (the sensor's, not the
/// network's), or from the arrival when a reading has none. Readings of other types are counted
/// (``otherTypes``); malformed ones are counted (``malformed``), never fatal. O(message) per message.
public struct SensorServerDecoder: Sendable {
    /// Malformed messages so far.
    public private(set) var malformed = 0
    /// The first problem seen, for the summary.
    public private(set) var firstProblem: String?
    /// Readings of types that are not used, by type (the first 16 types).
    public private(set) var otherTypes: [String: Int] = [:]

    /// The acceleration type.
    public static let accelerometer = "android.sensor.accelerometer"
    /// The rotation-rate types (of the uncalibrated gyroscope, the first three values are used).
    package static let gyroscopes: Set<String> = ["android.sensor.gyroscope", "android.sensor.gyroscope_uncalibrated"]

    private let defaultType: String
    private var rotationRate: Vector3?
    private var clockOrigin: Int64?
    private var arrivalOrigin: Double?

    /// A decoder for which readings without a `type` are of `defaultType`.
    public init(defaultType: String = Self.accelerometer) {
        self.defaultType = defaultType
    }

    /// The decoder for a connection to `path`: readings without a type are of the `type=` of a
    /// `/sensor/connect?type=…` path, else accelerations.
    package init(path: String) {
        var type = Self.accelerometer
        if let query = path.split(separator: "?", maxSplits: 1).dropFirst().first {
            for pair in query.split(separator: "&") where pair.hasPrefix("type=") { type = String(pair.dropFirst(5)) }
        }
        self.init(defaultType: type)
    }

    /// Reads one message: the sample it completes (an acceleration reading), or `nil` for a rotation rate,
    /// another type or a malformed message (counted). `arrival` is in seconds on any monotonic clock.
    ///
    /// - Complexity: O(message).
    public mutating func sample(from message: [UInt8], arrival: Double) -> MotionSample? {
        let object = try? JSONSerialization.jsonObject(with: Data(message))
        var type = defaultType, stamp: Int64?
        let values: [Any]?
        if let reading = object as? [String: Any] {
            if let named = reading["type"] as? String { type = named }
            values = reading["values"] as? [Any]
            if let number = reading["timestamp"] as? NSNumber {
                let v = number.doubleValue
                guard v.isFinite, abs(v) < 9e18 else { return note("timestamp \(number) is not an integer of nanoseconds") }
                stamp = number.int64Value
            }
        } else {
            // The first versions sent the values alone.
            values = object as? [Any]
        }
        guard let values else {
            return note("expected {\"values\": [x, y, z], …}, got '\(String(decoding: message.prefix(80), as: UTF8.self))'")
        }
        let numbers = values.compactMap { ($0 as? NSNumber)?.doubleValue }
        let isAcceleration = type == Self.accelerometer
        guard isAcceleration || Self.gyroscopes.contains(type) else {
            if otherTypes.count < 16 || otherTypes[type] != nil { otherTypes[type, default: 0] += 1 }
            return nil
        }
        guard numbers.count >= 3, numbers.count == values.count else { return note("\(type): expected 3 numbers, got \(values.count) values (\(numbers.count) numbers)") }
        guard isAcceleration else {
            rotationRate = Vector3(numbers[0], numbers[1], numbers[2])
            return nil
        }
        let time: Double
        if let stamp {
            clockOrigin = clockOrigin ?? stamp
            time = Double(stamp &- clockOrigin!) / 1e9
        } else {
            arrivalOrigin = arrivalOrigin ?? arrival
            time = arrival - arrivalOrigin!
        }
        let factor = SampleCSVFormat.AccelerationUnit.androidMetersPerSecondSquared.factor
        return MotionSample(timestamp: time, acceleration: Vector3(numbers[0] * factor, numbers[1] * factor, numbers[2] * factor),
                            rotationRate: rotationRate)
    }

    private mutating func note(_ problem: String) -> MotionSample? {
        malformed += 1
        if firstProblem == nil { firstProblem = problem }
        return nil
    }
}
