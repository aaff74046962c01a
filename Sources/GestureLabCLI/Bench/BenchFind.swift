import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab bench find`: speed of the exact subsequence search (DTWSubsequenceSearch), on the UCR Suite's
/// input format or on a generated multi-axis stream.
struct BenchFind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Measure the exact DTW subsequence search of `find` on a text series or a generated stream.",
        discussion: """
            Text mode (--data, --query): the UCR Suite's inputs, whitespace-separated numbers; the query is the first --length numbers of its file. Univariate, z-normalised unless --raw. It prints the best location (0-based) and distance, the seconds spent reading the text and searching, and what each stage of the cascade pruned. Benchmarks/peers/find_peers.py runs UCR-MON on the same files and compares.

            Stream mode (--stream-seconds): a continuous recording from the synthetic dataset generator (one subject, its gestures repeated through it, --seed) at --rate Hz; the query is --query-seconds of its acceleration (3 axes) from the start of its first gesture, searched for the --limit best matches at least the query's duration apart.

            Build with -c release.
            Examples:
              gesturelab bench find --data walk.txt --query query.txt --length 128 \\
                --band 0.1 --threads 1
              gesturelab bench find --stream-seconds 18000 --rate 100 \\
                --query-seconds 2 --limit 50 --threads 1
            """
    )

    @Option(help: "Series to search: whitespace-separated numbers (UCR Suite format).")
    var data: String?

    @Option(help: "Query file: whitespace-separated numbers; the first --length are used.")
    var query: String?

    @Option(help: "Query length in samples (text mode; UCR Suite's m).")
    var length: Int?

    @Option(help: "Sakoe-Chiba band, fraction of the query's length (window = round(band × length)).")
    var band = 0.1

    @Flag(help: "Compare raw values instead of z-normalised ones.")
    var raw = false

    @Option(help: "Matches to find (1: the best).")
    var limit = 1

    @Option(help: "Stream mode: seconds of generated stream.")
    var streamSeconds: Double?

    @Option(help: "Stream mode: sampling rate, Hz.")
    var rate = 100.0

    @Option(help: "Stream mode: query duration, seconds.")
    var querySeconds = 2.0

    @Option(help: "Stream mode: seed of the generator.")
    var seed: UInt64 = 20_251_125

    @Option(help: "Runs of the search (the fastest is kept).")
    var repetitions = 1

    @Flag(help: "Print one JSON object.")
    var json = false

    @OptionGroup var parallel: ThreadOptions

    struct Run: Encodable {
        var mode: String
        var samples: Int
        var dimensions: Int
        var queryLength: Int
        var window: Int
        var threads: Int
        var readSeconds: Double
        /// The fastest of the repetitions.
        var searchSeconds: Double
        /// The first repetition (with several threads it also starts them: a few milliseconds once per process).
        var firstSearchSeconds: Double
        var matches: [DTWMatch]
        var statistics: DTWSearchStatistics
    }

    func validate() throws {
        guard (data != nil) != (streamSeconds != nil) else {
            throw ValidationError("give --data with --query and --length (text mode), or --stream-seconds (stream mode)")
        }
        if data != nil, query == nil || length == nil { throw ValidationError("text mode needs --query and --length") }
        if let length, length < 2 { throw ValidationError("--length must be at least 2, got \(length)") }
        guard repetitions >= 1 else { throw ValidationError("--repetitions must be at least 1") }
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let read = Stopwatch()
        let series: DTWSeries, search: DTWSubsequenceSearch, exclusion: Double
        let normalization: DTWSubsequenceSearch.Normalization = raw ? .raw : .zNormalized(floor: DTWPreprocessing.defaultFloor)
        if let data, let query, let length {
            let values = try Self.numbers(data)
            let queryValues = try Self.numbers(query)
            guard queryValues.count >= length else {
                throw DataFileError(file: query, "holds \(queryValues.count) numbers, fewer than --length \(length)")
            }
            series = try DTWSeries(values, name: data)
            // Text has no clock: one sample per second, so the exclusion zone is the query's length in samples.
            search = try DTWSubsequenceSearch(query: try DTWSeries(Array(queryValues.prefix(length)), name: query), band: band,
                                              normalization: normalization, samplingRate: 1)
            exclusion = Double(length)
        } else {
            let seconds = streamSeconds!
            let recording = try Self.generatedRecording(seconds: seconds, rate: rate, seed: seed)
            let columns = Channel.acceleration.map { recording.column($0)! }
            series = try DTWSeries(dimensions: columns, name: "stream")
            guard let first = recording.annotations.first else { throw CommandLineError("the generated stream has no gesture") }
            let start = recording.timestamps.firstIndex { $0 >= first.start } ?? 0
            let m = Int((querySeconds * rate).rounded())
            guard start + m <= series.length else { throw CommandLineError("the stream is shorter than the query") }
            let query = try DTWSeries(interleaved: Array(series.values[(start * 3)..<((start + m) * 3)]), dimensions: 3)
            search = try DTWSubsequenceSearch(query: query, band: band, normalization: normalization, samplingRate: rate)
            exclusion = querySeconds
        }
        let readSeconds = read.seconds
        let runs = try Stopwatch.runs(repetitions) {
            try search.matches(in: series, limit: limit, exclusionZone: limit > 1 ? exclusion : 0, threads: parallel.threads)
        }
        let result = runs.last, best = runs.fastest, first = runs.first
        let out = Run(mode: data != nil ? "text" : "stream", samples: series.length, dimensions: series.dimensions,
                      queryLength: search.query.length, window: search.window,
                      threads: ParallelLoop.workers(parallel.threads), readSeconds: readSeconds, searchSeconds: best,
                      firstSearchSeconds: first, matches: result.matches, statistics: result.statistics)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(out), as: UTF8.self))
            return
        }
        let s = result.statistics
        print("series \(out.samples) × \(out.dimensions), query \(out.queryLength), window \(out.window), threads \(out.threads)")
        print(String(format: "read %.3f s, search %.3f s (fastest of %d)", readSeconds, best, repetitions))
        for (i, m) in result.matches.prefix(10).enumerated() { print("  \(i + 1). start \(m.start)  distance \(m.distance)") }
        if result.matches.count > 10 { print("  … \(result.matches.count - 10) more") }
        print(String(format: "pruned: LB_Kim %.2f %%, LB_Enhanced %.2f %%, LB_Keogh %.2f %%, LB_Keogh reversed %.2f %%; DTW abandoned %.2f %%, completed %.2f %%; %d cells",
                     100 * s.fraction(s.prunedByKim), 100 * s.fraction(s.prunedByEnhanced), 100 * s.fraction(s.prunedByKeogh),
                     100 * s.fraction(s.prunedByReverseKeogh), 100 * s.fraction(s.abandoned), 100 * s.fraction(s.completed), s.cells))
    }

    /// The numbers of a text file separated by white space (the UCR Suite's format), in order.
    static func numbers(_ path: String) throws -> [Double] {
        let bytes: Data
        do { bytes = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw DataFileError(file: path, "cannot be read: \(error.localizedDescription)")
        }
        var values: [Double] = []
        values.reserveCapacity(bytes.count / 8)
        var bad: String?
        bytes.withUnsafeBytes { raw in
            let p = raw.bindMemory(to: UInt8.self)
            var i = 0
            var token = [CChar](repeating: 0, count: 64)
            while i < p.count {
                while i < p.count, p[i] == 32 || p[i] == 9 || p[i] == 10 || p[i] == 13 || p[i] == 44 { i += 1 }
                var k = 0
                while i < p.count, !(p[i] == 32 || p[i] == 9 || p[i] == 10 || p[i] == 13 || p[i] == 44) {
                    if k < 63 { token[k] = CChar(bitPattern: p[i]); k += 1 }
                    i += 1
                }
                guard k > 0 else { continue }
                token[k] = 0
                var end: UnsafeMutablePointer<CChar>?
                let v = token.withUnsafeMutableBufferPointer { t in strtod(t.baseAddress!, &end) }
                let consumed = token.withUnsafeMutableBufferPointer { t in end.map { $0 - t.baseAddress! } ?? 0 }
                if consumed != k || !v.isFinite {
                    if bad == nil { bad = String(cString: token) + " (number \(values.count + 1))" }
                    continue
                }
                values.append(v)
            }
        }
        if let bad { throw DataFileError(file: path, "not a finite number: \(bad)") }
        guard !values.isEmpty else { throw DataFileError(file: path, "holds no numbers") }
        return values
    }

    /// One continuous recording from the synthetic generator: one subject, gestures repeated through it.
    static func generatedRecording(seconds: Double, rate: Double, seed: UInt64) throws -> Recording {
        let repetitions = max(1, Int(seconds / 60))
        let spec = SyntheticDatasetSpec(seed: seed, name: "bench-find", subjects: 1, sessionsPerSubject: 1,
                                        recordingDuration: seconds, repetitions: repetitions, samplingRate: rate)
        guard let recording = try SyntheticDatasetGenerator.generate(spec).recordings.first else {
            throw CommandLineError("the generator made no recording")
        }
        return recording
    }
}
