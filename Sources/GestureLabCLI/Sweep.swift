import ArgumentParser
import Foundation
import GestureEval
import GestureKit

/// `gesturelab sweep`: false activations per hour versus miss rate over one threshold's range.
struct Sweep: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Vary one threshold over a range on continuous recordings: false activations per hour vs miss rate (DET data).",
        discussion: """
            Runs the recognizer over every recording once per value of --parameter (a key of its \
            configuration, dotted for nested keys) and matches its events to the judged annotations. \
            A false activation is a detection outside every judged annotation's tolerance window; the \
            miss rate is 1 − recall. With --out DIR it writes sweep.csv, results.json, summary.md and the \
            DET curve (det.svg).
            Example:
              gesturelab sweep --recognizer shake --config configs/shake.yaml --dataset \\
                datasets/default \\
                --labels shake --parameter peakThreshold --from 0.75 --to 2.5 --step 0.25 \\
                  --out reports/sweep-shake
            """
    )

    @OptionGroup var entry: EntryOptions

    @Option(help: "The configuration key varied (for example peakThreshold, threshold, flipAngle).")
    var parameter: String

    // Thresholds may be negative (`--from -1.0`): the values are read even when they start with a dash.
    @Option(parsing: .unconditional, help: "First value.")
    var from: Double

    @Option(parsing: .unconditional, help: "Last value (inclusive).")
    var to: Double

    @Option(parsing: .unconditional, help: "Step between values.")
    var step: Double

    @Option(help: "With --recognizer detections: the folder of another tool's detections (<recording id>.csv: start,end,label,score), swept by --parameter minimumScore.")
    var detections: String?

    @OptionGroup var output: OutputOptions

    @Option(help: "Run only shard I of N of the values (I from 0; auto/N reads SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX) and write its part.json to --out; gesturelab merge joins the parts.")
    var shard: ShardOption?

    @OptionGroup var progress: ProgressOptions

    @OptionGroup var parallel: ThreadOptions

    func validate() throws {
        guard entry.recognizer != nil else { throw ValidationError("--recognizer is required") }
        guard entry.dataset != nil else { throw ValidationError("--dataset is required") }
        if entry.recognizer == DetectionsTrainer.identifier {
            guard detections != nil else { throw ValidationError("--recognizer detections needs --detections DIR") }
            guard parameter == ThresholdSweep.minimumScore else { throw ValidationError("detections are swept by --parameter \(ThresholdSweep.minimumScore)") }
        } else if let learned = entry.recognizer.flatMap(GestureLab.registries.trainers.learned) {
            throw ValidationError("sweep varies a rule-based recognizer's threshold, or the lowest score kept of another tool's detections; \(learned.identifier) is neither")
        } else if detections != nil {
            throw ValidationError("--detections goes with --recognizer detections")
        }
        guard from.isFinite, to.isFinite, step.isFinite, step > 0, to >= from, (to - from) / step <= 10_000 else {
            throw ValidationError("--from, --to and --step need from ≤ to, step > 0 and at most 10000 values")
        }
    }

    func run() throws {
        parallel.apply()
        let all = try Experiment.ParameterRange.grid(from: from, to: to, step: step)
        let positions = try shard.map { SweepShard.positions(try $0.resolved(), of: $0.count, values: all.count) } ?? Array(all.indices)
        let values = positions.map { all[$0] }
        var spec = try entry.entry()
        spec.detections = detections
        let experiment = try entry.experiment(name: "sweep", split: "loso", seed: 1, metric: .f1, entry: spec)
        let dataset = try experiment.loadDatasets(notes: CommandLineError.printNote, acceleration: entry.units.acceleration, rotationRate: entry.units.gyroscope)[EntryOptions.datasetKey(entry.dataset)]!
        let sweep = ThresholdSweep(entry: spec, parameter: parameter, values: values, matching: experiment.matching.eventMatching, registry: GestureLab.registries.recognizers)
        let reporter = ProgressReporter("sweep \(parameter)", total: values.count, quiet: progress.quiet)
        let points = try sweep.run(on: dataset) { reporter.advance() }
        reporter.finish()
        let report = SweepReport(name: spec.name, recognizer: spec.recognizer, configuration: entry.config, dataset: entry.dataset ?? "",
                                 labels: spec.labels, parameter: parameter, points: points)
        if let shard {
            guard let out = output.out else { throw ValidationError("--shard needs --out, the folder of this shard's part") }
            let part = SweepShard(arguments: ShardOption.unsharded(GestureLab.invocation), datasetDigest: dataset.digest, shard: try shard.resolved(),
                                  shards: shard.count, positions: positions, valueCount: all.count, report: report)
            let url = try ShardOption.write(part, to: out)
            print("shard \(part.shard)/\(part.shards): \(values.count) of \(all.count) values: \(url.path)")
            return
        }
        try Self.report(report, output: output, command: GestureLab.invocation)
    }

    /// Writes the report folder `output.out` if given, then prints the points (table or JSON).
    static func report(_ report: SweepReport, output: OutputOptions, command: [String]) throws {
        if let out = output.out {
            try report.write(to: URL(fileURLWithPath: out, isDirectory: true), command: command)
        }
        if output.json {
            FileHandle.standardOutput.write(try ReportFolder.encoder.encode(report.points) + Data("\n".utf8))
        } else {
            print(report.table.aligned, terminator: "")
            if let out = output.out { print("report: \(out)/summary.md") }
        }
    }
}
