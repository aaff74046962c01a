import Foundation

extension SampleCSVFormat {
    /// The unit of a time column.
    public enum TimeUnit: String, Hashable, Sendable, CaseIterable {
        /// Seconds.
        case s
        /// Milliseconds.
        case ms
        /// Microseconds.
        case us
        /// Nanoseconds.
        case ns

        /// Seconds per unit.
        public var secondsPerUnit: Double {
            switch self {
            case .s: 1
            case .ms: 1e-3
            case .us: 1e-6
            case .ns: 1e-9
            }
        }

        /// Units per second, exactly.
        var perSecond: Int64 {
            switch self {
            case .s: 1
            case .ms: 1_000
            case .us: 1_000_000
            case .ns: 1_000_000_000
            }
        }

        /// The unit's name in words.
        public var name: String {
            switch self {
            case .s: "seconds"
            case .ms: "milliseconds"
            case .us: "microseconds"
            case .ns: "nanoseconds"
            }
        }

        /// The unit a word names (`ns`, `nanos`, `msec`, `µs`, `sec`, …), or `nil`.
        init?(word: String) {
            switch word {
            case "s", "sec", "secs", "second", "seconds": self = .s
            case "ms", "msec", "millis", "millisecond", "milliseconds": self = .ms
            case "us", "µs", "μs", "usec", "micros", "microsecond", "microseconds": self = .us
            case "ns", "nsec", "nanos", "nanosecond", "nanoseconds": self = .ns
            default: return nil
            }
        }

        /// A header name split into its normalised base and the unit it states: a unit in brackets
        /// (`time (ms)`), after a separator (`time_ns`, `t.s`), or implied by the name (`millis`,
        /// `timestamp_ms`, `seconds_elapsed`).
        static func split(_ name: String) -> (base: String, unit: TimeUnit?) {
            let text = name.lowercased().trimmingCharacters(in: .whitespaces)
            if let open = text.firstIndex(where: { $0 == "(" || $0 == "[" }) {
                let inside = String(text[text.index(after: open)...].filter { $0.isLetter })
                return (SampleCSVFormat.normalize(String(text[..<open])), TimeUnit(word: inside))
            }
            if let separator = text.lastIndex(where: { "_. -".contains($0) }),
               let unit = TimeUnit(word: String(text[text.index(after: separator)...])) {
                return (SampleCSVFormat.normalize(String(text[..<separator])), unit)
            }
            let base = SampleCSVFormat.normalize(text)
            let implied: [String: TimeUnit] = ["millis": .ms, "ms": .ms, "timems": .ms, "timestampms": .ms,
                                               "nanos": .ns, "timens": .ns, "timestampns": .ns,
                                               "seconds": .s, "secondselapsed": .s]
            if let unit = implied[base] {
                // `timestampns` is a `timestamp` in ns.
                for stem in ["timestamp", "time"] where base.hasPrefix(stem) && base != stem {
                    return (stem, unit)
                }
                return (base, unit)
            }
            return (base, nil)
        }
    }

    /// Rates, Hz, a time column may give when its unit is not stated.
    public static let plausibleRates: ClosedRange<Double> = 1...10_000
    /// A first time beyond this many seconds is epoch-sized (about 3 years since the clock's zero).
    static let epochSeconds = 1e8

    /// The raw (unscaled) time of a data line, as text and number; `nil` when the field is missing
    /// or not a finite number (parsing the line reports that).
    func rawTime(line: String) -> (text: String, value: Double)? {
        let fields = DelimitedText.fields(line.hasSuffix("\r") ? line.dropLast() : line[...], separator: delimiter.asciiValue)
        guard timeIndex < fields.count else { return nil }
        let text = fields[timeIndex]
        guard let value = Self.number(text, decimalComma: decimalComma), value.isFinite else { return nil }
        return (text, value)
    }

    /// Settles the clock from the first data lines: the time unit, when not stated, from the median
    /// step between their times (and the first time's size), and the origin: times become relative
    /// to the first sample when `relative` is set or the first time is beyond
    /// ``DatasetManifest/TimeMapping/epochThreshold`` seconds (an epoch or uptime clock), kept
    /// exact for integer times; `firstLine` is the first line's number for errors. Returns what was inferred, in words, or `nil` when nothing was.
    ///
    /// Without a stated unit, seconds are taken only when they give a rate within
    /// ``plausibleRates`` and the first time is not epoch-sized; otherwise the unit (ms, µs, ns)
    /// that gives a plausible rate is taken (the one whose first time is epoch-sized, else the one
    /// nearest 100 Hz). When none does, the clock is an error naming the line and column.
    public mutating func settleClock(lines: [String], firstLine: Int = 2, relative: Bool) throws(DataFileError) -> String? {
        var said: [String] = []
        if let first = lines.first {
            // Decimal commas (`0,5`) show in the first data line, whatever the separator.
            let fields = DelimitedText.fields(first.hasSuffix("\r") ? first.dropLast() : first[...], separator: delimiter.asciiValue)
            if let example = fields.first(where: DelimitedText.isDecimalComma) {
                decimalComma = true
                said.append("numbers: decimal commas read (\(DataFileError.quote(example)) as \(example.replacingOccurrences(of: ",", with: ".")))")
            }
        }
        try checkRestingAcceleration(lines: lines, firstLine: firstLine)
        let raws = lines.compactMap(rawTime)
        guard let first = raws.first else { return nil }
        let steps = zip(raws, raws.dropFirst()).map { $1.value - $0.value }.filter { $0 > 0 }.sorted()
        let median = steps.isEmpty ? nil : steps[steps.count / 2]
        let unit: TimeUnit
        if let statedTimeUnit {
            unit = statedTimeUnit
        } else {
            unit = try inferUnit(first: first.value, median: median, line: firstLine)
            if unit != .s || abs(first.value) > Self.epochSeconds {
                var words = "time: column '\(columns[timeIndex])' read as \(unit.name)"
                if let median {
                    let step = median * unit.secondsPerUnit
                    words += " (median step \(Self.format(step)) s, \(Self.format(1 / step)) Hz)"
                }
                said.append(words)
            }
        }
        timeScale = unit.secondsPerUnit
        let epoch = DatasetManifest.TimeMapping.isEpochOrUptime(first: first.value * timeScale, column: columns[timeIndex])
        if relative || epoch, let origin = TimeOrigin(exactly: first.text, perSecond: unit.perSecond)
            ?? Int64(exactly: first.value.rounded(.down)).map({ TimeOrigin(units: $0, perSecond: unit.perSecond) }) {
            timeOrigin = origin
            timeShift = origin.seconds(exactly: first.text) ?? origin.seconds(raw: first.value)
            if !relative {
                said.append("made relative to the first sample (an epoch or uptime clock: it is at \(Self.format(first.value * timeScale)) s)")
            }
        }
        guard !said.isEmpty else { return nil }
        let column = columns[timeIndex]
        return said.joined(separator: ", ")
            + (said.contains { $0.hasPrefix("time") }
                ? "; to state it, name the unit in the header (\(column)_ns, \(column) (ms))" : "")
    }

    /// Refuses acceleration whose median magnitude over `lines` is about 9.8 "g" (m/s² read as g), or
    /// about 0.1 g when it was divided by 9.80665 (g read as m/s²): at rest a device reads 1 g.
    /// O(lines × fields).
    func checkRestingAcceleration(lines: [String], firstLine: Int) throws(DataFileError) {
        guard let x = mapping[.accelX] ?? mapping[.gravityX] else { return }
        let magnitudes = lines.enumerated().compactMap { i, line -> Double? in
            guard let s = try? parse(line: line, lineNumber: firstLine + i) else { return nil }
            let a = mapping[.accelX] != nil ? s.acceleration : (s.gravity ?? .zero)
            let m = a.length
            return m.isFinite ? m : nil
        }.sorted()
        guard !magnitudes.isEmpty else { return }
        let median = magnitudes[magnitudes.count / 2]
        let converted = statedAcceleration == .androidMetersPerSecondSquared || headerAcceleration == .metersPerSecondSquared
        if HeaderUnit.looksLikeMetersPerSecondSquared.contains(median), !converted {
            throw DataFileError(file: file, line: firstLine, field: columns[x],
                                "the acceleration reads \(Self.format(median)) g at rest, where a device reads 1 g: the values are m/s²; "
                                    + "pass --acceleration android-ms2 (Android's sign, +9.8 up), or name the unit in the header (\(columns[x]) (m/s^2))")
        }
        if HeaderUnit.looksLikeGTwiceConverted.contains(median), converted {
            throw DataFileError(file: file, line: firstLine, field: columns[x],
                                "the acceleration reads \(Self.format(median)) g at rest once divided by 9.80665, where a device reads 1 g: "
                                    + "the values are already g; drop --acceleration android-ms2 (or fix the header's unit)")
        }
    }

    /// The unit of an unstated time column from its first value and median step (raw units).
    private func inferUnit(first: Double, median: Double?, line: Int) throws(DataFileError) -> TimeUnit {
        if let unit = TimeUnit.inferred(first: first, median: median) { return unit }
        let what = median.map { "a median step of \(Self.format($0)) gives \(Self.format(1 / $0)) Hz as seconds" }
            ?? "a first time of \(Self.format(first)) is epoch-sized as seconds"
        throw DataFileError(file: file, line: line, field: columns[timeIndex],
                            "the time unit is unclear: \(what), and no unit (s, ms, us, ns) gives a rate of 1 Hz–10 kHz; "
                                + "state it in the header (time_ms, time (s))")
    }

    static func format(_ value: Double) -> String { String(format: "%.4g", value) }
}

extension SampleCSVFormat.TimeUnit {
    /// The unit of a time column whose unit is not stated, from its first raw value and the median
    /// step between its first times (raw units), or `nil` when no unit gives a plausible clock.
    ///
    /// Seconds are taken only when they give a rate within ``SampleCSVFormat/plausibleRates`` and the
    /// first time is not epoch-sized; otherwise the unit (ms, µs, ns) that gives a plausible rate: the
    /// one whose first time is epoch-sized, else the one nearest 100 Hz.
    static func inferred(first: Double, median: Double?) -> Self? {
        func rate(_ unit: Self) -> Double? { median.map { 1 / ($0 * unit.secondsPerUnit) } }
        func plausible(_ unit: Self) -> Bool { rate(unit).map(SampleCSVFormat.plausibleRates.contains) ?? true }
        let epochSized = abs(first) > SampleCSVFormat.epochSeconds
        // An epoch time in some unit is about 1.7e9 s: the unit that makes the first value that.
        if let unit = allCases.first(where: { (SampleCSVFormat.epochSeconds..<1e10).contains(abs(first) * $0.secondsPerUnit) }),
           plausible(unit) {
            return unit
        }
        if !epochSized, plausible(.s) { return .s }
        let fitting = allCases.filter { ($0 != .s || !epochSized) && median != nil && plausible($0) }
        return fitting.min { abs(log10(rate($0)! / 100)) < abs(log10(rate($1)! / 100)) }
    }
}
