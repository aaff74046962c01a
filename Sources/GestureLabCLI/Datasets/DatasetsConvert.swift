import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab datasets convert`: any supported format to the project's format.
struct DatasetsConvert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a dataset to the project's format (dataset.yaml + CSV), with explicit repairs.",
        discussion: """
            Refuses data with errors unless repairs fix them; repairs are reported with counts.

            Repairs: drop-nan, drop-out-of-range, sort, dedupe, drop-unordered. `sort` puts each \
            sensor file's rows in time order as it is read, so files whose streams must be aligned can be \
            sorted too. --rate HZ resamples a dataset with its own clock onto a grid at HZ (linear, attitude \
            by slerp, with GestureKit's Resampler), restarting the grid after each gap (an interval over 3 \
            median intervals) rather than interpolating across it; for ucr:, ts: and grt: it states their rate.
            --label-column NAME writes annotations as a per-sample column (the form watch and phone \
            loggers use); annotation times then snap to the first and last sample inside each.
            Example:
              gesturelab datasets convert gyronics:../shared/datasets/Gyronics_GRWD --out \\
                /tmp/gyronics \\
                --repair drop-out-of-range --repair drop-unordered
            """
    )

    @OptionGroup var source: DatasetSourceOptions

    @Option(help: "The folder to write.")
    var out: String

    @Option(help: "A repair to apply (repeatable): drop-nan, drop-out-of-range, sort, dedupe, drop-unordered.")
    var repair: [String] = []

    @Flag(help: "Write even when errors remain after repairs.")
    var force = false

    @Option(help: "Write annotations as this per-sample label column of each recording file (empty = background) instead of annotation files.")
    var labelColumn: String?

    /// Intervals longer than this many median intervals are gaps that resampling does not cross.
    static let gapFactor = 3.0

    func run() throws {
        let policy = try RepairPolicy(commandLine: repair)
        var loaded = try source.load(sortingRows: policy.contains(.sort), rowRate: false)
        for line in loaded.report.lines { print("reading: \(line)") }
        guard !loaded.dataset.recordings.isEmpty else {
            throw DatasetCommandError(message: "\(source.path): no recordings found; nothing written")
        }
        // What is written is g and rad/s by its format, so values physics says are not (a project manifest's units
        // warning, which `validate` reports) would be written as g: they stop convert as errors do.
        let readingErrors = DatasetProblem.errorsFirst(loaded.problems.filter { $0.severity == .error || $0.kind == .units })
        if !readingErrors.isEmpty {
            for p in readingErrors { print(p) }
            if !force {
                throw DatasetCommandError(message: "\(readingErrors.count) reading errors (units that physics rules out count: the written "
                                          + "dataset holds g and rad/s); fix the files or the manifest's scale, or pass --force")
            }
        }
        let report = DatasetRepair.apply(policy, to: &loaded)
        if !policy.isEmpty { print(report) }
        if let rate = source.rate, source.hasOwnClock {
            // After the repairs, so that the grid runs over sorted, finite times.
            var resampling = Recording.Resampling()
            for i in loaded.dataset.recordings.indices {
                let (recording, counts) = try loaded.dataset.recordings[i].resampled(rate: rate, gapFactor: Self.gapFactor)
                loaded.dataset.recordings[i] = recording
                resampling.merge(counts)
            }
            loaded.dataset.samplingRate = rate
            // Lines of the files read no longer match the samples.
            for i in loaded.provenance.indices { loaded.provenance[i].lines = [] }
            print(resampling.description(rate: rate, gapFactor: Self.gapFactor))
        }
        loaded.problems = []
        let remaining = DatasetValidator().validate(loaded).filter { $0.severity == .error }
        if !remaining.isEmpty {
            for p in remaining.prefix(20) { print(p) }
            if !force {
                throw DatasetCommandError(message: "\(remaining.count) errors remain; choose repairs with --repair or pass --force")
            }
        }
        let manifest = try DatasetWriter.write(loaded.dataset, to: URL(fileURLWithPath: out), classes: loaded.classes,
                                               labelColumn: labelColumn)
        let annotations = loaded.dataset.recordings.reduce(0) { $0 + $1.annotations.count }
        print("wrote \(manifest.recordings.count) recordings to \(out)"
              + (labelColumn.map { " (\(annotations) annotations as the per-sample column '\($0)')" } ?? ""))
    }
}
