import GestureKit

extension DataFileError {
    /// What is wrong with a data or configuration file: a case for each problem callers and tests
    /// tell apart, with the values its ``message`` quotes. The file, line and field are the error's.
    public enum Reason: Hashable, Sendable {
        // MARK: Files

        /// The file cannot be read; the system's explanation.
        case unreadable(String)
        /// Nothing exists at the path.
        case notFound
        /// A data file was given where a dataset folder or manifest is expected; `source` is the
        /// `format:PATH` that reads it.
        case notADataset(source: String)
        /// An external dataset's manifest names no data folder and none was supplied.
        case noDataFolder

        // MARK: Documents (YAML, JSON)

        /// A YAML syntax error; the parser's explanation.
        case invalidYAML(String)
        /// A required key is absent.
        case missingKey
        /// A value of the wrong type: the type expected, and what was found.
        case typeMismatch(expected: String, detail: String)
        /// A value the decoder rejects; the decoder's explanation.
        case invalidValue(String)
        /// A key no type reads: the known key it is probably a typo of, else the keys expected there.
        case unknownKey(suggestion: String?, expected: [String])
        /// A value outside a fixed list: the value, and the spellings the message lists.
        case notOneOf(String, allowed: [String])

        // MARK: Manifests

        /// The `format` tag is not `gesturelab-dataset/…`.
        case unknownFormat(String)
        /// `axisConvention` is not `coremotion`.
        case unsupportedAxisConvention(String)
        /// Two keys that state the same thing (`unit` and `scale`) are both given.
        case conflictingKeys(String, String)
        /// `relative` and `origin` disagree: the `relative` value and the `origin` as spelled.
        case relativeContradictsOrigin(relative: Bool, origin: String)
        /// A time mapping has no column, index or positive rate.
        case noTimeSource
        /// `streams` is an empty list.
        case noStreams
        /// Two streams share a name.
        case duplicateStream(String)
        /// `align.to` names no stream.
        case noSuchStream(String)
        /// A stream after the first has no file pattern in an external manifest.
        case noStreamPattern(String)
        /// A recording lists no file for a stream.
        case noStreamFile(String)
        /// `align.rate` is not a positive number.
        case notPositiveRate
        /// `labels` gives neither a column nor an index.
        case noLabelColumn
        /// Two recordings share an id.
        case duplicateRecording(String)

        // MARK: Data files

        /// A column is named but the file has no header.
        case noHeader
        /// A named column is not in the header.
        case missingColumn(String, header: [String])
        /// A data row has `found` fields where its header has `header`. The error's field names the
        /// column the row means: the first column it has no field for, or the first field past the last
        /// column (`column N`, 1-based).
        case fieldCount(found: Int, header: Int)
        /// The first time is beyond what a 64-bit clock counts.
        case timeBeyondClock(Double)
        /// A column's header states a unit that the manifest's scale for the channel contradicts:
        /// the unit's symbol, the channel, the scale given and the factor the unit needs.
        case unitMismatch(unit: String, channel: String, scale: Double, expected: Double)
        /// An annotation file under `annotations/` that no recording of `manifest` lists.
        case unlistedAnnotationFile(manifest: String)
        /// At rest the converted acceleration reads `magnitude` g, far from 1 g: the channels (`accel.x…z`),
        /// the scale stated (`nil` when none was), and the common unit that would fit (its factor to g
        /// and name), `nil` when none does.
        case restAwayFromOneG(magnitude: Double, channels: String, stated: Double?, fitFactor: Double?, fitName: String?)
        /// The converted rotation rate peaks at `peak` rad/s, faster than a hand turns a device: degrees
        /// per second read as rad/s. The channels and the scale stated (`nil` when none was).
        case rotationRateInDegrees(peak: Double, channels: String, stated: Double?)
        /// Still stretches of the acceleration rest at `magnitude` g, near 0: acceleration without gravity (or free
        /// fall) where total acceleration is expected; the channels, and `fix`, how to add gravity in this layout.
        case restWithoutGravity(magnitude: Double, channels: String, fix: String)
        /// The converted rotation rate holds `rate` rad/s across gravity while the acceleration stays still
        /// (``PhysicalPlausibility/StillWindows``): degrees per second, or a zero point nobody removed, read as rad/s.
        /// The channels, the scale stated (`nil` when none was) and the median rates at rest per axis.
        case rotationWhileStill(rate: Double, channels: String, stated: Double?, atRest: Vector3)
        /// Over a still stretch of `seconds` the converted rotation rate turns gravity by `turned` rad where the
        /// acceleration's direction moves `tilt` rad, `rate` rad/s across gravity on average over all still stretches
        /// (``PhysicalPlausibility/StillTurn``): degrees per second, or a zero point nobody removed, read as rad/s, too
        /// slow for ``rotationWhileStill(rate:channels:stated:atRest:)``. The channels, the scale stated (`nil` when none
        /// was) and the mean rates at rest per axis.
        case turnWhileStill(turned: Double, tilt: Double, seconds: Double, rate: Double, channels: String, stated: Double?, atRest: Vector3)

        // MARK: Annotation files

        /// The first line is not the annotation header; what was found, and what seems wrong with it.
        case annotationHeader(found: String, hint: HeaderHint?)
        /// A row without exactly three fields.
        case annotationFields(found: String)
        /// A start or end time that is not a finite number; the field's text.
        case notSeconds(String)
        /// An empty label.
        case emptyLabel
        /// A label that cannot be written in a CSV field.
        case unwritableLabel(String)
        /// A file without even its header line.
        case emptyFile(expectedHeader: String)

        /// Anything else, in words.
        case other(String)

        /// The wording of ``restAwayFromOneG(magnitude:channels:stated:fitFactor:fitName:)``.
        static func restMessage(magnitude: Double, channels: String, stated: Double?, factor: Double?, name: String?) -> String {
            let start = "\(stated.map { "with the stated scale \($0), " } ?? "")the acceleration reads \(SampleCSVFormat.format(magnitude)) g at rest "
                + "(median |a| of still stretches), where a device reads 1 g"
            guard let factor, let name else {
                return start + ": no common unit fits (milli-g, m/s², counts of 1/64 … 1/16384 g); state scale: for \(channels) "
                    + "in the manifest (and offset: for counts around a midpoint, such as 0…255 around 128)"
            }
            let scale = (stated ?? 1) * factor
            let sign = abs(factor - 1 / 9.80665) < 1e-12 ? " (\(-scale) for Android's sign, +9.8 up at rest)" : ""
            return start + ": the values look like \(name); give \(channels) scale: \(scale)\(sign) in the manifest"
        }

        /// What a gyroscope peaking at `rawPeak` as written is, and the scale to give `channels` `place` (`in the
        /// manifest`): degrees per second, or raw counts whose full-scale families are listed; never the `stated` scale
        /// again or a multiple of it (``PhysicalPlausibility/rotationScaleHint(rawPeak:applied:)``).
        static func rotationUnitAdvice(rawPeak: Double, stated: Double?, channels: String, place: String) -> String {
            let written = "they reach \(SampleCSVFormat.format(rawPeak)) as written"
            guard let hint = PhysicalPlausibility.rotationScaleHint(rawPeak: rawPeak, applied: stated) else {
                return "no common unit fits (\(written)); give \(channels) the scale in rad/s per value as written \(place)"
            }
            let what = rawPeak * .pi / 180 <= PhysicalPlausibility.largestRotationRate
                ? "the values are degrees per second" : "the values are raw counts (\(written), beyond the ±2,000 °/s of any gyroscope)"
            return what + "; give \(channels) " + hint + " " + place
        }

        /// What seems wrong with an annotation header.
        public enum HeaderHint: Hashable, Sendable {
            /// Its fields are separated by `;`.
            case semicolons
            /// It names start, end and label in another order.
            case reordered

            /// The advice appended to the message.
            var advice: String {
                switch self {
                case .semicolons: "; its fields are separated by ';': write them with ','"
                case .reordered: "; the columns are in another order: write them as start,end,label"
                }
            }
        }

        /// The wording people read.
        public var message: String {
            switch self {
            case let .unreadable(why): "cannot read: \(why)"
            case .notFound: "no such file or folder"
            case let .notADataset(source):
                "not a dataset folder or manifest (dataset.yaml); to read a data file, give its format, e.g. \(source) "
                    + "(formats: \(DatasetFormat.allCases.map { $0.rawValue + ":" }.joined(separator: " ")))"
            case .noDataFolder: "external dataset: supply the data folder (for example --data DIR)"
            case let .invalidYAML(why): "invalid YAML: \(why)"
            case .missingKey: "missing"
            case let .typeMismatch(expected, detail): "expected \(expected): \(detail)"
            case let .invalidValue(why): why
            case let .unknownKey(suggestion?, _): "unknown key; did you mean '\(suggestion)'?"
            case let .unknownKey(nil, expected):
                expected.isEmpty ? "unknown key; nothing is expected here" : "unknown key; expected one of \(expected.joined(separator: ", "))"
            case let .notOneOf(value, allowed): "'\(value)' is not one of \(allowed.joined(separator: ", "))"
            case let .unknownFormat(format): "unknown format '\(format)'"
            case .unsupportedAxisConvention: "must be 'coremotion' (convert signs in the channel scales)"
            case let .conflictingKeys(a, b): "give \(a) or \(b), not both"
            case let .relativeContradictsOrigin(relative, origin):
                "relative: \(relative) contradicts origin: \(origin); give one of them"
            case .noTimeSource: "give a time column, index, or a positive rate"
            case .noStreams: "name at least one stream"
            case let .duplicateStream(name): "duplicate stream '\(name)'"
            case let .noSuchStream(name): "no stream named '\(name)'"
            case let .noStreamPattern(name): "give the file pattern of stream '\(name)'"
            case let .noStreamFile(name): "no file for stream '\(name)'"
            case .notPositiveRate: "must be a positive number of Hz"
            case .noLabelColumn: "give the label column or its index"
            case let .duplicateRecording(id): "duplicate recording id '\(id)'"
            case .noHeader: "the file has no header; give the column's index"
            case let .missingColumn(name, header):
                "no column '\(name)' in the header \(DataFileError.quote(header.joined(separator: ",")))"
            case let .fieldCount(found, header) where found < header:
                "the line has \(found) of the header's \(header) fields: none for this column or any after it"
            case let .fieldCount(found, header):
                "the line has \(found) fields where the header has \(header): a field holding the separator must be quoted"
            case let .timeBeyondClock(first): "time \(first) is beyond the range of a 64-bit clock"
            case let .unitMismatch(unit, channel, scale, expected):
                "the header states \(unit) but the manifest scales \(channel) by \(scale), which is not ±\(expected); "
                    + "fix the channel's scale (±\(expected) for \(unit) to \(["°/s", "rad/s"].contains(unit) ? "rad/s" : "g"))"
            case let .unlistedAnnotationFile(manifest):
                "no recording in \(manifest) lists this annotation file, so it is not read; "
                    + "add it as a recording's annotations, or move it out of annotations/"
            case let .restAwayFromOneG(magnitude, channels, stated, factor, name):
                Self.restMessage(magnitude: magnitude, channels: channels, stated: stated, factor: factor, name: name)
            case let .rotationRateInDegrees(peak, channels, stated):
                "\(stated.map { "with the stated scale \($0), " } ?? "")the rotation rate peaks at \(SampleCSVFormat.format(peak)) rad/s, "
                    + "where no hand turns a device faster than about \(Int(PhysicalPlausibility.largestRotationRate)) rad/s: "
                    + Self.rotationUnitAdvice(rawPeak: peak / (stated ?? 1), stated: stated, channels: channels, place: "in the manifest")
            case let .restWithoutGravity(magnitude, channels, fix):
                PhysicalPlausibility.withoutGravityDiagnosis(magnitude: magnitude, channels: channels) + "; " + fix
            case let .rotationWhileStill(rate, channels, stated, atRest):
                PhysicalPlausibility.rotationWhileStillDiagnosis(rate: rate, stated: stated) + "; give \(channels) "
                    + (stated == nil ? "scale: \(Double.pi / 180) (π/180) for degrees per second, or " : "")
                    + "offsets \(SampleCSVFormat.format(-atRest.x)), \(SampleCSVFormat.format(-atRest.y)), \(SampleCSVFormat.format(-atRest.z)) "
                    + "(offset: on each, the rates at rest) for a zero point, in the manifest"
            case let .turnWhileStill(turned, tilt, seconds, rate, channels, stated, atRest):
                PhysicalPlausibility.turnWhileStillDiagnosis(.init(turned: turned, tilt: tilt, seconds: seconds, rate: rate, atRest: atRest), stated: stated)
                    + "; give \(channels) " + (stated == nil ? "scale: \(Double.pi / 180) (π/180) for degrees per second, or " : "")
                    + "offsets \(SampleCSVFormat.format(-atRest.x)), \(SampleCSVFormat.format(-atRest.y)), \(SampleCSVFormat.format(-atRest.z)) "
                    + "(offset: on each, the rates at rest) for a zero point, in the manifest"
            case let .annotationHeader(found, hint):
                "expected the header '\(Annotation.fileHeader)', found \(DataFileError.quote(found))\(hint?.advice ?? "")"
            case let .annotationFields(found): "expected start,end,label, found \(DataFileError.quote(found))"
            case let .notSeconds(text): "\(DataFileError.quote(text)) is not a finite number of seconds"
            case .emptyLabel: "empty label"
            case let .unwritableLabel(label): "label '\(label)' is empty or holds a comma or line break"
            case let .emptyFile(header): "the file is empty (expected the header '\(header)')"
            case let .other(message): message
            }
        }
    }
}
