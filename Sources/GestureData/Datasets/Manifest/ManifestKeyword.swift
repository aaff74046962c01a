/// A manifest value from a fixed list, spelled in YAML as its raw value (`unit: ms`, `origin: first`).
///
/// Decoding checks the spelling: any other text is a ``DataFileError/Reason/notOneOf(_:allowed:)``
/// at the key's path, listing ``listed``. Encoding writes the raw value, so a manifest reads back and
/// writes out with the same text.
package protocol ManifestKeyword: RawRepresentable<String>, CaseIterable, Codable, Hashable, Sendable {
    /// The spellings an error lists, in order (every raw value unless some are aliases).
    static var listed: [String] { get }
    /// What is wrong with `text`, which spells no case.
    static func rejection(_ text: String) -> DataFileError.Reason
}

extension ManifestKeyword {
    /// Every raw value, in case order.
    package static var listed: [String] { allCases.map(\.rawValue) }

    /// The value is not one of ``listed``.
    package static func rejection(_ text: String) -> DataFileError.Reason { .notOneOf(text, allowed: listed) }

    /// Decodes the raw value, rejecting a spelling not in the list. O(1).
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: Self.rejection(text).message,
                                                    underlyingError: DataFileError(file: "", Self.rejection(text))))
        }
        self = value
    }
}

extension DatasetManifest {
    /// The axis and sign convention a manifest's data has after conversion: always CoreMotion's
    /// (x right, y to the top, z out of the screen; -1 g on z lying face up).
    package enum AxisConvention: String, ManifestKeyword {
        /// CoreMotion's axes and signs.
        case coremotion

        /// Any other convention is ``DataFileError/Reason/unsupportedAxisConvention(_:)``: signs are
        /// converted in the channel scales.
        package static func rejection(_ text: String) -> DataFileError.Reason { .unsupportedAxisConvention(text) }
    }
}
