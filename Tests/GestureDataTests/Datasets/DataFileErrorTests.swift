import GestureData
import Testing

/// Messages show what a file really holds: invisible characters are escaped where data is quoted.
@Suite struct DataFileErrorTests {
    @Test func invisibleCharactersAreShownEscaped() {
        #expect(DataFileError.quote("\u{FEFF}time,x") == #"'\u{FEFF}time,x'"#)
        #expect(DataFileError.quote("a\u{200B}b\u{7}") == #"'a\u{200B}b\u{7}'"#)
        #expect(DataFileError.quote("tab\tstays") == "'tab\tstays'")
        #expect(DataFileError.quote("accélération (m/s²)") == "'accélération (m/s²)'")
    }
}
