import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab merge`: the parts of a sharded `compare` joined into the report one machine would write.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join the parts of a sharded compare into the report of the whole experiment.",
        discussion: """
            Each part is a folder (or its part.json) written by gesturelab compare EXPERIMENT --shard I/N \
            --out FOLDER, gesturelab evaluate --dataset … --shard I/N --out FOLDER, or gesturelab sweep … \
            --shard I/N --out FOLDER. Every unit (every swept value) must be in exactly one part, and every \
            part must come from the same command line, experiment file, data, seed and program version; \
            otherwise merge says what differs, or which units are missing and the commands that produce \
            them. The report (results.json, CSV tables, summary.md, plots, report.html) and the printed output are byte \
            for byte what the command writes without shards. Merge re-reads the datasets the parts ran on (to check them, and for report.html's signal explorer), so they must be reachable at the same paths.
            Example:
              for i in 0 1 2 3; do gesturelab compare configs/experiments/default.yaml \\
                --shard $i/4 --out runs/part-$i; done
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
        struct Kind: Decodable { var command: String }
        let files = try parts.map { path throws -> (url: URL, data: Data, command: String) in
            var url = URL(fileURLWithPath: path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { url.appendPathComponent(ExperimentShard.fileName) }
            guard let data = FileManager.default.contents(atPath: url.path) else { throw DataFileError(file: url.path, "no such part file") }
            guard let kind = try? decoder.decode(Kind.self, from: data) else { throw DataFileError(file: url.path, "not a part of a sharded compare, evaluate or sweep") }
            return (url, data, kind.command)
        }
        guard Set(files.map(\.command)).count == 1 else {
            throw ValidationError("the parts come from different commands (\(Set(files.map(\.command)).sorted().joined(separator: ", ")))")
        }
        if files[0].command == "sweep" {
            guard !notebook else { throw ValidationError("--notebook is for compare's parts") }
            let sweeps = try files.map { file throws -> SweepShard in
                do { return try decoder.decode(SweepShard.self, from: file.data) } catch { throw DataFileError(file: file.url.path, "not a sweep part: \(error)") }
            }
            let report = try SweepShard.merge(sweeps)
            try Sweep.report(report, output: output, command: sweeps[0].arguments + (output.out.map { ["--out", $0] } ?? []))
            return
        }
        let loaded = try files.map { file throws -> ExperimentShard in
            do { return try decoder.decode(ExperimentShard.self, from: file.data) } catch { throw DataFileError(file: file.url.path, "not a part of a sharded compare or evaluate: \(error)") }
        }
        let spec = try ExperimentShard.experiment(of: loaded, trainers: GestureLab.registries.trainers)
        let datasets: [String: Dataset]
        do {
            datasets = try spec.loadDatasets(notes: CommandLineError.printNote)
        } catch {
            // Say why merge reads data at all: the parts hold results, not samples.
            var located = error
            located.message += "; merge re-reads the datasets the parts ran on (to check they are the same data, and for report.html, "
                + "whose signal explorer shows the test recordings' samples): run it where \(spec.datasets.values.flatMap(Self.paths).sorted().joined(separator: ", ")) "
                + "can be read as when the parts were written"
            throw located
        }
        let runner = try ExperimentRunner(experiment: spec, datasets: datasets, registry: GestureLab.registries.recognizers, trainers: GestureLab.registries.trainers)
        let results = try ExperimentShard.merge(loaded, runner: runner)
        let result = try ExperimentAggregator(experiment: runner.experiment, datasets: runner.datasets, folds: runner.folds, trainers: runner.trainers).result(of: runner.plan, results)
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

    /// The dataset sources a reference names.
    static func paths(_ reference: Experiment.DatasetReference) -> [String] {
        switch reference {
        case let .source(text): [text]
        case let .split(train, test): [train, test]
        }
    }
}
