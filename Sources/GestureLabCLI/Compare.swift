import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab compare`: run an experiment file and compare its recognizers statistically.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare recognizers on datasets under a shared split, with intervals and statistical tests.",
        discussion: """
            The experiment file (configs/experiments/*.yaml) names the datasets, the split, the seed, the \
            matching tolerances, the metric, the test over three or more entries, and the entries: each a \
            recognizer with its configuration (preset path or inline map), the annotation labels it is \
            judged on, and optional parameter ranges tuned inside each training fold. \
            Prints the metric per entry with its 95 % interval, McNemar / paired bootstrap / Wilcoxon for \
            entries judged on the same annotations, and Friedman with Nemenyi's critical difference (or \
            Holm) over the entries sharing folds; writes a report folder (results.json, CSV tables, \
            summary.md, SVG plots, and report.html to explore in a browser: the headlines and tables, each test recording's signal with every entry's detections and misses coloured by outcome, and a filterable table of outcomes; reports/<experiment name> unless --out says otherwise). The same file and \
            seed always give the same results.json. --plan lists the work units (entry × dataset × fold) \
            and which entries share a training step, without running anything.

            --learning-curve 2,4,6 runs the experiment once per training-set size K under \
            subject-draws:K:N (N = --draws: each fold trains on K subjects drawn at random, seeded, and tests \
            on all the others) and writes how each entry's metric grows with the people trained on: the mean, \
            sd, min and max over draws and the pooled metric with a 95 % interval that resamples the people \
            tested (not recordings, which the draws test again and again), as learning-curve.csv, \
            learning-curve.svg and summary.md (reports/<experiment name>-learning-curve unless --out says \
            otherwise), with the runs' warnings and the sizes that gave them.
            Examples:
              gesturelab compare configs/experiments/default.yaml --out reports/default \\
                --notebook
              gesturelab compare configs/experiments/default.yaml --learning-curve 1,2,3,4,5 \\
                --draws 5
            """
    )

    @Argument(help: "The experiment file (YAML).")
    var experiment: String

    @OptionGroup var output: OutputOptions

    @OptionGroup var units: AccelerationOption

    @Flag(help: "Also write notebooks-export/<report folder name>.ipynb, which redraws the report with matplotlib.")
    var notebook = false

    @Flag(help: "Print the work units (entry × dataset × fold) and the training steps they share, then stop without running them (with --json: the plan as JSON).")
    var plan = false

    @Option(help: "Write which recordings each fold trains and tests on, by id, to this JSON file (for a model trained outside GestureLab on the same folds; with --plan nothing runs).")
    var foldsOut: String?

    @Option(help: "Training-set sizes K, comma-separated (e.g. 2,4,6): run the experiment under subject-draws:K:N for each and report the metric against K.")
    var learningCurve: String?

    @Option(help: "Draws (folds) per training-set size of --learning-curve.")
    var draws: Int = 5

    @Option(help: "Run only shard I of N (I from 0; auto/N takes I from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX) and write its part.json to --out; gesturelab merge joins the parts.")
    var shard: ShardOption?

    @OptionGroup var progress: ProgressOptions

    @OptionGroup var caching: CacheOptions

    @OptionGroup var parallel: ThreadOptions

    func validate() throws {
        guard learningCurve == nil || (!plan && shard == nil && !notebook) else {
            throw ValidationError("--learning-curve runs the experiment once per size; it does not combine with --plan, --shard or --notebook")
        }
        guard draws >= 1 else { throw ValidationError("--draws must be at least 1") }
        _ = try sizes()
    }

    /// The training-set sizes of `--learning-curve`, increasing, or `nil` without it.
    func sizes() throws -> [Int]? {
        guard let learningCurve else { return nil }
        let sizes = try learningCurve.split(separator: ",").map { text -> Int in
            guard let k = Int(text.trimmingCharacters(in: .whitespaces)), k >= 1 else {
                throw ValidationError("--learning-curve takes training-set sizes of at least 1, comma-separated (2,4,6); got '\(text)'")
            }
            return k
        }
        guard !sizes.isEmpty else { throw ValidationError("--learning-curve needs at least one size") }
        return Array(Set(sizes)).sorted()
    }

    func run() throws {
        parallel.apply()
        let file = URL(fileURLWithPath: experiment)
        guard FileManager.default.fileExists(atPath: file.path) else { throw DataFileError(file: experiment, "no such experiment file") }
        let spec = try Experiment(contentsOf: file, trainers: GestureLab.registries.trainers)
        let datasets = try spec.loadDatasets(notes: CommandLineError.printNote, acceleration: units.acceleration, rotationRate: units.gyroscope)
        if let sizes = try sizes() {
            try runLearningCurve(spec, datasets: datasets, sizes: sizes)
            return
        }
        let runner = try ExperimentRunner(experiment: spec, datasets: datasets, registry: GestureLab.registries.recognizers, trainers: GestureLab.registries.trainers)
        if let foldsOut {
            let listing = FoldListing(runner)
            try listing.write(to: URL(fileURLWithPath: foldsOut))
            CommandLineError.printLine("folds: \(listing.folds.count) folds of \(Set(listing.folds.map(\.dataset)).count) datasets written to \(foldsOut)")
        }
        if plan {
            if output.json {
                FileHandle.standardOutput.write(try ReportFolder.encoder.encode(runner.plan) + Data("\n".utf8))
            } else {
                print(runner.plan.summary + "\n")
                print(runner.plan.table.aligned, terminator: "")
            }
            return
        }
        if let shard {
            guard let out = output.out else { throw ValidationError("--shard needs --out, the folder of this shard's part") }
            let index = try shard.resolved()
            let units = runner.plan.shard(index, of: shard.count)
            let reporter = ProgressReporter("compare \(spec.name) shard \(index)/\(shard.count)", plan: runner.plan, units: units, quiet: progress.quiet)
            let cache = caching.unitCache()
            let part = try ExperimentShard.run(runner, command: "compare", arguments: ShardOption.unsharded(GestureLab.invocation), file: experiment,
                                               shard: index, of: shard.count, cache: cache) { reporter.advance($0) }
            reporter.finish()
            try caching.finish(cache, quiet: progress.quiet)
            try Self.write(part, units: units, of: runner.plan, to: out)
            return
        }
        let reporter = ProgressReporter("compare \(spec.name)", plan: runner.plan, quiet: progress.quiet)
        let cache = caching.unitCache()
        let result = try runner.run(cache: cache) { reporter.advance($0) }
        reporter.finish()
        try caching.finish(cache, quiet: progress.quiet)
        try Self.report(result, runner: runner, output: output, notebook: notebook, command: GestureLab.invocation)
    }

    /// Runs `spec` under `subject-draws:K:draws` for each of `sizes`, then writes and prints the learning curve.
    func runLearningCurve(_ spec: Experiment, datasets: [String: Dataset], sizes: [Int]) throws {
        var runs: [(subjects: Int, result: ExperimentResult)] = []
        var runners: [(Int, ExperimentRunner)] = []
        for k in sizes {
            var sized = spec
            sized.split = .subjectDraws(train: k, draws: draws)
            try sized.validate(file: experiment, trainers: GestureLab.registries.trainers)
            runners.append((k, try ExperimentRunner(experiment: sized, datasets: datasets, registry: GestureLab.registries.recognizers,
                                                    trainers: GestureLab.registries.trainers)))
        }
        if let foldsOut {
            var listing = FoldListing(runners[0].1, draw: runners[0].0)
            listing.folds = runners.flatMap { FoldListing($1, draw: $0).folds }
            try listing.write(to: URL(fileURLWithPath: foldsOut))
            CommandLineError.printLine("folds: \(listing.folds.count) folds of \(runners.count) training-set sizes written to \(foldsOut)")
        }
        let cache = caching.unitCache()
        for (k, runner) in runners {
            let reporter = ProgressReporter("compare \(spec.name) trained on \(k)", plan: runner.plan, quiet: progress.quiet)
            runs.append((k, try runner.run(cache: cache) { reporter.advance($0) }))
            reporter.finish()
        }
        try caching.finish(cache, quiet: progress.quiet)
        let curve = LearningCurve(experiment: spec.name, runs: runs)
        let folder = URL(fileURLWithPath: output.out ?? "reports/\(Self.fileName(spec.name))-learning-curve", isDirectory: true)
        try curve.write(to: folder, command: GestureLab.invocation)
        if output.json {
            FileHandle.standardOutput.write(try ReportFolder.encoder.encode(curve) + Data("\n".utf8))
            return
        }
        print("learning curve: \(curve.metricName) on the subjects not trained on, \(draws) draws per size (seed \(spec.seed)); "
              + "pooled with a 95 % interval resampling the test subjects")
        print(curve.table.aligned, terminator: "")
        for w in curve.warnings { print("warning: \(w)") }
        print("report: \(folder.path)/summary.md (learning-curve.csv, learning-curve.svg)")
    }

    /// Writes `part` to `folder/part.json` atomically and says what it holds.
    static func write(_ part: ExperimentShard, units: [ExperimentPlan.WorkUnit], of plan: ExperimentPlan, to folder: String) throws {
        let url = try ShardOption.write(part, to: folder)
        print("shard \(part.shard)/\(part.shards): \(units.count) of \(plan.units.count) units, \(Set(units.map(\.training)).count) training steps: \(url.path)")
    }

    /// Writes the report folder (and the notebook), then prints the comparison or results.json.
    static func report(_ result: ExperimentResult, runner: ExperimentRunner, output: OutputOptions, notebook: Bool, command: [String]) throws {
        let folderURL = URL(fileURLWithPath: output.out ?? "reports/\(Self.fileName(runner.experiment.name))", isDirectory: true)
        let folder = try ExperimentReport.write(result, datasets: runner.datasets, to: folderURL, command: command)
        var notebookPath: String?
        if notebook {
            let exporter = NotebookExporter(folder: folder)
            notebookPath = exporter.defaultNotebookPath
            try exporter.write(to: URL(fileURLWithPath: exporter.defaultNotebookPath))
        }
        if output.json {
            FileHandle.standardOutput.write(try result.jsonData())
            return
        }
        print(result.comparisonText)
        print("report: \(folderURL.path)/summary.md (results.json, CSV tables, SVG plots)")
        print("explore: \(folderURL.path)/\(ReportPage.fileName) (open it in a browser: every detection and miss in its signal)")
        if let notebookPath { print("notebook: \(notebookPath)") }
    }

    /// `name` as a file name (letters, digits, `-`, `_`, `.`): the default report folder's.
    static func fileName(_ name: String) -> String {
        let safe = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
        return safe.isEmpty || safe.hasPrefix(".") ? "experiment" : safe
    }
}
