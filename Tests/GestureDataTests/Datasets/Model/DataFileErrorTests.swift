@testable import GestureData
import Testing

/// Messages show what a file really holds: invisible characters are escaped where data is quoted.
@Suite struct DataFileErrorTests {
    @Test func invisibleCharactersAreShownEscaped() {
        #expect(DataFileError.quote("\u{FEFF}time,x") == #"'\u{FEFF}time,x'"#)
        #expect(DataFileError.quote("a\u{200B}b\u{7}") == #"'a\u{200B}b\u{7}'"#)
        #expect(DataFileError.quote("tab\tstays") == "'tab\tstays'")
        #expect(DataFileError.quote("accélération (m/s²)") == "'accélération (m/s²)'")
    }

    /// The words people read, one per reason: they are what the messages said before reasons had cases.
    static let wordings: [(DataFileError.Reason, String)] = [
        (.unreadable("no such file"), "cannot read: no such file"),
        (.notFound, "no such file or folder"),
        (.noDataFolder, "external dataset: supply the data folder (for example --data DIR)"),
        (.invalidYAML("mapping values are not allowed"), "invalid YAML: mapping values are not allowed"),
        (.missingKey, "missing"),
        (.typeMismatch(expected: "Array<Any>", detail: "expected a sequence"), "expected Array<Any>: expected a sequence"),
        (.unknownKey(suggestion: "scale", expected: []), "unknown key; did you mean 'scale'?"),
        (.unknownKey(suggestion: nil, expected: ["a", "b"]), "unknown key; expected one of a, b"),
        (.unknownKey(suggestion: nil, expected: []), "unknown key; nothing is expected here"),
        (.notOneOf("min", allowed: ["ns", "us", "ms", "s"]), "'min' is not one of ns, us, ms, s"),
        (.unknownFormat("x/2"), "unknown format 'x/2'"),
        (.unsupportedAxisConvention("enu"), "must be 'coremotion' (convert signs in the channel scales)"),
        (.conflictingKeys("unit", "scale"), "give unit or scale, not both"),
        (.relativeContradictsOrigin(relative: true, origin: "file"), "relative: true contradicts origin: file; give one of them"),
        (.noTimeSource, "give a time column, index, or a positive rate"),
        (.noStreams, "name at least one stream"),
        (.duplicateStream("acc"), "duplicate stream 'acc'"),
        (.noSuchStream("gyr"), "no stream named 'gyr'"),
        (.noStreamPattern("gyr"), "give the file pattern of stream 'gyr'"),
        (.noStreamFile("gyr"), "no file for stream 'gyr'"),
        (.notPositiveRate, "must be a positive number of Hz"),
        (.noLabelColumn, "give the label column or its index"),
        (.duplicateRecording("r1"), "duplicate recording id 'r1'"),
        (.noHeader, "the file has no header; give the column's index"),
        (.missingColumn("accel.y", header: ["time", "accel.x"]), "no column 'accel.y' in the header 'time,accel.x'"),
        (.timeBeyondClock(1e30), "time 1e+30 is beyond the range of a 64-bit clock"),
        (.unitMismatch(unit: "m/s²", channel: "accel.x", scale: 1, expected: 0.5),
         "the header states m/s² but the manifest scales accel.x by 1.0, which is not ±0.5; fix the channel's scale (±0.5 for m/s² to g)"),
        (.unlistedAnnotationFile(manifest: "d/dataset.yaml"),
         "no recording in d/dataset.yaml lists this annotation file, so it is not read; add it as a recording's annotations, or move it out of annotations/"),
        (.annotationHeader(found: "start;end;label", hint: .semicolons),
         "expected the header 'start,end,label', found 'start;end;label'; its fields are separated by ';': write them with ','"),
        (.annotationHeader(found: "label,start,end", hint: .reordered),
         "expected the header 'start,end,label', found 'label,start,end'; the columns are in another order: write them as start,end,label"),
        (.annotationHeader(found: "a,b", hint: nil), "expected the header 'start,end,label', found 'a,b'"),
        (.annotationFields(found: "1,2"), "expected start,end,label, found '1,2'"),
        (.notSeconds("x"), "'x' is not a finite number of seconds"),
        (.emptyLabel, "empty label"),
        (.unwritableLabel("a,b"), "label 'a,b' is empty or holds a comma or line break"),
        (.emptyFile(expectedHeader: "start,end,label"), "the file is empty (expected the header 'start,end,label')"),
        (.other("anything"), "anything"),
    ]

    @Test(arguments: wordings)
    func eachReasonReadsAsBefore(_ reason: DataFileError.Reason, _ wording: String) {
        #expect(reason.message == wording)
        #expect(DataFileError(file: "f.csv", line: 3, field: "x", reason).description == "f.csv:3: x: \(wording)")
    }

    @Test func aDataFileGivenAsADatasetNamesTheFormatThatReadsIt() {
        let message = DataFileError.Reason.notADataset(source: "csv:/tmp/a.csv").message
        #expect(message.hasPrefix("not a dataset folder or manifest (dataset.yaml); to read a data file, give its format, e.g. csv:/tmp/a.csv (formats: ucr: ts: grt: csv: synth:"))
    }

    @Test func strictDecodingMessagesBecomeUnknownKeysOnlyWhenTheyReadTheSame() {
        #expect(DataFileError.Reason(strictDecoding: "unknown key; did you mean 'scale'?") == .unknownKey(suggestion: "scale", expected: []))
        #expect(DataFileError.Reason(strictDecoding: "unknown key; expected one of a, b") == .unknownKey(suggestion: nil, expected: ["a", "b"]))
        #expect(DataFileError.Reason(strictDecoding: "must be a positive number, got 0.0") == .other("must be a positive number, got 0.0"))
    }

    @Test func settingTheMessageKeepsItsWords() {
        var error = DataFileError(file: "f", .noHeader)
        error.message += "; or pass --index"
        #expect(error.reason == .other("the file has no header; give the column's index; or pass --index"))
    }
}
