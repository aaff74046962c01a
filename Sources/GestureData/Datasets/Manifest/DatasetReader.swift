import Foundation

/// Reads datasets described by a ``DatasetManifest``: the project's own folders (a recording list)
/// and external folders (file patterns under a folder the user supplies), applying the manifest's
/// column mapping, scales and offsets on the way in.
///
/// Files are parsed in parallel over all cores; O(total size).
public enum DatasetReader {
    /// The manifest file name inside a dataset folder.
    package static let manifestName = "dataset.yaml"

    /// Reads the dataset at `url` (its folder or its manifest), failing on the first problem met while
    /// reading (a non-numeric value, a missing column, an empty file). Values that parse but are
    /// suspect (NaN, unsorted times) are left to ``DatasetValidator``.
    ///
    /// - Parameter data: the external data folder, overriding the manifest's `source.path`.
    public static func read(at url: URL, data: URL? = nil) throws(DataFileError) -> Dataset {
        let loaded = try load(at: url, data: data)
        if let first = loaded.problems.first(where: { $0.severity == .error }) { throw first.location }
        return loaded.dataset
    }

    /// Loads the dataset at `url`, collecting every reading problem instead of stopping at the first.
    /// Throws only when the manifest itself or the data folder cannot be read.
    ///
    /// - Parameter sortingRows: put each sensor file's rows in time order before its streams are
    ///   aligned (the `sort` repair, which must run before alignment can); counted in the report.
    public static func load(at url: URL, data: URL? = nil, sortingRows: Bool = false) throws(DataFileError) -> LoadedDataset {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw DataFileError(file: url.path, .notFound)
        }
        let manifestURL = isFolder.boolValue ? url.appendingPathComponent(manifestName) : url
        if !isFolder.boolValue, !["yaml", "yml", "json"].contains(url.pathExtension.lowercased()) {
            // A data file given without its format prefix: say which prefix reads it.
            let prefix = DatasetFormat.reading(fileExtension: url.pathExtension) ?? .csv
            throw DataFileError(file: url.path, .notADataset(source: "\(prefix.rawValue):\(url.path)"))
        }
        let manifest = try DatasetManifest(contentsOf: manifestURL)
        var loaded = try load(manifest, folder: manifestURL.deletingLastPathComponent(), data: data, sortingRows: sortingRows)
        loaded.manifestFile = manifestURL.path
        return loaded
    }

    /// Loads the dataset `manifest` describes; relative paths are resolved against `folder`.
    /// `sortingRows` is as in ``load(at:data:sortingRows:)``.
    public static func load(_ manifest: DatasetManifest, folder: URL, data: URL? = nil,
                            sortingRows: Bool = false) throws(DataFileError) -> LoadedDataset {
        struct Job: Sendable {
            var id, subject, session: String
            /// One file, or one per stream in the manifest's stream order.
            var files: [URL]
            var annotations: URL?
            var label: String?
        }
        let manifestFile = folder.appendingPathComponent(manifestName).path
        let streams = manifest.streams ?? []
        var jobs: [Job] = []
        if let source = manifest.source {
            guard let root = data ?? source.path.map({ resolve($0, against: folder) }) else {
                throw DataFileError(file: manifestFile, field: "source.path", .noDataFolder)
            }
            for match in try FilePatternMatcher.matches(source.files, under: root) {
                var files = [match.url]
                for (i, stream) in streams.enumerated().dropFirst() {
                    guard let pattern = stream.pattern else {
                        throw DataFileError(file: manifestFile, field: "streams[\(i)].pattern", .noStreamPattern(stream.name))
                    }
                    files.append(try FilePatternMatcher.sibling(try FilePatternMatcher.substitute(match.captures, into: pattern, file: manifestFile),
                                                                under: root, file: manifestFile))
                }
                // With one file per sensor the recording is the folder, not the first sensor's file.
                let folderID = (match.id as NSString).deletingLastPathComponent
                let id = streams.count > 1 && !folderID.isEmpty ? folderID : match.id
                jobs.append(Job(id: id, subject: match.subject, session: match.session,
                                files: files, annotations: nil, label: match.label))
            }
        } else {
            var seen = Set<String>()
            for (i, entry) in manifest.recordings.enumerated() {
                guard seen.insert(entry.id).inserted else {
                    throw DataFileError(file: manifestFile, field: "recordings[\(i)].id", .duplicateRecording(entry.id))
                }
                var files = [resolve(entry.file, against: folder)]
                for stream in streams.dropFirst() {
                    guard let path = entry.files?[stream.name] else {
                        throw DataFileError(file: manifestFile, field: "recordings[\(i)].files", .noStreamFile(stream.name))
                    }
                    files.append(resolve(path, against: folder))
                }
                jobs.append(Job(id: entry.id, subject: entry.subject, session: entry.session, files: files,
                                annotations: entry.annotations.map { resolve($0, against: folder) }, label: nil))
            }
        }

        var unlisted: [DatasetProblem] = []
        if manifest.source == nil {
            // Annotation files the manifest does not list are read by nothing: say so rather than ignore them.
            let folderURL = folder.appendingPathComponent("annotations")
            let listed = Set(jobs.compactMap { $0.annotations?.standardizedFileURL.path })
            let found = (FileManager.default.enumerator(atPath: folderURL.path)?.allObjects as? [String]) ?? []
            for relative in found.sorted() where relative.lowercased().hasSuffix(".csv") {
                let url = folderURL.appendingPathComponent(relative).standardizedFileURL
                guard !listed.contains(url.path) else { continue }
                unlisted.append(DatasetProblem(.unlistedFile, DataFileError(file: url.path, .unlistedAnnotationFile(manifest: manifestFile))))
            }
        }
        let jobList = jobs
        let results = parallelMap(jobs.count) { i -> (Recording, LoadedDataset.Provenance, [DatasetProblem], ReadingReport) in
            let job = jobList[i]
            var (recording, provenance, problems, report) = readRecording(job.files, manifest: manifest, sortingRows: sortingRows)
            recording.id = job.id
            recording.subject = job.subject
            recording.session = job.session
            let finite = recording.timestamps.filter(\.isFinite)
            if let label = job.label, let first = finite.min(), let last = finite.max() {
                // The whole recording, even when glitches leave its timestamps out of order.
                recording.annotations = [Annotation(start: first, end: last, label: label)]
            }
            if let url = job.annotations {
                let (annotations, lines, more) = AnnotationFile.read(url)
                // Keep lines in the recording's (sorted) annotation order.
                let order = annotations.indices.sorted { (annotations[$0].start, annotations[$0].end) < (annotations[$1].start, annotations[$1].end) }
                recording.annotations = order.map { annotations[$0] }
                provenance.annotationFile = url.path
                provenance.annotationLines = order.map { lines[$0] }
                problems += more
            }
            return (recording, provenance, problems, report)
        }
        var recordings = results.map(\.0), provenance = results.map(\.1)
        var report = ReadingReport()
        for r in results { report.merge(r.3) }
        if manifest.table.blankLines == .split {
            // Captures separated by blank lines: one recording each, the time restarting where the file has no clock.
            let time = manifest.streams?.first?.time ?? manifest.time
            let restarting = time.column == nil && time.index == nil
            let parts = zip(recordings, provenance).flatMap { captures($0, $1, restarting: restarting) }
            report.notes.append("table: blank lines split \(recordings.count) file\(recordings.count == 1 ? "" : "s") into \(parts.count) recordings "
                                    + "(table.blankLines: split), " + (restarting ? "each from 0 s (no time column)" : "on the file's clock"))
            recordings = parts.map(\.0)
            provenance = parts.map(\.1)
        }
        let dataset = Dataset(
            name: manifest.name, description: manifest.description, kind: manifest.kind,
            samplingRate: manifest.samplingRate, recordings: recordings,
            license: manifest.license, citation: manifest.citation
        )
        return LoadedDataset(dataset: dataset, provenance: provenance, problems: results.flatMap(\.2) + unlisted,
                             limits: manifest.limits, classes: manifest.classes, report: report)
    }

    /// `path` (`~` expanded) if absolute, else relative to `folder`.
    static func resolve(_ path: String, against folder: URL) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        return expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : folder.appendingPathComponent(expanded)
    }
}
