import Foundation

extension DatasetSource {
    /// The formats whose files are archives of labelled series, one example per row: `ucr` (UCR TSV) and
    /// `ts` (UEA / sktime), the formats whose reader reads labelled series.
    package static let seriesFormats = DatasetFormat.allCases.filter { $0.reader.labelledSeries != nil }

    /// Why a text does not name a dataset in a format the caller accepts.
    package enum FormatError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text has no `FORMAT:` prefix.
        case missingFormat(text: String, accepted: [DatasetFormat])
        /// The prefix (lowercased) is not one of the accepted formats.
        case unsupportedFormat(String, accepted: [DatasetFormat])

        /// One line, e.g. `unknown format 'foo'; supported: ucr, ts`.
        package var description: String {
            switch self {
            case let .missingFormat(text, accepted):
                "must be FORMAT:PATH with FORMAT one of \(accepted.map(\.rawValue).joined(separator: ", ")), e.g. \(accepted.first ?? .ucr):Data_TRAIN; got '\(text)'"
            case let .unsupportedFormat(format, accepted):
                "\(DatasetFormat(rawValue: format) != nil ? "format '\(format)' is not accepted here" : "unknown format '\(format)'"); supported: \(accepted.map(\.rawValue).joined(separator: ", "))"
            }
        }
    }

    /// Parses `FORMAT:PATH` (as ``init(_:)`` does), requiring FORMAT to be one of `accepted`.
    ///
    /// - Throws: ``FormatError`` when the text has no prefix or another one.
    package init(_ text: String, accepting accepted: [DatasetFormat]) throws(FormatError) {
        self.init(text)
        guard let format else {
            guard let (prefix, _) = Self.prefixed(text) else { throw .missingFormat(text: text, accepted: accepted) }
            throw .unsupportedFormat(prefix, accepted: accepted)
        }
        guard accepted.contains(format) else { throw .unsupportedFormat(format.rawValue, accepted: accepted) }
    }

    /// The examples of a ``seriesFormats`` file, in file order.
    ///
    /// - Parameter paddingNoiseSeed: when given, the NaN padding of variable-length series is kept and filled
    ///   with the archive's U[0, 0.001) noise (``PaddingNoise``) drawn with this seed; otherwise UCR padding
    ///   is trimmed.
    /// - Throws: ``DataFileError`` naming the file, line and column of what cannot be read, or the source
    ///   when its format holds no labelled series.
    /// - Complexity: O(file size).
    package func labelledSeries(paddingNoiseSeed: UInt? = nil) throws(DataFileError) -> [LabelledSeries] {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        guard let read = format?.reader.labelledSeries else {
            throw DataFileError(file: path, "\(format.map { "\($0.rawValue): " } ?? "a dataset folder ")holds no labelled series; use \(Self.seriesFormats.map { "\($0.rawValue):" }.joined(separator: " or "))")
        }
        let series = try read(url, paddingNoiseSeed == nil ? .trim : .keep)
        return paddingNoiseSeed.map { PaddingNoise.fill(series, seed: $0) } ?? series
    }
}
