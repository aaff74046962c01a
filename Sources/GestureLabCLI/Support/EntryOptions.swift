import ArgumentParser
import Foundation
import GestureEval
import GestureKit

/// The options that describe one recognizer on one dataset (train, evaluate, sweep): what an
/// experiment file's entry holds.
struct EntryOptions: ParsableArguments {
    @Option(help: "Recognizer identifier (\((RecognizerRegistry.standard.identifiers).joined(separator: ", "))).")
    var recognizer: String?

    @Option(help: "Configuration YAML (a preset in configs/ or a tuned configuration); default settings if omitted.")
    var config: String?

    @Option(help: "Dataset: a folder with dataset.yaml, or FORMAT:PATH (ucr:, ts:, grt:, csv:, …).")
    var dataset: String?

    @Option(parsing: .upToNextOption, help: "Annotation labels judged (`slap-*` matches a prefix); default: all.")
    var labels: [String] = []

    @Flag(help: "Append the reported direction to each event's label (peak-direction on slap-<direction> annotations).")
    var directionInLabel = false

    @Option(help: "Matching tolerance before an annotation's start and after its end, seconds.")
    var tolerance: Double = 0.5

    @Option(help: "Sampling rate assumed for formats without timestamps (UCR, UEA), Hz.")
    var samplingRate: Double = 100

    /// Throws a usage error unless `recognizer` is a built-in identifier (every command that takes
    /// `--recognizer` checks it here).
    static func validateRecognizer(_ recognizer: String) throws {
        let known = RecognizerRegistry.standard.identifiers
        guard known.contains(recognizer) else {
            throw ValidationError("unknown recognizer '\(recognizer)'; known: \(known.joined(separator: ", "))")
        }
    }

    func validateEntry() throws {
        if let recognizer { try Self.validateRecognizer(recognizer) }
        guard tolerance >= 0, tolerance.isFinite else { throw ValidationError("--tolerance must be a number of seconds ≥ 0") }
        guard samplingRate > 0, samplingRate.isFinite else { throw ValidationError("--sampling-rate must be a positive rate in Hz") }
    }

    /// The entry these options describe.
    func entry(name: String? = nil, search: [String: Experiment.ParameterRange] = [:]) throws -> Experiment.Entry {
        guard let recognizer else { throw ValidationError("--recognizer is required") }
        if let config, !FileManager.default.fileExists(atPath: config) { throw DataFileError(file: config, "no such configuration file") }
        return Experiment.Entry(name: name ?? recognizer, recognizer: recognizer, configuration: config.map { .preset($0) },
                                datasets: ["data"], labels: labels, directionInLabel: directionInLabel, search: search)
    }

    /// A one-entry experiment on `--dataset`.
    func experiment(name: String, split: String, seed: UInt64, metric: Experiment.Metric, entry: Experiment.Entry) throws -> Experiment {
        guard let dataset else { throw ValidationError("--dataset is required") }
        let e = Experiment(name: name, datasets: ["data": .source(dataset)], split: split, seed: seed,
                           matching: .init(before: tolerance, after: tolerance), metric: metric, samplingRate: samplingRate, entries: [entry])
        try e.validate(file: "command line")
        return e
    }
}

/// `KEY=FROM:TO:STEP` or `KEY=V1,V2,…`: a parameter range on the command line.
struct SearchRange: ExpressibleByArgument {
    var key: String
    var range: Experiment.ParameterRange

    init?(argument: String) {
        guard let eq = argument.firstIndex(of: "=") else { return nil }
        key = String(argument[..<eq])
        let spec = argument[argument.index(after: eq)...]
        if spec.contains(":") {
            let parts = spec.split(separator: ":").compactMap { Double($0) }
            guard parts.count == 3, let values = try? Experiment.ParameterRange.grid(from: parts[0], to: parts[1], step: parts[2]) else { return nil }
            range = .init(values: values)
        } else {
            let values = spec.split(separator: ",").compactMap { Double($0) }
            guard !values.isEmpty, values.count == spec.split(separator: ",").count else { return nil }
            range = .init(values: values)
        }
        guard !key.isEmpty else { return nil }
    }
}

extension Experiment.Metric: ExpressibleByArgument {}
