/// One problem found while reading or validating a dataset, located by file, line and field.
public struct DatasetProblem: Hashable, Sendable, CustomStringConvertible {
    /// How serious it is: errors make `validate` fail, warnings do not.
    public enum Severity: String, Codable, Sendable { case error, warning }

    /// What kind of problem it is.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case unreadable, emptyFile, missingColumn, missingValue, nonNumeric, nonFinite, outOfRange
        case unsortedTimestamps, duplicateTimestamps, gap, oneSample
        case annotationOutside, annotationOverlap, annotationInvalid, unknownLabel
    }

    /// Error or warning.
    public var severity: Severity
    /// The kind.
    public var kind: Kind
    /// Where and what: `file:line: field: message`.
    public var location: DataFileError

    /// Creates a problem.
    public init(_ kind: Kind, _ location: DataFileError, severity: Severity? = nil) {
        self.kind = kind
        self.location = location
        self.severity = severity ?? (kind == .gap ? .warning : .error)
    }

    public var description: String { "\(severity.rawValue): \(location) [\(kind.rawValue)]" }
}
