import Foundation
import GestureKit

/// Which OSC addresses carry which sensor signal, in which unit: how `gesturelab detect --input osc://…`
/// turns messages into samples. Given as a preset name or a small YAML file:
///
/// ```yaml
/// routes:
///   - {address: /gyrosc/accel, signal: acceleration, unit: g}      # x, y, z: the first three numbers
///   - {address: /gyrosc/gyro, signal: rotationRate, unit: rad/s}
///   - {address: /accel/x, signal: acceleration, axis: x, unit: m/s2-android}   # one axis per address
///   - {address: /ZIGSIM/*/accel, signal: acceleration, unit: g}    # '*' matches one path segment
/// ```
///
/// Units: acceleration `g` (CoreMotion's sign: −1 g on the up axis at rest) or `m/s2-android` (Android's
/// m/s², +9.81 up at rest); rotation rate `rad/s` or `deg/s`. A sample is made when an acceleration
/// message (or its last missing axis) arrives, with the last rotation rate received.
public struct OSCAddressMap: Hashable, Sendable, Codable {
    /// One address and what it carries.
    public struct Route: Hashable, Sendable, Codable {
        /// The address; `*` matches one path segment.
        public var address: String
        /// The signal: `acceleration` or `rotationRate`.
        public var signal: Signal
        /// One axis per message (its first number), or `nil`: x, y, z are the first three numbers.
        public var axis: Axis?
        /// The values' unit.
        public var unit: Unit

        /// A route.
        public init(address: String, signal: Signal, axis: Axis? = nil, unit: Unit) {
            (self.address, self.signal, self.axis, self.unit) = (address, signal, axis, unit)
        }
    }

    /// The signals a route can carry.
    public enum Signal: String, Hashable, Sendable, Codable { case acceleration, rotationRate }
    /// An axis.
    public enum Axis: String, Hashable, Sendable, Codable { case x, y, z }
    /// The units a route's values can be in.
    public enum Unit: String, Hashable, Sendable, Codable {
        case g, androidMetresPerSecondSquared = "m/s2-android", radiansPerSecond = "rad/s", degreesPerSecond = "deg/s"

        /// The factor to the project's units (g with CoreMotion's sign, rad/s).
        var factor: Double {
            switch self {
            case .g, .radiansPerSecond: 1
            case .androidMetresPerSecondSquared: -1 / 9.80665
            case .degreesPerSecond: .pi / 180
            }
        }
    }

    /// The routes, tried in order.
    public var routes: [Route]

    /// A map of `routes`.
    public init(routes: [Route]) { self.routes = routes }

    /// The presets, by name: the addresses the apps send by default (check the app's settings if nothing arrives).
    package static let presets: [String: OSCAddressMap] = [
        // GyrOSC (iOS): accelerometer in g, gyroscope in rad/s.
        "gyrosc": OSCAddressMap(routes: [Route(address: "/gyrosc/accel", signal: .acceleration, unit: .g),
                                         Route(address: "/gyrosc/gyro", signal: .rotationRate, unit: .radiansPerSecond)]),
        // TouchOSC and other iOS controllers: /accxyz in g.
        "touchosc": OSCAddressMap(routes: [Route(address: "/accxyz", signal: .acceleration, unit: .g)]),
        // ZIG SIM: /ZIGSIM/<device>/accel in g, /ZIGSIM/<device>/gyro in rad/s.
        "zigsim": OSCAddressMap(routes: [Route(address: "/ZIGSIM/*/accel", signal: .acceleration, unit: .g),
                                         Route(address: "/ZIGSIM/*/gyro", signal: .rotationRate, unit: .radiansPerSecond)]),
        // Sensors2OSC (Android): Android's m/s² and rad/s.
        "sensors2osc": OSCAddressMap(routes: [Route(address: "/accelerometer", signal: .acceleration, unit: .androidMetresPerSecondSquared),
                                              Route(address: "/gyroscope", signal: .rotationRate, unit: .radiansPerSecond)]),
    ]

    /// Every preset's routes together (their addresses do not overlap): the default.
    public static let standard = OSCAddressMap(routes: presets.keys.sorted().flatMap { presets[$0]!.routes })

    /// The preset named `text` (`all`: ``standard``), or the map in the YAML file at path `text`.
    /// - Throws: ``DataFileError`` naming the file and what is wrong, or listing the presets.
    package static func named(_ text: String) throws(DataFileError) -> OSCAddressMap {
        if text == "all" { return standard }
        if let preset = presets[text] { return preset }
        guard FileManager.default.fileExists(atPath: text) else {
            throw DataFileError(file: text, "neither a preset (\(presets.keys.sorted().joined(separator: ", "))) nor an OSC address map file")
        }
        let value = try ConfigurationValue(contentsOf: URL(fileURLWithPath: text))
        do { return try value.decoding.decode(OSCAddressMap.self) } catch {
            throw DataFileError(file: text, "invalid OSC address map: \(error)")
        }
    }

    /// The route for `address`, if any. O(routes × address length).
    public func route(for address: String) -> Route? {
        routes.first { Self.matches($0.address, address) }
    }

    /// Whether `pattern` (with `*` for one path segment) matches `address`.
    static func matches(_ pattern: String, _ address: String) -> Bool {
        let p = pattern.split(separator: "/", omittingEmptySubsequences: false), a = address.split(separator: "/", omittingEmptySubsequences: false)
        return p.count == a.count && zip(p, a).allSatisfy { $0 == "*" || $0 == $1 }
    }
}
