/// An acceleration unit a column header states in brackets (`Acceleration x (m/s^2)`,
/// `accelerometerAccelerationX(G)`, `accel_x [m/s²]`). It sets a column's scale, never its sign: the
/// sign convention is the manifest's (or `--acceleration`'s) to state.
enum HeaderUnit: String, Hashable, Sendable {
    /// Standard gravity, g.
    case g
    /// Metres per second squared.
    case metersPerSecondSquared = "m/s²"

    /// Multiplier from the unit to g, by magnitude.
    var toG: Double { self == .g ? 1 : 1 / 9.80665 }

    /// The unit a header name states in brackets, or `nil` when it states none (or another one).
    /// O(name length).
    init?(column: String) {
        guard let open = column.lastIndex(where: { $0 == "(" || $0 == "[" }) else { return nil }
        let inside = column[column.index(after: open)...].prefix { $0 != ")" && $0 != "]" }
            .lowercased().replacingOccurrences(of: " ", with: "")
            .replacingOccurrences(of: "^", with: "").replacingOccurrences(of: "²", with: "2")
        switch inside {
        case "g": self = .g
        case "m/s2", "ms2", "m/s/s", "ms-2", "m.s-2": self = .metersPerSecondSquared
        default: return nil
        }
    }

    /// The resting magnitude, in g as read, above which acceleration is m/s² read as g (9.8 "g"),
    /// and the band below which it is g divided by 9.80665 a second time (0.1 "g").
    static let looksLikeMetersPerSecondSquared: ClosedRange<Double> = 6...14
    /// See ``looksLikeMetersPerSecondSquared``.
    static let looksLikeGTwiceConverted: ClosedRange<Double> = 0.06...0.16
}
