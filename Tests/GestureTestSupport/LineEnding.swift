import Foundation

/// The ways the lines of a text file end in the wild, for tests that every reader gives the same
/// result for each: write one fixture with LF line ends and derive the others with ``apply(to:)``.
public enum LineEnding: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `\n` (Unix): the fixture as written.
    case lf
    /// `\r\n` (Windows).
    case crlf
    /// `\r` alone (classic Mac OS, Excel's "CSV (Macintosh)").
    case cr
    /// CRLF, CR and LF in turn, line by line.
    case mixed
    /// A UTF-8 byte-order mark, then LF.
    case byteOrderMark
    /// LF, with blank and whitespace-only lines after the last one.
    case trailingBlankLines
    /// LF, without a line break after the last line.
    case noFinalNewline

    public var description: String { rawValue }

    /// `lfText` (lines ending in `\n`, the last one too; or empty) with this variant's line ends.
    public func apply(to lfText: String) -> String {
        precondition(!lfText.contains("\r"), "the fixture is LF text")
        // Empty text has no line ends to vary.
        guard lfText.hasSuffix("\n") else { precondition(lfText.isEmpty, "the fixture ends in a line break"); return lfText }
        let lines = lfText.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        switch self {
        case .lf: return lfText
        case .crlf: return lines.joined(separator: "\r\n") + "\r\n"
        case .cr: return lines.joined(separator: "\r") + "\r"
        case .mixed:
            let breaks = ["\r\n", "\r", "\n"]
            return lines.enumerated().map { $0.element + breaks[$0.offset % 3] }.joined()
        case .byteOrderMark: return "\u{FEFF}" + lfText
        case .trailingBlankLines: return lfText + "\n  \n\t\n\n"
        case .noFinalNewline: return String(lfText.dropLast())
        }
    }

    /// Writes `lfText` with this variant's line ends to a file named `name` in a fresh temporary
    /// folder and returns its URL.
    public func write(_ lfText: String, named name: String) throws -> URL {
        let folder = TemporaryFolder.root
            .appendingPathComponent("gesturelab-\(rawValue)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(apply(to: lfText).utf8).write(to: url)
        return url
    }
}
