import Testing

extension ExternalProgram.Result {
    /// The lines of standard error that start with `error: `.
    public var errorLines: [Substring] { stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") } }

    /// Expects the run to have succeeded (exit status 0), recording its standard error when not. Returns whether it did,
    /// for a test that reads the outputs only then.
    @discardableResult
    public func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        #expect(status == 0, "exit status \(status): \(stderr)", sourceLocation: sourceLocation)
        return status == 0
    }

    /// Expects the run to have failed as a bad input fails: exit `status`, nothing after the one `error: ` line
    /// (notes and warnings may come before it), which names `file` (when given), `line` (when given; `nil`
    /// expects none when a file is given) and `field`, and whose message contains `message`. With `alone`, standard
    /// error holds that line only. Returns the parsed line.
    ///
    /// The parts are compared whole (a wrong line number or field fails), the message by containment, since its
    /// wording is for people.
    @discardableResult
    public func expectFailure(status expectedStatus: Int32 = 1, file: String? = nil, line: Int? = nil, field: String? = nil,
                              message: String = "", alone: Bool = false,
                              sourceLocation: SourceLocation = #_sourceLocation) -> ErrorLine? {
        #expect(status == expectedStatus, "exit status \(status), expected \(expectedStatus): \(stderr)", sourceLocation: sourceLocation)
        let lines = stderr.split(separator: "\n")
        #expect(errorLines.count == 1 && lines.last?.hasPrefix("error: ") == true,
                "expected one error line, last: \(stderr)", sourceLocation: sourceLocation)
        if alone { #expect(lines.count == 1, "expected the error line alone: \(stderr)", sourceLocation: sourceLocation) }
        guard let last = lines.last, let parsed = ErrorLine(last, file: file, hasField: field != nil) else {
            Issue.record("standard error does not end with an error naming \(file ?? "no file"): \(stderr)", sourceLocation: sourceLocation)
            return nil
        }
        if file != nil { #expect(parsed.line == line, "line of \(parsed)", sourceLocation: sourceLocation) }
        #expect(parsed.field == field, "field of \(parsed)", sourceLocation: sourceLocation)
        #expect(message.isEmpty || parsed.message.contains(message), "message of \(parsed)", sourceLocation: sourceLocation)
        return parsed
    }
}
