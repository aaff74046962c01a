extension DatasetManifest {
    /// The text layout of recording files.
    package struct TableFormat: Codable, Hashable, Sendable {
        /// The field separator.
        package var delimiter: Delimiter
        /// Whether the first non-blank line names the columns.
        package var header: Bool
        /// The decimal mark of numbers. When absent, a file whose first data row holds a number like
        /// `0,5` is read with decimal commas, and that is reported.
        package var decimal: DecimalMark?
        /// Lines before the header (or the first data row) that are not part of the table: a device's
        /// preamble (ActiGraph writes 10) or metadata rows (Empatica E4 writes 2); 0 when absent.
        package var skipRows: Int?
        /// Text every data line ends with after its last field, removed before splitting (WISDM ends
        /// each line with `;`); none when absent.
        package var trailing: String?
        /// The line under the header that states each column's unit, counted from the header (1: the line right
        /// under it; 2 when a row of `CAL`/`RAW` comes first, as some Shimmer exports write). That line and the
        /// lines above it are not data. Its units set a channel's scale where the manifest states none
        /// (acceleration `m/(s^2)`, `g`, `mg`; rotation rate `deg/s`, `rad/s`) and the time column's unit (`ms`,
        /// `s`, `us`, `ns`); a unit it does not know leaves the channel as stated. `nil` without a units row.
        package var unitsRow: Int?
        /// What blank lines between data rows mean: nothing (``BlankLines/skip``, when absent), or the end of one
        /// capture and the start of the next (``BlankLines/split``), each read as its own recording.
        package var blankLines: BlankLines?
        /// Comma-separated with a header.
        package init(delimiter: Delimiter = .comma, header: Bool = true, decimal: DecimalMark? = nil,
                    skipRows: Int? = nil, trailing: String? = nil, unitsRow: Int? = nil, blankLines: BlankLines? = nil) {
            self.blankLines = blankLines
            self.delimiter = delimiter
            self.header = header
            self.decimal = decimal
            self.skipRows = skipRows
            self.trailing = trailing
            self.unitsRow = unitsRow
        }

        /// The layout as ``DelimitedText`` reads it.
        var layout: DelimitedText.Layout {
            DelimitedText.Layout(separator: delimiter.separator, sniffsSeparator: delimiter == .auto, decimalComma: decimal.map { $0 == .comma },
                                 header: header, skipRows: skipRows ?? 0, unitsRow: unitsRow ?? 0, trailing: trailing ?? "")
        }

        /// A field separator, spelled `,`, `;`, `\t` (or `tab`), `whitespace` or `auto`.
        package enum Delimiter: Hashable, Sendable, Codable {
            /// The most frequent of `,`, `;` and a tab in the header line, said in the reading report.
            case auto
            /// Runs of spaces and tabs (spelled `whitespace` or as one space).
            case whitespace
            /// A tab (spelled `\t`, `tab` or as a tab character).
            case tab
            /// One separator byte: the first byte of any other spelling (`,` when empty).
            case byte(UInt8)

            /// A comma.
            package static let comma = Self.byte(UInt8(ascii: ","))
            /// A semicolon.
            package static let semicolon = Self.byte(UInt8(ascii: ";"))

            /// The separator a spelling names; every text names one.
            package init(spelling: String) {
                switch spelling {
                case "auto": self = .auto
                case "whitespace", " ": self = .whitespace
                case "\\t", "tab", "\t": self = .tab
                default: self = .byte(spelling.utf8.first ?? UInt8(ascii: ","))
                }
            }

            /// The manifest spelling: `auto`, `whitespace`, `\t`, or the separator itself.
            package var spelling: String {
                switch self {
                case .auto: "auto"
                case .whitespace: "whitespace"
                case .tab: "\\t"
                case let .byte(b): String(decoding: [b], as: UTF8.self)
                }
            }

            /// The separator byte to start with (`,` for ``auto`` until the header settles it), or
            /// `nil` for runs of whitespace.
            package var separator: UInt8? {
                switch self {
                case .auto: UInt8(ascii: ",")
                case .whitespace: nil
                case .tab: UInt8(ascii: "\t")
                case let .byte(b): b
                }
            }

            /// Decodes any spelling.
            package init(from decoder: any Decoder) throws {
                self.init(spelling: try decoder.singleValueContainer().decode(String.self))
            }

            /// Encodes ``spelling``.
            package func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                try c.encode(spelling)
            }
        }

        /// What blank lines between data rows mean.
        package enum BlankLines: String, ManifestKeyword {
            /// Nothing: they are skipped and the rows around them are one recording.
            case skip
            /// A run of blank lines ends one capture and starts the next: a file of captures (Arduino's IMU_Capture log
            /// of 1-s captures) becomes one recording a capture, `<id>-1`, `<id>-2`, …; with no time column (a stated
            /// rate) each capture's time starts at 0, with one the times are the file's.
            case split
        }

        /// The decimal mark of numbers.
        package enum DecimalMark: String, ManifestKeyword {
            /// `0.5`.
            case point
            /// `0,5`, as phyphox's "semicolon, decimal comma" export and comma-decimal spreadsheets write.
            case comma
        }
    }
}
