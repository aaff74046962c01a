import Foundation
import Yams

/// The contents of a dataset's `dataset.yaml`: what the data is, its units and axis convention, how
/// file columns map onto channels, and which files hold which recordings.
///
/// One schema serves the project's own folders (channels named as in ``Channel``, scale 1) and
/// external data (a column mapping with scale and offset per channel, and a ``Source`` of file
/// patterns instead of a recording list), so every unit conversion is stated here, not in code.
public struct DatasetManifest: Codable, Hashable, Sendable {
    /// The format tag written by ``DatasetWriter``.
    package static let currentFormat = "gesturelab-dataset/1"

    /// Format tag, `gesturelab-dataset/1`.
    package var format: String
    /// Short name, used in reports.
    package var name: String
    /// What it is.
    package var description: String
    /// Segments (one labelled recording per example) or continuous recordings.
    package var kind: Dataset.Kind
    /// Nominal sampling rate, Hz, when stated.
    package var samplingRate: Double?
    /// The units of the channels after conversion (always seconds, g, rad/s, radians).
    package var units: Units
    /// The axis and sign convention after conversion (always ``AxisConvention/coremotion``).
    package var axisConvention: AxisConvention
    /// The class labels annotations may use; `nil` means any label is allowed.
    package var classes: [String]?
    /// How the recording files are laid out as text.
    package var table: TableFormat
    /// Where time comes from.
    package var time: TimeMapping
    /// The channels and the file columns they come from (of the one file per recording; empty when
    /// ``streams`` name one file per sensor).
    package var channels: [ChannelMapping]
    /// Other sensor units in the same file as the primary one (whose columns are ``channels``), by placement;
    /// `nil` for one unit.
    package var sensors: [SensorMapping]? = nil
    /// A column holding a label per sample, whose runs become annotations.
    package var labels: LabelMapping?
    /// One file per sensor for each recording, aligned onto one clock; `nil` for one file per recording.
    package var streams: [StreamMapping]?
    /// How ``streams`` are aligned: onto the first stream's clock, or onto a stated rate.
    package var align: Alignment?
    /// The recordings of a project dataset, each with its file; empty for an external ``Source``.
    package var recordings: [RecordingEntry]
    /// For external data: the folder and file patterns that give the recordings.
    package var source: Source?
    /// The conversion from the source's units and axes, in words.
    package var conversion: String?
    /// Licence, as stated by the source.
    package var license: String?
    /// How to cite the source.
    package var citation: String?

    /// The units a manifest states; GestureLab always converts to these on the way in.
    package struct Units: Codable, Hashable, Sendable {
        /// Time unit, `s`.
        package var time = "s"
        /// Acceleration unit, `g` (9.80665 m/s²).
        package var acceleration = "g"
        /// Rotation-rate unit, `rad/s`.
        package var rotationRate = "rad/s"
        /// Angle unit, `rad`.
        package var angle = "rad"
        /// The standard units.
        package init() {}
    }

    /// Creates a manifest.
    package init(
        name: String, description: String = "", kind: Dataset.Kind, samplingRate: Double? = nil,
        classes: [String]? = nil, table: TableFormat = TableFormat(), time: TimeMapping = TimeMapping(column: "time"),
        channels: [ChannelMapping], labels: LabelMapping? = nil, streams: [StreamMapping]? = nil, align: Alignment? = nil,
        recordings: [RecordingEntry] = [], source: Source? = nil,
        conversion: String? = nil, license: String? = nil, citation: String? = nil
    ) {
        format = Self.currentFormat
        self.name = name
        self.description = description
        self.kind = kind
        self.samplingRate = samplingRate
        units = Units()
        axisConvention = .coremotion
        self.classes = classes
        self.table = table
        self.time = time
        self.channels = channels
        self.labels = labels
        self.streams = streams
        self.align = align
        self.recordings = recordings
        self.source = source
        self.conversion = conversion
        self.license = license
        self.citation = citation
    }

    private enum CodingKeys: String, CodingKey {
        case format, name, description, kind, samplingRate, units, axisConvention, classes, table, time
        case channels, sensors, labels, streams, align, recordings, source, conversion, license, citation
    }

    /// Decodes a manifest; missing optional keys take their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decode(.format, default: Self.currentFormat)
        name = try c.decode(String.self, forKey: .name)
        description = try c.decode(.description, default: "")
        kind = try c.decode(.kind, default: .continuous)
        samplingRate = try c.decodeIfPresent(Double.self, forKey: .samplingRate)
        units = try c.decode(.units, default: Units())
        axisConvention = try c.decode(.axisConvention, default: .coremotion)
        classes = try c.decodeIfPresent([String].self, forKey: .classes)
        table = try c.decode(.table, default: TableFormat())
        time = try c.decode(.time, default: TimeMapping(column: "time"))
        streams = try c.decodeIfPresent([StreamMapping].self, forKey: .streams)
        // With streams the channels are the streams'.
        channels = streams == nil ? try c.decode([ChannelMapping].self, forKey: .channels) : try c.decode(.channels, default: [])
        sensors = try c.decodeIfPresent([SensorMapping].self, forKey: .sensors)
        labels = try c.decodeIfPresent(LabelMapping.self, forKey: .labels)
        align = try c.decodeIfPresent(Alignment.self, forKey: .align)
        recordings = try c.decode(.recordings, default: [])
        source = try c.decodeIfPresent(Source.self, forKey: .source)
        conversion = try c.decodeIfPresent(String.self, forKey: .conversion)
        license = try c.decodeIfPresent(String.self, forKey: .license)
        citation = try c.decodeIfPresent(String.self, forKey: .citation)
    }

    /// Encodes the manifest with the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(format, forKey: .format)
        try c.encode(name, forKey: .name)
        try c.encode(description, forKey: .description)
        try c.encode(kind, forKey: .kind)
        // Whole rates as integers: YAML encoders write doubles in exponent form (2.5e+1).
        if let rate = samplingRate {
            if rate == rate.rounded(), abs(rate) < 1e15 { try c.encode(Int(rate), forKey: .samplingRate) }
            else { try c.encode(rate, forKey: .samplingRate) }
        }
        try c.encode(units, forKey: .units)
        try c.encode(axisConvention, forKey: .axisConvention)
        try c.encodeIfPresent(classes, forKey: .classes)
        try c.encode(table, forKey: .table)
        try c.encode(time, forKey: .time)
        if streams == nil || !channels.isEmpty { try c.encode(channels, forKey: .channels) }
        try c.encodeIfPresent(sensors, forKey: .sensors)
        try c.encodeIfPresent(labels, forKey: .labels)
        try c.encodeIfPresent(streams, forKey: .streams)
        try c.encodeIfPresent(align, forKey: .align)
        try c.encode(recordings, forKey: .recordings)
        try c.encodeIfPresent(source, forKey: .source)
        try c.encodeIfPresent(conversion, forKey: .conversion)
        try c.encodeIfPresent(license, forKey: .license)
        try c.encodeIfPresent(citation, forKey: .citation)
    }

    /// The manifest as YAML text.
    package func yaml() -> String {
        // Encoding plain Codable values cannot fail.
        (try? YAMLEncoder().encode(self)) ?? ""
    }
}
