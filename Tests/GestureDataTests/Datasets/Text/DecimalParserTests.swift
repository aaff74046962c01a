import Foundation
@testable import GestureData
import GestureKit
import Testing

/// The reader's number parser gives Swift's own `Double(String)` bit for bit on every text in its grammar, and
/// leaves every other text to the general path.
@Suite struct DecimalParserTests {
    /// `DecimalParser.parse` on `text` (`decimalComma` as the reader passes it).
    static func parse(_ text: String, decimalComma: Bool = false) -> Double? {
        var copy = text
        return copy.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return DecimalParser.parse(UnsafePointer(bitPattern: 1)!, 0, 0) }
            return DecimalParser.parse(base, 0, bytes.count, decimalComma: decimalComma)
        }
    }

    /// Expects the parser to agree with `Double(String)` (the comma read as a point), or to decline.
    static func expectAgreement(_ text: String, decimalComma: Bool = false, mustParse: Bool,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let reference = Double(decimalComma ? text.replacingOccurrences(of: ",", with: ".") : text)
        let parsed = parse(text, decimalComma: decimalComma)
        if mustParse {
            #expect(parsed != nil, "\(text) is in the grammar", sourceLocation: sourceLocation)
        }
        guard let parsed else { return }
        #expect(reference?.bitPattern == parsed.bitPattern, "\(text): \(parsed) against Double(String) \(String(describing: reference))",
                sourceLocation: sourceLocation)
    }

    @Test func edgeCasesMatchSwift() {
        let texts = [
            "0", "-0", "+0", "-0.0", "0.000", "-0e10", "0e-999", "1", "+1", "-1", "007", "0.1", "0.2", "0.3", "-0.0015",
            "1e22", "1e23", "1E22", "9e22", "1.5e25", "123456789e30", "9007199254740992", "9007199254740993",
            "9007199254740993.0", "18446744073709551615", "18446744073709551616", "1234567890123456789",
            "12345678901234567890", "0.12345678901234567890123", "3.141592653589793238462643383279",
            "1e-22", "1e-23", "4.9e-324", "5e-324", "2e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
            "2.2250738585072011e-308", "2.2250738585072014e-308", "1.7976931348623157e308", "1.7976931348623158e308",
            "1.7976931348623159e308", "1e308", "1e309", "1e-400", "1e400", "1e0000001", "1e-0000001", "1e999999",
            "1e1000000", "1e-1000000", "0.000000000000000000000000001", "100000000000000000000000",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
            "9.109383e-31", "6.02214076e23", "1700000000.123456789", "1700000000123456789",
        ]
        for text in texts { Self.expectAgreement(text, mustParse: true) }
    }

    @Test func decimalCommasMatchSwiftOnThePoint() {
        for text in ["0,5", "-12,25", "1,25E-2", "+3,0", "0,1", "123456,789012345678901"] {
            Self.expectAgreement(text, decimalComma: true, mustParse: true)
            #expect(Self.parse(text) == nil, "\(text) without decimal commas")
        }
        #expect(Self.parse("1,5", decimalComma: false) == nil)
        #expect(Self.parse("1,5,6", decimalComma: true) == nil)
        #expect(Self.parse("1.5,6", decimalComma: true) == nil)
    }

    /// Texts outside the grammar are declined (the general path reads or rejects them), never misread.
    @Test func otherTextsAreDeclined() {
        for text in ["", "-", "+", ".5", "5.", "-.5", "1e", "1e+", "1e-", "e5", "nan", "NaN", "inf", "-inf", "infinity",
                     "0x10", "0x1p3", " 1", "1 ", "1\t", "1.2.3", "1e5e5", "--1", "+-1", "1_000", "١", "1d", "1f", "\"1\""] {
            #expect(Self.parse(text) == nil, "\(text)")
            #expect(Self.parse(text, decimalComma: true) == nil, "\(text) with decimal commas")
        }
    }

    /// Seeded random texts: digits of every length, points anywhere, exponents near every limit.
    @Test func randomTextsMatchSwift() {
        var random = SplitMix64(seed: 47)
        for _ in 0..<60_000 {
            var text = ""
            switch Int.random(in: 0..<3, using: &random) {
            case 0: text = "-"
            case 1: text = "+"
            default: break
            }
            let digits = Int.random(in: 1...(Bool.random(using: &random) ? 8 : 30), using: &random)
            var body = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            if Int.random(in: 0..<4, using: &random) == 0 { body = String(repeating: "0", count: Int.random(in: 1...5, using: &random)) + body }
            if digits > 1, Bool.random(using: &random) {
                let point = Int.random(in: 1..<body.count, using: &random)
                body.insert(".", at: body.index(body.startIndex, offsetBy: point))
            }
            text += body
            if Int.random(in: 0..<3, using: &random) == 0 {
                let exponent = Bool.random(using: &random) ? Int.random(in: -30...30, using: &random) : Int.random(in: -345...310, using: &random)
                text += (Bool.random(using: &random) ? "e" : "E") + (exponent >= 0 && Bool.random(using: &random) ? "+" : "") + String(exponent)
            }
            Self.expectAgreement(text, mustParse: true)
        }
    }

    /// Every double's shortest text (what Swift and Python print) and its text to a few significant digits.
    @Test func printedDoublesRoundTrip() {
        var random = SplitMix64(seed: 2026)
        for _ in 0..<40_000 {
            let value = Double(bitPattern: random.next() & ~(0x7FF << 52) | (UInt64.random(in: 0...0x7FE, using: &random) << 52))
            Self.expectAgreement("\(value)", mustParse: true)
            #expect(Self.parse("\(value)")?.bitPattern == value.bitPattern)
            let digits = Int.random(in: 1...17, using: &random)
            Self.expectAgreement(String(format: "%.\(digits)g", value), mustParse: true)
            Self.expectAgreement(String(format: "%.\(digits % 7)f", value / 1e6), mustParse: true)
        }
    }
}
