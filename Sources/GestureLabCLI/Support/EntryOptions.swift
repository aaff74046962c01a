import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// The options that describe one recognizer on one dataset (train, sweep): what an experiment file's
/// entry holds.
struct EntryOptions: ParsableArguments {
    @Option(help: "Recognizer identifier (\(Self.knownRecognizers.joined(separator: ", "))).")
    var recognizer: String?

    @Option(help: "Configuration YAML (a preset in configs/ or a tuned configuration); default settings if omitted.")
    var config: String?

    @Option(help: "Dataset: a folder with dataset.yaml, or FORMAT:PATH (ucr:, ts:, grt:, csv:, …).")
    var dataset: String?

    @OptionGroup var judging: JudgingOptions

    @OptionGroup var units: AccelerationOption

    @Option(help: "Sampling rate assumed for formats without timestamps (UCR, UEA), Hz.")
    var samplingRate: Double = 100

    /// The built-in identifiers, sorted: the recognizer registry's streaming recognizers and the trainer registry's
    /// learned ones (`minirocket` classifies segments, so only the trainer registry has it).
    static var knownRecognizers: [String] {
        Set(GestureLab.registries.recognizers.identifiers + GestureLab.registries.trainers.identifiers).sorted()
    }

    /// Throws a usage error unless `recognizer` is a built-in identifier (every command that takes
    /// `--recognizer` checks it here): see ``knownRecognizers``.
    static func validateRecognizer(_ recognizer: String) throws {
        let known = Self.knownRecognizers
        guard known.contains(recognizer) else {
            throw ValidationError("unknown recognizer '\(recognizer)'; known: \(known.joined(separator: ", "))")
        }
    }

    func validate() throws {
        if let recognizer { try Self.validateRecognizer(recognizer) }
        guard samplingRate > 0, samplingRate.isFinite else { throw ValidationError("--sampling-rate must be a positive rate in Hz") }
    }

    /// The entry these options describe.
    func entry(name: String? = nil, search: [String: Experiment.ParameterRange] = [:]) throws -> Experiment.Entry {
        guard let recognizer else { throw ValidationError("--recognizer is required") }
        if let config, !FileManager.default.fileExists(atPath: config) { throw DataFileError(file: config, "no such configuration file") }
        return Experiment.Entry(name: name ?? recognizer, recognizer: recognizer, configuration: config.map { .preset($0) },
                                datasets: [Self.datasetKey(dataset)], labels: judging.labels, directionInLabel: judging.directionInLabel, search: search)
    }

    /// The name messages give the `--dataset` of a one-entry experiment: its folder's or file's name
    /// (`datasets/mine` → `mine`, `ucr:X_TRAIN.tsv` → `X_TRAIN`), not a fixed key.
    static func datasetKey(_ source: String?) -> String {
        guard let source, !source.isEmpty else { return "dataset" }
        let path = DatasetSource(source).path
        let name = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).deletingPathExtension().lastPathComponent
        return name.isEmpty || name == "dataset" ? path : name
    }

    /// A one-entry experiment on `--dataset`.
    func experiment(name: String, split: String, seed: UInt64, metric: Experiment.Metric, entry: Experiment.Entry) throws -> Experiment {
        guard let dataset else { throw ValidationError("--dataset is required") }
        let e = Experiment(name: name, datasets: [Self.datasetKey(dataset): .source(dataset)], split: try Split.parsing(split, in: "command line"), seed: seed,
                           matching: .init(before: judging.tolerance, after: judging.tolerance), metric: metric, samplingRate: samplingRate, entries: [entry])
        try e.validate(file: "command line", trainers: GestureLab.registries.trainers)
        return e
    }
}
