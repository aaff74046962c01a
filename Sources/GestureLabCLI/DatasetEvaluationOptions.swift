import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab evaluate`'s dataset form: a configuration or a trained model on a dataset under a split,
/// through ``ExperimentRunner`` (the same code path as `compare`).
struct DatasetEvaluationOptions: ParsableArguments {
    @Option(help: "Dataset: a folder with dataset.yaml, or FORMAT:PATH (the dataset form).")
    var dataset: String?

    @Option(help: "Configuration YAML (a preset, a tuned configuration, or DTW training settings).")
    var config: String?

    @Option(help: "A trained DTW model file (from gesturelab train), used as is in every fold.")
    var model: String?

    @Option(help: "leave-one-subject-out, grouped-k-fold:K[:subject|session], stratified-k-fold:K or fixed:TRAIN:TEST.")
    var split: String = "leave-one-subject-out"

    @OptionGroup var judging: JudgingOptions

    @Option(name: .customLong("ignore-labels"), parsing: .upToNextOption,
            help: """
                Annotation labels not judged (don't-care regions), separated by spaces or commas: their annotations and the \
                detections on them count neither as correct nor as false, and their time is not background.
                """)
    var ignoreLabelArguments: [String] = []

    @OptionGroup var units: AccelerationOption

    @Option(help: "Rename annotation labels before judging, PATTERN=LABEL with * and ? globs, e.g. 'fall_*=fall' (repeatable).")
    var labelMap: [String] = []

    @OptionGroup var search: SearchOptions

    @Option(help: "Seed of shuffled folds and bootstrap intervals; minirocket (both forms): also of its channel subsets and bias examples.")
    var seed: UInt64 = 1

    @Option(help: "Bootstrap replicates per interval.")
    var replicates: Int = 2000

    /// The sampling rate assumed for formats without timestamps, Hz.
    static let samplingRate = 100.0

    /// Usage errors of the dataset form of `recognizer`.
    func validate(recognizer: String) throws {
        guard dataset != nil else { throw ValidationError("--dataset (or --train and --test) is required") }
        try EntryOptions.validateRecognizer(recognizer)
        guard model == nil || GestureLab.registries.trainers.modelFileReaders.contains(recognizer) else {
            throw ValidationError("--model is a DTW model; for \(recognizer) give a tuned configuration with --config")
        }
        guard replicates >= 100 else { throw ValidationError("--replicates must be at least 100") }
        _ = try Self.labelMap(labelMap)
    }

    /// Runs `recognizer` (with `dtw`'s settings when it is DTW) through every fold; prints the metrics table,
    /// or the result as JSON; writes the report folder `output.out` if given.
    func run(recognizer: String, dtw: DTWOptions, output: OutputOptions, quiet: Bool, shard: ShardOption? = nil) throws {
        guard let dataset else { throw ValidationError("--dataset is required") }
        if let config, !FileManager.default.fileExists(atPath: config) { throw DataFileError(file: config, "no such configuration file") }
        var configuration: Experiment.ConfigurationSource? = config.map { .preset($0) }
        if recognizer == DTWTemplateMatcher.identifier, dtw.isGiven {
            configuration = .inline(dtw.applied(to: try configuration?.resolve() ?? .object([:])))
        }
        let entry = Experiment.Entry(name: recognizer, recognizer: recognizer, configuration: configuration, datasets: [EntryOptions.datasetKey(dataset)],
                                     labels: judging.labels, directionInLabel: judging.directionInLabel,
                                     search: search.ranges, model: model, labelMap: try Self.labelMap(labelMap),
                                     objective: search.maxFalsePerHour.map { TrainingObjective(maximize: search.maximized(), maxFalsePerHour: $0) })
        let experiment = Experiment(name: "evaluate-\(recognizer)", datasets: [EntryOptions.datasetKey(dataset): .source(dataset)], split: try Split.parsing(split, in: "command line"), seed: seed,
                                    matching: .init(before: judging.tolerance, after: judging.tolerance, ignore: JudgingOptions.labelList(ignoreLabelArguments)),
                                    metric: search.metric ?? .f1,
                                    bootstrapReplicates: replicates, samplingRate: Self.samplingRate, entries: [entry])
        try experiment.validate(file: "command line", trainers: GestureLab.registries.trainers)
        let datasets = try experiment.loadDatasets(notes: CommandLineError.printNote, acceleration: units.acceleration, rotationRate: units.gyroscope)
        if let why = surveyReason(recognizer: recognizer, entry: entry, experiment: experiment, datasets: datasets, shard: shard),
           let loaded = datasets[EntryOptions.datasetKey(dataset)] {
            // A model file is used as is, like a preset.
            let used: TrainedModel = try model.map { file in
                try GestureLab.registries.trainers.trainer(for: recognizer).readModel(at: URL(fileURLWithPath: file))
            } ?? .configuration(try configuration?.resolve() ?? .object([:]), chosen: TrainingSummary())
            let survey = try ActivationSurvey(entry: entry, model: used, dataset: loaded,
                                              matching: experiment.matching.eventMatching, registry: GestureLab.registries.recognizers, trainers: GestureLab.registries.trainers)
            let json = try ReportFolder.encoder.encode(survey)
            if let out = output.out {
                // No folds, so no report page: the survey's record is its JSON.
                try AtomicFile.write(json, to: URL(fileURLWithPath: out, isDirectory: true).appendingPathComponent("survey.json"), createFolders: true)
            }
            if output.json {
                // Standard output holds the JSON alone.
                CommandLineError.printNote(why)
                FileHandle.standardOutput.write(json)
            } else {
                print("survey       \(why)")
                print(survey.text, terminator: "")
                if let out = output.out { print("survey: \(out)/survey.json") }
            }
            return
        }
        let runner = try ExperimentRunner(experiment: experiment, datasets: datasets, registry: GestureLab.registries.recognizers, trainers: GestureLab.registries.trainers)
        if model != nil {
            CommandLineError.printLine("warning: the model is used as is in every fold; if it was trained on this dataset, the test folds are not unseen")
        }
        if let shard {
            guard let out = output.out else { throw ValidationError("--shard needs --out, the folder of this shard's part") }
            let index = try shard.resolved()
            let units = runner.plan.shard(index, of: shard.count)
            let reporter = ProgressReporter("evaluate \(entry.name) shard \(index)/\(shard.count)", plan: runner.plan, units: units, quiet: quiet)
            let part = try ExperimentShard.run(runner, command: "evaluate", arguments: ShardOption.unsharded(GestureLab.invocation), file: nil,
                                               shard: index, of: shard.count) { reporter.advance($0) }
            reporter.finish()
            try Compare.write(part, units: units, of: runner.plan, to: out)
            return
        }
        let reporter = ProgressReporter("evaluate \(entry.name)", plan: runner.plan, quiet: quiet)
        let result = try runner.run { reporter.advance($0) }
        reporter.finish()
        try Self.report(result, runner: runner, output: output, command: GestureLab.invocation)
    }

    /// Why `entry` is surveyed (``ActivationSurvey``: every recording tested) rather than run through folds, or `nil`
    /// when folds judge it. Only what learns nothing needs no folds, and only a continuous dataset that folds cannot
    /// judge is surveyed: annotations of activities alone, none of them a judged label; or judged labels that exist
    /// on a dataset that cannot be split (one recording of one person). Judged labels that are a typo of one that
    /// exists, a split that works, or a broken configuration go to the runner, which reports them.
    func surveyReason(recognizer: String, entry: Experiment.Entry, experiment: Experiment, datasets: [String: Dataset],
                      shard: ShardOption?) -> String? {
        guard let dataset, trainsNothing(recognizer: recognizer), shard == nil, let loaded = datasets[EntryOptions.datasetKey(dataset)],
              loaded.kind == .continuous else { return nil }
        if entry.judgesOnlyAbsentLabels(in: loaded.recordings) {
            let labels = entry.unmatchedLabels(in: loaded.recordings).existing
            return "no annotation is \(entry.labels.map { "'\($0)'" }.joined(separator: ", ")) (the annotations are "
                + "\(labels.isEmpty ? "none" : labels.prefix(10).joined(separator: ", ") + (labels.count > 10 ? ", …" : ""))); "
                + "\(recognizer) learns nothing here, so every recording is tested: every activation is false, "
                + "counted per hour of each annotated activity and of unannotated time"
        }
        guard (try? entry.checkJudgedLabels(in: loaded.recordings, datasetKey: nil)) != nil else { return nil }
        do {
            _ = try FoldAssignment(experiment.split.strategy(seed: experiment.seed), dataset: loaded)
            return nil
        } catch {
            // Worded as the runner words a split that cannot be made.
            let unsplittable = ExperimentError(dataset: EntryOptions.datasetKey(dataset), "cannot split by \(experiment.split): \(error.description)")
            return "\(unsplittable.description); \(recognizer) learns nothing here, so every recording is tested: "
                + "its activations, false activations per hour and, where annotations name them, by activity"
        }
    }

    /// Whether this evaluation learns nothing in a fold (and so may be judged on a dataset that cannot be split): a model file used as is, or a configuration (a preset or a tuned one) of a recognizer
    /// that trains nothing, with no search and no budget, so that it can be judged on data that cannot be split.
    func trainsNothing(recognizer: String) -> Bool {
        // A model file (--model) is used as is in every fold.
        return (model != nil || GestureLab.registries.trainers.learned(recognizer) == nil) && search.ranges.isEmpty && search.maxFalsePerHour == nil
    }

    /// Writes the report folder `output.out` if given, then prints the entry's metrics or results.json.
    static func report(_ result: ExperimentResult, runner: ExperimentRunner, output: OutputOptions, command: [String]) throws {
        if let out = output.out {
            _ = try ExperimentReport.write(result, datasets: runner.datasets, to: URL(fileURLWithPath: out, isDirectory: true), command: command)
        }
        if output.json {
            FileHandle.standardOutput.write(try result.jsonData())
            return
        }
        print(result.entryText(runner.experiment.entries[0].name), terminator: "")
        if let out = output.out { print("report: \(out)/summary.md\nexplore: \(out)/\(ReportPage.fileName) (open it in a browser)") }
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
}
