import Foundation

extension ExternalProgram.Result {
    /// A successful run (status 0, nothing on standard error) that printed `stdout`, for tests of the helpers
    /// below that read it; ``ExternalProgram/run(_:_:stdin:directory:)`` uses the memberwise initialiser.
    public init(printed stdout: String) {
        self.init(status: 0, stdout: stdout, stderr: "")
    }

    /// Standard output decoded as one JSON document (what `--json` prints, such as results.json), so a test compares
    /// fields instead of matching printed text.
    /// - Throws: `DecodingError` naming the key path that did not match `type`.
    public func json<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(stdout.utf8))
    }

    /// Each non-blank line of standard output decoded as one JSON value (JSON Lines, as `detect --json` and
    /// `find --json` print events and matches as they happen). O(output).
    public func jsonLines<T: Decodable>(_ type: T.Type = T.self) throws -> [T] {
        try stdout.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
            .map { try JSONDecoder().decode(T.self, from: Data($0.utf8)) }
    }

    /// The `key=value` fields of the first line of standard output that starts with `prefix` (the summary line
    /// `train` prints, such as `trained dtw templates=8 examples=40`), or `nil` when no line does. Fields are
    /// separated by spaces or commas; a later repeated key wins.
    public func fields(ofLineStartingWith prefix: String) -> [String: String]? {
        guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        var fields: [String: String] = [:]
        for word in line.split(whereSeparator: { $0 == " " || $0 == "," }) {
            guard let eq = word.firstIndex(of: "="), eq != word.startIndex else { continue }
            fields[String(word[..<eq])] = String(word[word.index(after: eq)...])
        }
        return fields
    }
}

/// JSON files a command wrote (results.json, a model, a tuned configuration), decoded into a test's own
/// `Decodable` structs that name only the fields the test checks.
public enum JSONFile {
    /// The file at `url` decoded as `type`.
    /// - Throws: the read error, or `DecodingError` naming the key path that did not match.
    public static func decode<T: Decodable>(_ type: T.Type = T.self, at url: URL) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }
}
