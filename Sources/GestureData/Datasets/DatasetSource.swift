import Foundation

/// Names a dataset on the command line: a project folder (or its `dataset.yaml`), or
/// `format:PATH` for data in another format.
///
/// | prefix | what |
/// |---|---|
/// | *(none)* | a folder with `dataset.yaml`, or the manifest itself |
/// | `ucr:FILE.tsv` | UCR archive TSV |
/// | `ts:FILE.ts` | UEA / sktime `.ts` |
/// | `grt:FILE.grt` | GRT labelled classification or time-series data |
/// | `csv:FILE.csv` | one recording, columns inferred from the header (``SampleCSVFormat``) |
/// | `synth:SPEC.yaml` | generated on loading by ``SyntheticDatasetGenerator`` from a ``SyntheticDatasetSpec`` file (its `seed` key included): the same file gives the same recordings, so an experiment can run on hours of synthetic stream that nothing ships |
/// | `uwave:DIR`, `gyronics:DIR`, `phoneairlines:DIR`, `moocow:DIR`, `swimwatch:DIR` | external folders read with the built-in manifests in ``ExternalManifests`` |
public struct DatasetSource: Hashable, Sendable {
    /// The prefix, or `nil` for a project folder.
    public var format: String?
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
        /// Whether a `csv:` file's bad lines are collected as problems (as `validate` lists them) rather than
        /// stopping reading at the first; a manifest's files always are.
        public var collectingProblems = false
        /// Defaults.
        public init(samplingRate: Double = 100, channels: [Channel] = [], data: URL? = nil, sortingRows: Bool = false,
                    acceleration: SampleCSVFormat.AccelerationUnit? = nil, collectingProblems: Bool = false) {
            self.acceleration = acceleration
            self.collectingProblems = collectingProblems
            self.samplingRate = samplingRate
            self.channels = channels
            self.data = data
            self.sortingRows = sortingRows
        }
    }

    /// The known prefixes.
    public static let formats = ["ucr", "ts", "grt", "csv", "synth"] + ExternalManifests.byPrefix.keys.sorted()

    /// Parses `format:PATH` or a plain path.
    public init(_ text: String) {
        if let (prefix, path) = Self.prefixed(text), Self.formats.contains(prefix) {
            format = prefix
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

    /// Loads the dataset with every reading problem collected. Reading nothing at all (no rows, or
    /// only rows that fail) is an error naming the source.
    public func load(_ options: Options = Options()) throws(DataFileError) -> LoadedDataset {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        let name = url.deletingPathExtension().lastPathComponent
        switch format {
        case nil:
            let loaded = try DatasetReader.load(at: url, data: options.data, sortingRows: options.sortingRows)
            try loaded.requireSomethingRead(from: path)
            return loaded
        case "ucr", "ts":
            let series = try labelledSeries()
            return segments(Dataset(name: name, segments: series, channels: options.channels, samplingRate: options.samplingRate), url)
        case "grt":
            switch try GRTFile.read(contentsOf: url) {
            case .timeSeries(let series):
                return segments(Dataset(name: name, segments: series, channels: options.channels, samplingRate: options.samplingRate), url)
            case .classification(let labels, let rows):
                return segments(Self.continuous(name: name, labels: labels, rows: rows, options: options), url)
            }
        case "csv":
            return try SampleCSVFormat.load(url, acceleration: options.acceleration, collectingProblems: options.collectingProblems)
        case "synth":
            let dataset: Dataset
            do { dataset = try SyntheticDatasetGenerator.generate(try SyntheticDatasetSpec(contentsOf: url)) } catch let error as DataFileError {
                throw error
            } catch {
                throw DataFileError(file: path, "\(error)")
            }
            return LoadedDataset(dataset: dataset, provenance: dataset.recordings.map { .init(file: "\(url.path)#\($0.id)") }, problems: [], manifest: nil)
        default:
            guard let format, let builtIn = ExternalManifests.byPrefix[format] else {
                throw DataFileError(file: path, "unknown source format")
            }
            let manifest = try DatasetManifest(yaml: builtIn.yaml, file: "datasets/external/\(builtIn.folder)/dataset.yaml")
            // External data is not shipped: say what is missing and where it comes from.
            guard FileManager.default.fileExists(atPath: url.path) else {
                let origin = (manifest.citation ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
                throw DataFileError(file: path, "no such folder: the \(manifest.name) dataset is not shipped with the project; get it from: \(origin.isEmpty ? "see datasets/external/\(builtIn.folder)/dataset.yaml" : origin) (manifest: datasets/external/\(builtIn.folder)/dataset.yaml), and give its folder here")
            }
            let loaded = try DatasetReader.load(manifest, folder: url, data: url)
            try loaded.requireSomethingRead(from: path)
            return loaded
        }
    }

    private func segments(_ dataset: Dataset, _ url: URL) -> LoadedDataset {
        LoadedDataset(dataset: dataset, provenance: dataset.recordings.map { .init(file: "\(url.path)#\($0.id)") }, problems: [], manifest: nil)
    }

    /// GRT classification rows as one continuous recording with one annotation per run of equal labels.
    static func continuous(name: String, labels: [String], rows: [[Double]], options: Options) -> Dataset {
        let period = 1 / options.samplingRate
        let times = rows.indices.map { Double($0) * period }
        let width = rows.first?.count ?? 0
        let columns = (0..<width).map { d in
            (d < options.channels.count ? options.channels[d] : Channel(.dimension(d + 1)), rows.map { $0[d] })
        }
        var report = ReadingReport(), problems: [DatasetProblem] = []
        let annotations = LabelColumn.annotations(labels, times: times, mapping: .init(), report: &report, problems: &problems)
        let recording = Recording(id: name, timestamps: times, channels: columns, annotations: annotations)
        return Dataset(name: name, kind: .continuous, samplingRate: options.samplingRate, recordings: [recording])
    }
}
