import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab datasets export label-studio`: tasks, labelling configuration and CSVs for labelling in Label Studio.
struct DatasetsExportLabelStudio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label-studio",
        abstract: "Write a Label Studio project: one task per recording, its CSV, and a TimeSeries labelling configuration.",
        discussion: """
            Writes DIR/config.xml (paste it in the project's Settings → Labeling Interface → Code), DIR/tasks.json \
            (import it in the project) and DIR/recordings/<id>.csv (time in seconds, the dataset's channels). Each \
            task reads its CSV by URL: --url-prefix, then recordings/<id>.csv. The default prefix is Label Studio's \
            local files storage: start Label Studio with LOCAL_FILES_SERVING_ENABLED=true and \
            LOCAL_FILES_DOCUMENT_ROOT=DIR, and add a Local Files source storage with the absolute path DIR/recordings in the \
            project (Settings → Cloud Storage; do not sync it: tasks.json already names the files). Any web server \
            that sends Access-Control-Allow-Origin works too, e.g. --url-prefix http://localhost:8000/ for a server \
            run in DIR. The dataset's annotations become predictions (model_version dataset), and each --candidates \
            set another one (model_version candidates:<name>): accept, move or delete their regions, submit, then \
            bring the labels back with `gesturelab datasets import label-studio EXPORT.json --out DATASET`.
            Example:
              gesturelab datasets export label-studio datasets/mine --out /tmp/mine-ls
            """
    )

    @OptionGroup var source: DatasetSourceOptions

    @Option(help: "The folder to write the project into.")
    var out: String

    @Option(help: "Put before recordings/<id>.csv to make each task's CSV URL.")
    var urlPrefix: String = LabelStudioExport.localFilesPrefix

    @Option(help: "Candidate annotations to offer as predictions (repeatable): a folder of <recording id>.csv files or one such file, each start,end,label in seconds.")
    var candidates: [String] = []

    func run() throws {
        try source.refuseIgnoredRate()
        let loaded = try source.load()
        guard !loaded.dataset.recordings.isEmpty else {
            throw DatasetCommandError(message: "\(source.path): no recordings; nothing written")
        }
        let outURL = URL(fileURLWithPath: (out as NSString).expandingTildeInPath)
        if FileManager.default.fileExists(atPath: outURL.appendingPathComponent(DatasetReader.manifestName).path) {
            throw DatasetCommandError(message: "\(out): holds a dataset (dataset.yaml); export into another folder")
        }
        let ids = Set(loaded.dataset.recordings.map(\.id))
        let sets = try candidates.map { try Self.readCandidates($0, ids: ids) }
        let summary: LabelStudioExport.Summary
        do {
            summary = try LabelStudioExport.write(loaded.dataset, classes: loaded.classes, urlPrefix: urlPrefix, candidates: sets, to: outURL)
        } catch {
            throw DatasetCommandError(message: error.description)
        }
        print("wrote \(summary.tasks) tasks with \(summary.datasetPredictions + summary.candidatePredictions) predictions "
              + "(\(summary.datasetPredictions) from the dataset, \(summary.candidatePredictions) candidates; \(summary.regions) regions) to \(out): "
              + "\(LabelStudioExport.tasksName), \(LabelStudioExport.configurationName), recordings/")
        print("labels: \(summary.labels.joined(separator: ", ")); channels: \(summary.channels.map(\.rawValue).joined(separator: ", "))")
        if urlPrefix == LabelStudioExport.localFilesPrefix {
            let root = outURL.standardizedFileURL.path
            print("serve: LOCAL_FILES_SERVING_ENABLED=true LOCAL_FILES_DOCUMENT_ROOT=\(root) label-studio start, "
                  + "then add Local Files source storage with path \(root)/recordings to the project (without syncing)")
        }
    }

    /// A candidate set: a folder of `<recording id>.csv` annotation files (ids with `/` in sub-folders) or one file.
    static func readCandidates(_ path: String, ids: Set<String>) throws -> LabelStudioExport.Candidates {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw DatasetCommandError(message: "\(path): no such file or folder (--candidates)")
        }
        var files: [(id: String, url: URL)] = []
        if isFolder.boolValue {
            let names = (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String]) ?? []
            for name in names.sorted() where name.hasSuffix(".csv") {
                files.append((String(name.dropLast(4)), url.appendingPathComponent(name)))
            }
            guard !files.isEmpty else { throw DatasetCommandError(message: "\(path): no <recording id>.csv files (--candidates)") }
        } else {
            guard url.pathExtension == "csv" else {
                throw DatasetCommandError(message: "\(path): --candidates takes a folder or a <recording id>.csv annotation file")
            }
            files.append((url.deletingPathExtension().lastPathComponent, url))
        }
        var annotations: [String: [Annotation]] = [:]
        for (id, file) in files {
            guard ids.contains(id) else {
                throw DatasetCommandError(message: "\(file.path): candidates for recording '\(id)', which the dataset does not have; name each file after its recording id")
            }
            let (read, _, problems) = AnnotationFile.read(file)
            if let first = problems.first { throw DatasetCommandError(message: first.description) }
            annotations[id] = read
        }
        return .init(name: "candidates:" + url.deletingPathExtension().lastPathComponent, annotations: annotations)
    }
}
