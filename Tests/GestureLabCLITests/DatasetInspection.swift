import GestureTestSupport
import Testing

/// What `gesturelab datasets inspect --json` prints, the fields tests compare (the printed table shows the same).
struct DatasetInspection: Decodable {
    struct ClassCount: Decodable { var label: String; var annotations: Int }
    /// The reading policies applied, with counts.
    struct Reading: Decodable {
        var relativeTimeRecordings: Int
        var ignoredLabelRuns: Int
        var ignoredLabelSamples: [String: Int]
    }
    var kind: String
    var recordings: Int
    var subjects: [String]
    var sessions: [String]
    var channels: [String]
    var classes: [ClassCount]
    var reading: Reading

    /// Runs `datasets inspect SOURCE --json` (a folder or `FORMAT:PATH`), expecting success.
    static func of(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> DatasetInspection {
        let result = try GestureLabBinary.run(["datasets", "inspect", source, "--json"])
        result.expectSuccess(sourceLocation: sourceLocation)
        return try result.json()
    }
}
