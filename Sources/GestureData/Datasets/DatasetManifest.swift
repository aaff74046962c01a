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
    public static let currentFormat = "gesturelab-dataset/1"

    /// Format tag, `gesturelab-dataset/1`.
    public var format: String
    /// Short name, used in reports.
    public var name: String
    /// What it is.
    public var description: String
    /// Segments (one labelled recording per example) or continuous recordings.
    public var kind: Dataset.Kind
    /// Nominal sampling rate, Hz, when stated.
    public var samplingRate: Double?
    /// The units of the channels after conversion (always seconds, g, rad/s, radians).
    public var units: Units
    /// The axis and sign convention after conversion (always `coremotion`).
    public var axisConvention: String
    /// The class labels annotations may use; `nil` means any label is allowed.
    public var classes: [String]?
    /// How the recording files are laid out as text.
    public var table: TableFormat
    /// Where time comes from.
    public var time: TimeMapping
    /// The channels and the file columns they come from (of the one file per recording; empty when
    /// ``streams`` name one file per sensor).
    public var channels: [ChannelMapping]
    /// A column holding a label per sample, whose runs become annotations.
    public var labels: LabelMapping?
    /// One file per sensor for each recording, aligned onto one clock; `nil` for one file per recording.
    public var streams: [StreamMapping]?
    /// How ``streams`` are aligned: onto the first stream's clock, or onto a stated rate.
    public var align: Alignment?
    /// The recordings of a project dataset, each with its file; empty for an external ``Source``.
    public var recordings: [RecordingEntry]
    /// For external data: the folder and file patterns that give the recordings.
    public var source: Source?
    /// The conversion from the source's units and axes, in words.
    public var conversion: String?
    /// Licence, as stated by the source.
    public var license: String?
    /// How to cite the source.
    public var citation: String?

    /// The units a manifest states; GestureLab always converts to these on the way in.
    public struct Units: Codable, Hashable, Sendable {
        /// Time unit, `s`.
        public var time = "s"
        /// Acceleration unit, `g` (9.80665 m/s²).
        public var acceleration = "g"
        /// Rotation-rate unit, `rad/s`.
        public var rotationRate = "rad/s"
        /// Angle unit, `rad`.
        public var angle = "rad"
        /// The standard units.
        public init() {}
    }

    /// The text layout of recording files.
    public struct TableFormat: Codable, Hashable, Sendable {
        /// Field separator: `,`, `;`, a tab, `whitespace` (runs of spaces and tabs), or `auto` (the most
        /// frequent of `,`, `;` and a tab in the header line, said in the reading report).
        public var delimiter: String
        /// Whether the first non-blank line names the columns.
        public var header: Bool
        /// The decimal mark of numbers: `point` (`0.5`) or `comma` (`0,5`, as phyphox's "semicolon,
        /// decimal comma" export and comma-decimal spreadsheets write). When absent, a file whose first
        /// data row holds a number like `0,5` is read with decimal commas, and that is reported.
        public var decimal: String?
        /// Comma-separated with a header.
        public init(delimiter: String = ",", header: Bool = true, decimal: String? = nil) {
            self.delimiter = delimiter
            self.header = header
            self.decimal = decimal
        }
    }

    /// Where a recording's timestamps come from: a column scaled to seconds, or a fixed rate.
    public struct TimeMapping: Codable, Hashable, Sendable {
        /// Header name of the time column.
        public var column: String?
        /// 0-based index of the time column (files without a header).
        public var index: Int?
        /// Multiplier to seconds (0.001 for milliseconds); 1 when absent.
        public var scale: Double?
        /// When there is no time column: samples are `1 / rate` seconds apart, starting at 0.
        public var rate: Double?
        /// The column's unit, `ns`, `us`, `ms` or `s`; an alternative to ``scale``.
        public var unit: String?
        /// Where time 0 is: `first` (each recording's first sample), `file` (the values as read, scaled),
        /// or `auto` (the default: `first` when the first time is beyond ``ClockInference/epochSeconds`` seconds,
        /// i.e. an epoch or uptime clock, else `file`). Shifting is reported.
        public var origin: String?
        /// `relative: true` is `origin: first` (time 0 at each recording's first sample), `false` is
        /// `origin: file`; the documented alias, as on the command line (`detect --relative-time`).
        public var relative: Bool?
        /// Rows sharing one timestamp (sensor batches): `keep` (the default; validation reports the
        /// duplicates) or `spread` (evenly between that time and the next distinct one; reported).
        public var batches: String?
        /// A time column named `column`.
        public init(column: String? = nil, index: Int? = nil, scale: Double? = nil, rate: Double? = nil,
                    unit: String? = nil, origin: String? = nil, relative: Bool? = nil, batches: String? = nil) {
            self.column = column
            self.index = index
            self.scale = scale
            self.rate = rate
            self.unit = unit
            self.origin = origin
            self.relative = relative
            self.batches = batches
        }

        /// The origin policy in force: ``origin``, or ``relative`` spelled as one, else `auto`.
        public var effectiveOrigin: String {
            origin ?? relative.map { $0 ? "first" : "file" } ?? "auto"
        }

        /// Seconds per raw unit: ``unit`` or ``scale``, 1 when neither is given.
        public var secondsPerUnit: Double {
            switch unit {
            case "ns": 1e-9
            case "us", "µs": 1e-6
            case "ms": 1e-3
            default: scale ?? 1
            }
        }

        /// Checks the keys that take a fixed set of values; `field` names the mapping in errors.
        func check(file: String, field: String) throws(DataFileError) {
            if let unit, !["ns", "us", "µs", "ms", "s"].contains(unit) {
                throw DataFileError(file: file, field: "\(field).unit", "'\(unit)' is not one of ns, us, ms, s")
            }
            if unit != nil, scale != nil {
                throw DataFileError(file: file, field: "\(field).scale", "give unit or scale, not both")
            }
            if let origin, !["first", "file", "auto"].contains(origin) {
                throw DataFileError(file: file, field: "\(field).origin", "'\(origin)' is not one of first, file, auto")
            }
            if let relative, let origin, origin != (relative ? "first" : "file") {
                throw DataFileError(file: file, field: "\(field).relative", "relative: \(relative) contradicts origin: \(origin); give one of them")
            }
            if let batches, !["keep", "spread"].contains(batches) {
                throw DataFileError(file: file, field: "\(field).batches", "'\(batches)' is not one of keep, spread")
            }
            if column == nil, index == nil, !(rate.map { $0 > 0 && $0.isFinite } ?? false) {
                throw DataFileError(file: file, field: field, "give a time column, index, or a positive rate")
            }
        }
    }

    /// A column that labels every sample. Runs of equal values become annotations from the first
    /// sample's time to the last sample's time of the run; background values make none, ignored
    /// values make none and are counted in the ``ReadingReport``. Values compare as numbers when
    /// they are numbers (`5`, `5.0` and `5.00` are one value), else as trimmed text.
    public struct LabelMapping: Codable, Hashable, Sendable {
        /// Header name of the label column.
        public var column: String?
        /// 0-based index of the label column (files without a header).
        public var index: Int?
        /// Values that mean "no gesture" (for example `"0"`, or `""` for an empty field).
        public var background: [String]?
        /// Values whose runs are dropped and reported (undocumented or transitional labels).
        public var ignore: [String]?
        /// Class names by value (`"5": turn`); a value not listed is its own name.
        public var names: [String: String]?
        /// Creates a mapping.
        public init(column: String? = nil, index: Int? = nil, background: [String]? = nil,
                    ignore: [String]? = nil, names: [String: String]? = nil) {
            self.column = column
            self.index = index
            self.background = background
            self.ignore = ignore
            self.names = names
        }
    }

    /// One sensor's file of a multi-file recording: its own table, time column and channels.
    public struct StreamMapping: Codable, Hashable, Sendable {
        /// The stream's name (`accelerometer`, `gyroscope`, …), the key of ``RecordingEntry/files``.
        public var name: String
        /// For a ``Source``: the file's pattern, using only captures of the matched pattern
        /// (`{subject}`, `{session}`, `{label}`) — for example `{session}/Gyroscope.csv`.
        public var pattern: String?
        /// The text layout; the manifest's ``table`` when absent.
        public var table: TableFormat?
        /// The time column; the manifest's ``time`` when absent.
        public var time: TimeMapping?
        /// The channels this file holds.
        public var channels: [ChannelMapping]
        /// Whether a recording may lack this stream's file (not the first stream): then the recording has
        /// none of its channels, and the reading report counts the recordings without it.
        public var optional: Bool?
        /// Creates a stream.
        public init(name: String, pattern: String? = nil, table: TableFormat? = nil, time: TimeMapping? = nil,
                    channels: [ChannelMapping], optional: Bool? = nil) {
            self.optional = optional
            self.name = name
            self.pattern = pattern
            self.table = table
            self.time = time
            self.channels = channels
        }
    }

    /// How the streams of a multi-file recording become one: every stream is interpolated (linearly;
    /// quaternions by slerp) at the reference times — the first stream's timestamps, or a grid at
    /// ``rate`` — and reference times outside any stream's span are dropped (reported).
    public struct Alignment: Codable, Hashable, Sendable {
        /// The stream whose clock is kept; the first stream when absent.
        public var to: String?
        /// A fixed output rate, Hz, instead of a stream's clock.
        public var rate: Double?
        /// Creates an alignment.
        public init(to: String? = nil, rate: Double? = nil) {
            self.to = to
            self.rate = rate
        }
    }

    /// One channel: `value = raw × scale + offset`, read from a column given by name or index.
    public struct ChannelMapping: Codable, Hashable, Sendable {
        /// The channel it becomes.
        public var name: Channel
        /// Header name of the source column; defaults to `name`.
        public var column: String?
        /// 0-based index of the source column (files without a header).
        public var index: Int?
        /// Multiplier applied to the raw value (units and sign); 1 when absent.
        public var scale: Double?
        /// Added after scaling; 0 when absent.
        public var offset: Double?
        /// Valid raw range `[min, max]`; values outside are reported by validation (and dropped by the
        /// `drop-out-of-range` repair).
        public var valid: [Double]?
        /// Creates a mapping.
        public init(_ name: Channel, column: String? = nil, index: Int? = nil, scale: Double? = nil,
                    offset: Double? = nil, valid: [Double]? = nil) {
            self.name = name
            self.column = column
            self.index = index
            self.scale = scale
            self.offset = offset
            self.valid = valid
        }
    }

    /// One recording of a project dataset.
    public struct RecordingEntry: Codable, Hashable, Sendable {
        /// Identifier, unique in the dataset.
        public var id: String
        /// Who performed it.
        public var subject: String
        /// Session (day, device, sitting).
        public var session: String
        /// The CSV file, relative to the manifest's folder.
        public var file: String
        /// The annotation CSV (`start,end,label`), relative to the manifest's folder.
        public var annotations: String?
        /// With ``DatasetManifest/streams``: the file of each stream by name (``file`` is the first's).
        public var files: [String: String]?
        /// Creates an entry.
        public init(id: String, subject: String, session: String, file: String, annotations: String? = nil,
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
    public struct Source: Codable, Hashable, Sendable {
        /// The external folder: absolute, or relative to the manifest's folder. Usually supplied on the
        /// command line instead (`--data DIR` or a `name:DIR` source).
        public var path: String?
        /// The patterns; each matching file is one recording.
        public var files: [FilePattern]
        /// Creates a source.
        public init(path: String? = nil, files: [FilePattern]) {
            self.path = path
            self.files = files
        }
    }

    /// A path pattern relative to the source folder. `{subject}`, `{session}` and `{label}` capture
    /// path text (`{label:int}` only digits); `{*}` matches anything within one path component.
    /// A captured label becomes one annotation covering the whole recording.
    public struct FilePattern: Codable, Hashable, Sendable {
        /// The pattern, components separated by `/`.
        public var pattern: String
        /// The subject when the pattern does not capture one.
        public var subject: String?
        /// The session when the pattern does not capture one.
        public var session: String?
        /// Creates a pattern.
        public init(_ pattern: String, subject: String? = nil, session: String? = nil) {
            self.pattern = pattern
            self.subject = subject
            self.session = session
        }
    }

    /// Creates a manifest.
    public init(
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
        axisConvention = "coremotion"
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
        case channels, labels, streams, align, recordings, source, conversion, license, citation
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
        axisConvention = try c.decode(.axisConvention, default: "coremotion")
        classes = try c.decodeIfPresent([String].self, forKey: .classes)
        table = try c.decode(.table, default: TableFormat())
        time = try c.decode(.time, default: TimeMapping(column: "time"))
        streams = try c.decodeIfPresent([StreamMapping].self, forKey: .streams)
        // With streams the channels are the streams'.
        channels = streams == nil ? try c.decode([ChannelMapping].self, forKey: .channels) : try c.decode(.channels, default: [])
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
        try c.encodeIfPresent(labels, forKey: .labels)
        try c.encodeIfPresent(streams, forKey: .streams)
        try c.encodeIfPresent(align, forKey: .align)
        try c.encode(recordings, forKey: .recordings)
        try c.encodeIfPresent(source, forKey: .source)
        try c.encodeIfPresent(conversion, forKey: .conversion)
        try c.encodeIfPresent(license, forKey: .license)
        try c.encodeIfPresent(citation, forKey: .citation)
    }

    /// Reads a manifest file. Errors name the file.
    public init(contentsOf url: URL) throws(DataFileError) {
        let text = try DataFileError.readText(url)
        try self.init(yaml: text, file: url.path)
    }

    /// Parses manifest YAML; `file` names it in errors.
    public init(yaml: String, file: String = "dataset.yaml") throws(DataFileError) {
        do {
            self = try YAMLConfiguration(text: yaml, source: file).decode(DatasetManifest.self)
        } catch {
            throw DataFileError(file: file, decoding: error)
        }
        guard format.hasPrefix("gesturelab-dataset/") else {
            throw DataFileError(file: file, field: "format", "unknown format '\(format)'")
        }
        guard axisConvention == "coremotion" else {
            throw DataFileError(file: file, field: "axisConvention", "must be 'coremotion' (convert signs in the channel scales)")
        }
        try time.check(file: file, field: "time")
        for (field, table) in [("table", table)] + (streams ?? []).enumerated().compactMap({ i, s in s.table.map { ("streams[\(i)].table", $0) } }) {
            if let decimal = table.decimal, !["point", "comma"].contains(decimal) {
                throw DataFileError(file: file, field: "\(field).decimal", "'\(decimal)' is not one of point, comma")
            }
        }
        if let streams {
            guard !streams.isEmpty else { throw DataFileError(file: file, field: "streams", "name at least one stream") }
            var names = Set<String>()
            for (i, stream) in streams.enumerated() {
                guard names.insert(stream.name).inserted else {
                    throw DataFileError(file: file, field: "streams[\(i)].name", "duplicate stream '\(stream.name)'")
                }
                try stream.time?.check(file: file, field: "streams[\(i)].time")
            }
            if let to = align?.to, !names.contains(to) {
                throw DataFileError(file: file, field: "align.to", "no stream named '\(to)'")
            }
            if let rate = align?.rate, !(rate > 0 && rate.isFinite) {
                throw DataFileError(file: file, field: "align.rate", "must be a positive number of Hz")
            }
        }
        if let labels, labels.column == nil, labels.index == nil {
            throw DataFileError(file: file, field: "labels", "give the label column or its index")
        }
    }

    /// The manifest as YAML text.
    public func yaml() -> String {
        // Encoding plain Codable values cannot fail.
        (try? YAMLEncoder().encode(self)) ?? ""
    }
}
