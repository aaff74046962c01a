import ArgumentParser
import Foundation
import GestureEval

/// `gesturelab datasets import`: a folder of phone or watch exports to a project dataset, in one command.
struct DatasetsImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a folder of phone or watch exports into a project dataset with a preset (or a manifest).",
        discussion: """
            PRESET is one of \(ImportPresets.byName.keys.sorted().joined(separator: ", ")) (datasets/presets/<name>/
            holds each manifest and an example), or a dataset.yaml with a source section. Subjects and sessions
            come from the preset's path patterns, e.g. SRC/<subject>/<session>/TotalAcceleration.csv for
            sensor-logger. Prints what it read and every policy applied (time origin, batch spreading,
            sensor alignment and its largest gap, label runs); refuses data with errors unless --force.
            Example:
              gesturelab datasets import sensor-logger ~/Downloads/exports --out datasets/my-phone
            """
    )

    @Argument(help: "A preset name or a manifest file with a source section.")
    var preset: String

    @Argument(help: "The folder holding the exported files.")
    var source: String

    @Option(help: "The dataset folder to write.")
    var out: String

    @Option(help: "The dataset's name (default: the output folder's name).")
    var name: String?

    @Flag(help: "Write even when the data has errors.")
    var force = false

    func run() throws {
        let manifest: DatasetManifest
        do {
            if let builtIn = try ImportPresets.manifest(preset) {
                manifest = builtIn
            } else if FileManager.default.fileExists(atPath: preset) {
                manifest = try DatasetManifest(contentsOf: URL(fileURLWithPath: preset))
            } else {
                throw ValidationError("unknown preset '\(preset)'; use one of \(ImportPresets.byName.keys.sorted().joined(separator: ", ")) or a dataset.yaml")
            }
        } catch let error as DataFileError {
            throw DatasetCommandError(message: error.description)
        }
        guard let patterns = manifest.source?.files.map(\.pattern) else {
            throw DatasetCommandError(message: "\(preset): the manifest has no source section with file patterns")
        }
        let folder = URL(fileURLWithPath: (source as NSString).expandingTildeInPath)
        var loaded: LoadedDataset
        do {
            loaded = try DatasetReader.load(manifest, folder: folder, data: folder)
        } catch {
            throw DatasetCommandError(message: error.description)
        }
        guard !loaded.dataset.recordings.isEmpty else {
            throw DatasetCommandError(message: "\(source): no files match \(patterns.joined(separator: ", ")); nothing written")
        }
        let outURL = URL(fileURLWithPath: out)
        loaded.dataset.name = name ?? outURL.lastPathComponent
        let problems = DatasetValidator().validate(loaded)
        let errors = problems.filter { $0.severity == .error }
        for p in errors.prefix(20) { print(p) }
        if !errors.isEmpty, !force {
            throw DatasetCommandError(message: "\(errors.count) errors; fix the files, or pass --force (then `gesturelab datasets convert --repair` can repair the result)")
        }
        let written = try DatasetWriter.write(loaded.dataset, to: outURL, classes: loaded.classes)
        let recordings = loaded.dataset.recordings
        let samples = recordings.reduce(0) { $0 + $1.count }
        let annotations = recordings.reduce(0) { $0 + $1.annotations.count }
        print("imported \(written.recordings.count) recordings (\(samples) samples, \(annotations) annotations) of "
              + "\(loaded.dataset.subjects.count) subjects from \(source) with \(preset) into \(out)")
        print("channels: \(Set(recordings.flatMap(\.channelNames)).map(\.rawValue).sorted().joined(separator: ", "))")
        for line in loaded.report.lines { print(line) }
        let warnings = problems.count - errors.count
        if warnings > 0 || !errors.isEmpty {
            print("problems: \(errors.count) errors, \(warnings) warnings (`gesturelab datasets validate \(out)` lists them)")
        }
    }
}
