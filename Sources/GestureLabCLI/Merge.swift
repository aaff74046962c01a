import ArgumentParser
import Foundation
import GestureEval

/// `gesturelab merge`: the parts of a sharded `compare` joined into the report one machine would write.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join the parts of a sharded compare into the report of the whole experiment.",
        discussion: """
            Each part is a folder written by gesturelab compare EXPERIMENT --shard I/N --out FOLDER, or by
            gesturelab evaluate --dataset … --shard I/N --out FOLDER (or its part.json). Every unit of the experiment's plan must be in exactly one part, and every part must
            come from the same experiment file, data, seed and program version; otherwise merge says what
            differs, or which units are missing and the commands that produce them. The report (results.json,
            CSV tables, summary.md, plots) is byte for byte what gesturelab compare EXPERIMENT --out FOLDER
            writes without shards (evaluate: what the unsharded evaluate prints and writes with --out).
            Example:
              for i in 0 1 2 3; do gesturelab compare configs/experiments/default.yaml --shard $i/4 --out runs/part-$i; done
              gesturelab merge runs/part-* --out reports/default
            """
    )

    @Argument(help: "Part folders (or part.json files).")
    var parts: [String]

    @OptionGroup var output: OutputOptions

    @Flag(help: "Also write notebooks-export/<report folder name>.ipynb.")
    var notebook = false

    @OptionGroup var parallel: ThreadOptions

    func run() throws {
        parallel.apply()
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let loaded = try parts.map { path throws -> ExperimentShard in
            var url = URL(fileURLWithPath: path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { url.appendPathComponent(ExperimentShard.fileName) }
            guard let data = FileManager.default.contents(atPath: url.path) else { throw DataFileError(file: url.path, "no such part file") }
            do { return try decoder.decode(ExperimentShard.self, from: data) } catch { throw DataFileError(file: url.path, "not a part of a sharded compare: \(error)") }
        }
        let spec = try ExperimentShard.experiment(of: loaded)
        let runner = try ExperimentRunner(experiment: spec, datasets: spec.loadDatasets(notes: CommandLineError.printNote))
        let results = try ExperimentShard.merge(loaded, runner: runner)
        let result = try ExperimentAggregator(experiment: runner.experiment, datasets: runner.datasets, folds: runner.folds).result(of: runner.plan, results)
        // The report names the unsharded command that gives the same bytes.
        var options = output
        switch loaded[0].command {
        case "evaluate":
            guard !notebook else { throw ValidationError("--notebook is for compare's parts; evaluate writes no notebook") }
            try DatasetEvaluationOptions.report(result, runner: runner, output: options,
                                                command: loaded[0].arguments + (output.out.map { ["--out", $0] } ?? []))
        default:
            let out = output.out ?? "reports/\(Compare.fileName(spec.name))"
            options.out = out
            try Compare.report(result, runner: runner, output: options, notebook: notebook,
                               command: loaded[0].arguments + ["--out", out] + (notebook && !loaded[0].arguments.contains("--notebook") ? ["--notebook"] : []))
        }
    }
}
