/// Date-time text as a clock: ISO-8601 (`2019-03-11T10:00:00.000+02:00`, with or without an offset) or a
/// stated pattern (`M/d/yyyy HH:mm:ss.SSS`, `yyyy-MM-dd HH:mm:ss.SSS`), read to nanoseconds since the
/// Unix epoch. Text without an offset is read as UTC, so steps are right whatever the zone (a day that
/// changes to or from summer time is the exception, and shows as a gap).
///
/// Written by hand rather than with `DateFormatter` so that reading is exact to the nanosecond, fast
/// (a file holds millions of rows) and the same on every platform. O(text length) per value.
package struct DateTimePattern: Hashable, Sendable {
    /// One element of a pattern.
    enum Token: Hashable, Sendable {
        /// A number of at least `minDigits` and at most `maxDigits` digits.
        case year, month(minDigits: Int), day(minDigits: Int), hour(minDigits: Int), minute, second
        /// Fractions of a second: one or more digits.
        case fraction
        /// `Z` or `±HH:MM`, `±HHMM`, `±HH`, optional (ISO-8601 only).
        case offset
        /// A character that must appear as written; `T` in ISO-8601 also accepts a space.
        case literal(UInt8)
    }

    /// The tokens in order.
    let tokens: [Token]
    /// Whether this is ISO-8601 (`format: iso8601`).
    package let isISO8601: Bool
    /// The pattern as the manifest spells it.
    package let spelling: String

    /// ISO-8601: `yyyy-MM-ddTHH:mm:ss`, optional fraction, optional `Z` or offset; a space may stand for `T`.
    package static let iso8601 = DateTimePattern(
        tokens: [.year, .literal(UInt8(ascii: "-")), .month(minDigits: 2), .literal(UInt8(ascii: "-")), .day(minDigits: 2),
                 .literal(UInt8(ascii: "T")), .hour(minDigits: 2), .literal(UInt8(ascii: ":")), .minute,
                 .literal(UInt8(ascii: ":")), .second, .fraction, .offset],
        isISO8601: true, spelling: "iso8601")

    private init(tokens: [Token], isISO8601: Bool, spelling: String) {
        self.tokens = tokens
        self.isISO8601 = isISO8601
        self.spelling = spelling
    }

    /// The pattern `spelling` names: `iso8601`, or letters `yyyy`, `MM`/`M`, `dd`/`d`, `HH`/`H`, `mm`,
    /// `ss`, `S…`, text in single quotes and any other character literal. `nil` when it names no year,
    /// month, day, hour, minute and second, or uses another letter.
    package init?(_ spelling: String) {
        if spelling == "iso8601" { self = Self.iso8601; return }
        var tokens: [Token] = []
        let bytes = Array(spelling.utf8)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            var run = 1
            while i + run < bytes.count, bytes[i + run] == c { run += 1 }
            switch (c, run) {
            case (UInt8(ascii: "y"), 4): tokens.append(.year)
            case (UInt8(ascii: "M"), 1...2): tokens.append(.month(minDigits: run))
            case (UInt8(ascii: "d"), 1...2): tokens.append(.day(minDigits: run))
            case (UInt8(ascii: "H"), 1...2): tokens.append(.hour(minDigits: run))
            case (UInt8(ascii: "m"), 2): tokens.append(.minute)
            case (UInt8(ascii: "s"), 2): tokens.append(.second)
            case (UInt8(ascii: "S"), _): tokens.append(.fraction)
            case (UInt8(ascii: "'"), _):
                // Quoted literal text.
                var j = i + 1
                while j < bytes.count, bytes[j] != UInt8(ascii: "'") { tokens.append(.literal(bytes[j])); j += 1 }
                guard j < bytes.count else { return nil }
                i = j + 1
                continue
            default:
                let isLetter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
                guard !isLetter else { return nil }
                for _ in 0..<run { tokens.append(.literal(c)) }
            }
            i += run
        }
        let needed: [(Token) -> Bool] = [
            { $0 == .year }, { if case .month = $0 { true } else { false } }, { if case .day = $0 { true } else { false } },
            { if case .hour = $0 { true } else { false } }, { $0 == .minute }, { $0 == .second },
        ]
        guard needed.allSatisfy({ test in tokens.contains(where: test) }) else { return nil }
        self.init(tokens: tokens, isISO8601: false, spelling: spelling)
    }

    /// A value read: nanoseconds since 1970-01-01T00:00:00Z, and the offset from UTC the text stated in
    /// seconds (`nil` when it stated none and was read as UTC).
    package struct Reading: Hashable, Sendable {
        /// Nanoseconds since the Unix epoch, UTC.
        package var nanoseconds: Int64
        /// The offset the text stated, seconds east of UTC; `nil` when none.
        package var offset: Int?
    }

    /// Reads `text` (spaces around it ignored); `nil` when it does not match the pattern, names an
    /// impossible date or time, or lies outside what 64-bit nanoseconds from 1970 hold (about 1678–2262).
    package func read(_ text: some StringProtocol) -> Reading? {
        let bytes = Array(text.utf8)
        var i = 0, end = bytes.count
        // The text is one field, already split from its line, so a tab around it is padding whatever
        // separated the fields (a tab that separates them never reaches here).
        while i < end, DelimitedText.isBlank(bytes[i], separator: nil) { i += 1 }
        while end > i, DelimitedText.isBlank(bytes[end - 1], separator: nil) || bytes[end - 1] == 13 { end -= 1 }
        func digits(min: Int, max: Int) -> Int? {
            var value = 0, count = 0
            while i < end, count < max, bytes[i] >= 48, bytes[i] <= 57 {
                value = value * 10 + Int(bytes[i] - 48)
                i += 1
                count += 1
            }
            return count >= min ? value : nil
        }
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0
        var fraction: Int64 = 0
        var offset: Int? = nil
        for token in tokens {
            switch token {
            case .year: guard let v = digits(min: 4, max: 4) else { return nil }; year = v
            case let .month(n): guard let v = digits(min: n, max: 2) else { return nil }; month = v
            case let .day(n): guard let v = digits(min: n, max: 2) else { return nil }; day = v
            case let .hour(n): guard let v = digits(min: n, max: 2) else { return nil }; hour = v
            case .minute: guard let v = digits(min: 2, max: 2) else { return nil }; minute = v
            case .second: guard let v = digits(min: 2, max: 2) else { return nil }; second = v
            case .fraction:
                // ISO-8601's fraction is optional and follows a point or comma; a pattern's follows its literal.
                if isISO8601 {
                    guard i < end, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ",") else { continue }
                    i += 1
                }
                var scale: Int64 = 100_000_000, count = 0
                while i < end, bytes[i] >= 48, bytes[i] <= 57 {
                    if scale > 0 { fraction += Int64(bytes[i] - 48) * scale; scale /= 10 }
                    i += 1
                    count += 1
                }
                guard count > 0 else { return nil }
            case .offset:
                guard i < end else { continue }
                if bytes[i] == UInt8(ascii: "Z") || bytes[i] == UInt8(ascii: "z") { i += 1; offset = 0; continue }
                guard bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") else { return nil }
                let sign = bytes[i] == UInt8(ascii: "+") ? 1 : -1
                i += 1
                guard let h = digits(min: 2, max: 2), h <= 23 else { return nil }
                if i < end, bytes[i] == UInt8(ascii: ":") { i += 1 }
                let m = i < end ? digits(min: 2, max: 2) : 0
                guard let m, m <= 59 else { return nil }
                offset = sign * (h * 3600 + m * 60)
            case let .literal(c):
                guard i < end else { return nil }
                let matches = bytes[i] == c || (isISO8601 && c == UInt8(ascii: "T") && (bytes[i] == 32 || bytes[i] == UInt8(ascii: "t")))
                guard matches else { return nil }
                i += 1
            }
        }
        guard i == end, (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        let days = Int64(Self.daysFromCivil(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset ?? 0)
        // Four-digit years reach past Int64 nanoseconds; such a time is not a clock reading we can hold.
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, whole <= Int64.max - fraction else { return nil }
        return Reading(nanoseconds: whole + fraction, offset: offset)
    }

    /// Days in `month` of `year` (Gregorian).
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
