import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab datasets`: inspect, validate and convert datasets.
struct Datasets: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Inspect, validate, convert, import, export, synthesize and cut gesture datasets into segments.",
        discussion: """
            A dataset is a project folder with dataset.yaml, or FORMAT:PATH for other formats:
              ucr:FILE.tsv  ts:FILE.ts  grt:FILE.grt  csv:FILE.csv
              uwave:DIR  gyronics:DIR  phoneairlines:DIR  moocow:DIR  swimwatch:DIR
            Import phone and watch exports with `datasets import PRESET DIR --out OUT` (presets in \
            datasets/presets). Cut a continuous dataset's annotations out as a segment dataset (for \
            segment classifiers) with `datasets segments DATASET --out OUT`. See datasets/README.md.
            Example:
              gesturelab datasets inspect gyronics:../shared/datasets/Gyronics_GRWD
            """,
        // Add further dataset subcommands here.
        subcommands: [DatasetsInspect.self, DatasetsValidate.self, DatasetsConvert.self, DatasetsImport.self, DatasetsExport.self, DatasetsSynth.self,
                      DatasetsSegments.self]
    )
}

/// Where a dataset comes from and what formats without timestamps or channel names need.
struct DatasetSourceOptions: ParsableArguments {
    @Argument(help: "A dataset folder (with dataset.yaml) or FORMAT:PATH.")
    var path: String

    @Option(help: "Sampling rate for formats without timestamps (UCR, UEA, GRT, and a csv: file without a time column), Hz (default 100); `convert` resamples any other dataset to it.")
    var rate: Double?

    @Option(help: "Channel names for the dimensions of segment formats, comma-separated (e.g. accel.x,accel.y,accel.z).")
    var channels: String?

    @Option(help: "The external data folder for a manifest with a source section.")
    var data: String?

    @OptionGroup var units: AccelerationOption

    /// Whether the source keeps its own clock (anything but `ucr:`, `ts:` and `grt:`), so that `--rate` does
    /// not set its rate.
    var hasOwnClock: Bool { DatasetSource(path).format?.reader.hasOwnClock ?? true }

    /// Refuses `--rate` where it would be ignored: a source with its own clock, in a command that does not resample.
    /// A `csv:` file takes it as the rate of its rows when it has no time column (its reader refuses it otherwise).
    func refuseIgnoredRate() throws {
        guard rate != nil, hasOwnClock, DatasetSource(path).format != .csv else { return }
        throw ValidationError("--rate sets the rate of files without timestamps (ucr:, ts:, grt:, a csv: file without a time column); \(path) has its own clock, "
                                  + "so it would be ignored. To resample, use gesturelab datasets convert \(path) --rate HZ --out DIR")
    }

    /// The dataset at ``path``; `rowRate` passes ``rate`` to a `csv:` file as the rate of its rows (commands that do
    /// not resample).
    func load(sortingRows: Bool = false, collectingProblems: Bool = false, rowRate: Bool = true) throws -> LoadedDataset {
        if let rate { guard rate > 0, rate.isFinite else { throw ValidationError("--rate must be a positive number of Hz") } }
        let options = DatasetSource.Options(
            samplingRate: hasOwnClock ? 100 : rate ?? 100,
            channels: channels.map { $0.split(separator: ",").map { Channel(rawValue: String($0)) } } ?? [],
            data: data.map { URL(fileURLWithPath: $0) }, sortingRows: sortingRows, acceleration: units.acceleration,
            collectingProblems: collectingProblems, rotationRate: units.gyroscope)
        var withRate = options
        if rowRate, DatasetSource(path).format == .csv { withRate.csvRowRate = rate }
        do {
            return try DatasetSource(path).load(withRate)
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
