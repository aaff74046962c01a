import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab bench datasets`: time loading the Gyronics_GRWD folder, or UCR text files.
struct BenchDatasets: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "datasets",
        abstract: "Time loading Gyronics_GRWD (1995 CSV files) through its manifest, UCR archive files, or a recording CSV.",
        discussion: """
            Compare with Benchmarks/peers/load_gyronics_pandas.py over the same files, --ucr with \
            Benchmarks/peers/load_ucr_numpy.py (NumPy's loadtxt; aeon's load_from_ts_file for .ts) over the same files, \
            and --csv with Benchmarks/peers/read_peers.py (pandas and pyarrow on one core, which runs it).
            Examples:
              swift build -c release && .build/release/gesturelab bench datasets \\
                ../shared/datasets/Gyronics_GRWD
              .build/release/gesturelab bench datasets --ucr \\
                ../shared/datasets/UWaveGestureLibraryX/UWaveGestureLibraryX_TRAIN.tsv
              .build/release/gesturelab bench datasets --csv recording.csv
            """
    )

    @Argument(help: "The Gyronics_GRWD folder.")
    var path: String = "../shared/datasets/Gyronics_GRWD"

    @Option(help: "Timed repetitions (the best is reported).")
    var repetitions: Int = 5

    @Option(parsing: .upToNextOption, help: "Time reading these UCR archive files (TSV or CSV; UEA .ts) instead of the Gyronics folder.")
    var ucr: [String] = []

    @Option(help: "Time reading this recording CSV as the csv: source does (datasets inspect, find, detect) instead of the Gyronics folder.")
    var csv: String?

    func run() throws {
        guard repetitions > 0 else { throw ValidationError("--repetitions must be positive") }
        if !ucr.isEmpty { return try timeUCR() }
        if let csv { return try timeCSV(csv) }
        let runs = try Stopwatch.runs(repetitions) { try DatasetSource("gyronics:" + path).load() }
        let loaded = runs.last, best = runs.fastest
        let files = loaded.dataset.recordings.count
        let samples = loaded.dataset.recordings.reduce(0) { $0 + $1.count }
        let bytes = loaded.provenance.reduce(0) { total, p in
            total + ((try? FileManager.default.attributesOfItem(atPath: p.file)[.size] as? Int) ?? 0)
        }
        print(String(format: "gesturelab: %d files, %d rows, %.1f MB in %.3f s (best of %d), %.0f MB/s",
                     files, samples, Double(bytes) / 1e6, best, repetitions, Double(bytes) / 1e6 / best))
    }

    /// Reads every `--ucr` file `repetitions` times and prints the best time, series, values and MB/s.
    private func timeUCR() throws {
        let urls = ucr.map { URL(fileURLWithPath: $0) }
        let bytes = try urls.reduce(0) { total, url in
            guard let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int else { throw DataFileError(file: url.path, "no such file") }
            return total + size
        }
        let runs = try Stopwatch.runs(repetitions) {
            try urls.map { url throws(DataFileError) in
                url.pathExtension.lowercased() == "ts" ? try UEAArchive.read(contentsOf: url) : try UCRArchive.read(contentsOf: url)
            }
        }
        let read = runs.last, best = runs.fastest
        let series = read.reduce(0) { $0 + $1.count }
        let values = read.reduce(0) { $0 + $1.reduce(0) { $0 + $1.dimensions.reduce(0) { $0 + $1.count } } }
        print(String(format: "gesturelab: %d archive files, %d series, %d values, %.1f MB in %.4f s (best of %d), %.0f MB/s",
                     urls.count, series, values, Double(bytes) / 1e6, best, repetitions, Double(bytes) / 1e6 / best))
    }

    /// Reads the recording CSV `path` (`csv:` source) `repetitions` times and prints the best time, rows, columns and MB/s.
    private func timeCSV(_ path: String) throws {
        guard let bytes = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int else { throw DataFileError(file: path, "no such file") }
        let runs = try Stopwatch.runs(repetitions) { try DatasetSource("csv:" + path).load() }
        let loaded = runs.last, best = runs.fastest
        let rows = loaded.dataset.recordings.reduce(0) { $0 + $1.count }
        let channels = loaded.dataset.recordings.first?.channelNames.count ?? 0
        print(String(format: "gesturelab: %d rows, time and %d channels, %.1f MB in %.4f s (best of %d), %.0f MB/s",
                     rows, channels, Double(bytes) / 1e6, best, repetitions, Double(bytes) / 1e6 / best))
    }
}
