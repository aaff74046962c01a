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
        /// What was inferred while reading (a clock's unit and origin), one line each.
        var notes: [String]
    }
    var kind: String
    var recordings: Int
    var subjects: [String]
    var sessions: [String]
    var channels: [String]
    /// The sampling rate estimated from the times (Hz).
    var estimatedRate: Double
    var classes: [ClassCount]
    var reading: Reading

    /// Runs `datasets inspect SOURCE --json` (a folder or `FORMAT:PATH`), expecting success.
    static func of(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> DatasetInspection {
        let result = try GestureLabBinary.run(["datasets", "inspect", source, "--json"])
        result.expectSuccess(sourceLocation: sourceLocation)
        return try result.json()
    }
}
