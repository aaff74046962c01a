/// The `error: ` line a failed `gesturelab` run prints, split into the parts the error names:
/// `error: FILE[:LINE]: [FIELD: ]MESSAGE`, as in `error: <stdin>:3: y: 'oops' is not a number`.
///
/// The split needs to know what the test expects: which file (a path may hold `:`) and whether a field follows,
/// since `FILE: MESSAGE` and `FILE: FIELD: MESSAGE` look alike. A line that does not start with the file (or
/// has no line number where one is expected) does not parse, so a test of a wrong file fails.
public struct ErrorLine: Hashable, Sendable, CustomStringConvertible {
    /// The file named, `nil` for an error about no file (`error: split: unknown split 'random'`).
    public var file: String?
    /// The 1-based line number after the file, when there is one.
    public var line: Int?
    /// The field, key or column named after the location, when asked for.
    public var field: String?
    /// The rest: what is wrong and how to fix it.
    public var message: String

    /// An error line with these parts.
    public init(file: String?, line: Int? = nil, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    /// Splits `text` (one line, with or without its `error: ` prefix) after `file` (when given), then an optional
    /// `:LINE`, then, when `hasField`, a field ending at the next `: `. `nil` when the text does not fit.
    public init?(_ text: some StringProtocol, file: String?, hasField: Bool) {
        var rest = Substring(text)
        if rest.hasPrefix("error: ") { rest = rest.dropFirst("error: ".count) }
        if let file {
            guard rest.hasPrefix(file) else { return nil }
            rest = rest.dropFirst(file.count)
            let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            if rest.first == ":", !digits.isEmpty {
                line = Int(digits)
                rest = rest.dropFirst(1 + digits.count)
            }
            guard rest.hasPrefix(": ") else { return nil }
            rest = rest.dropFirst(2)
        }
        if hasField {
            guard let colon = rest.range(of: ": ") else { return nil }
            field = String(rest[..<colon.lowerBound])
            rest = rest[colon.upperBound...]
        }
        self.file = file
        message = String(rest)
    }

    public var description: String {
        "error: " + [file.map { $0 + (line.map { ":\($0)" } ?? "") }, field, message].compactMap { $0 }.joined(separator: ": ")
    }
}
