import Foundation

/// The readers the table in ``DatasetFormat/reader`` names: each turns one format's file or folder into a
/// ``LoadedDataset``.
extension DatasetFormat {
    /// An archive of labelled series: one recording per example, sampled at the options' rate from time 0, the
    /// padding of variable-length series trimmed.
    static func archive(fileExtension: String, _ read: @escaping Reader.Series) -> Reader {
        Reader(load: { url, _, options throws(DataFileError) in
            let series = try read(url, .trim)
            return segments(Dataset(name: name(url), segments: series, channels: options.channels, samplingRate: options.samplingRate), url)
        }, labelledSeries: read, fileExtension: fileExtension, hasOwnClock: false)
    }

    /// A GRT file: time-series data as one recording per example, classification rows as one continuous recording.
    static func loadGRT(_ url: URL, _ path: String, _ options: DatasetSource.Options) throws(DataFileError) -> LoadedDataset {
        switch try GRTFile.read(contentsOf: url) {
        case .timeSeries(let series):
            return segments(Dataset(name: name(url), segments: series, channels: options.channels, samplingRate: options.samplingRate), url)
        case .classification(let labels, let rows):
            return segments(continuous(name: name(url), labels: labels, rows: rows, options: options), url)
        }
    }

    /// One sample CSV, its columns inferred from the header.
    static func loadCSV(_ url: URL, _ path: String, _ options: DatasetSource.Options) throws(DataFileError) -> LoadedDataset {
        try SampleCSVFormat.load(url, acceleration: options.acceleration, collectingProblems: options.collectingProblems, rate: options.csvRowRate,
                                 rotationRate: options.rotationRate)
    }

    /// The dataset a synthetic dataset spec generates.
    static func synthesize(_ url: URL, _ path: String, _ options: DatasetSource.Options) throws(DataFileError) -> LoadedDataset {
        let dataset: Dataset
        do { dataset = try SyntheticDatasetGenerator.generate(try SyntheticDatasetSpec(contentsOf: url)) } catch let error as DataFileError {
            throw error
        } catch {
            throw DataFileError(file: path, "\(error)")
        }
        return segments(dataset, url)
    }

    /// An external folder read with its built-in manifest; a missing folder is an error saying where the data comes
    /// from.
    static func external(folder: String) -> Reader {
        let yaml = ExternalManifests.yaml(folder: folder)
        return Reader(load: { url, path, _ throws(DataFileError) in
            let manifest = try DatasetManifest(yaml: yaml, file: "datasets/external/\(folder)/dataset.yaml")
            // External data is not shipped: say what is missing and where it comes from.
            guard FileManager.default.fileExists(atPath: url.path) else {
                let origin = (manifest.citation ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
                throw DataFileError(file: path, "no such folder: the \(manifest.name) dataset is not shipped with the project; get it from: \(origin.isEmpty ? "see datasets/external/\(folder)/dataset.yaml" : origin) (manifest: datasets/external/\(folder)/dataset.yaml), and give its folder here")
            }
            let loaded = try DatasetReader.load(manifest, folder: url, data: url)
            try loaded.requireSomethingRead(from: path)
            return loaded
        }, hasOwnClock: true, builtInManifest: (folder, yaml))
    }

    /// The dataset's name: the file's, without its extension.
    private static func name(_ url: URL) -> String {
        url.deletingPathExtension().lastPathComponent
    }

    /// A dataset whose recordings each came from the file `url`, as `url#id`.
    private static func segments(_ dataset: Dataset, _ url: URL) -> LoadedDataset {
        LoadedDataset(dataset: dataset, provenance: dataset.recordings.map { .init(file: "\(url.path)#\($0.id)") }, problems: [])
    }

    /// GRT classification rows as one continuous recording with one annotation per run of equal labels.
    static func continuous(name: String, labels: [String], rows: [[Double]], options: DatasetSource.Options) -> Dataset {
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
