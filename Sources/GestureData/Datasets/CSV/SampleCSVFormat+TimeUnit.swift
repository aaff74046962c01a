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
}
