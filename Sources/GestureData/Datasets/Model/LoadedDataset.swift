/// A dataset together with where each value came from, so validation can name file and line.
public struct LoadedDataset: Sendable {
    /// Where one recording came from.
    package struct Provenance: Hashable, Sendable {
        /// The data file.
        package var file: String
        /// The 1-based line of each sample (empty when the source has no lines, e.g. generated data).
        package var lines: [Int32]
        /// The annotation file, if any.
        package var annotationFile: String?
        /// The 1-based line of each annotation, in the recording's annotation order.
        package var annotationLines: [Int32]
        /// Seconds subtracted from the file's times to make them relative to the first sample (0 when
        /// the times were kept).
        package var timeOffset: Double

        /// Creates a provenance record.
        package init(file: String, lines: [Int32] = [], annotationFile: String? = nil, annotationLines: [Int32] = [],
                    timeOffset: Double = 0) {
            self.file = file
            self.lines = lines
            self.annotationFile = annotationFile
            self.annotationLines = annotationLines
            self.timeOffset = timeOffset
        }
    }

    /// The data, already converted to seconds, g, rad/s, radians and the CoreMotion convention.
    public var dataset: Dataset
    /// `provenance[i]` describes `dataset.recordings[i]`.
    package var provenance: [Provenance]
    /// Problems met while reading (unparseable values read as NaN so rows stay aligned).
    package var problems: [DatasetProblem]
    /// The manifest it was read with, when there was one.
    package var manifest: DatasetManifest?
    /// The reading policies applied (time origin, label runs, batches, alignment), with counts.
    public var report: ReadingReport

    /// Wraps a dataset built in memory (for example a synthetic one): each recording's file is its id.
    public init(_ dataset: Dataset) {
        self.dataset = dataset
        provenance = dataset.recordings.map { Provenance(file: $0.id) }
        problems = []
        manifest = nil
        report = ReadingReport()
    }

    /// Creates a loaded dataset.
    package init(dataset: Dataset, provenance: [Provenance], problems: [DatasetProblem], manifest: DatasetManifest?,
                report: ReadingReport = ReadingReport()) {
        precondition(provenance.count == dataset.recordings.count, "one provenance per recording")
        self.dataset = dataset
        self.provenance = provenance
        self.problems = problems
        self.manifest = manifest
        self.report = report
    }

    /// Valid ranges per channel in converted units, from the manifest's raw `valid` ranges.
    package var limits: [Channel: ClosedRange<Double>] {
        var result: [Channel: ClosedRange<Double>] = [:]
        for mapping in (manifest?.channels ?? []) + (manifest?.streams ?? []).flatMap(\.channels) {
            guard let valid = mapping.valid, valid.count == 2 else { continue }
            let s = mapping.scale ?? 1, o = mapping.offset ?? 0
            let a = valid[0] * s + o, b = valid[1] * s + o
            result[mapping.name] = min(a, b)...max(a, b)
        }
        return result
    }

    /// The class labels the manifest allows, or `nil` when it does not restrict them.
    package var classes: [String]? { manifest?.classes }
}
