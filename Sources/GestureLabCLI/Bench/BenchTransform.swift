import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab bench transform`: MiniRocket's transform of windows timed on one thread for several channel and
/// feature counts, beside the plan's cost of it, which is where ``GestureEval/MiniRocketCostModel/perChannelCell`` comes from.
struct BenchTransform: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transform",
        abstract: "Time MiniRocket's transform of windows on one thread for several channel and feature counts.",
        discussion: """
            Fits a MiniRocket transform on seeded random windows of --length samples for each channel count and \
            feature count, transforms --windows windows on one thread and prints the CPU seconds per window, the \
            dilations, the mean channels a kernel combines, the per-sample channel work the cost model counts \
            (MiniRocketCostModel.channelCells) and the seconds per window beside the plan's estimate of it; then, per \
            feature count, the least-squares slope of the seconds per window over the channel cells: what \
            MiniRocketCostModel.perChannelCell is set from.
            Example:
              .build/release/gesturelab bench transform --channels 1,3,18
            """
    )

    @Option(help: "Channel counts, comma-separated.")
    var channels: String = "1,3,6,12,18"

    @Option(help: "Feature counts, comma-separated.")
    var features: String = "504,1008"

    @Option(help: "Samples per window.")
    var length: Int = 200

    @Option(help: "Windows transformed per measurement.")
    var windows: Int = 2000

    @Option(help: "Most dilations per kernel (minirocket-stream's default).")
    var maxDilations: Int = 8

    func run() throws {
        Parallelism.threads = 1
        let parse = { (list: String) in list.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        let (cs, fs) = (parse(channels), parse(features))
        guard !cs.isEmpty, cs.allSatisfy({ $0 >= 1 }), !fs.isEmpty, fs.allSatisfy({ $0 >= MiniRocket.kernelCount }), length >= 9, windows >= 1, maxDilations >= 1 else {
            throw CommandLineError("--channels takes whole numbers ≥ 1, --features numbers ≥ 84, --length ≥ 9, --windows and --max-dilations ≥ 1")
        }
        let model = MiniRocketCostModel.reference
        var table = CSVTable(header: ["channels", "features", "dilations", "channels per kernel", "measured s / window",
                                      "estimated s / window", "channel cells / sample"])
        var slopes: [String] = []
        for f in fs {
            var points: [(cells: Double, seconds: Double)] = []
            for c in cs {
                var random = SplitMix64(seed: 1)
                let series = try (0..<windows).map { _ in
                    try DTWSeries(interleaved: (0..<(length * c)).map { _ in random.gaussian() }, dimensions: c)
                }
                let transform = try MiniRocket(fitting: Array(series.prefix(64)), featureCount: f, maxDilationsPerKernel: maxDilations, seed: 1, threads: 1)
                let started = Stopwatch.processCPUSeconds()
                _ = try transform.transform(series, threads: 1)
                let seconds = (Stopwatch.processCPUSeconds() - started) / Double(windows)
                let n = Double(length)
                let cells = MiniRocketCostModel.channelCells(channels: c, dilations: transform.dilations.count)
                points.append((cells * n, seconds))
                table.append([String(c), String(transform.featureCount), String(transform.dilations.count),
                              String(format: "%.2f", MiniRocketCostModel.meanChannelsPerKernel(channels: c)),
                              String(format: "%.3g", seconds), String(format: "%.3g", model.transformSeconds(windows: 1, length: n, features: transform.featureCount, channels: c,
                                                                                dilations: transform.dilations.count)),
                              String(format: "%.0f", cells)])
            }
            // Least squares: the seconds each channel cell adds per window, whatever the features cost.
            let count = Double(points.count)
            let mx: Double = points.map(\.cells).reduce(0, +) / count, my: Double = points.map(\.seconds).reduce(0, +) / count
            var sxx = 0.0, sxy = 0.0
            for p in points {
                sxx += (p.cells - mx) * (p.cells - mx)
                sxy += (p.cells - mx) * (p.seconds - my)
            }
            if sxx > 0 { slopes.append(String(format: "%d features: %.3g s per channel cell and sample", f, sxy / sxx)) }
        }
        print(table.aligned, terminator: "")
        if !slopes.isEmpty { print("\nslope (perChannelCell is \(model.perChannelCell)): " + slopes.joined(separator: "; ")) }
    }
}
