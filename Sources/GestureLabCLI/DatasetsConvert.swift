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

            Repairs: drop-nan, drop-out-of-range, sort, dedupe, drop-unordered. \
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

    func run() throws {
        let policy = try RepairPolicy(commandLine: repair)
        var loaded = try source.load()
        for line in loaded.report.lines { print("reading: \(line)") }
        guard !loaded.dataset.recordings.isEmpty else {
            throw DatasetCommandError(message: "\(source.path): no recordings found; nothing written")
        }
        let readingErrors = loaded.problems.filter { $0.severity == .error }
        if !readingErrors.isEmpty, !force {
            for p in readingErrors { print(p) }
            throw DatasetCommandError(message: "\(readingErrors.count) reading errors; fix the files or pass --force")
        }
        let report = DatasetRepair.apply(policy, to: &loaded)
        if !policy.isEmpty { print(report) }
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
