import GestureTestSupport
import Testing

/// The split of an `error:` line that ``ExternalProgram/Result/expectFailure`` compares: a wrong file, line or field
/// does not pass for the right one.
@Suite struct ErrorLineTests {
    @Test func splitsFileLineFieldAndMessage() throws {
        let line = try #require(ErrorLine("error: <stdin>:3: y: 'oops' is not a number", file: "<stdin>", hasField: true))
        #expect(line == ErrorLine(file: "<stdin>", line: 3, field: "y", message: "'oops' is not a number"))
        #expect(line.description == "error: <stdin>:3: y: 'oops' is not a number")
        // A path with colons, no line, a dotted field.
        let entry = try #require(ErrorLine("error: /a:b/e.yaml: entries[4].dataset: unknown dataset 'x'", file: "/a:b/e.yaml", hasField: true))
        #expect(entry.line == nil && entry.field == "entries[4].dataset" && entry.message == "unknown dataset 'x'")
        // No file: a field of the command line.
        #expect(ErrorLine("error: split: unknown split 'random'", file: nil, hasField: true)?.field == "split")
    }

    @Test func anotherFileOrAMissingPartDoesNotParse() {
        #expect(ErrorLine("error: other.csv:3: y: bad", file: "<stdin>", hasField: true) == nil)
        #expect(ErrorLine("error: <stdin>3: y: bad", file: "<stdin>", hasField: true) == nil)
        #expect(ErrorLine("error: <stdin>:3: no field here", file: "<stdin>", hasField: true) == nil)
        #expect(ErrorLine("error: <stdin>:3 y", file: "<stdin>", hasField: false) == nil)
        // Without a field asked for, the rest is the message, and the line number is kept apart from it.
        #expect(ErrorLine("error: <stdin>:12: bad", file: "<stdin>", hasField: false) == ErrorLine(file: "<stdin>", line: 12, message: "bad"))
    }

    @Test func resultHelpersDecodeWhatWasPrinted() throws {
        struct Point: Decodable, Equatable { var x: Int }
        let lines = ExternalProgram.Result(printed: "{\"x\": 1}\n\n{\"x\": 2}\n")
        #expect(try lines.jsonLines(Point.self) == [Point(x: 1), Point(x: 2)])
        #expect(throws: (any Error).self) { try lines.json(Point.self) }
        let summary = ExternalProgram.Result(printed: "tuned shake on 3 recordings: peakThreshold=1.25 budgetMet=1.0\nwrote t.yaml\n")
        #expect(summary.fields(ofLineStartingWith: "tuned shake") == ["peakThreshold": "1.25", "budgetMet": "1.0"])
        #expect(summary.fields(ofLineStartingWith: "trained") == nil)
    }
}
