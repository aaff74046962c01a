import Foundation
import GestureEval
import Testing

/// Typed fold and subject metrics are written as the `details` object results have always held, and read back.
@Suite struct ScoreMetricsTests {
    private static func json(_ metrics: ScoreMetrics) throws -> String {
        String(decoding: try ReportFolder.encoder.encode(metrics), as: UTF8.self)
    }

    private static func decoded(_ metrics: ScoreMetrics) throws -> ScoreMetrics {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(ScoreMetrics.self, from: try ReportFolder.encoder.encode(metrics))
    }

    /// A fold's event metrics: the thirteen keys, counts as numbers, fragment share derived.
    @Test func foldEventsAreTheThirteenKeys() throws {
        let fold = ScoreMetrics.events(.init(precision: 0.75, recall: 0.5, f1: 0.6, falsePositivesPerHour: 2, backgroundHours: 1.5, annotations: 12,
                                             detections: 8, truePositives: 6, errors: .init(insertions: 3, deletions: 4, substitutions: 1, fragments: 2)))
        let keys = try JSONSerialization.jsonObject(with: Data(Self.json(fold).utf8)) as? [String: Double]
        #expect(keys == ["precision": 0.75, "recall": 0.5, "f1": 0.6, "falsePositivesPerHour": 2, "backgroundHours": 1.5, "annotations": 12,
                         "detections": 8, "truePositives": 6, "insertions": 3, "deletions": 4, "substitutions": 1, "fragments": 2, "fragmentShare": 0.25])
        #expect(try Self.decoded(fold) == fold)
    }

    /// A subject's metrics hold no errors and write none; no detections give a NaN share, written as `"nan"`.
    @Test func subjectsAndNaNRoundTrip() throws {
        let subject = ScoreMetrics.events(.init(precision: .nan, recall: 0, f1: 0, falsePositivesPerHour: .nan, backgroundHours: 0, annotations: 3,
                                                detections: 0, truePositives: 0))
        #expect(try !Self.json(subject).contains("fragments"))
        let decoded = try Self.decoded(subject)
        #expect(decoded.events?.precision.isNaN == true && decoded.events?.errors == nil && decoded.events?.annotations == 3)
        let empty = ScoreMetrics.events(.init(precision: .nan, recall: .nan, f1: .nan, falsePositivesPerHour: 0, backgroundHours: 1, annotations: 0,
                                              detections: 0, truePositives: 0, errors: .init(insertions: 0, deletions: 0, substitutions: 0, fragments: 0)))
        #expect(try Self.json(empty).contains(#""fragmentShare" : "nan""#))
        let segments = ScoreMetrics.segments(.init(accuracy: 0.9, macroF1: 0.8, kappa: 0.7, balancedAccuracy: 0.85))
        #expect(try Self.decoded(segments) == segments)
        let subjectSegments = ScoreMetrics.segments(.init(accuracy: 0.9, macroF1: 0.8))
        #expect(try Self.json(subjectSegments) == "{\n  \"accuracy\" : 0.9,\n  \"macroF1\" : 0.8\n}")
        #expect(try Self.decoded(subjectSegments) == subjectSegments)
    }
}
