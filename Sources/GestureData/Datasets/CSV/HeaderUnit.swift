/// An acceleration unit a column header states in brackets (`Acceleration x (m/s^2)`,
/// `accelerometerAccelerationX(G)`, `accel_x [m/s²]`, `X [mg]`) or a units row states under it (`m/(s^2)`).
/// It sets a column's scale, never its sign: the sign convention is the manifest's (or `--acceleration`'s)
/// to state.
enum HeaderUnit: String, Hashable, Sendable {
    /// Standard gravity, g.
    case g
    /// Metres per second squared.
    case metersPerSecondSquared = "m/s²"
    /// Thousandths of standard gravity, mg (Polar's and Garmin's devices write it).
    case milliG = "mg"

    /// Multiplier from the unit to g, by magnitude.
    var toG: Double {
        switch self {
        case .g: 1
        case .metersPerSecondSquared: 1 / 9.80665
        case .milliG: 0.001
        }
    }

    /// The unit a header name states in brackets, or `nil` when it states none (or another one).
    /// O(name length).
    init?(column: String) {
        guard let open = column.lastIndex(where: { $0 == "(" || $0 == "[" }) else { return nil }
        self.init(unit: String(column[column.index(after: open)...].prefix { $0 != ")" && $0 != "]" }))
    }

    /// The unit a unit's text names (`g`, `G`, `mg`, `m/s^2`, `m/(s^2)`, `m/s²`, `m/s/s`), or `nil` for any other
    /// text. O(length).
    init?(unit text: String) {
        let spelled = text.lowercased().filter { !" ^()".contains($0) }.replacingOccurrences(of: "²", with: "2")
        switch spelled {
        case "g": self = .g
        case "mg": self = .milliG
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
