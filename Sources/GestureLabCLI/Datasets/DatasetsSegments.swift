import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab datasets segments`: a continuous dataset's annotations cut out as a segment dataset.
struct DatasetsSegments: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segments",
        abstract: "Cut each annotation of a continuous dataset out as one example of a segment dataset.",
        discussion: """
            Writes the segment dataset that segment classifiers (`evaluate --recognizer minirocket`, dtw on \
            segments) read: one recording per annotation, labelled with its label, keeping its subject and \
            session (so subject-wise splits still hold), on the source recording's clock in seconds, id \
            <source recording>/<annotation number>-<label>. --context S (or --before S / --after S) adds S \
            seconds of signal around each annotation, fewer at a recording's ends; both ends are included. \
            --labels and --label-map choose and rename labels as in `evaluate`. Annotations outside their \
            recording or covering fewer than 2 samples are skipped; the summary counts them by reason. A segment \
            dataset, or one without annotations, is refused.
            Example:
              gesturelab datasets segments ../shared/datasets/ActRecTut_Gestures/converted \\
                --context 0.5 --out /tmp/actrectut-segments
              gesturelab evaluate --recognizer minirocket --dataset /tmp/actrectut-segments
            """
    )

    @OptionGroup var source: DatasetSourceOptions

    @Option(help: "The folder to write (created if needed; must be empty unless --force).")
    var out: String

    @Option(help: "Seconds of signal kept before and after each annotation (default 0), clipped at recording ends.")
    var context: Double?

    @Option(help: "Seconds of signal kept before each annotation (default: --context).")
    var before: Double?

    @Option(help: "Seconds of signal kept after each annotation (default: --context).")
    var after: Double?

    @Option(name: .customLong("labels"), parsing: .upToNextOption,
            help: "Annotation labels cut, separated by spaces or commas (`slap-*` matches a prefix); default: all.")
    var labelArguments: [String] = []

    @Option(help: "Rename annotation labels before choosing them, PATTERN=LABEL with * and ? globs, e.g. 'fall_*=fall' (repeatable).")
    var labelMap: [String] = []

    @Flag(help: "Write into a folder that is not empty, and write despite reading errors.")
    var force = false

    func validate() throws {
        for (name, value) in [("--context", context), ("--before", before), ("--after", after)] {
            if let value, !(value >= 0 && value.isFinite) { throw ValidationError("\(name) must be a number of seconds ≥ 0") }
        }
        _ = try DatasetEvaluationOptions.labelMap(labelMap)
    }

    func run() throws {
        try source.refuseIgnoredRate()
        let url = URL(fileURLWithPath: out, isDirectory: true)
        if !force, let contents = try? FileManager.default.contentsOfDirectory(atPath: url.path), !contents.isEmpty {
            throw CommandLineError("\(out) is not empty; choose another folder or pass --force")
        }
        let loaded = try source.load()
        for line in loaded.report.lines { print("reading: \(line)") }
        let readingErrors = loaded.problems.filter { $0.severity == .error }
        if !readingErrors.isEmpty, !force {
            for p in readingErrors.prefix(20) { print(p) }
            throw DatasetCommandError(message: "\(readingErrors.count) reading errors; fix the files or pass --force")
        }
        // The judging of `evaluate`: the label map first, then the labels chosen, each checked to match something.
        let entry = Experiment.Entry(name: "segments", recognizer: "", datasets: [], labels: JudgingOptions.labelList(labelArguments),
                                     labelMap: try DatasetEvaluationOptions.labelMap(labelMap))
        var dataset = loaded.dataset
        dataset.recordings = entry.relabelled(dataset.recordings)
        let cut: Dataset.SegmentCut
        do {
            if dataset.kind == .continuous, dataset.recordings.contains(where: { !$0.annotations.isEmpty }) {
                try entry.checkJudgedLabels(in: dataset.recordings, datasetKey: nil)
            }
            cut = try dataset.segmentsCut(before: before ?? context ?? 0, after: after ?? context ?? 0, keeping: entry.judges)
        } catch let error as ExperimentError {
            throw DatasetCommandError(message: "\(source.path): \(error.message)")
        } catch {
            throw DatasetCommandError(message: "\(source.path): \(error); nothing written")
        }
        let manifest = try DatasetWriter.write(cut.dataset, to: url, classes: cut.classes(ordered: loaded.classes))
        for line in cut.lines { print(line) }
        print("wrote \(manifest.recordings.count) segment recordings to \(out)")
    }
}
