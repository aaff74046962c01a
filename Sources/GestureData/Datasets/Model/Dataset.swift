/// A labelled collection of recordings with subject and session identifiers.
///
/// Continuous datasets hold long recordings with sparse annotations; segment datasets (UCR/UEA
/// archives, one labelled series per example) hold one short recording per example with one
/// annotation covering it.
public struct Dataset: Hashable, Sendable {
    /// Whether examples are separate segments or annotated stretches of continuous recordings.
    public enum Kind: String, Codable, Sendable {
        /// One recording per example, one annotation covering it.
        case segments
        /// Long recordings; everything not annotated is background.
        case continuous
    }

    /// Short name, used in reports.
    public var name: String
    /// What it is, in a sentence or two.
    public var description: String
    /// Segments or continuous.
    public var kind: Kind
    /// Nominal sampling rate, Hz, when the dataset states one.
    public var samplingRate: Double?
    /// The recordings.
    public var recordings: [Recording]
    /// Licence, as stated by the source.
    public var license: String?
    /// How to cite the source.
    public var citation: String?

    /// Creates a dataset.
    public init(
        name: String,
        description: String = "",
        kind: Kind,
        samplingRate: Double? = nil,
        recordings: [Recording],
        license: String? = nil,
        citation: String? = nil
    ) {
        self.name = name
        self.description = description
        self.kind = kind
        self.samplingRate = samplingRate
        self.recordings = recordings
        self.license = license
        self.citation = citation
    }

    /// The class labels that occur in annotations, sorted.
    public var labels: [String] {
        Array(Set(recordings.flatMap { $0.annotations.map(\.label) })).sorted()
    }

    /// The subjects, sorted.
    public var subjects: [String] { Array(Set(recordings.map(\.subject))).sorted() }
}
