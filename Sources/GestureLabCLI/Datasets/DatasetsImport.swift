import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab datasets import`: a folder of phone or watch exports to a project dataset, in one command.
struct DatasetsImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a folder of phone or watch exports into a project dataset with a preset (or a manifest), or bring Label Studio labels back.",
        discussion: """
            PRESET is one of \(ImportPresets.byName.keys.sorted().joined(separator: ", ")) (datasets/presets/<name>/ \
            holds each manifest and an example), or a dataset.yaml with a source section, or label-studio. Subjects and sessions \
            come from the preset's path patterns, e.g. SRC/<subject>/<session>/TotalAcceleration.csv for \
            sensor-logger. Prints what it read and every policy applied (time origin, batch spreading, \
            sensor alignment and its largest gap, label runs); refuses data with errors unless --force.
            With label-studio, SRC is a Label Studio JSON export (Export → JSON) of a project made by \
            `datasets export label-studio`, and --out is the dataset to update: each task's submitted annotation \
            (a ground-truth one, else the latest; skipped ones ignored) replaces its recording's annotations, and \
            what changed is printed per recording (added, moved, removed). Tasks naming recordings the dataset \
            lacks, and regions outside their recording, are refused with the task id and region; nothing is \
            written then.
            Examples:
              gesturelab datasets import sensor-logger ~/Downloads/exports --out \\
                datasets/my-phone
              gesturelab datasets import label-studio ~/Downloads/project-1.json --out \\
                datasets/my-phone
            """
    )

    @Argument(help: "A preset name or a manifest file with a source section.")
    var preset: String

    @Argument(help: "The folder holding the exported files (with label-studio: the JSON export file).")
    var source: String

    @Option(help: "The dataset folder to write (with label-studio: the dataset to update).")
    var out: String

    @Option(help: "The dataset's name (default: the output folder's name).")
    var name: String?

    @Option(help: "The licence of your recordings, written into the dataset's manifest (default: none).")
    var license: String?

    @Option(help: "A repair to apply (repeatable): \(RepairPolicy.names.map(\.0).joined(separator: ", ")); each is reported with counts.")
    var repair: [String] = []

    @Flag(help: "Write even when the data has errors (never a recording without samples).")
    var force = false

    func run() throws {
        if preset == LabelStudioImportCommand.preset {
            if name != nil || license != nil || !repair.isEmpty || force {
                throw ValidationError("--name, --license, --repair and --force do not apply to label-studio, which only replaces annotations of the dataset --out names")
            }
            return try LabelStudioImportCommand(export: source, dataset: out).run()
        }
        let manifest: DatasetManifest
        do {
            if let builtIn = try ImportPresets.manifest(preset) {
                manifest = builtIn
            } else if FileManager.default.fileExists(atPath: preset) {
                manifest = try DatasetManifest(contentsOf: URL(fileURLWithPath: preset))
            } else {
                throw ValidationError("unknown preset '\(preset)'; use one of \(ImportPresets.byName.keys.sorted().joined(separator: ", ")), \(LabelStudioImportCommand.preset) or a dataset.yaml")
            }
        } catch let error as DataFileError {
            throw DatasetCommandError(message: error.description)
        }
        guard let patterns = manifest.source?.files.map(\.pattern) else {
            throw DatasetCommandError(message: "\(preset): the manifest has no source section with file patterns")
        }
        let folder = URL(fileURLWithPath: (source as NSString).expandingTildeInPath)
        if preset == "sensor-logger-ios",
           let android = ((FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []).first(where: { $0.hasSuffix("TotalAcceleration.csv") }) {
            // An Android export has Accelerometer.csv and Gravity.csv too, with Android's signs, which the iOS preset would flip.
            throw DatasetCommandError(message: "\(source): \(android) is Sensor Logger's Android export (iOS writes no TotalAcceleration.csv), "
                                          + "whose signs are Android's: import it with the sensor-logger preset")
        }
        var loaded: LoadedDataset
        do {
            loaded = try DatasetReader.load(manifest, folder: folder, data: folder)
        } catch {
            throw DatasetCommandError(message: error.description)
        }
        guard !loaded.dataset.recordings.isEmpty else {
            throw DatasetCommandError(message: "\(source): no files match \(patterns.joined(separator: ", ")); nothing written"
                                          + Self.depthHint(patterns, in: folder) + Self.layoutHint(for: folder))
        }
        let outURL = URL(fileURLWithPath: out)
        loaded.dataset.name = name ?? outURL.lastPathComponent
        // The preset's licence is its example's, not the user's recordings'.
        loaded.dataset.license = license
        let policy = try RepairPolicy(commandLine: repair)
        if !policy.isEmpty {
            let readingErrors = loaded.problems.filter { $0.severity == .error }
            if !readingErrors.isEmpty, !force {
                for p in readingErrors.prefix(20) { print(p) }
                throw DatasetCommandError(message: "\(readingErrors.count) reading errors, which no repair fixes; fix the files or pass --force")
            }
            print(DatasetRepair.apply(policy, to: &loaded))
            loaded.problems = loaded.problems.filter { $0.severity != .error }
        }
        // --force writes data with errors, never a recording with nothing in it.
        let empty = zip(loaded.dataset.recordings, loaded.provenance).filter { $0.0.count == 0 }
        if !empty.isEmpty {
            for p in loaded.problems.filter({ $0.severity == .error }).prefix(20) { print(p) }
            throw DatasetCommandError(message: "\(empty.count) recordings have no samples (first: \(empty[0].1.file)); "
                                          + "nothing written: the files do not have the layout of \(preset)\(Self.layoutHint(for: folder))")
        }
        let problems = DatasetValidator().validate(loaded)
        let errors = problems.filter { $0.severity == .error }
        for p in errors.prefix(20) { print(p) }
        if !errors.isEmpty, !force {
            throw DatasetCommandError(message: "\(errors.count) errors; fix the files, choose repairs with --repair (\(RepairPolicy.names.map(\.0).joined(separator: ", "))), or pass --force")
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

    /// When files named as the patterns' last component lie at another depth: where they are and the
    /// layout the patterns want; "" otherwise.
    static func depthHint(_ patterns: [String], in folder: URL) -> String {
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        for pattern in patterns {
            guard let name = pattern.split(separator: "/").last.map(String.init), !name.contains("{"),
                  let found = files.first(where: { ($0 as NSString).lastPathComponent == name }) else { continue }
            let layout = pattern.replacingOccurrences(of: "{subject}", with: "<subject>").replacingOccurrences(of: "{session}", with: "<session>")
            return "; found \(found), but the preset expects SRC/\(layout): put each recording's folder in a folder per subject "
                + "(e.g. SRC/me/\(((found as NSString).deletingLastPathComponent as NSString).lastPathComponent.isEmpty ? "session-1" : ((found as NSString).deletingLastPathComponent as NSString).lastPathComponent)/\(name))"
        }
        return ""
    }

    /// A hint for a folder whose files another preset or layout reads, or "" when none applies.
    static func layoutHint(for folder: URL) -> String {
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        if files.contains(where: { $0.hasSuffix("Raw Data.csv") }) {
            return " (phyphox's single-file export \"Raw Data.csv\" is read by the phyphox-raw preset)"
        }
        // Sensor Logger's iOS export has no TotalAcceleration.csv: Accelerometer.csv is without gravity, Gravity.csv carries it.
        let names = Set(files.map { ($0 as NSString).lastPathComponent })
        if names.contains("Accelerometer.csv"), names.contains("Gravity.csv"), !names.contains("TotalAcceleration.csv") {
            return " (this is Sensor Logger's iOS export: it has no TotalAcceleration.csv; its Accelerometer.csv is without gravity "
                + "and Gravity.csv carries it: the sensor-logger-ios preset reads both and adds them)"
        }
        return ""
    }
}
