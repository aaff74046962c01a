import ArgumentParser
import GestureData
import GestureEval

/// `--threads N`: how many threads independent work may use (compare, evaluate, bench dtw, sweep, train).
struct ThreadOptions: ParsableArguments {
    @Option(help: "Use at most N threads (default: one per core); --threads 1 gives per-core timings. Results do not depend on it.")
    var threads: Int?

    func validate() throws {
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1, got \(threads)") }
    }

    /// Applies the setting to the process (``GestureEval/Parallelism``).
    func apply() { Parallelism.threads = threads }
}
