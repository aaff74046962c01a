/// A rotation-rate unit a units row, a header in brackets or the caller (`--gyroscope`) states: `deg/s` (Shimmer's
/// Consensys), `dps` (Polar), `°/s`, `rad/s`. It sets a column's scale, never its sign.
public enum RotationUnit: String, Hashable, Sendable, CaseIterable {
    /// Degrees per second.
    case degreesPerSecond = "°/s"
    /// Radians per second.
    case radiansPerSecond = "rad/s"

    /// Multiplier from the unit to rad/s.
    package var toRadiansPerSecond: Double { self == .radiansPerSecond ? 1 : .pi / 180 }

    /// The spelling a command line takes: `deg/s` or `rad/s`.
    package var argument: String { self == .radiansPerSecond ? "rad/s" : "deg/s" }

    /// The unit a unit's text names, or `nil` for any other text. O(length).
    package init?(unit text: String) {
        switch text.lowercased().filter({ !" ()".contains($0) }) {
        case "deg/s", "°/s", "dps", "degrees/s", "deg/sec", "degree/s", "degs-1", "deg.s-1": self = .degreesPerSecond
        case "rad/s", "rad/sec", "rads-1", "rad.s-1": self = .radiansPerSecond
        default: return nil
        }
    }
}
