import Foundation

/// Names a dataset on the command line: a project folder (or its `dataset.yaml`), or
/// `format:PATH` for data in another format.
///
/// The prefixes are the ``DatasetFormat``s; each is read by its row of ``DatasetFormat/reader``.
///
/// | prefix | what |
/// |---|---|
/// | *(none)* | a folder with `dataset.yaml`, or the manifest itself |
/// | `ucr:FILE.tsv` | UCR archive TSV |
/// | `ts:FILE.ts` | UEA / sktime `.ts` |
/// | `grt:FILE.grt` | GRT labelled classification or time-series data |
/// | `csv:FILE.csv` | one recording, columns inferred from the header (``SampleCSVFormat``) |
/// | `synth:SPEC.yaml` | generated on loading by ``SyntheticDatasetGenerator`` from a ``SyntheticDatasetSpec`` file (its `seed` key included): the same file gives the same recordings, so an experiment can run on hours of synthetic stream that nothing ships |
/// | `uwave:DIR`, `gyronics:DIR`, `phoneairlines:DIR`, `moocow:DIR`, `swimwatch:DIR` | external folders read with the built-in manifests (resources `External/<folder>.yaml`) |
public struct DatasetSource: Hashable, Sendable {
    /// The prefix's format, or `nil` for a project folder.
    public var format: DatasetFormat?
    /// The path after the prefix.
    public var path: String

    /// Options for formats that lack the information.
    public struct Options: Sendable {
        /// Sampling rate, Hz, for formats without timestamps (UCR, UEA, GRT).
        public var samplingRate: Double = 100
        /// Names for the dimensions of segment formats, in order (default `dim1`, `dim2`, …).
        public var channels: [Channel] = []
        /// The external data folder for a manifest with a `source` section.
        public var data: URL? = nil
        /// Whether rows are put in time order while a manifest's files are read, before sensors are
        /// aligned (the `sort` repair); other formats are sorted by ``DatasetRepair`` after reading.
        public var sortingRows = false
        /// The acceleration unit of a `csv:` file's columns (as `detect --acceleration` states it); `nil`
        /// takes g unless the header names a unit.
        public var acceleration: SampleCSVFormat.AccelerationUnit? = nil
        /// The rotation-rate unit of a `csv:` file's gyroscope columns (as `detect --gyroscope` states it); `nil`
        /// takes rad/s unless the header names a unit.
        public var rotationRate: RotationUnit? = nil
        /// Whether a `csv:` file's bad lines are collected as problems (as `validate` lists them) rather than
        /// stopping reading at the first; a manifest's files always are.
        public var collectingProblems = false
        /// The rate, Hz, of a `csv:` file without a time column (as `detect --rate` states it): its rows are then
        /// `1 / rate` s apart from 0. A `csv:` file with a time column and a rate is refused (the rate would be
        /// ignored); `nil` states none.
        public var csvRowRate: Double? = nil
        /// Defaults.
        public init(samplingRate: Double = 100, channels: [Channel] = [], data: URL? = nil, sortingRows: Bool = false,
                    acceleration: SampleCSVFormat.AccelerationUnit? = nil, collectingProblems: Bool = false,
                    rotationRate: RotationUnit? = nil) {
            self.acceleration = acceleration
            self.rotationRate = rotationRate
            self.collectingProblems = collectingProblems
            self.samplingRate = samplingRate
            self.channels = channels
            self.data = data
            self.sortingRows = sortingRows
        }
    }

    /// Parses `format:PATH` or a plain path.
    public init(_ text: String) {
        if let (prefix, path) = Self.prefixed(text), let format = DatasetFormat(rawValue: prefix) {
            self.format = format
            self.path = path
        } else {
            format = nil
            path = text
        }
    }

    /// `text` split at its first colon into a lowercased `FORMAT` and the path, when what precedes the
    /// colon can be a format name (not empty, no path separator); `nil` otherwise.
    static func prefixed(_ text: String) -> (format: String, path: String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let prefix = text[..<colon]
        guard !prefix.isEmpty, !prefix.contains("/") else { return nil }
        return (prefix.lowercased(), String(text[text.index(after: colon)...]))
    }

    /// Loads the dataset with every reading problem collected, by its format's reader (``DatasetFormat/reader``).
    /// Reading nothing at all (no rows, or only rows that fail) is an error naming the source.
    public func load(_ options: Options = Options()) throws(DataFileError) -> LoadedDataset {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        guard let format else {
            let loaded = try DatasetReader.load(at: url, data: options.data, sortingRows: options.sortingRows)
            try loaded.requireSomethingRead(from: path)
            return loaded
        }
        return try format.reader.load(url, path, options)
    }
}
