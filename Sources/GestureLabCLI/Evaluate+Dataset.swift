import ArgumentParser
import Foundation
import GestureEval
import GestureKit

/// The second form of `gesturelab evaluate`: a configuration or a trained model on a dataset under
/// a split, through ``ExperimentRunner`` (the same code path as `compare`).
struct DatasetEvaluation {
    var entry: Experiment.Entry
    var dataset: String
    var split: String
    var seed: UInt64
    var metric: Experiment.Metric
    var tolerance: Double
    var samplingRate: Double
    var replicates: Int

    /// Runs the evaluation; prints the metrics table, or the result as JSON; writes `out` if given.
    func run(json: Bool, out: String?, quiet: Bool) throws {
        let experiment = Experiment(name: "evaluate-\(entry.recognizer)", datasets: ["data": .source(dataset)], split: split, seed: seed,
                                    matching: .init(before: tolerance, after: tolerance), metric: metric,
                                    bootstrapReplicates: replicates, samplingRate: samplingRate, entries: [entry])
        try experiment.validate(file: "command line")
        let runner = try ExperimentRunner(experiment: experiment, datasets: ExperimentRunner.loadDatasets(experiment, notes: CommandLineError.printNote))
        if entry.model != nil {
            CommandLineError.printLine("warning: the model is used as is in every fold; if it was trained on this dataset, the test folds are not unseen")
        }
        let reporter = ProgressReporter("evaluate \(entry.name)", total: runner.steps, quiet: quiet)
        let result = try runner.run { reporter.advance() }
        reporter.finish()
        if let out {
            _ = try ExperimentReport.write(result, runner: runner, to: URL(fileURLWithPath: out, isDirectory: true),
                                           command: ["gesturelab"] + CommandLine.arguments.dropFirst())
        }
        if json {
            FileHandle.standardOutput.write(try result.jsonData())
            return
        }
        print(Self.text(result, entry: entry.name), terminator: "")
        if let out { print("report: \(out)/summary.md") }
    }

    /// The label map of `--label-map PATTERN=LABEL` arguments.
    static func labelMap(_ arguments: [String]) throws -> LabelMap {
        var rules: [String: String] = [:]
        for a in arguments {
            guard let eq = a.firstIndex(of: "="), eq != a.startIndex, a.index(after: eq) != a.endIndex else {
                throw ValidationError("--label-map expects PATTERN=LABEL, e.g. 'fall_*=fall'; got '\(a)'")
            }
            rules[String(a[..<eq])] = String(a[a.index(after: eq)...])
        }
        return LabelMap(rules)
    }

    /// The entry's pooled metrics with intervals, then the metric per fold.
    static func text(_ result: ExperimentResult, entry: String) -> String {
        var s = ""
        for (_, evaluation) in result.evaluations.sorted(by: { $0.key < $1.key }) {
            s += "\(entry) on \(evaluation.dataset.name) (\(evaluation.dataset.recordings) recordings), split \(result.experiment.split), seed \(result.seed)\n\n"
            var table = CSVTable(header: ["metric", "value", "lower", "upper"])
            for m in evaluation.metrics where m.scope == entry { table.append([m.name, ExperimentReport.fmt(m.value), ExperimentReport.fmt(m.interval?.lower), ExperimentReport.fmt(m.interval?.upper)]) }
            s += table.aligned + "\n"
        }
        s += ExperimentReport.foldTable(result).aligned
        for w in result.warnings { s += "warning: \(w)\n" }
        return s
    }
}
