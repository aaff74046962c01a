import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab bench ridge`: the ridge classifier MiniRocket trains (``GestureEval/RidgeClassifierCV``) timed on one
/// thread for several numbers of windows, beside the plan's cost of it, which is where
/// the MiniRocket cost model's perRidgeCell and eigenSeconds(windows:) come from.
struct BenchRidge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ridge",
        abstract: "Time the ridge fit of MiniRocket (Gram matrix, eigendecomposition, leave-one-out) on one thread.",
        discussion: """
            Fits RidgeClassifierCV on seeded random features (two classes) for each number of windows n and \
            prints the CPU seconds of the process, the plan's estimate of the same fit (perRidgeCell · n²·p/2 + \
            eigenSeconds(n)), and the seconds \
            per n³ once the Gram matrix's share is taken out.
            Example:
              .build/release/gesturelab bench ridge --windows 1000,2000
            """
    )

    @Option(help: "Numbers of windows (training examples), comma-separated.")
    var windows: String = "500,1000,1500,2000,2700"

    @Option(help: "Features per window (MiniRocket's feature count).")
    var features: Int = 1008

    func run() throws {
        Parallelism.threads = 1
        let sizes = windows.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 >= 2 }), features >= 1 else {
            throw CommandLineError("--windows takes whole numbers ≥ 2, comma-separated, and --features a number ≥ 1")
        }
        let model = MiniRocketCostModel.reference, p = Double(features)
        var table = CSVTable(header: ["windows", "features", "measured s", "estimated s", "eigen s / n³"])
        for n in sizes {
            var random = SplitMix64(seed: 1)
            let x = (0..<(n * features)).map { _ in random.gaussian() }
            let labels = (0..<n).map { $0 % 5 == 0 ? "gesture" : "background" }
            let started = Stopwatch.processCPUSeconds()
            _ = try RidgeClassifierCV().fit(features: x, featureCount: features, labels: labels)
            let seconds = Stopwatch.processCPUSeconds() - started
            let m = Double(n), gram = model.perRidgeCell * m * m * p / 2
            let estimate = gram + model.eigenSeconds(windows: m)
            table.append([String(n), String(features), String(format: "%.3f", seconds), String(format: "%.3f", estimate),
                          String(format: "%.3g", (seconds - gram) / (m * m * m))])
        }
        print(table.aligned, terminator: "")
    }
}
