import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab evaluate`'s archive form: k-nearest-neighbour DTW of a UCR or UEA archive's test split with
/// its training split (every training series a template), the protocol of the archives' published baselines, or a
/// MiniRocket classifier trained on the training split.
struct ArchiveEvaluationOptions: ParsableArguments {
    @Option(help: "Training data, FORMAT:PATH (ucr:FILE.tsv or ts:FILE.ts); the archive form, with --test.")
    var train: String?

    @Option(help: "Test data, FORMAT:PATH (ucr:FILE.tsv or ts:FILE.ts); the archive form, with --train.")
    var test: String?

    @Option(help: "Neighbours voting.")
    var k: Int = 1

    @Option(help: "Standard-deviation floor of --znormalize, in the data's units.")
    var znormFloor: Double = DTWPreprocessing.defaultFloor

    @Flag(help: "Subtract each series' first sample.")
    var offsetFirst = false

    @Option(help: "Resample every series to this many samples.")
    var resampleLength: Int?

    @Option(help: "Average each run of this many samples into one (UCR series have no clock, so they are read at 1 Hz and this is a rate of 1/N Hz).")
    var downsample: Int = 1

    @Option(help: "Replace NaN padding with U[0, 0.001) noise drawn with this seed (as the archive's adjusted files do).")
    var padNoiseSeed: UInt?

    @Option(help: "minirocket: features asked for (rounded down to a multiple of 84; the default gives 9,996).")
    var features: Int = MiniRocket.defaultFeatureCount

    @Option(help: "minirocket: what is done with series of another length than the longest training series: asRecorded (transformed at their own length) or resampled.")
    var lengthPolicy: String = MiniRocketModel.LengthPolicy.asRecorded.rawValue

    /// Whether the archive form was asked for (`--train` or `--test` given).
    var isRequested: Bool { train != nil || test != nil }

    /// `--train` and `--test` as sources in an archive format; a usage error names the option.
    func sources() throws -> (train: DatasetSource, test: DatasetSource) {
        guard let train, let test else { throw ValidationError("the archive form needs both --train and --test") }
        func source(_ text: String, _ option: String) throws -> DatasetSource {
            do {
                return try DatasetSource(text, accepting: DatasetSource.seriesFormats)
            } catch {
                throw ValidationError("\(option): \(error)")
            }
        }
        return (try source(train, "--train"), try source(test, "--test"))
    }

    /// Usage errors of the archive form of `recognizer`.
    func validate(recognizer: String) throws {
        guard recognizer == DTWTemplateMatcher.identifier || recognizer == MiniRocketClassifier.identifier else {
            throw ValidationError("--train/--test classify archive series by nearest-neighbour DTW or MiniRocket: use --recognizer dtw or minirocket, or evaluate \(recognizer) with --dataset")
        }
        _ = try sources()
        if recognizer == MiniRocketClassifier.identifier {
            _ = try policy()
            guard features >= MiniRocket.kernelCount else { throw ValidationError("--features must be at least \(MiniRocket.kernelCount), got \(features)") }
        }
        guard k >= 1 else { throw ValidationError("--k must be at least 1, got \(k)") }
    }

    /// Classifies the test split with the training split under `dtw`; prints the accuracy and the lower-bound
    /// cascade's pruning, or one JSON object when `json`.
    func run(recognizer: String, dtw: DTWOptions, seed: UInt64, json: Bool) throws {
        let (trainSource, testSource) = try sources()
        let trainSet = try trainSource.labelledSeries(paddingNoiseSeed: padNoiseSeed)
        let testSet = try testSource.labelledSeries(paddingNoiseSeed: padNoiseSeed)
        if recognizer == MiniRocketClassifier.identifier {
            return try runMiniRocket(train: trainSet, test: testSet, seed: seed, json: json)
        }
        let preprocessing = DTWPreprocessing(downsampleRate: downsample == 1 ? nil : 1 / Double(downsample), resampledLength: resampleLength,
                                             offsetByFirstSample: offsetFirst, zNormalizationFloor: dtw.znormalize ? znormFloor : nil)
        do { try preprocessing.validate() } catch { throw ValidationError(error.description) }
        let started = Date()
        let result = try NearestNeighborEvaluation(k: k, band: dtw.band, preprocessing: preprocessing, multivariate: dtw.multivariate, samplingRate: 1)
            .run(train: trainSet, test: testSet)
        let seconds = Date().timeIntervalSince(started)
        if result.lengthWarnings > 0 {
            CommandLineError.printLine("warning: \(result.lengthWarnings) test series differ more than 4× in length from their nearest template")
        }
        let dimensions = trainSet.first?.dimensions.count ?? 0
        if json {
            let report = Report(recognizer: recognizer, train: train ?? "", test: test ?? "", accuracy: result.accuracy, error: result.error,
                                correct: result.correct, total: result.total, band: result.band, bandLearned: result.bandLearned,
                                bandScores: result.bandScores, k: k, multivariate: dtw.multivariate, dimensions: dimensions,
                                preprocessing: preprocessing, statistics: result.statistics,
                                lengthWarnings: result.lengthWarnings, seconds: seconds)
            print(String(decoding: try ReportFolder.encoder.encode(report), as: UTF8.self))
        } else {
            print("accuracy \(Self.format(result.accuracy))  error \(Self.format(result.error))  (\(result.correct)/\(result.total))")
            let mode = dimensions > 1 ? "  \(dimensions) dimensions, \(dtw.multivariate.rawValue)" : ""
            print("band \(result.band)\(result.bandLearned ? " (learned by leave-one-out)" : "")  k \(k)\(mode)  \(String(format: "%.2f", seconds)) s")
            let s = result.statistics
            print("pruned: LB_Kim \(Self.format(s.fraction(s.prunedByKim)))  LB_Keogh \(Self.format(s.fraction(s.prunedByKeogh)))  reverse LB_Keogh \(Self.format(s.fraction(s.prunedByReverseKeogh)))  LB_Enhanced \(Self.format(s.fraction(s.prunedByEnhanced)))  abandoned \(Self.format(s.fraction(s.abandoned)))")
        }
    }

    /// `--length-policy` parsed.
    private func policy() throws -> MiniRocketModel.LengthPolicy {
        guard let policy = MiniRocketModel.LengthPolicy(rawValue: lengthPolicy) else {
            throw ValidationError("--length-policy must be \(MiniRocketModel.LengthPolicy.allCases.map(\.rawValue).joined(separator: " or ")), got '\(lengthPolicy)'")
        }
        return policy
    }

    /// MiniRocket trained on `train`, accuracy on `test`: one line (or a JSON object) with the chosen ridge penalty and the
    /// seconds spent training and predicting (reading the files excluded).
    private func runMiniRocket(train trainSet: [LabelledSeries], test testSet: [LabelledSeries], seed: UInt64, json: Bool) throws {
        let trainer = MiniRocketTrainer(featureCount: features, seed: seed, lengthPolicy: try policy())
        let result = try MiniRocketEvaluation(trainer: trainer).run(train: trainSet, test: testSet)
        if json {
            let report = MiniRocketReport(recognizer: MiniRocketClassifier.identifier, train: train ?? "", test: test ?? "", seed: seed,
                                          lengthPolicy: lengthPolicy, dimensions: trainSet.first?.dimensions.count ?? 0, result: result)
            print(String(decoding: try ReportFolder.encoder.encode(report), as: UTF8.self))
        } else {
            print("accuracy \(Self.format(result.accuracy))  error \(Self.format(result.error))  (\(result.correct)/\(result.total))")
            print("minirocket: \(result.features) features, dilations \(result.dilations.map(String.init).joined(separator: ",")), ridge alpha \(ExperimentReport.fmt(result.alpha)), seed \(seed)  train \(String(format: "%.3f", result.trainingSeconds)) s  predict \(String(format: "%.3f", result.predictionSeconds)) s")
        }
    }

    /// What `--json` prints for minirocket.
    private struct MiniRocketReport: Encodable {
        var recognizer, train, test: String
        var seed: UInt64
        var lengthPolicy: String
        var dimensions: Int
        var result: MiniRocketEvaluation.Result
    }

    private static func format(_ x: Double) -> String { String(format: "%.4f", x) }

    /// What `--json` prints.
    private struct Report: Encodable {
        var recognizer, train, test: String
        var accuracy, error: Double
        var correct, total: Int
        var band: Double
        var bandLearned: Bool
        var bandScores: [DTWBandScore]
        var k: Int
        var multivariate: DTW.Multivariate
        var dimensions: Int
        var preprocessing: DTWPreprocessing
        var statistics: DTWSearchStatistics
        var lengthWarnings: Int
        var seconds: Double
    }
}
