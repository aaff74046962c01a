import ArgumentParser
import Foundation
import GestureEval

/// `gesturelab bench datasets`: time loading the Gyronics_GRWD folder.
struct BenchDatasets: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "datasets",
        abstract: "Time loading Gyronics_GRWD (1995 CSV files) through its manifest.",
        discussion: """
            Compare with Benchmarks/peers/load_gyronics_pandas.py over the same files.
            Example:
              swift build -c release && .build/release/gesturelab bench datasets ../shared/datasets/Gyronics_GRWD
            """
    )

    @Argument(help: "The Gyronics_GRWD folder.")
    var path: String = "../shared/datasets/Gyronics_GRWD"

    @Option(help: "Timed repetitions (the best is reported).")
    var repetitions: Int = 5

    func run() throws {
        guard repetitions > 0 else { throw ValidationError("--repetitions must be positive") }
        var best = Double.infinity
        var samples = 0, files = 0, bytes = 0
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            let loaded = try DatasetSource("gyronics:" + path).load()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            best = min(best, seconds)
            files = loaded.dataset.recordings.count
            samples = loaded.dataset.recordings.reduce(0) { $0 + $1.count }
            bytes = loaded.provenance.reduce(0) { total, p in
                total + ((try? FileManager.default.attributesOfItem(atPath: p.file)[.size] as? Int) ?? 0)
            }
        }
        print(String(format: "gesturelab: %d files, %d rows, %.1f MB in %.3f s (best of %d), %.0f MB/s",
                     files, samples, Double(bytes) / 1e6, best, repetitions, Double(bytes) / 1e6 / best))
    }
}
