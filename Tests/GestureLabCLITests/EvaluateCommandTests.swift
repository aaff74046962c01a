import Foundation
import GestureTestSupport
import Testing

@Suite(.needsSharedData) struct EvaluateCommandTests {
    /// What `evaluate --json` prints for the archive form.
    struct Evaluation: Decodable {
        var error, accuracy, band: Double
        var total: Int, bandLearned: Bool
    }

    static func path(_ set: String, _ split: String) throws -> String {
        try #require(SharedData.dataset("\(set)/Missing_value_and_variable_length_datasets_adjusted/\(set)_\(split).tsv")).path
    }

    /// One line reproduces a row of BASELINES.md.
    @Test(arguments: [("0.06", 0.16), ("1", 0.14), ("0", 0.40)])
    func reproducesShakeGestureBaselines(band: String, error: Double) throws {
        let set = "ShakeGestureWiimoteZ"
        let result = try GestureLabBinary.run([
            "evaluate", "--recognizer", "dtw", "--train", "ucr:\(try Self.path(set, "TRAIN"))",
            "--test", "ucr:\(try Self.path(set, "TEST"))", "--band", band, "--znormalize", "--json",
        ])
        #expect(result.expectSuccess())
        let evaluation = try result.json(Evaluation.self)
        #expect(abs(evaluation.error - error) < 1e-9)
        #expect(abs(evaluation.accuracy - (1 - error)) < 1e-9)
        #expect(evaluation.total == 50 && evaluation.band == Double(band) && !evaluation.bandLearned)
    }

    @Test func learnsTheBandWhenNoneIsGiven() throws {
        let set = "PickupGestureWiimoteZ"
        let result = try GestureLabBinary.run([
            "evaluate", "--recognizer", "dtw", "--train", "ucr:\(try Self.path(set, "TRAIN"))",
            "--test", "ucr:\(try Self.path(set, "TEST"))", "--znormalize", "--json",
        ])
        #expect(result.expectSuccess())
        let evaluation = try result.json(Evaluation.self)
        #expect(evaluation.band == 0.17 && evaluation.bandLearned)
        #expect(abs(evaluation.error - 0.34) < 1e-9)
    }

    @Test func badArgumentsAndFilesAreClearErrors() throws {
        let train = try Self.path("ShakeGestureWiimoteZ", "TRAIN")
        let missing = try GestureLabBinary.run(["evaluate", "--recognizer", "dtw", "--train", "ucr:\(train)", "--test", "ucr:/nonexistent/X_TEST.tsv"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("/nonexistent/X_TEST.tsv"))
        let band = try GestureLabBinary.run(["evaluate", "--recognizer", "dtw", "--train", "ucr:\(train)", "--test", "ucr:\(train)", "--band", "1.5"])
        #expect(band.status != 0)
        #expect(band.stderr.contains("--band"))
        let format = try GestureLabBinary.run(["evaluate", "--recognizer", "dtw", "--train", train, "--test", "ucr:\(train)"])
        #expect(format.status != 0)
        #expect(format.stderr.contains("FORMAT:PATH"))
        let recognizer = try GestureLabBinary.run(["evaluate", "--recognizer", "nope", "--train", "ucr:\(train)", "--test", "ucr:\(train)"])
        #expect(recognizer.status != 0)
    }
}
