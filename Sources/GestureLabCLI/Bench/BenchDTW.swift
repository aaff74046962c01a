import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab bench dtw`: DTW speed — 1-NN classification, an all-pairs matrix, stream spotting.
struct BenchDTW: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dtw",
        abstract: "Measure DTW speed: 1-NN search with the lower-bound cascade, all-pairs matrix, stream spotting.",
        discussion: """
            1-NN: the UCR file's first half is the training set, the second half the queries (UWaveGestureLibraryX \
            TRAIN: 448 + 448), at --band and at the full band, with the cascade and (for reference) without.

            All pairs: the symmetric DTW matrix of the training half with pruning off (cells per second).

            Spotting: 8 templates of 1 s, 3 axes, at 100 Hz through DTWTemplateMatcher on one core. \
            Build with -c release. Benchmarks/peers/ runs dtaidistance and aeon on the same data and this command.
            Example:
              swift build -c release && .build/release/gesturelab bench dtw --band 0.04
            """
    )

    @Option(help: "UCR TSV file (or UEA .ts, multivariate) split in halves.")
    var data = "../shared/datasets/UWaveGestureLibraryX/UWaveGestureLibraryX_TRAIN.tsv"

    @Option(help: "Band of the banded 1-NN run, fraction of the length.")
    var band = 0.04

    @Option(help: "Seconds of generated stream for the spotting measurement.")
    var streamSeconds = 600.0

    @Flag(help: "Skip the un-pruned 1-NN reference runs.")
    var skipBruteForce = false

    @Option(help: "Runs of each measurement (the fastest is kept); a measurement over 5 s runs once.")
    var repetitions = 3

    @Option(help: "Measurements to run, comma-separated: nn, matrix, spotting.")
    var parts = "nn,matrix,spotting"

    @Option(help: "Windows of the 1-NN and all-pairs runs, comma-separated: band (--band), full.")
    var windows = "band,full"

    @Flag(help: "Print one JSON object.")
    var json = false

    @OptionGroup var parallel: ThreadOptions

    struct NearestNeighborRun: Encodable {
        var band: Double
        var window: Int
        var pruning: Bool
        var seconds: Double
        var pairs: Int
        var pairsPerSecond: Double
        var cells: Int
        var cellsPerSecond: Double
        var fractionPrunedByKim, fractionPrunedByKeogh, fractionPrunedByReverseKeogh, fractionPrunedByEnhanced, fractionAbandoned: Double
        var errorRate: Double
        var predictions: [Int]
    }

    struct MatrixRun: Encodable {
        var band: Double
        var series: Int
        var pairs: Int
        var cells: Int
        var seconds: Double
        var cellsPerSecond: Double
        var pairsPerSecond: Double
    }

    struct SpottingRun: Encodable {
        var templates: Int
        var templateSeconds: Double
        var axes: Int
        var rate: Double
        var streamSeconds: Double
        var seconds: Double
        var realTimeFactor: Double
        /// CPU time of the one thread that ran it: what one core needs, whatever else the machine runs.
        var cpuSeconds: Double
        var realTimeFactorCPU: Double
        var events: Int
        var planted: Int
    }

    struct Report: Encodable {
        var data: String
        var threads: Int
        var nearestNeighbor: [NearestNeighborRun]
        var allPairs: [MatrixRun]
        var spotting: SpottingRun?
    }

    func run() throws {
        parallel.apply()
        let url = URL(fileURLWithPath: data)
        let examples = try data.hasSuffix(".ts") ? UEAArchive.read(contentsOf: url) : UCRArchive.read(contentsOf: url)
        let series = try examples.map { try DTWSeries(dimensions: $0.dimensions) }
        let half = series.count / 2
        let train = Array(series[..<half]), queries = Array(series[half..<(2 * half)])
        let trainLabels = examples[..<half].map(\.label), queryLabels = examples[half..<(2 * half)].map(\.label)

        let selected = Set(parts.split(separator: ",").map(String.init))
        let chosen = Set(windows.split(separator: ",").map(String.init))
        let bands = [("band", band), ("full", 1.0)].filter { chosen.contains($0.0) }.map(\.1)
        var runs: [NearestNeighborRun] = []
        for b in bands where selected.contains("nn") {
            for pruning in (skipBruteForce ? [true] : [true, false]) {
                let dtw = try DTW(band: b)
                let index = try DTWIndex(templates: train, dtw: dtw)
                var (found, stats) = ([[DTWNeighbor]](), DTWSearchStatistics())
                let seconds = try Stopwatch.runs(repetitions, stoppingAfter: 5) { (found, stats) = try index.nearest(to: queries, k: 1, pruning: pruning, threads: Parallelism.threads) }.fastest
                let predictions = found.map { $0[0].index }
                let errors = zip(predictions, queryLabels).filter { trainLabels[$0] != $1 }.count
                let pairs = train.count * queries.count
                runs.append(NearestNeighborRun(
                    band: b, window: dtw.window(train[0].length, train[0].length), pruning: pruning, seconds: seconds,
                    pairs: pairs, pairsPerSecond: Double(pairs) / seconds, cells: stats.cells,
                    cellsPerSecond: Double(stats.cells) / seconds,
                    fractionPrunedByKim: stats.fraction(stats.prunedByKim), fractionPrunedByKeogh: stats.fraction(stats.prunedByKeogh),
                    fractionPrunedByReverseKeogh: stats.fraction(stats.prunedByReverseKeogh),
                    fractionPrunedByEnhanced: stats.fraction(stats.prunedByEnhanced), fractionAbandoned: stats.fraction(stats.abandoned),
                    errorRate: Double(errors) / Double(queries.count), predictions: predictions))
                if !json { print(Self.describe(runs.last!)) }
            }
        }

        var matrices: [MatrixRun] = []
        for b in bands where selected.contains("matrix") {
            let dtw = try DTW(band: b)
            var cells = 0
            let seconds = try Stopwatch.runs(repetitions, stoppingAfter: 5) { cells = try DTWIndex.pairwiseDistances(train, dtw: dtw).cells }.fastest
            let pairs = train.count * (train.count - 1) / 2
            matrices.append(MatrixRun(band: b, series: train.count, pairs: pairs, cells: cells, seconds: seconds,
                                      cellsPerSecond: Double(cells) / seconds, pairsPerSecond: Double(pairs) / seconds))
            if !json {
                let m = matrices.last!
                print(String(format: "all pairs  band %.2f  %d pairs  %.3f s  %.3g cells/s  %.3g pairs/s", b, pairs, seconds, m.cellsPerSecond, m.pairsPerSecond))
            }
        }

        let spotting = selected.contains("spotting")
            ? try (0..<max(1, repetitions)).map { _ in try Self.spot(streamSeconds: streamSeconds) }.min { $0.seconds < $1.seconds }
            : nil
        if let spotting, !json {
            print(String(format: "spotting   %d templates × %.0f s × %d axes at %.0f Hz: %.0f s of stream in %.3f s = %.0f× real time (thread CPU %.3f s = %.0f×; %d events, %d planted)",
                         spotting.templates, spotting.templateSeconds, spotting.axes, spotting.rate, spotting.streamSeconds,
                         spotting.seconds, spotting.realTimeFactor, spotting.cpuSeconds, spotting.realTimeFactorCPU,
                         spotting.events, spotting.planted))
        }
        if json {
            let report = Report(data: data, threads: Parallelism.workers, nearestNeighbor: runs,
                                allPairs: matrices, spotting: spotting)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        }
    }

    static func describe(_ r: NearestNeighborRun) -> String {
        String(format: "1-NN       band %.2f (w = %d) %@  %.3f s  %.3g pairs/s  %.3g cells/s  pruned: Kim %.3f  Keogh %.3f  reverse Keogh %.3f  Enhanced %.3f  abandoned %.3f  error %.4f",
               r.band, r.window, r.pruning ? "cascade" : "brute  ", r.seconds, r.pairsPerSecond, r.cellsPerSecond,
               r.fractionPrunedByKim, r.fractionPrunedByKeogh, r.fractionPrunedByReverseKeogh, r.fractionPrunedByEnhanced, r.fractionAbandoned,
               r.errorRate)
    }

    /// 8 templates of 1 s, 3 axes, at 100 Hz, planted (time-warped ±20 %) in a noisy stream (`SpottingBenchmark`);
    /// the matcher runs on one core.
    static func spot(streamSeconds: Double) throws -> SpottingRun {
        let workload = try SpottingBenchmark(streamSeconds: streamSeconds)
        let samples = workload.samples, rate = SpottingBenchmark.rate
        var matcher = try DTWTemplateMatcher(configuration: workload.model)
        var events: [GestureEvent] = []
        events.reserveCapacity(workload.planted * 2)
        let cpuStarted = Stopwatch.threadCPUSeconds()
        let watch = Stopwatch()
        for s in samples { matcher.process(s, into: &events) }
        matcher.finish(into: &events)
        let seconds = watch.seconds
        let cpuSeconds = Stopwatch.threadCPUSeconds() - cpuStarted
        let streamDuration = Double(samples.count) / rate
        return SpottingRun(templates: workload.model.templates.count, templateSeconds: Double(SpottingBenchmark.templateLength) / rate,
                           axes: SpottingBenchmark.axes, rate: rate,
                           streamSeconds: streamDuration, seconds: seconds, realTimeFactor: streamDuration / seconds,
                           cpuSeconds: cpuSeconds, realTimeFactorCPU: streamDuration / cpuSeconds,
                           events: events.count, planted: workload.planted)
    }
}
