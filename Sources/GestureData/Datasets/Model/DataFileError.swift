/// A problem in a data file, located as precisely as the format allows.
///
/// The description reads `file:line: field: message`, the form editors and terminals link. What is
/// wrong is a ``Reason``, which code and tests match on; ``message`` is its wording for people.
public struct DataFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// The 1-based line, when the problem is on one line.
    public var line: Int?
    /// The column, key or field, when the problem is in one.
    public var field: String?
    /// What is wrong.
    public var reason: Reason

    /// Creates an error for `reason`.
    public init(file: String, line: Int? = nil, field: String? = nil, _ reason: Reason) {
        self.file = file
        self.line = line
        self.field = field
        self.reason = reason
    }

    /// Creates an error whose reason is only its wording (``Reason/other(_:)``), for problems no
    /// caller tells apart.
    public init(file: String, line: Int? = nil, field: String? = nil, _ message: String) {
        self.init(file: file, line: line, field: field, .other(message))
    }

    /// What is wrong, in words. Setting it (to add advice) makes the reason ``Reason/other(_:)``.
    public var message: String {
        get { reason.message }
        set { reason = .other(newValue) }
    }

    /// `file:line: field: message`, the parts that are known.
    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let field { return "\(location): \(field): \(message)" }
        return "\(location): \(message)"
    }

    /// `text` in single quotes for an error message, cut to its first `limit` characters with an
    /// ellipsis, so a message quotes at most a field or the start of a line, never a whole file
    /// (a file read with the wrong line ends can be one enormous line). Invisible characters (a
    /// byte-order mark, zero-width spaces, control characters) are shown escaped, as `\u{FEFF}`, so
    /// the quote shows what the file really holds.
    ///
    /// The one place messages quote data. O(`limit`).
    package static func quote(_ text: some StringProtocol, limit: Int = 80) -> String {
        let prefix = text.prefix(limit)
        let shown = visible(prefix)
        return prefix.endIndex == text.endIndex ? "'\(shown)'" : "'\(shown)…'"
    }

    /// `text` with every invisible scalar (formats such as U+FEFF, controls other than tab) written
    /// as `\u{XXXX}`. O(length).
    static func visible(_ text: some StringProtocol) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            if (category == .format || category == .control) && scalar != "\t" {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
