import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab datasets`: inspect, validate and convert datasets.
struct Datasets: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Inspect, validate, convert, import, export and synthesize gesture datasets.",
        discussion: """
            A dataset is a project folder with dataset.yaml, or FORMAT:PATH for other formats:
              ucr:FILE.tsv  ts:FILE.ts  grt:FILE.grt  csv:FILE.csv
              uwave:DIR  gyronics:DIR  phoneairlines:DIR  moocow:DIR  swimwatch:DIR
            Import phone and watch exports with `datasets import PRESET DIR --out OUT` (presets in \
            datasets/presets). See datasets/README.md.
            Example:
              gesturelab datasets inspect gyronics:../shared/datasets/Gyronics_GRWD
            """,
        // Add further dataset subcommands here.
        subcommands: [DatasetsInspect.self, DatasetsValidate.self, DatasetsConvert.self, DatasetsImport.self, DatasetsExport.self, DatasetsSynth.self]
    )
}

/// Where a dataset comes from and what formats without timestamps or channel names need.
struct DatasetSourceOptions: ParsableArguments {
    @Argument(help: "A dataset folder (with dataset.yaml) or FORMAT:PATH.")
    var path: String

    @Option(help: "Sampling rate for formats without timestamps (UCR, UEA, GRT), Hz.")
    var rate: Double = 100

    @Option(help: "Channel names for the dimensions of segment formats, comma-separated (e.g. accel.x,accel.y,accel.z).")
    var channels: String?

    @Option(help: "The external data folder for a manifest with a source section.")
    var data: String?

    func load() throws -> LoadedDataset {
        guard rate > 0, rate.isFinite else { throw ValidationError("--rate must be a positive number of Hz") }
        let options = DatasetSource.Options(
            samplingRate: rate,
            channels: channels.map { $0.split(separator: ",").map { Channel(rawValue: String($0)) } } ?? [],
            data: data.map { URL(fileURLWithPath: $0) })
        do {
            return try DatasetSource(path).load(options)
        } catch {
            throw DatasetCommandError(message: error.description)
        }
    }
}

/// A failure already described for the user.
struct DatasetCommandError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
