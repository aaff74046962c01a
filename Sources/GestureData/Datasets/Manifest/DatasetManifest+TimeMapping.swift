extension DatasetManifest {
    /// Where a recording's timestamps come from: a column scaled to seconds, or a fixed rate.
    package struct TimeMapping: Codable, Hashable, Sendable {
        /// Header name of the time column.
        package var column: String?
        /// 0-based index of the time column (files without a header).
        package var index: Int?
        /// Multiplier to seconds (0.001 for milliseconds); 1 when absent.
        package var scale: Double?
        /// When there is no time column: samples are `1 / rate` seconds apart, starting at 0.
        package var rate: Double?
        /// The column's unit; an alternative to ``scale``.
        package var unit: Unit?
        /// Where time 0 is; ``Origin/auto`` when absent (and ``relative`` is too). Shifting is reported.
        package var origin: Origin?
        /// `relative: true` is `origin: first` (time 0 at each recording's first sample), `false` is
        /// `origin: file`; the documented alias, as on the command line (`detect --relative-time`).
        package var relative: Bool?
        /// Rows sharing one timestamp (sensor batches); ``Batches/keep`` when absent.
        package var batches: Batches?
        /// The time column holds date-time text rather than a number: `iso8601` (with or without an
        /// offset such as `+02:00` or `Z`; without one, UTC) or a pattern of `yyyy`, `MM`, `M`, `dd`,
        /// `d`, `HH`, `H`, `mm`, `ss` and `S…` (fractions of a second), other characters literal, read
        /// as UTC (for example ActiGraph's `M/d/yyyy HH:mm:ss.SSS`). Times are seconds from the first.
        package var format: String?
        /// For files without a time column: the 1-based line whose first field is the start time in
        /// seconds since the epoch (Empatica E4's first row). Reported; times still start at 0.
        package var startRow: Int?
        /// For files without a time column: the 1-based line whose first field is the sampling rate in Hz
        /// (Empatica E4's second row), instead of ``rate``.
        package var rateRow: Int?
        /// A time column named `column`.
        package init(column: String? = nil, index: Int? = nil, scale: Double? = nil, rate: Double? = nil,
                    unit: Unit? = nil, origin: Origin? = nil, relative: Bool? = nil, batches: Batches? = nil,
                    format: String? = nil, startRow: Int? = nil, rateRow: Int? = nil) {
            self.format = format
            self.startRow = startRow
            self.rateRow = rateRow
            self.column = column
            self.index = index
            self.scale = scale
            self.rate = rate
            self.unit = unit
            self.origin = origin
            self.relative = relative
            self.batches = batches
        }

        /// A time column's unit, spelled `ns`, `us` (or `µs`), `ms` or `s`.
        package enum Unit: String, ManifestKeyword {
            /// Nanoseconds.
            case ns
            /// Microseconds.
            case us
            /// Microseconds, spelled with the micro sign.
            case microSign = "µs"
            /// Milliseconds.
            case ms
            /// Seconds.
            case s

            /// The spellings errors list (the micro sign is an alias).
            package static var listed: [String] { ["ns", "us", "ms", "s"] }

            /// The unit as the CSV readers name it.
            package var timeUnit: SampleCSVFormat.TimeUnit {
                switch self {
                case .ns: .ns
                case .us, .microSign: .us
                case .ms: .ms
                case .s: .s
                }
            }

            /// The manifest spelling of `unit`.
            package init(_ unit: SampleCSVFormat.TimeUnit) {
                switch unit {
                case .ns: self = .ns
                case .us: self = .us
                case .ms: self = .ms
                case .s: self = .s
                }
            }
        }

        /// Where time 0 is.
        package enum Origin: String, ManifestKeyword {
            /// Each recording's first sample.
            case first
            /// The values as read, scaled.
            case file
            /// ``first`` when the first time is beyond ``ClockInference/epochSeconds`` seconds (an
            /// epoch or uptime clock), else ``file``.
            case auto
        }

        /// What to do with rows sharing one timestamp (sensor batches).
        package enum Batches: String, ManifestKeyword {
            /// Keep them as read; validation reports the duplicates.
            case keep
            /// Spread them evenly between that time and the next distinct one; reported.
            case spread
        }

        /// The origin policy in force: ``origin``, or ``relative`` spelled as one, else ``Origin/auto``.
        package var effectiveOrigin: Origin {
            origin ?? relative.map { $0 ? .first : .file } ?? .auto
        }

        /// Seconds per raw unit: ``unit`` or ``scale``, 1 when neither is given.
        package var secondsPerUnit: Double {
            unit.map(\.timeUnit.secondsPerUnit) ?? scale ?? 1
        }
    }
}
