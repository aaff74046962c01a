import ArgumentParser
import Foundation
import GestureEval
import GestureKit

/// `gesturelab evaluate`: classification accuracy of a recognizer on a train/test split.
struct Evaluate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate a recognizer on a labelled train/test split of segments.",
        discussion: """
            With --recognizer dtw: k-nearest-neighbour DTW (every training series is a template), the
            protocol of the UCR archive's published baselines. --band is a fraction of the series length
            (window w = round(band × length)); 0 is the Euclidean distance, 1 the unconstrained DTW; without
            --band the band is learned by leave-one-out on the training split over 0–20 %.
            Datasets are named FORMAT:PATH; the format supported so far is ucr (UCR archive TSV).
            Example (a row of the UCR baselines):
              gesturelab evaluate --recognizer dtw --train ucr:ShakeGestureWiimoteZ_TRAIN.tsv \\
                --test ucr:ShakeGestureWiimoteZ_TEST.tsv --band 0.06 --znormalize --json
            """
    )

    @Option(help: "The recognizer to evaluate (supported: dtw).")
    var recognizer: String

    @Option(help: "Training data, FORMAT:PATH (ucr:FILE.tsv).")
    var train: String

    @Option(help: "Test data, FORMAT:PATH (ucr:FILE.tsv).")
    var test: String

    @Option(help: "Sakoe–Chiba band as a fraction of the length in [0, 1]; omitted: learned by leave-one-out.")
    var band: Double?

    @Option(help: "Neighbours voting.")
    var k: Int = 1

    @Flag(help: "z-normalise every series (per dimension).")
    var znormalize = false

    @Option(help: "Standard-deviation floor of --znormalize, in the data's units.")
    var znormFloor: Double = DTWPreprocessing.defaultFloor

    @Flag(help: "Subtract each series' first sample.")
    var offsetFirst = false

    @Option(help: "Resample every series to this many samples.")
    var resampleLength: Int?

    @Option(help: "Average each run of this many samples into one.")
    var downsample: Int = 1

    @Option(help: "Replace NaN padding with U[0, 0.001) noise drawn with this seed (as the archive's adjusted files do).")
    var padNoiseSeed: UInt?

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func run() throws {
        guard recognizer == "dtw" else {
            throw ValidationError("--recognizer \(recognizer) cannot be evaluated on segments yet; supported: dtw")
        }
        let trainSet = try load(train, option: "--train")
        let testSet = try load(test, option: "--test")
        let preprocessing = DTWPreprocessing(downsampleFactor: downsample, resampledLength: resampleLength,
                                             offsetByFirstSample: offsetFirst, zNormalizationFloor: znormalize ? znormFloor : nil)
        do { try preprocessing.validate() } catch { throw ValidationError(error.description) }
        if let band, !(band.isFinite && band >= 0 && band <= 1) {
            throw ValidationError("--band must be a fraction in [0, 1], got \(band)")
        }
        let started = Date()
        let result = try NearestNeighborEvaluation(k: k, band: band, preprocessing: preprocessing).run(train: trainSet, test: testSet)
        let seconds = Date().timeIntervalSince(started)
        if result.lengthWarnings > 0 {
            FileHandle.standardError.write(Data("warning: \(result.lengthWarnings) test series differ more than 4× in length from their nearest template\n".utf8))
        }
        if json {
            let report = Report(recognizer: recognizer, train: train, test: test, accuracy: result.accuracy, error: result.error,
                                correct: result.correct, total: result.total, band: result.band, bandLearned: result.bandLearned,
                                bandScores: result.bandScores, k: k, preprocessing: preprocessing, statistics: result.statistics,
                                lengthWarnings: result.lengthWarnings, seconds: seconds)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print("accuracy \(format(result.accuracy))  error \(format(result.error))  (\(result.correct)/\(result.total))")
            print("band \(result.band)\(result.bandLearned ? " (learned by leave-one-out)" : "")  k \(k)  \(String(format: "%.2f", seconds)) s")
            let s = result.statistics
            print("pruned: LB_Kim \(format(s.fraction(s.prunedByKim)))  LB_Keogh \(format(s.fraction(s.prunedByKeogh)))  reverse LB_Keogh \(format(s.fraction(s.prunedByReverseKeogh)))  abandoned \(format(s.fraction(s.abandoned)))")
        }
    }

    private func format(_ x: Double) -> String { String(format: "%.4f", x) }

    private func load(_ spec: String, option: String) throws -> [LabelledSeries] {
        guard let colon = spec.firstIndex(of: ":") else {
            throw ValidationError("\(option) must be FORMAT:PATH, e.g. ucr:Data_TRAIN.tsv; got '\(spec)'")
        }
        let format = spec[..<colon], path = String(spec[spec.index(after: colon)...])
        guard format == "ucr" else { throw ValidationError("\(option): unknown format '\(format)'; supported: ucr") }
        let url = URL(fileURLWithPath: path)
        if let seed = padNoiseSeed {
            return PaddingNoise.fill(try UCRArchive.read(contentsOf: url, padding: .keep), seed: seed)
        }
        return try UCRArchive.read(contentsOf: url)
    }

    private struct Report: Encodable {
        var recognizer, train, test: String
        var accuracy, error: Double
        var correct, total: Int
        var band: Double
        var bandLearned: Bool
        var bandScores: [DTWBandScore]
        var k: Int
        var preprocessing: DTWPreprocessing
        var statistics: DTWSearchStatistics
        var lengthWarnings: Int
        var seconds: Double
    }
}
