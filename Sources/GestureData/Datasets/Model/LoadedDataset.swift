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
    /// Valid ranges per channel in converted units (a manifest's `valid` ranges, scaled and offset as its values
    /// are); empty when nothing limits the values.
    package var limits: [Channel: ClosedRange<Double>]
    /// The class labels the dataset allows (a manifest's `classes`), or `nil` when it does not restrict them.
    package var classes: [String]?
    /// The manifest file it was read from, when it was read from one (``DatasetReader/load(at:data:sortingRows:)``).
    /// Plain values only: the `Model` room knows no manifest type (the arrow runs from `Manifest` to it).
    package var manifestFile: String?
    /// The reading policies applied (time origin, label runs, batches, alignment), with counts.
    public var report: ReadingReport

    /// Wraps a dataset built in memory (for example a synthetic one): each recording's file is its id.
    public init(_ dataset: Dataset) {
        self.dataset = dataset
        provenance = dataset.recordings.map { Provenance(file: $0.id) }
        problems = []
        limits = [:]
        classes = nil
        manifestFile = nil
        report = ReadingReport()
    }

    /// Creates a loaded dataset.
    package init(dataset: Dataset, provenance: [Provenance], problems: [DatasetProblem],
                limits: [Channel: ClosedRange<Double>] = [:], classes: [String]? = nil, manifestFile: String? = nil,
                report: ReadingReport = ReadingReport()) {
        precondition(provenance.count == dataset.recordings.count, "one provenance per recording")
        self.dataset = dataset
        self.provenance = provenance
        self.problems = problems
        self.limits = limits
        self.classes = classes
        self.manifestFile = manifestFile
        self.report = report
    }
}
