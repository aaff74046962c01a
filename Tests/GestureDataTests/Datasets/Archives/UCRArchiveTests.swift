import GestureData
import Testing

/// The UCR reader splits fields on bytes; white space, labels and errors read as before.
@Suite struct UCRArchiveTests {
    @Test func fieldsLabelsAndBlankLines() throws {
        // Tabs, commas and spaces separate; a line of Unicode white space (no-break space) is blank; labels keep
        // non-ASCII letters; trailing NaN is padding.
        let text = "1\t0.5\t-1e-3\t2\n\u{00A0} \t\n\n2,1,2,NaN\ncafé 3 4.25 5\n"
        let series = try UCRArchive.parse(text, file: "x.tsv")
        #expect(series.map(\.label) == ["1", "2", "café"])
        #expect(series.map { $0.dimensions[0] } == [[0.5, -0.001, 2], [1, 2], [3, 4.25, 5]])
        let kept = try UCRArchive.parse(text, file: "x.tsv", padding: .keep)
        #expect(kept[1].dimensions[0].count == 3 && kept[1].dimensions[0][2].isNaN)
    }

    @Test func badFieldsNameLineAndColumn() {
        #expect(throws: DataFileError(file: "x.tsv", line: 2, field: "column 3", "'x5' is not a number")) {
            try UCRArchive.parse("1\t1\t2\n2\t3\tx5\n", file: "x.tsv")
        }
    }
}
