import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab bench plan`: time each training step of an experiment (with the units that test its model) on
/// one thread and set the times beside the plan's estimates, which is what shards are balanced by.
struct BenchPlan: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Time each training step of an experiment on one thread beside the plan's estimated cost.",
        discussion: """
            Runs every training step with the units that test its model, one after the other, on one thread \
            (so each figure is one core's time), and prints per step the estimate of compare --plan, the \
            measured time (CPU seconds of the process, user + system) and their ratio, then how many steps \
            fall within a factor of 2 of the estimate and the sums. --fold runs only the steps of the folds \
            named (a subset that still holds every entry).
            Example:
              swift build -c release && .build/release/gesturelab bench plan \\
                configs/experiments/default.yaml
            """
    )

    @Argument(help: "The experiment file (YAML).")
    var experiment: String

    @Option(help: "Write the per-step table as CSV to this file.")
    var csv: String?

    @Option(help: "Run only the training steps of this fold (a fold name of compare --plan; repeat for more).")
    var fold: [String] = []

    func run() throws {
        Parallelism.threads = 1
        let file = URL(fileURLWithPath: experiment)
        guard FileManager.default.fileExists(atPath: file.path) else { throw DataFileError(file: experiment, "no such experiment file") }
        let spec = try Experiment(contentsOf: file, trainers: GestureLab.registries.trainers)
        let runner = try ExperimentRunner(experiment: spec, datasets: spec.loadDatasets(notes: CommandLineError.printNote), registry: GestureLab.registries.recognizers, trainers: GestureLab.registries.trainers)
        let executor = try ExperimentExecutor(experiment: runner.experiment, datasets: runner.datasets, folds: runner.folds, registry: runner.registry, trainers: GestureLab.registries.trainers)
        let plan = runner.plan
        var table = CSVTable(header: ["step", "entries", "dataset", "fold", "units", "estimated s", "measured s", "measured / estimated"])
        var ratios: [Double] = []
        var sums = (estimated: 0.0, measured: 0.0)
        for step in plan.trainingSteps where fold.isEmpty || fold.contains(step.foldName) {
            let units = plan.units.filter { $0.training == step.index }
            let started = Stopwatch.processCPUSeconds()
            _ = try executor.run(plan, units: units)
            let seconds = Stopwatch.processCPUSeconds() - started
            let estimate = plan.estimatedSeconds(of: step)
            ratios.append(seconds / estimate)
            sums.estimated += estimate
            sums.measured += seconds
            table.append([String(step.index), step.entries.joined(separator: " + "), step.dataset, step.foldName, String(units.count),
                          String(format: "%.4f", estimate), String(format: "%.4f", seconds), String(format: "%.2f", seconds / estimate)])
        }
        print(table.aligned, terminator: "")
        if let csv { try AtomicFile.write(Data(table.csv.utf8), to: URL(fileURLWithPath: csv)) }
        let within = ratios.filter { $0 >= 0.5 && $0 <= 2 }.count
        print(String(format: "\n%d of %d training steps within a factor of 2 of the estimate; measured / estimated: min %.2f, median %.2f, max %.2f",
                     within, ratios.count, ratios.sorted().first ?? .nan, Stopwatch.median(ratios), ratios.sorted().last ?? .nan))
        print(String(format: "sum: estimated %.1f s, measured %.1f s of CPU (measured / estimated %.2f)",
                     sums.estimated, sums.measured, sums.measured / sums.estimated))
    }
}
