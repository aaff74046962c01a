import Foundation

/// How a time column's clock reads, settled from its first times: its unit, when no one states it, and
/// whether it counts from an epoch or the device's boot rather than from the recording's start.
///
/// The one clock rule of every reader: `csv:` files and `detect`
/// (``SampleCSVFormat/settleClock(lines:firstLine:relative:)``) and dataset manifests (``DatasetReader``)
/// infer a unit, say what they inferred and choose the origin through this type.
///
/// **The epoch rule.** A clock whose first time is beyond ``epochSeconds`` seconds (about 11.6 days) is
/// epoch-sized: no recording is that long, so it counts from an epoch (Unix, GPS, Apple's 2001 reference
/// date) or from the device's boot. Such a first time is never taken as seconds when another unit makes the
/// clock epoch-like with a plausible rate, and `origin: auto` (and `detect`) make such a clock relative to
/// its first sample, counting from a whole raw unit so the steps keep their precision. The same threshold
/// decides the unit and the origin, so a clock is never "not an epoch" for one and "an epoch" for the other.
package struct ClockInference: Hashable, Sendable {
    /// First times beyond this many seconds (about 11.6 days) come from an epoch or uptime clock.
    package static let epochSeconds = 1e6
    /// The latest first time, seconds, taken for an epoch clock (the year 2286): the unit that puts a first
    /// value between ``epochSeconds`` and this is the clock's unit.
    static let latestEpochSeconds = 1e10
    /// Rates, Hz, a time column may give when its unit is not stated.
    package static let plausibleRates: ClosedRange<Double> = 1...10_000

    /// The first raw time (unscaled).
    package var first: Double
    /// The median positive step between the first times, raw units; `nil` when no time follows a smaller one.
    package var medianStep: Double?

    /// The clock of `times`, the first raw times in file order (finite; the caller chooses how many);
    /// `nil` when there are none. O(n log n).
    package init?(times: some Collection<Double>) {
        guard let first = times.first else { return nil }
        self.first = first
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
        medianStep = steps.isEmpty ? nil : steps[steps.count / 2]
    }

    /// Whether a time of `seconds` is epoch-sized (beyond ``epochSeconds``): the one epoch rule.
    package static func isEpochSized(seconds: Double) -> Bool {
        abs(seconds) > epochSeconds
    }

    /// Whether a time column's name says it counts from the device's boot (`…sinceReboot(s)`, `uptime`,
    /// `…sinceBoot`): an uptime clock, made relative to the first sample by `origin: auto` whatever its
    /// first value, as epoch clocks are. A project dataset's annotation files count in its files' clock,
    /// so there only the size rule applies (its reader passes no column).
    package static func isUptimeClock(_ column: String) -> Bool {
        let key = column.lowercased().filter { $0.isLetter }
        return ["sincereboot", "sinceboot", "uptime", "boottime", "elapsedrealtime"].contains { key.contains($0) }
    }

    /// Whether `origin: auto` makes a clock whose first time is `first` seconds, in column `column`,
    /// relative to the first sample: an epoch-sized clock (``isEpochSized(seconds:)``) or an uptime clock
    /// (``isUptimeClock(_:)``).
    package static func isEpochOrUptime(first: Double, column: String?) -> Bool {
        isEpochSized(seconds: first) || column.map(isUptimeClock) == true
    }

    /// The unit of a clock whose unit is not stated, or `nil` when no unit gives a plausible one.
    ///
    /// The unit that makes the first time epoch-like (between ``epochSeconds`` and about 1e10 s) with a
    /// rate in ``plausibleRates`` is taken first; else seconds, when the first time is not epoch-sized and
    /// the rate is plausible; else the plausible unit (ms, µs, ns) nearest 100 Hz. O(1).
    package var inferredUnit: SampleCSVFormat.TimeUnit? {
        typealias TimeUnit = SampleCSVFormat.TimeUnit
        func rate(_ unit: TimeUnit) -> Double? { medianStep.map { 1 / ($0 * unit.secondsPerUnit) } }
        func plausible(_ unit: TimeUnit) -> Bool { rate(unit).map(Self.plausibleRates.contains) ?? true }
        let epochSized = Self.isEpochSized(seconds: first)
        // An epoch time in some unit is about 1.7e9 s: the unit that makes the first value that.
        if let unit = TimeUnit.allCases.first(where: { (Self.epochSeconds..<Self.latestEpochSeconds).contains(abs(first) * $0.secondsPerUnit) }),
           plausible(unit) {
            return unit
        }
        if !epochSized, plausible(.s) { return .s }
        let fitting = TimeUnit.allCases.filter { ($0 != .s || !epochSized) && medianStep != nil && plausible($0) }
        return fitting.min { abs(log10(rate($0)! / 100)) < abs(log10(rate($1)! / 100)) }
    }

    /// Whether reading the clock in `unit` is worth saying: any unit but seconds, and seconds that are
    /// epoch-sized (plain seconds from the start say nothing).
    package func isWorthSaying(_ unit: SampleCSVFormat.TimeUnit) -> Bool {
        unit != .s || Self.isEpochSized(seconds: first)
    }

    /// What reading column `column` in `unit` means, for a note: `time: column 'c' read as milliseconds
    /// (median step 0.01 s, 100 Hz)`.
    package func note(column: String, unit: SampleCSVFormat.TimeUnit) -> String {
        var words = "time: column '\(column)' read as \(unit.name)"
        if let medianStep {
            let step = medianStep * unit.secondsPerUnit
            words += " (median step \(SampleCSVFormat.format(step)) s, \(SampleCSVFormat.format(1 / step)) Hz)"
        }
        return words
    }

    /// Why no unit fits (``inferredUnit`` is `nil`), for an error: `the time unit is unclear: …, and no unit
    /// (s, ms, us, ns) gives a rate of 1 Hz–10 kHz`; the caller adds how to state it.
    package var unclear: String {
        let what = medianStep.map { "a median step of \(SampleCSVFormat.format($0)) gives \(SampleCSVFormat.format(1 / $0)) Hz as seconds" }
            ?? "a first time of \(SampleCSVFormat.format(first)) is epoch-sized as seconds"
        return "the time unit is unclear: \(what), and no unit (s, ms, us, ns) gives a rate of 1 Hz–10 kHz"
    }
}
