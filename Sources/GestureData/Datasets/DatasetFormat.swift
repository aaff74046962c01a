import Foundation

/// A format a ``DatasetSource`` names by its `FORMAT:` prefix, spelled as its raw value (`ucr:Data_TRAIN.tsv`,
/// `swimwatch:DIR`); a source without a prefix is a project folder. What reads each format, and what the command
/// line needs to know of it, is one table: ``reader``.
///
/// A string literal names a format as its prefix is written (`source.format == "ucr"`); a literal that names none
/// is a programming error.
public enum DatasetFormat: String, CaseIterable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// UCR archive TSV: one labelled series per line.
    case ucr
    /// UEA / sktime `.ts`.
    case ts
    /// GRT labelled classification or time-series data.
    case grt
    /// One recording, its columns inferred from the header (``SampleCSVFormat``).
    case csv
    /// Generated on loading by ``SyntheticDatasetGenerator`` from a ``SyntheticDatasetSpec`` file (its `seed` key
    /// included): the same file gives the same recordings.
    case synth
    /// The Gyronics_GRWD folder, read with its built-in manifest (`Resources/External/Gyronics_GRWD.yaml`).
    case gyronics
    /// The MooCow_WiimoteMotionPlus folder, read with its built-in manifest.
    case moocow
    /// The PhoneAirLines_GM_masters folder, read with its built-in manifest.
    case phoneAirLines = "phoneairlines"
    /// The SwimWatch_Turns folder, read with its built-in manifest.
    case swimWatch = "swimwatch"
    /// The raw uWave library folder, read with its built-in manifest.
    case uWave = "uwave"

    /// The format spelled `spelling` in any case (`UCR`, `ucr`); `nil` when no format is spelled so.
    public init?(spelling: String) {
        self.init(rawValue: spelling.lowercased())
    }

    /// The format a literal spells; the literal must name one.
    public init(stringLiteral spelling: String) {
        guard let format = DatasetFormat(rawValue: spelling) else {
            preconditionFailure("'\(spelling)' is not a dataset format; formats: \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = format
    }

    /// The spelling, as a source's prefix writes it without its colon (`ucr`).
    public var description: String { rawValue }

    /// The format whose files carry the file-name extension `fileExtension` (any case), so that a data file given
    /// without a prefix can be told which prefix reads it; `nil` when no format claims the extension.
    package static func reading(fileExtension: String) -> DatasetFormat? {
        let lowercased = fileExtension.lowercased()
        return allCases.first { $0.reader.fileExtension == lowercased }
    }
}

extension DatasetFormat {
    /// A row of the table of readers: how one format is read, and what the command line needs to know of it.
    package struct Reader: Sendable {
        /// Reads the file or folder at `url` (the source's path, given as `path` for messages) with every reading
        /// problem collected.
        package typealias Load = @Sendable (_ url: URL, _ path: String, _ options: DatasetSource.Options) throws(DataFileError) -> LoadedDataset
        /// Reads an archive's examples in file order, the padding of variable-length series trimmed or kept.
        package typealias Series = @Sendable (_ url: URL, _ padding: UCRArchive.Padding) throws(DataFileError) -> [LabelledSeries]

        /// Loads the dataset.
        package var load: Load
        /// The examples, for an archive of labelled series (one example per row); `nil` for a format that holds none.
        package var labelledSeries: Series? = nil
        /// The lowercase file-name extension of the format's files; `nil` when files have none of their own.
        package var fileExtension: String? = nil
        /// Whether the format's files carry their own times; those that do not are sampled at
        /// ``DatasetSource/Options/samplingRate`` (`--rate`).
        package var hasOwnClock: Bool
        /// For an external dataset read by name: its folder under `datasets/external` and its manifest's text.
        package var builtInManifest: (folder: String, yaml: String)? = nil
    }

    /// The one table of readers: what reads each format. The readers themselves are in `DatasetFormat+Readers.swift`.
    package var reader: Reader {
        switch self {
        case .ucr: Self.archive(fileExtension: "tsv", UCRArchive.read(contentsOf:padding:))
        case .ts: Self.archive(fileExtension: "ts", { url, _ throws(DataFileError) in try UEAArchive.read(contentsOf: url) })
        case .grt: Reader(load: Self.loadGRT, fileExtension: "grt", hasOwnClock: false)
        case .csv: Reader(load: Self.loadCSV, fileExtension: "csv", hasOwnClock: true)
        case .synth: Reader(load: Self.synthesize, hasOwnClock: true)
        case .gyronics: Self.external(folder: "Gyronics_GRWD")
        case .moocow: Self.external(folder: "MooCow_WiimoteMotionPlus")
        case .phoneAirLines: Self.external(folder: "PhoneAirLines_GM_masters")
        case .swimWatch: Self.external(folder: "SwimWatch_Turns")
        case .uWave: Self.external(folder: "uWave")
        }
    }
}
