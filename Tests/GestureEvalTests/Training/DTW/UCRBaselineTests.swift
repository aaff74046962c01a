import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// The UCR archive's published 1-NN error rates (BASELINES.md), reproduced on the shared data with
/// z-normalised series and the archive's adjusted files for the variable-length sets.
@Suite(.needsSharedData) struct UCRBaselineTests {
    static func load(_ set: String) throws -> (train: [LabelledSeries], test: [LabelledSeries]) {
        let adjusted = "\(set)/Missing_value_and_variable_length_datasets_adjusted"
        let train = try UCRArchive.read(contentsOf: try #require(SharedData.dataset("\(adjusted)/\(set)_TRAIN.tsv")))
        let testURL = try #require(SharedData.dataset("\(adjusted)/\(set)_TEST.tsv"))
        if FileManager.default.fileExists(atPath: testURL.path) {
            return (train, try UCRArchive.read(contentsOf: testURL))
        }
        // AllGestureWiimoteY: no adjusted TEST file; pad the plain one the same way (fixed seed).
        let plain = try #require(SharedData.dataset("\(set)/\(set)_TEST.tsv"))
        return (train, PaddingNoise.fill(try UCRArchive.read(contentsOf: plain, padding: .keep), seed: 1))
    }

    static let zNormalised = DTWPreprocessing(zNormalizationFloor: DTWPreprocessing.defaultFloor)

    static func errors(_ set: String, band: Double?) throws -> (errors: Int, total: Int, result: NearestNeighborEvaluation.Result) {
        let (train, test) = try load(set)
        let result = try NearestNeighborEvaluation(k: 1, band: band, preprocessing: zNormalised).run(train: train, test: test)
        return (result.total - result.correct, result.total, result)
    }

    /// The published error rate as a count of misclassified test series.
    static func published(_ rate: Double, of total: Int) -> Int { Int((rate * Double(total)).rounded()) }

    @Test(arguments: [("AllGestureWiimoteX", 0.4843), ("AllGestureWiimoteY", 0.4314), ("AllGestureWiimoteZ", 0.5457),
                      ("ShakeGestureWiimoteZ", 0.4000), ("PickupGestureWiimoteZ", 0.4400), ("GesturePebbleZ1", 0.2674)])
    func euclideanExactly(set: String, rate: Double) throws {
        let (errors, total, _) = try Self.errors(set, band: 0)
        #expect(errors == Self.published(rate, of: total))
    }

    @Test(arguments: [("ShakeGestureWiimoteZ", 0.06, 0.16), ("ShakeGestureWiimoteZ", 1, 0.14),
                      ("PickupGestureWiimoteZ", 0.17, 0.34), ("PickupGestureWiimoteZ", 1, 0.34),
                      ("GesturePebbleZ1", 1, 0.2093)])
    func dtwExactly(set: String, band: Double, rate: Double) throws {
        let (errors, total, _) = try Self.errors(set, band: band)
        #expect(errors == Self.published(rate, of: total))
    }

    /// Within one test series: GesturePebbleZ1 at 2 % (w = round(9.1) = 9; the archive's 0.1744 needs w = 8 or 10)
    /// and the AllGestureWiimote sets at their published learned bands (these reproduce exactly).
    @Test(arguments: [("GesturePebbleZ1", 0.02, 0.1744), ("AllGestureWiimoteX", 0.14, 0.2829),
                      ("AllGestureWiimoteY", 0.09, 0.2700), ("AllGestureWiimoteZ", 0.11, 0.3486),
                      ("AllGestureWiimoteX", 1, 0.2843)])
    func dtwWithinOneSeries(set: String, band: Double, rate: Double) throws {
        let (errors, total, _) = try Self.errors(set, band: band)
        #expect(abs(errors - Self.published(rate, of: total)) <= 1)
    }

    /// Leave-one-out over 0–20 % on TRAIN learns the archive's bands and so its errors.
    @Test(arguments: [("ShakeGestureWiimoteZ", 0.06, 0.16), ("PickupGestureWiimoteZ", 0.17, 0.34)])
    func leaveOneOutLearnsThePublishedBand(set: String, band: Double, rate: Double) throws {
        let (errors, total, result) = try Self.errors(set, band: nil)
        #expect(result.bandLearned && result.band == band)
        #expect(errors == Self.published(rate, of: total))
    }
}
