/// The lines of UTF-8 text, split the one way every text reader in GestureEval splits them.
///
/// A line ends at LF (Unix), CRLF (Windows) or a lone CR (classic Mac OS, Excel's "CSV (Macintosh)"),
/// freely mixed in one file; a leading UTF-8 byte-order mark is skipped; the last line needs no line
/// break, and a final line break does not start another line. Lines are numbered from 1 as an editor
/// numbers them, blank ones included (readers decide what a blank line means).
///
/// Iterating a `TextLines` yields each line as a `Substring` of the text; parsers that work on bytes
/// (``DelimitedText``, ``LineSource``) call ``lineBreak(in:from:count:)`` and
/// ``byteOrderMarkLength(_:count:)`` directly, so there is one definition of a line for all of them.
///
/// - Complexity: O(text length) for a full iteration, no allocation per line.
package struct TextLines: Sequence, Sendable {
    /// One line of the text.
    package struct Line: Sendable {
        /// The 1-based line number.
        package var number: Int
        /// The line without its line break.
        package var text: Substring
    }

    /// The text, stored as contiguous UTF-8 so it can be scanned as bytes.
    private let text: String

    /// The lines of `text`.
    package init(_ text: some StringProtocol) {
        var text = String(text)
        text.makeContiguousUTF8()
        self.text = text
    }

    /// Iterates the lines in order.
    package struct Iterator: IteratorProtocol {
        fileprivate let text: String
        fileprivate var offset: Int
        fileprivate var index: String.Index
        fileprivate var number = 0

        /// The next line, or `nil` after the last. O(line length).
        package mutating func next() -> Line? {
            let utf8 = text.utf8
            let count = utf8.count
            guard offset < count else { return nil }
            let start = offset
            let (end, next) = utf8.withContiguousStorageIfAvailable { bytes in
                TextLines.lineBreak(in: bytes.baseAddress!, from: start, count: count)
            }!
            let lineStart = index
            let lineEnd = utf8.index(lineStart, offsetBy: end - start)
            index = utf8.index(lineEnd, offsetBy: next - end)
            offset = next
            number += 1
            return Line(number: number, text: text[lineStart..<lineEnd])
        }
    }

    /// An iterator from the first line (after any byte-order mark).
    package func makeIterator() -> Iterator {
        let bom = text.utf8.withContiguousStorageIfAvailable { bytes in
            Self.byteOrderMarkLength(bytes.baseAddress!, count: bytes.count)
        } ?? 0
        return Iterator(text: text, offset: bom, index: text.utf8.index(text.startIndex, offsetBy: bom))
    }
}

extension TextLines {
    /// The line that starts at byte `start` of `base[0..<count]`: `end` is where its content ends (its
    /// line break or `count`), `next` where the following line starts (after LF, CRLF or CR; `count`
    /// for the last line).
    ///
    /// A CR that is the last byte of `base` may be the first half of a CRLF split between two reads;
    /// a reader of a stream skips an LF that starts its next buffer (see ``LineSource``).
    ///
    /// - Complexity: O(line length); the scan tests one comparison per ordinary byte.
    @inline(__always)
    package static func lineBreak(in base: UnsafePointer<UInt8>, from start: Int, count: Int) -> (end: Int, next: Int) {
        var end = start
        while end < count {
            let byte = base[end]
            // Bytes above CR cannot end a line: one comparison for almost every byte.
            if byte <= 13, byte == 10 || byte == 13 { break }
            end += 1
        }
        guard end < count else { return (end, end) }
        if base[end] == 13, end + 1 < count, base[end + 1] == 10 { return (end, end + 2) }
        return (end, end + 1)
    }

    /// 3 when `base[0..<count]` starts with the UTF-8 byte-order mark (EF BB BF), otherwise 0.
    @inline(__always)
    package static func byteOrderMarkLength(_ base: UnsafePointer<UInt8>, count: Int) -> Int {
        count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
    }
}
