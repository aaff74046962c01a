import ArgumentParser
import Foundation
import GestureEval
import GestureKit

/// `gesturelab evaluate`: the metrics of a recognizer on a dataset under a split, or its
/// classification accuracy on an archive's train/test files.
struct Evaluate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate a recognizer configuration or trained model on a dataset under a split (or on archive train/test files).",
        discussion: """
            With --dataset: the configuration (--config, or a DTW model from `gesturelab train` with
            --model) runs through every fold of --split (leave-one-subject-out by default); --search
            ranges and DTW templates are trained inside each fold's training part. Continuous recordings
            give event metrics (precision, recall, F1, false positives per hour, latency, with bootstrap
            intervals; per fold), segments give classification metrics (accuracy with a Wilson interval,
            balanced accuracy, macro-F1, kappa). A table on the terminal; --json prints the result,
            --out DIR writes a report folder. With --max-false-per-hour N, --search maximises --metric
            (default then: recall) among the combinations with at most N false activations per hour of
            background on each fold's training recordings; the fold table's `trained` column shows the
            operating point chosen (trainingRecall, trainingFalsePerHour, budgetMet).
            Example:
              gesturelab evaluate --recognizer shake --config configs/shake.yaml --dataset datasets/default \\
                --labels shake --split leave-one-subject-out

            With --train and --test (archive form, --recognizer dtw):
            k-nearest-neighbour DTW (every training series is a template), the protocol of the UCR and UEA
            archives' published baselines. --band is a fraction of the series length (window
            w = round(band × length)); 0 is the Euclidean distance, 1 the unconstrained DTW; without --band
            the band is learned by leave-one-out on the training split over 0–20 %. Multivariate series
            (UEA .ts, equal or variable length) use dependent DTW (one warping path, squared Euclidean cost
            across dimensions; --dependent, the default) or independent DTW (--independent: one path per
            dimension, costs summed). Datasets are named FORMAT:PATH, FORMAT ucr (UCR archive TSV) or ts
            (UEA / sktime .ts).
            Examples (rows of the archives' baselines):
              gesturelab evaluate --recognizer dtw --train ucr:ShakeGestureWiimoteZ_TRAIN.tsv \\
                --test ucr:ShakeGestureWiimoteZ_TEST.tsv --band 0.06 --znormalize --json
              gesturelab evaluate --recognizer dtw --train ts:UWaveGestureLibrary_TRAIN.ts \\
                --test ts:UWaveGestureLibrary_TEST.ts --band 1 --independent
            """
    )

    @Option(help: "The recognizer to evaluate: a registry identifier (shake, peak-direction, …) with --dataset; dtw only with --train/--test.")
    var recognizer: String

    @Option(help: "Training data, FORMAT:PATH (ucr:FILE.tsv or ts:FILE.ts); the archive form, with --test.")
    var train: String?

    @Option(help: "Test data, FORMAT:PATH (ucr:FILE.tsv or ts:FILE.ts); the archive form, with --train.")
    var test: String?

    @Flag(help: "Multivariate DTW: --dependent (one warping path for all dimensions, the default) or --independent (one per dimension, costs summed).")
    var multivariate: DTW.Multivariate = .dependent

    @Option(help: "Dataset: a folder with dataset.yaml, or FORMAT:PATH (the dataset form).")
    var dataset: String?

    @Option(help: "Configuration YAML (a preset, a tuned configuration, or DTW training settings).")
    var config: String?

    @Option(help: "A trained DTW model file (from gesturelab train), used as is in every fold.")
    var model: String?

    @Option(help: "leave-one-subject-out, grouped-k-fold:K[:subject|session], stratified-k-fold:K or fixed:TRAIN:TEST.")
    var split: String = "leave-one-subject-out"

    @Option(parsing: .upToNextOption, help: "Annotation labels judged (`slap-*` matches a prefix); default: all.")
    var labels: [String] = []

    @Flag(help: "Append the reported direction to each event's label (peak-direction on slap-<direction> annotations).")
    var directionInLabel = false

    @Option(help: "Rename annotation labels before judging, PATTERN=LABEL with * and ? globs, e.g. 'fall_*=fall' (repeatable).")
    var labelMap: [String] = []

    @Option(help: "A parameter range tuned inside each training fold, KEY=FROM:TO:STEP or KEY=V1,V2,… (repeatable).")
    var search: [SearchRange] = []

    @Option(help: "Metric tuned and tabulated per fold: f1, precision, recall, accuracy, balanced-accuracy (default f1; tuned: recall with --max-false-per-hour).")
    var metric: Experiment.Metric?

    @Option(help: "--search keeps, in each training fold, the combinations with at most this many false activations per hour of background (continuous datasets).")
    var maxFalsePerHour: Double?

    @Option(help: "Matching tolerance before an annotation's start and after its end, seconds.")
    var tolerance: Double = 0.5

    @Option(help: "Seed of shuffled folds and bootstrap intervals.")
    var seed: UInt64 = 1

    @Option(help: "Bootstrap replicates per interval.")
    var replicates: Int = 2000

    @Option(help: "Write a report folder here (dataset form).")
    var out: String?

    @OptionGroup var progress: ProgressOptions

    @Option(help: "Sakoe–Chiba band as a fraction of the length in [0, 1]; omitted: learned by leave-one-out (dtw).")
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

    @Option(help: "Average each run of this many samples into one (UCR series have no clock, so they are read at 1 Hz and this is a rate of 1/N Hz).")
    var downsample: Int = 1

    @Option(help: "Replace NaN padding with U[0, 0.001) noise drawn with this seed (as the archive's adjusted files do).")
    var padNoiseSeed: UInt?

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func validate() throws {
        if train != nil || test != nil {
            guard train != nil, test != nil else { throw ValidationError("the archive form needs both --train and --test") }
            guard dataset == nil else { throw ValidationError("give either --dataset or --train/--test, not both") }
            guard recognizer == DTWTemplateMatcher.identifier else {
                throw ValidationError("--train/--test classify archive series by nearest-neighbour DTW: use --recognizer dtw, or evaluate \(recognizer) with --dataset")
            }
            try validateBand()
            return
        }
        guard dataset != nil else { throw ValidationError("--dataset (or --train and --test) is required") }
        try EntryOptions.validateRecognizer(recognizer)
        guard model == nil || recognizer == DTWTemplateMatcher.identifier else { throw ValidationError("--model is a DTW model; for \(recognizer) give a tuned configuration with --config") }
        guard tolerance >= 0, tolerance.isFinite else { throw ValidationError("--tolerance must be a number of seconds ≥ 0") }
        if let budget = maxFalsePerHour, !(budget.isFinite && budget >= 0) {
            throw ValidationError("--max-false-per-hour must be a finite number ≥ 0 of false activations per hour, got \(budget)")
        }
        guard replicates >= 100 else { throw ValidationError("--replicates must be at least 100") }
        try validateBand()
    }

    private func validateBand() throws {
        if let band, !(band.isFinite && band >= 0 && band <= 1) { throw ValidationError("--band must be a fraction in [0, 1], got \(band)") }
    }

    func run() throws {
        guard let train, let test else { return try runOnDataset() }
        let trainSet = try load(train, option: "--train")
        let testSet = try load(test, option: "--test")
        let preprocessing = DTWPreprocessing(downsampleRate: downsample == 1 ? nil : 1 / Double(downsample), resampledLength: resampleLength,
                                             offsetByFirstSample: offsetFirst, zNormalizationFloor: znormalize ? znormFloor : nil)
        do { try preprocessing.validate() } catch { throw ValidationError(error.description) }
        let started = Date()
        let result = try NearestNeighborEvaluation(k: k, band: band, preprocessing: preprocessing, multivariate: multivariate, samplingRate: 1)
            .run(train: trainSet, test: testSet)
        let seconds = Date().timeIntervalSince(started)
        if result.lengthWarnings > 0 {
            FileHandle.standardError.write(Data("warning: \(result.lengthWarnings) test series differ more than 4× in length from their nearest template\n".utf8))
        }
        if json {
            let report = Report(recognizer: recognizer, train: train, test: test, accuracy: result.accuracy, error: result.error,
                                correct: result.correct, total: result.total, band: result.band, bandLearned: result.bandLearned,
                                bandScores: result.bandScores, k: k, multivariate: multivariate, dimensions: trainSet.first?.dimensions.count ?? 0,
                                preprocessing: preprocessing, statistics: result.statistics,
                                lengthWarnings: result.lengthWarnings, seconds: seconds)
            let encoder = ReportFolder.encoder
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print("accuracy \(format(result.accuracy))  error \(format(result.error))  (\(result.correct)/\(result.total))")
            let dimensions = trainSet.first?.dimensions.count ?? 0
            let mode = dimensions > 1 ? "  \(dimensions) dimensions, \(multivariate.rawValue)" : ""
            print("band \(result.band)\(result.bandLearned ? " (learned by leave-one-out)" : "")  k \(k)\(mode)  \(String(format: "%.2f", seconds)) s")
            let s = result.statistics
            print("pruned: LB_Kim \(format(s.fraction(s.prunedByKim)))  LB_Keogh \(format(s.fraction(s.prunedByKeogh)))  reverse LB_Keogh \(format(s.fraction(s.prunedByReverseKeogh)))  abandoned \(format(s.fraction(s.abandoned)))")
        }
    }

    /// The dataset form: one entry through ``ExperimentRunner``.
    private func runOnDataset() throws {
        if let config, !FileManager.default.fileExists(atPath: config) { throw DataFileError(file: config, "no such configuration file") }
        var configuration: Experiment.ConfigurationSource? = config.map { .preset($0) }
        if recognizer == DTWTemplateMatcher.identifier, band != nil || znormalize || multivariate != .dependent {
            var value = try configuration?.resolve() ?? .object([:])
            if let band { value = value.setting("band", to: .number(band)) }
            if znormalize { value = value.setting("znormalize", to: .bool(true)) }
            if multivariate != .dependent { value = value.setting("multivariate", to: .string(multivariate.rawValue)) }
            configuration = .inline(value)
        }
        let entry = Experiment.Entry(name: recognizer, recognizer: recognizer, configuration: configuration, datasets: ["data"],
                                     labels: labels, directionInLabel: directionInLabel,
                                     search: Dictionary(search.map { ($0.key, $0.range) }, uniquingKeysWith: { $1 }), model: model,
                                     labelMap: try DatasetEvaluation.labelMap(labelMap),
                                     objective: maxFalsePerHour.map { TrainingObjective(maximize: metric ?? .recall, maxFalsePerHour: $0) })
        try DatasetEvaluation(entry: entry, dataset: dataset!, split: split, seed: seed, metric: metric ?? .f1, tolerance: tolerance,
                              samplingRate: 100, replicates: replicates).run(json: json, out: out, quiet: progress.quiet)
    }

    private func format(_ x: Double) -> String { String(format: "%.4f", x) }

    private func load(_ spec: String, option: String) throws -> [LabelledSeries] {
        guard let colon = spec.firstIndex(of: ":") else {
            throw ValidationError("\(option) must be FORMAT:PATH, e.g. ucr:Data_TRAIN.tsv or ts:Data_TRAIN.ts; got '\(spec)'")
        }
        let format = spec[..<colon].lowercased(), path = String(spec[spec.index(after: colon)...])
        let url = URL(fileURLWithPath: path)
        if format == "ts" {
            let series = try UEAArchive.read(contentsOf: url)
            return padNoiseSeed.map { PaddingNoise.fill(series, seed: $0) } ?? series
        }
        guard format == "ucr" else { throw ValidationError("\(option): unknown format '\(format)'; supported: ucr, ts") }
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
        var multivariate: DTW.Multivariate
        var dimensions: Int
        var preprocessing: DTWPreprocessing
        var statistics: DTWSearchStatistics
        var lengthWarnings: Int
        var seconds: Double
    }
}

/// `--dependent` / `--independent`.
extension DTW.Multivariate: EnumerableFlag {}
