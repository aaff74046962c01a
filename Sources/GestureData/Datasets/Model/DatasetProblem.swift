/// One problem found while reading or validating a dataset, located by file, line and field.
public struct DatasetProblem: Hashable, Sendable, CustomStringConvertible {
    /// How serious it is: errors make `validate` fail, warnings do not.
    package enum Severity: String, Codable, Sendable { case error, warning }

    /// What kind of problem it is.
    package enum Kind: String, Codable, Sendable, CaseIterable {
        /// The file cannot be read.
        case unreadable
        /// The file has no data rows.
        case emptyFile
        /// The time column's unit is not stated and no unit (s, ms, µs, ns) makes its steps a rate
        /// of 1 Hz–10 kHz; the file is not read.
        case timeUnit
        /// A column the manifest names is not in the header.
        case missingColumn
        /// A field is empty or the line is too short.
        case missingValue
        /// The line has more fields than its header: a separator inside an unquoted field (a decimal
        /// comma in a comma-separated file), so its fields cannot be matched to the columns.
        case extraFields
        /// A field is not a number.
        case nonNumeric
        /// A value is NaN or infinite.
        case nonFinite
        /// A value is outside the manifest's valid range.
        case outOfRange
        /// A timestamp is earlier than the previous one.
        case unsortedTimestamps
        /// A timestamp equals the previous one.
        case duplicateTimestamps
        /// An interval is longer than the gap threshold (a warning).
        case gap
        /// The recording has one sample.
        case oneSample
        /// An annotation extends beyond its recording.
        case annotationOutside
        /// An annotation starts before the previous one ends.
        case annotationOverlap
        /// An annotation ends before it starts.
        case annotationInvalid
        /// An annotation's label is not among the manifest's classes.
        case unknownLabel
        /// A column's unit (stated in its header, or shown by the values: about 9.8 "g" at rest)
        /// disagrees with the scale the manifest gives it.
        case units
        /// A file under the dataset's `annotations/` folder that no recording lists, so nothing reads it (a warning).
        case unlistedFile
        /// Another device's clock offset could not be estimated (an error), or its estimate is doubtful: a weak
        /// correlation, or the edge of the search range (a warning).
        case clockOffset
    }

    /// Error or warning.
    package var severity: Severity
    /// The kind.
    package var kind: Kind
    /// Where and what: `file:line: field: message`.
    package var location: DataFileError

    /// Creates a problem.
    package init(_ kind: Kind, _ location: DataFileError, severity: Severity? = nil) {
        self.kind = kind
        self.location = location
        self.severity = severity ?? (kind == .gap || kind == .unlistedFile ? .warning : .error)
    }

    /// `problems` with every error before every warning, each kind in its order: what every listing prints, so that an
    /// error is never hidden after a screenful of warnings. O(problems).
    package static func errorsFirst(_ problems: [DatasetProblem]) -> [DatasetProblem] {
        problems.filter { $0.severity == .error } + problems.filter { $0.severity != .error }
    }

    /// `severity: location [kind]`.
    public var description: String { "\(severity.rawValue): \(location) [\(kind.rawValue)]" }
}
