extension DatasetManifest {
    /// One recording of a project dataset.
    package struct RecordingEntry: Codable, Hashable, Sendable {
        /// Identifier, unique in the dataset.
        package var id: String
        /// Who performed it.
        package var subject: String
        /// Session (day, device, sitting).
        package var session: String
        /// The CSV file, relative to the manifest's folder.
        package var file: String
        /// The annotation CSV (`start,end,label`), relative to the manifest's folder.
        package var annotations: String?
        /// With ``DatasetManifest/streams``: the file of each stream by name (``file`` is the first's).
        package var files: [String: String]?
        /// Creates an entry.
        package init(id: String, subject: String, session: String, file: String, annotations: String? = nil,
                    files: [String: String]? = nil) {
            self.id = id
            self.subject = subject
            self.session = session
            self.file = file
            self.annotations = annotations
            self.files = files
        }
    }

    /// External data found by file patterns under a folder the user supplies.
    package struct Source: Codable, Hashable, Sendable {
        /// The external folder: absolute, or relative to the manifest's folder. Usually supplied on the
        /// command line instead (`--data DIR` or a `name:DIR` source).
        package var path: String?
        /// The patterns; each matching file is one recording.
        package var files: [FilePattern]
        /// Creates a source.
        package init(path: String? = nil, files: [FilePattern]) {
            self.path = path
            self.files = files
        }
    }

    /// A path pattern relative to the source folder. `{subject}`, `{session}` and `{label}` capture
    /// path text (`{label:int}` only digits); `{*}` matches anything within one path component.
    /// A captured label becomes one annotation covering the whole recording.
    package struct FilePattern: Codable, Hashable, Sendable {
        /// The pattern, components separated by `/`.
        package var pattern: String
        /// The subject when the pattern does not capture one.
        package var subject: String?
        /// The session when the pattern does not capture one.
        package var session: String?
        /// Creates a pattern.
        package init(_ pattern: String, subject: String? = nil, session: String? = nil) {
            self.pattern = pattern
            self.subject = subject
            self.session = session
        }
    }
}
