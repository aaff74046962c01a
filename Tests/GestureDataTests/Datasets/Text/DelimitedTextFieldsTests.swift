import Foundation
@testable import GestureData
import Testing

/// The one field reader (issue 53, "fields are fields"): an empty field is empty in every dialect, tabs
/// included, so no field slides into the next column.
@Suite struct DelimitedTextFieldsTests {
    static let tab = UInt8(ascii: "\t"), comma = UInt8(ascii: ","), semicolon = UInt8(ascii: ";")

    @Test func anEmptyFieldBetweenTabsIsAField() {
        // The row of the issue: before the fix the second tab was taken for a blank and swallowed.
        #expect(DelimitedText.fields("0.50\t\t0.1\t-1.0\t7", separator: Self.tab) == ["0.50", "", "0.1", "-1.0", "7"])
        #expect(DelimitedText.fields("0.50,,0.1,-1.0,7", separator: Self.comma) == ["0.50", "", "0.1", "-1.0", "7"])
        #expect(DelimitedText.fields("a\tb\t\t", separator: Self.tab) == ["a", "b", "", ""])
        #expect(DelimitedText.fields("\ta", separator: Self.tab) == ["", "a"])
        #expect(DelimitedText.fields("\t\t", separator: Self.tab) == ["", "", ""])
    }

    @Test func spacesStayBlanksAroundATabSeparatedField() {
        #expect(DelimitedText.fields(" a \t  \t \"b\t c\" \t d", separator: Self.tab) == ["a", "", "b\t c", "d"])
    }

    @Test func aTabAroundAFieldIsABlankWhenItDoesNotSeparate() {
        #expect(DelimitedText.fields("\ta\t,\t,b", separator: Self.comma) == ["a", "", "b"])
        #expect(DelimitedText.fields("1\t;\t2", separator: Self.semicolon) == ["1", "2"])
        // Whitespace-separated: a run of blanks is one separator, so nothing is empty.
        #expect(DelimitedText.fields(" a \t\t b\t", separator: nil) == ["a", "b"])
    }

    @Test func theBlankRuleDependsOnTheSeparator() {
        #expect(DelimitedText.isBlank(32, separator: Self.tab) && DelimitedText.isBlank(32, separator: nil))
        #expect(!DelimitedText.isBlank(Self.tab, separator: Self.tab))
        #expect(DelimitedText.isBlank(Self.tab, separator: Self.comma) && DelimitedText.isBlank(Self.tab, separator: nil))
        #expect(!DelimitedText.isBlank(UInt8(ascii: "a"), separator: nil))
        // A line of tabs is a row of empty fields in a tab-separated file, and blank otherwise.
        #expect(!DelimitedText.isBlankLine("\t \t", separator: Self.tab) && DelimitedText.isBlankLine("\t \t\r", separator: Self.comma))
        #expect(DelimitedText.isBlankLine(" \r", separator: Self.tab) && DelimitedText.isBlankLine("", separator: nil))
        let bytes: [UInt8] = Array("\t \t".utf8)
        bytes.withUnsafeBufferPointer { b in
            #expect(!DelimitedText.isBlankLine(b.baseAddress!, from: 0, to: b.count, separator: Self.tab))
            #expect(DelimitedText.isBlankLine(b.baseAddress!, from: 0, to: b.count, separator: nil))
        }
    }
}
