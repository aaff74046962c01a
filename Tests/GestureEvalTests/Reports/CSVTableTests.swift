import GestureEval
import Testing

@Suite struct CSVTableTests {
    @Test func fieldsAreQuotedOnlyWhenNeeded() {
        #expect(CSVTable.quote("plain") == "plain")
        #expect(CSVTable.quote("a,b") == "\"a,b\"")
        #expect(CSVTable.quote("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVTable.quote("two\nlines") == "\"two\nlines\"")
        #expect(CSVTable.quote("cr\r\nlf") == "\"cr\r\nlf\"")
        #expect(CSVTable.quote(" padded") == "\" padded\"")
        #expect(CSVTable.quote("") == "")
    }

    @Test func tableTextHasOneLinePerRow() {
        let table = CSVTable(header: ["method", "f1"], rows: [["dtw, dependent", CSVTable.number(0.1)], ["shake", CSVTable.number(1e-5)]])
        #expect(table.csv == "method,f1\n\"dtw, dependent\",0.1\nshake,1e-05\n")
        #expect(table.markdown == "| method | f1 |\n| --- | --- |\n| dtw, dependent | 0.1 |\n| shake | 1e-05 |\n")
    }

    /// Terminal text: columns padded to the widest cell, numbers and nan on the right, words on the left.
    @Test func alignedTextPadsColumnsAndRightAlignsNumbers() {
        let table = CSVTable(header: ["method", "f1"], rows: [["dtw", "0.875"], ["shake", "nan"], ["flip", "1"]])
        #expect(table.aligned == "method  f1   \ndtw     0.875\nshake     nan\nflip        1\n")
    }

    @Test func numbersRoundTrip() {
        for value in [0.1, 1.0 / 3, -2.5e-300, 123456789.125] {
            #expect(Double(CSVTable.number(value)) == value)
        }
        #expect(CSVTable.number(.nan) == "nan")
    }

    @Test func markdownEscapesPipes() {
        let table = CSVTable(header: ["a|b"], rows: [["x\ny"]])
        #expect(table.markdown.contains("a\\|b") && table.markdown.contains("| x y |"))
    }
}
