import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab train`: a tuned configuration (rule-based) or a trained DTW model from a dataset.
struct Train: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Train a recognizer on a dataset: a tuned configuration (YAML) or a DTW model (JSON).",
        discussion: """
            Rule-based recognizers: every combination of the --search ranges (or an experiment entry's \
            search) is applied to the configuration and run over the training recordings; the one with the \
            best --metric wins and is written as YAML that `detect --config` and experiment files accept. \
            With --max-false-per-hour N the winner is the best --metric (default then: recall) among the \
            combinations with at most N false activations (detections outside every judged annotation) \
            per hour of background on the training recordings; when none meets it, the one with the \
            fewest is taken and a warning says so. The chosen operating point (trainingRecall, \
            trainingFalsePerHour) is printed and written in the YAML header.

            dtw: templates (medoids by default), the band (learned by leave-one-out unless the \
            configuration fixes it) and rejection thresholds from the judged annotations; written as a \
            model file for `detect --recognizer dtw --config FILE`. minirocket (segment datasets): MiniRocket \
            features and a ridge classifier whose penalty is chosen by leave-one-out, written as a versioned model \
            file (JSON: dilations, biases, channel subsets, scaler, weights, channels, length policy). Files are \
            written atomically. \
            Training uses all recordings; with --fold NAME, the training part of that fold of the split \
            (--split, or the experiment's): the model `compare` scored on that fold, so `detect` on the fold's test \
            recordings gives the detections of its outcomes.csv rows. --split fixed:TRAIN:TEST alone trains on the \
            TRAIN session.
            Examples:
              gesturelab train --recognizer shake --config configs/shake.yaml \\
                --dataset datasets/default --labels shake \\
                --search peakThreshold=1.0:2.0:0.25 --search movementThreshold=0.5,0.75 \\
                --out tuned-shake.yaml
              gesturelab train --recognizer shake --config configs/shake.yaml \\
                --dataset datasets/default --labels shake \\
                --search peakThreshold=1.0:2.5:0.25 --max-false-per-hour 5 \\
                --out budget-shake.yaml
              gesturelab train --recognizer dtw --dataset datasets/default-shapes \\
                --out shapes.dtw.json
              gesturelab train --recognizer minirocket --dataset datasets/default-shapes \\
                --out shapes.minirocket.json
              gesturelab train --experiment configs/experiments/default.yaml \\
                --entry "shake (tuned)" --out tuned-shake.yaml
              gesturelab train --experiment configs/experiments/default.yaml \\
                --entry "shake (tuned)" --fold s1 --out fold-s1.yaml
            """
    )

    @OptionGroup var entry: EntryOptions

    @Option(help: "Take the recognizer, configuration, labels, search and dataset from this experiment file's entry.")
    var experiment: String?

    @Option(name: .customLong("entry"), help: "The entry's name in --experiment.")
    var entryName: String?

    @OptionGroup var search: SearchOptions

    @Option(help: "all (default: every recording; with --experiment and --fold, the experiment's split), fixed:TRAIN:TEST (the TRAIN session), or any split with --fold.")
    var split: String = "all"

    @Option(help: "Train on this fold's training part (its name, as outcomes.csv and results.json give it): the model compare scored on it.")
    var fold: String?

    @Option(help: "Output file: a tuned configuration as YAML (or JSON when the name ends in .json, for apps), a DTW model as JSON.")
    var out: String

    @OptionGroup var progress: ProgressOptions

    @OptionGroup var parallel: ThreadOptions

    func validate() throws {
        if experiment != nil {
            guard entryName != nil else { throw ValidationError("--experiment needs --entry NAME") }
            guard entry.recognizer == nil else { throw ValidationError("give either --experiment or --recognizer, not both") }
        } else {
            guard entry.recognizer != nil else { throw ValidationError("--recognizer (or --experiment with --entry) is required") }
            guard entry.dataset != nil else { throw ValidationError("--dataset is required") }
        }
        guard split == "all" || fold != nil || split.lowercased().hasPrefix("fixed:") else {
            throw ValidationError("--split must be all or fixed:TRAIN:TEST, or name a fold with --fold NAME, got '\(split)'")
        }
        if fold != nil, split == "all", experiment == nil {
            throw ValidationError("--fold needs --split (or --experiment, whose split it takes)")
        }
        guard !out.isEmpty else { throw ValidationError("--out needs a file path") }
    }

    func run() throws {
        parallel.apply()
        var (spec, chosenEntry) = try resolve()
        let dataset = try spec.loadDatasets(notes: CommandLineError.printNote, acceleration: entry.units.acceleration, rotationRate: entry.units.gyroscope)[chosenEntry.datasets[0]]!
        var recordings = dataset.recordings
        if let split = try trainingSplit(of: spec) {
            // The folds compare computes: the same strategy and seed over the same dataset.
            let folds = try FoldAssignment(split.strategy(seed: spec.seed), dataset: dataset).folds
            let chosen: Fold? = if let fold { folds.first { $0.name == fold } } else { folds.first }
            guard let chosen else {
                throw DataFileError(file: experiment ?? "command line", field: "fold",
                                    "no fold '\(fold ?? "")' in split \(split) of \(dataset.name); folds: \(folds.map(\.name).joined(separator: ", "))")
            }
            recordings = chosen.train.map { dataset.recordings[$0] }
        }
        let trainer = GestureLab.registries.trainers.trainer(for: chosenEntry.recognizer)
        if GestureLab.registries.trainers.learned(chosenEntry.recognizer) == nil, chosenEntry.search.isEmpty {
            CommandLineError.printLine("warning: no --search ranges: the configuration is written unchanged")
        }
        let objective = spec.objective(for: chosenEntry)
        if let value = try chosenEntry.configuration?.resolve() {
            for line in trainer.deprecations(inConfiguration: value) { CommandLineError.printLine("warning: \(line)") }
        }
        chosenEntry.name = chosenEntry.name.isEmpty ? chosenEntry.recognizer : chosenEntry.name
        spec.entries = [chosenEntry]
        let reporter = ProgressReporter("train \(chosenEntry.name)", total: 1, quiet: progress.quiet)
        try chosenEntry.checkJudgedLabels(in: recordings, datasetKey: chosenEntry.datasets.first)
        let model = try EntryTrainer(entry: chosenEntry, experiment: spec, kind: dataset.kind, registry: GestureLab.registries.recognizers, trainers: GestureLab.registries.trainers).train(on: recordings)
        reporter.advance()
        reporter.finish()
        if let budget = objective.maxFalsePerHour, model.summary.budget?.met == false {
            CommandLineError.printLine("warning: no combination has at most \(ExperimentReport.fmt(budget)) false activations per hour on the training recordings; took the one with the fewest (\(ExperimentReport.fmt(model.summary.operatingPoint?.falsePerHour)) per hour)")
        }
        if let failed = model.summary.crossFit?.failures, failed > 0 {
            CommandLineError.printLine("warning: \(Int(failed)) cross-fitted training\(failed == 1 ? "" : "s") failed; the full model spotted those subjects' recordings in calibration")
        }
        if let inSample = model.summary.crossFit?.inSample, !inSample.isEmpty {
            CommandLineError.printLine("warning: calibration scored subjects \(inSample.joined(separator: ", ")) in-sample: no model held them out (too few examples of a class without them, or one training subject); strictCrossFitting: true refuses instead")
        }
        if let adaptation = chosenEntry.adaptation {
            // compare scores the model adapted to each test person; the file holds the model before that.
            CommandLineError.printLine("warning: entry '\(chosenEntry.name)' adapts to each person (\(adaptation.description)); this file is the model before adaptation, which compare did not score as such; "
                + "`gesturelab adapt --experiment \(experiment ?? "FILE") --entry '\(chosenEntry.name)' --model \(out) --subject PERSON --out FILE` adapts it as compare did")
        }
        let url = URL(fileURLWithPath: out)
        let summary = model.summary.flattened.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.number($0.value, key: $0.key, counts: trainer.countKeys))" }.joined(separator: " ")
        if var value = model.configuration {
            // The stages the entry was evaluated behind go with it; `detect` and apps (StagedConfiguration) run them.
            if !chosenEntry.stages.isEmpty, case var .object(map) = value {
                map["stages"] = try JSONDecoder().decode(ConfigurationValue.self, from: JSONEncoder().encode(chosenEntry.stages))
                value = .object(map)
            }
            // YAML says how it was tuned; JSON (for apps) has no comments.
            try ConfigurationFile.write(value, comments: [
                "\(chosenEntry.recognizer) configuration tuned by:",
                "  \(GestureLab.invocation.joined(separator: " "))",
                "on \(recordings.count) recordings of \(spec.datasets[chosenEntry.datasets[0]].map(Self.describe) ?? dataset.name), maximising \(Self.describe(objective)): \(summary)",
            ], to: url)
            print("tuned \(chosenEntry.recognizer) on \(recordings.count) recordings: \(summary)")
        } else {
            // A learned recognizer's model, in its trainer's file format.
            try trainer.writeModel(model, to: url)
            print("\(trainer.trainedLine(recordings: recordings.count)): \(summary)")
            // What the trainer has to say of its model (a spotter with no settings: what it compared).
            for line in trainer.trainedLines(model) { print(line) }
        }
        print("wrote \(out)")
    }

    /// A summary value: a count (one of `counts`, the trainer's ``GestureEval/AnyRecognizerTrainer/countKeys``) as an
    /// integer (`templates=12`, not `12.0`), anything else as read (thresholds and rates keep their decimals: `threshold=9.0`).
    static func number(_ value: Double, key: String, counts: Set<String>) -> String {
        if counts.contains(key), let whole = Int(exactly: value) { return String(whole) }
        return CSVTable.number(value)
    }

    /// The split whose fold is trained on: `--split` unless `all`, else the experiment's when `--fold` names a fold;
    /// `nil`: every recording.
    private func trainingSplit(of spec: Experiment) throws -> Split? {
        if split != "all" { return try Split.parsing(split, in: "command line") }
        return fold == nil ? nil : spec.split
    }

    private static func describe(_ objective: TrainingObjective) -> String {
        objective.maximize.rawValue + (objective.maxFalsePerHour.map { " with at most \(ExperimentReport.fmt($0)) false activations per hour" } ?? "")
    }

    private static func describe(_ reference: Experiment.DatasetReference) -> String {
        switch reference {
        case let .source(text): text
        case let .split(train, test): "\(train) + \(test)"
        }
    }

    private func resolve() throws -> (Experiment, Experiment.Entry) {
        let ranges = search.ranges
        if let experiment {
            var spec = try Experiment(contentsOf: URL(fileURLWithPath: experiment), trainers: GestureLab.registries.trainers)
            guard var chosen = spec.entries.first(where: { $0.name == entryName }) else {
                throw DataFileError(file: experiment, field: "entries", "no entry named '\(entryName ?? "")'; entries: \(spec.entries.map(\.name).joined(separator: ", "))")
            }
            chosen.search.merge(ranges) { $1 }
            chosen.datasets = [chosen.datasets[0]]
            // As compare trains it: the experiment's label map under the entry's own, its preset read once.
            chosen = try spec.resolving(chosen)
            // Options given on the command line replace the file's objective.
            if search.metric != nil || search.maxFalsePerHour != nil {
                let file = spec.objective(for: chosen)
                chosen.objective = TrainingObjective(maximize: search.maximized(otherwise: file.maximize),
                                                     maxFalsePerHour: search.maxFalsePerHour ?? file.maxFalsePerHour)
            }
            spec.entries = [chosen]
            return (spec, chosen)
        }
        let chosen = try entry.entry(search: ranges)
        var spec = try entry.experiment(name: "train", split: "loso", seed: 1, metric: search.metric ?? .f1, entry: chosen)
        spec.objective = TrainingObjective(maximize: search.maximized(), maxFalsePerHour: search.maxFalsePerHour)
        return (spec, chosen)
    }
}
