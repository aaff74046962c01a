/// The one field reader of every delimited-text reader in GestureEval (data files, their headers,
/// label columns, annotation files, `csv:` and `detect`'s lines), so a file is split into the same
/// fields whichever command reads it.
///
/// Fields follow RFC 4180: a field that starts with `"` (after spaces) runs to the matching closing
/// quote, and a separator or a doubled quote (`""`) inside it belongs to the field, so a
/// spreadsheet's `"0,5"` is one field, not two. Blanks around a field are not part of it: spaces, and
/// tabs unless the tab is the separator (``isBlank(_:separator:)``), so an empty field is empty in every
/// dialect and `a<TAB><TAB>b` is three fields, as `a,,b` is. A quoted field cannot span lines (``TextLines`` splits lines first); an unclosed quote ends at the
/// end of the line and is reported by ``Field/unterminated``.
extension DelimitedText {
    /// Where one field lies in a line, as byte offsets.
    struct Field {
        /// The field's text without quotes and surrounding blanks: `[start, end)`.
        var start: Int, end: Int
        /// The offset of the separator after the field, or the line's end.
        var next: Int
        /// Whether the field was quoted (its text may hold `""` for a quote).
        var quoted: Bool
        /// Whether a quoted field had no closing quote on its line.
        var unterminated: Bool
    }

    /// Whether byte `c` is a blank around a field (never part of one unless quoted) when fields are
    /// separated by `separator` (`nil`: runs of blanks): a space always, a tab unless the tab is the
    /// separator. The one rule of every reader that splits fields or skips blank lines. O(1).
    @inline(__always)
    static func isBlank(_ c: UInt8, separator: UInt8?) -> Bool {
        // A tab that separates fields is a separator, never padding: taking it for a blank swallowed
        // the tab after an empty field and shifted every later column one to the left.
        c == 32 || (c == 9 && separator != 9)
    }

    /// Whether the line `[start, end)` holds no field: only blanks (``isBlank(_:separator:)``) or other
    /// ASCII white space (CR, VT, FF). A line of tabs in a tab-separated file is a row of empty fields,
    /// as `,,` is with commas. O(line length).
    @inline(__always)
    static func isBlankLine(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, separator: UInt8?) -> Bool {
        var p = start
        while p < end {
            let c = base[p]
            guard c == 32 || (c >= 9 && c <= 13 && c != separator) else { return false }
            p += 1
        }
        return true
    }

    /// ``isBlankLine(_:from:to:separator:)`` for text: white space only (Unicode's, as
    /// `Character.isWhitespace`), a tab counting as a field's separator when it is `separator`. O(length).
    static func isBlankLine(_ line: some StringProtocol, separator: UInt8?) -> Bool {
        line.allSatisfy { $0.isWhitespace && !(separator == 9 && $0 == "\t") }
    }

    /// The field starting at `p` in the line `[p, end)`, with `separator` (`nil`: runs of blanks).
    /// O(field length), no allocation.
    @inline(__always)
    static func field(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, separator: UInt8?) -> Field {
        @inline(__always) func blank(_ c: UInt8) -> Bool { isBlank(c, separator: separator) }
        var p = start
        while p < end, blank(base[p]) { p += 1 }
        if p < end, base[p] == 34 {
            // Quoted: up to the quote not doubled.
            var q = p + 1, close = -1
            while q < end {
                if base[q] == 34 {
                    if q + 1 < end, base[q + 1] == 34 { q += 2; continue }
                    close = q
                    break
                }
                q += 1
            }
            let contentEnd = close >= 0 ? close : end
            var next = close >= 0 ? close + 1 : end
            if let separator {
                while next < end, base[next] != separator { next += 1 }
            } else {
                while next < end, !blank(base[next]) { next += 1 }
            }
            return Field(start: p + 1, end: contentEnd, next: next, quoted: true, unterminated: close < 0)
        }
        var next = p
        if let separator {
            while next < end, base[next] != separator { next += 1 }
        } else {
            while next < end, !blank(base[next]) { next += 1 }
        }
        var b = next
        while b > p, blank(base[b - 1]) { b -= 1 }
        return Field(start: p, end: b, next: next, quoted: false, unterminated: false)
    }

    /// The fields of one line as text (quotes removed, `""` read as `"`, blanks around fields dropped).
    /// An empty line is one empty field with a separator, none with blanks; with a tab separator a tab
    /// always ends a field (`"a\t\tb"` is `["a", "", "b"]`). O(line length).
    static func fields(_ line: some StringProtocol, separator: UInt8?) -> [String] {
        var text = String(line)
        return text.withUTF8 { bytes -> [String] in
            guard let base = bytes.baseAddress else { return separator == nil ? [] : [""] }
            var result: [String] = []
            var p = 0
            let end = bytes.count
            while true {
                if separator == nil {
                    while p < end, isBlank(base[p], separator: nil) { p += 1 }
                    if p >= end { break }
                }
                let f = field(base, from: p, to: end, separator: separator)
                var value = String(decoding: UnsafeBufferPointer(start: base + f.start, count: f.end - f.start), as: UTF8.self)
                if f.quoted, value.contains("\"\"") { value = value.replacingOccurrences(of: "\"\"", with: "\"") }
                result.append(value)
                if f.next >= end { break }
                p = f.next + 1
            }
            return result
        }
    }

    /// The separator byte a header line most likely uses: the most frequent of `,`, `;` and a tab outside
    /// quotes (`,` when none occurs). For a manifest's `delimiter: auto` and `detect`'s headers.
    static func sniffSeparator(_ header: some StringProtocol) -> UInt8 {
        var counts: [UInt8: Int] = [44: 0, 59: 0, 9: 0]
        var quoted = false
        for c in header.utf8 {
            if c == 34 { quoted.toggle() } else if !quoted, counts[c] != nil { counts[c]! += 1 }
        }
        let best = [UInt8(44), 59, 9].max { counts[$0]! < counts[$1]! }!
        return counts[best]! > 0 ? best : 44
    }

    /// The separator that Excel's directive line `sep=X` (quoted or not: `"sep=;"`) names, or `nil` when `line`
    /// is not such a directive. Spreadsheet exports (Shimmer's Consensys) write it as their first line; it is no
    /// part of the table. O(length).
    static func separatorDirective(_ line: some StringProtocol) -> UInt8? {
        var bytes = Array(line.utf8)[...]
        while let last = bytes.last, last == 13 || last == 10 { bytes.removeLast() }
        if bytes.first == 34 { bytes.removeFirst() }
        guard bytes.count >= 5, String(decoding: bytes.prefix(4), as: UTF8.self).lowercased() == "sep=" else { return nil }
        let separator = bytes[bytes.startIndex + 4]
        // After it only the closing quote, and the separators a spreadsheet pads the line with.
        let rest = bytes.dropFirst(5).drop(while: { $0 == 34 })
        guard separator != 34, rest.allSatisfy({ $0 == separator }) else { return nil }
        return separator
    }

    /// Whether a numeric field's text looks like a decimal-comma number (`0,5`, `-12,25`): digits, one
    /// comma, digits, and no point.
    static func isDecimalComma(_ text: some StringProtocol) -> Bool {
        // [sign] digits , digits [e|E [sign] digits], as phyphox writes 1,25E-2.
        var bytes = Array(text.utf8)[...]
        func digits() -> Bool {
            let n = bytes.prefix { $0 >= 48 && $0 <= 57 }.count
            bytes = bytes.dropFirst(n)
            return n > 0
        }
        if let c = bytes.first, c == 45 || c == 43 { bytes = bytes.dropFirst() }
        guard digits(), bytes.first == 44 else { return false }
        bytes = bytes.dropFirst()
        guard digits() else { return false }
        if let c = bytes.first, c == 69 || c == 101 {
            bytes = bytes.dropFirst()
            if let c = bytes.first, c == 45 || c == 43 { bytes = bytes.dropFirst() }
            guard digits() else { return false }
        }
        return bytes.isEmpty
    }
}
