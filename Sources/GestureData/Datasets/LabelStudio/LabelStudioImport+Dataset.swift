import Foundation

extension LabelStudioImport {
    /// One recording's outcome of an import.
    package struct Outcome: Hashable, Sendable {
        /// The recording's id.
        package var recording: String
        /// The task and annotation it came from, and how many submissions the task had.
        package var labelled: Labelled
        /// Added, moved, removed and unchanged annotations.
        package var changes: AnnotationChanges
        /// The annotation file written, or `nil` when nothing changed.
        package var written: String?
    }

    /// Replaces the annotations of every recording in `labelled` in the project dataset at `folder` (loaded as
    /// `loaded`): each changed recording's annotation file is rewritten atomically; a recording without one gets
    /// `annotations/<id>.csv` and the manifest names it. Recordings without a task, or whose annotations are
    /// unchanged, keep their files byte for byte.
    ///
    /// - Throws: ``DataFileError`` when the dataset is not a project dataset with a recording list and annotation
    ///   files (an external source, a per-sample label column), when an annotation file it would replace has
    ///   problems (rewriting would drop its bad lines), or when a file cannot be written.
    /// - Complexity: O(annotations²) per recording for the comparison, plus the files written.
    package static func apply(_ labelled: [Labelled], to loaded: LoadedDataset, folder: URL) throws(DataFileError) -> [Outcome] {
        let manifestFile = folder.appendingPathComponent(DatasetReader.manifestName).path
        // The manifest `loaded` was read from, read again here: `LoadedDataset` (the Model room) carries plain values
        // only, and this is the file the import rewrites.
        var readFrom: DatasetManifest?
        if let file = loaded.manifestFile { readFrom = try DatasetManifest(contentsOf: URL(fileURLWithPath: file)) }
        guard var manifest = readFrom, manifest.source == nil, !manifest.recordings.isEmpty else {
            throw DataFileError(file: manifestFile, field: "recordings", "not a project dataset with a recording list; write one first with `gesturelab datasets convert … --out DIR` and import into DIR")
        }
        if manifest.labels != nil {
            throw DataFileError(file: manifestFile, field: "labels", "the labels are a per-sample column of the recordings, which an import does not rewrite; convert the dataset to annotation files first (`gesturelab datasets convert` without --label-column)")
        }
        let index = Dictionary(loaded.dataset.recordings.indices.map { (loaded.dataset.recordings[$0].id, $0) }, uniquingKeysWith: { a, _ in a })
        var outcomes: [Outcome] = []
        var pending: [(URL, String)] = []
        var manifestChanged = false
        for item in labelled {
            guard let i = index[item.recording] else {
                throw DataFileError(file: manifestFile, field: "recordings", "no recording '\(item.recording)'")
            }
            let old = loaded.dataset.recordings[i].annotations
            let changes = AnnotationChanges(old: old, new: item.annotations)
            var outcome = Outcome(recording: item.recording, labelled: item, changes: changes)
            if !changes.isEmpty {
                let url: URL
                if let existing = loaded.provenance[i].annotationFile {
                    if let bad = loaded.problems.first(where: { $0.severity == .error && $0.location.file == existing }) {
                        throw DataFileError(file: existing, line: bad.location.line, field: bad.location.field,
                                            "\(bad.location.message); fix this annotation file before importing into it (the import would replace it)")
                    }
                    url = URL(fileURLWithPath: existing)
                } else {
                    guard let entry = manifest.recordings.firstIndex(where: { $0.id == item.recording }) else {
                        throw DataFileError(file: manifestFile, field: "recordings", "no entry for recording '\(item.recording)'")
                    }
                    let relative = "annotations/\(item.recording).csv"
                    manifest.recordings[entry].annotations = relative
                    manifestChanged = true
                    url = folder.appendingPathComponent(relative)
                }
                pending.append((url, try AnnotationFile.text(item.annotations, file: url.path)))
                outcome.written = url.path
            }
            outcomes.append(outcome)
        }
        // Every text is made before the first write, so a bad label changes nothing.
        for (url, text) in pending { try AtomicFile.write(text, to: url, createFolders: true) }
        if manifestChanged { try AtomicFile.write(manifest.yaml(), to: folder.appendingPathComponent(DatasetReader.manifestName)) }
        return outcomes
    }
}
