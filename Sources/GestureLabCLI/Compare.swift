import ArgumentParser
import Foundation
import GestureEval

/// `gesturelab compare`: run an experiment file and compare its recognizers statistically.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare recognizers on datasets under a shared split, with intervals and statistical tests.",
        discussion: """
            The experiment file (configs/experiments/*.yaml) names the datasets, the split, the seed, the
            matching tolerances, the metric, the test over three or more entries, and the entries: each a
            recognizer with its configuration (preset path or inline map), the annotation labels it is
            judged on, and optional parameter ranges tuned inside each training fold.
            Prints the metric per entry with its 95 % interval, McNemar / paired bootstrap / Wilcoxon for
            entries judged on the same annotations, and Friedman with Nemenyi's critical difference (or
            Holm) over the entries sharing folds; writes a report folder (results.json, CSV tables,
            summary.md, SVG plots). The same file and seed always give the same results.json.
            Example:
              gesturelab compare configs/experiments/default.yaml --out reports/default --notebook
            """
    )

    @Argument(help: "The experiment file (YAML).")
    var experiment: String

    @Option(help: "The report folder (default: reports/<experiment name>).")
    var out: String?

    @Flag(help: "Also write notebooks-export/<report folder name>.ipynb, which redraws the report with matplotlib.")
    var notebook = false

    @Flag(help: "Print results.json instead of the tables.")
    var json = false

    @OptionGroup var progress: ProgressOptions

    func run() throws {
        let file = URL(fileURLWithPath: experiment)
        guard FileManager.default.fileExists(atPath: file.path) else { throw DataFileError(file: experiment, "no such experiment file") }
        let spec = try Experiment(contentsOf: file)
        let runner = try ExperimentRunner(experiment: spec, datasets: ExperimentRunner.loadDatasets(spec, notes: CommandLineError.printNote))
        let reporter = ProgressReporter("compare \(spec.name)", total: runner.steps, quiet: progress.quiet)
        let result = try runner.run { reporter.advance() }
        reporter.finish()

        let folderURL = URL(fileURLWithPath: out ?? "reports/\(ExperimentOutput.fileName(spec.name))", isDirectory: true)
        let folder = try ExperimentReport.write(result, runner: runner, to: folderURL, command: ["gesturelab"] + CommandLine.arguments.dropFirst())
        var notebookPath: String?
        if notebook {
            let exporter = try NotebookExporter(reportFolder: folder.url)
            notebookPath = exporter.defaultNotebookPath
            try exporter.write(to: URL(fileURLWithPath: exporter.defaultNotebookPath))
        }
        if json {
            FileHandle.standardOutput.write(try result.jsonData())
            return
        }
        print(ExperimentOutput.text(result))
        print("report: \(folderURL.path)/summary.md (results.json, CSV tables, SVG plots)")
        if let notebookPath { print("notebook: \(notebookPath)") }
    }
}

/// Terminal output shared by compare, evaluate and train.
enum ExperimentOutput {
    /// The comparison, pair and rank tables as aligned text.
    static func text(_ result: ExperimentResult) -> String {
        var s = "\(result.experiment.name): \(result.metric.rawValue) with 95 % bootstrap interval, split \(result.experiment.split), seed \(result.seed)\n\n"
        s += ExperimentReport.comparisonTable(result).aligned
        if !result.pairs.isEmpty {
            s += "\nPaired comparisons (same annotations): McNemar on per-annotation correctness, bootstrap of the metric difference, Wilcoxon over folds\n\n"
            s += ExperimentReport.pairTable(result).aligned
        }
        if let r = result.ranking {
            s += "\n" + ExperimentReport.rankSummary(r, test: result.experiment.test) + "\n\n"
            s += ExperimentReport.rankTable(r).aligned
            s += "\n" + ExperimentReport.rankPairTable(r).aligned
        }
        for w in result.warnings { s += "warning: \(w)\n" }
        return s
    }

    /// `name` as a file name (letters, digits, `-`, `_`, `.`).
    static func fileName(_ name: String) -> String {
        let safe = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
        return safe.isEmpty || safe.hasPrefix(".") ? "experiment" : safe
    }
}
