/// The raw time that counts as zero on an epoch or uptime clock, kept in whole raw units so that the
/// times after it keep their precision: a `Double` of 1.7e18 ns resolves only 256 ns and one of
/// 1.7e9 s only 0.24 µs, while integer times read from their text are exact.
struct TimeOrigin: Hashable, Sendable {
    /// The origin in raw units (nanoseconds, milliseconds, … since the clock's zero).
    var units: Int64
    /// Raw units per second (1e9 for nanoseconds).
    var perSecond: Int64

    /// An origin at `units`.
    init(units: Int64, perSecond: Int64) {
        self.units = units
        self.perSecond = perSecond
    }

    /// An origin at the integer time written as `text`; `nil` when it is not an integer.
    init?(exactly text: some StringProtocol, perSecond: Int64) {
        guard let units = Int64(text) else { return nil }
        self.init(units: units, perSecond: perSecond)
    }

    /// Seconds from the origin to the integer time written as `text`, exactly up to the final
    /// division; `nil` when the text is not an integer or too far from the origin to subtract in 64 bits.
    func seconds(exactly text: some StringProtocol) -> Double? {
        Int64(text).flatMap(seconds(exactly:))
    }

    /// Seconds from the origin to the integer time `value`, exactly up to the final division; `nil` when
    /// it is too far from the origin to subtract in 64 bits.
    func seconds(exactly value: Int64) -> Double? {
        let (difference, overflow) = value.subtractingReportingOverflow(units)
        return overflow ? nil : Double(difference) / Double(perSecond)
    }

    /// Seconds from the origin to a raw time given as a number (a time with decimals).
    func seconds(raw value: Double) -> Double {
        (value - Double(units)) / Double(perSecond)
    }

    /// Seconds from `other` to this origin, exact when both count in the same unit (`nil` is the
    /// clock's zero).
    func seconds(after other: TimeOrigin?) -> Double {
        let theirs = other ?? TimeOrigin(units: 0, perSecond: perSecond)
        let (difference, overflow) = units.subtractingReportingOverflow(theirs.units)
        if perSecond == theirs.perSecond, !overflow { return Double(difference) / Double(perSecond) }
        return Double(units) / Double(perSecond) - Double(theirs.units) / Double(theirs.perSecond)
    }
}
