import Foundation

/// Decimal numbers read straight from bytes, correctly rounded, so every value equals Swift's own
/// `Double(String)` bit for bit.
///
/// The grammar is the plain one data files use: `[-+]digits[.digits][(e|E)[-+]digits]`, with a comma in
/// place of the point when asked (`0,5`; then digits must stand on both sides of it, as
/// ``DelimitedText/isDecimalComma(_:)`` requires). Anything else (`nan`, `inf`, `.5`, hexadecimal, blanks)
/// is `nil`, for the caller's general path to read or reject with its own message.
///
/// Most numbers take Clinger's fast path: up to 19 digits whose value is below 2⁵³, scaled by an exact power of
/// ten up to 10²², is one correctly rounded IEEE operation. The rest (17 or more significant digits, large
/// exponents, subnormals) go to `Double(Substring)`, which is correctly rounded too.
enum DecimalParser {
    /// The number in bytes `[start, end)` of `p`, or `nil` when the text is not in the grammar.
    /// O(length), no allocation on the fast path.
    @inline(__always)
    static func parse(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, decimalComma: Bool = false) -> Double? {
        switch scan(p, start, end, decimalComma: decimalComma) {
        case .value(let v): return v
        case .invalid: return nil
        case .hard: return general(p, start, end)
        }
    }

    /// What ``scan(_:_:_:decimalComma:)`` found.
    enum Scan {
        /// The correctly rounded value, from the fast path.
        case value(Double)
        /// Text outside the grammar.
        case invalid
        /// A number in the grammar that the fast path cannot round exactly.
        case hard
    }

    /// Reads the grammar and takes the fast path when it is exact. O(length), no allocation.
    @inline(__always)
    static func scan(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, decimalComma: Bool) -> Scan {
        let (result, stop) = scanPrefix(p, start, end, decimalComma: decimalComma)
        return stop == end ? result : .invalid
    }

    /// Reads the longest number in the grammar that starts at `start` (and ends by `limit`), as ``scan(_:_:_:decimalComma:)``
    /// would read it alone; `stop` is where it ends. For parsers that read a line in one pass and check what
    /// follows the number themselves. O(length), no allocation.
    @inline(__always)
    static func scanPrefix(_ p: UnsafePointer<UInt8>, _ start: Int, _ limit: Int, decimalComma: Bool) -> (Scan, stop: Int) {
        var i = start
        guard i < limit else { return (.invalid, i) }
        var negative = false
        if p[i] == 45 { negative = true; i += 1 } else if p[i] == 43 { i += 1 }
        var mantissa: UInt64 = 0, significant = 0, exponent = 0
        let integerStart = i
        while i < limit, p[i] &- 48 < 10 {
            let digit = UInt64(p[i] &- 48)
            if mantissa != 0 || digit != 0 { significant += 1 }
            if significant <= 19 { mantissa = mantissa &* 10 &+ digit } else { exponent += 1 }
            i += 1
        }
        guard i > integerStart else { return (.invalid, i) }
        if i < limit, p[i] == 46 || (decimalComma && p[i] == 44) {
            i += 1
            let fractionStart = i
            while i < limit, p[i] &- 48 < 10 {
                let digit = UInt64(p[i] &- 48)
                if mantissa != 0 || digit != 0 { significant += 1 }
                if significant <= 19 { mantissa = mantissa &* 10 &+ digit; exponent -= 1 }
                i += 1
            }
            // `1.` and `1,` are left to the general path (Swift reads `1.`; `1,` is no decimal comma).
            guard i > fractionStart else { return (.invalid, i) }
        }
        if i < limit, p[i] | 0x20 == 101 {
            i += 1
            var negativeExponent = false
            if i < limit, p[i] == 45 { negativeExponent = true; i += 1 } else if i < limit, p[i] == 43 { i += 1 }
            let exponentStart = i
            var written = 0
            while i < limit, p[i] &- 48 < 10 {
                written = written &* 10 &+ Int(p[i] &- 48)
                i += 1
            }
            guard i > exponentStart else { return (.invalid, i) }
            // Beyond 6 digits the number is 0 or infinite, or holds as many digits: the general path decides.
            guard i - exponentStart <= 6 else { return (.hard, i) }
            exponent += negativeExponent ? -written : written
        }
        if mantissa == 0 { return (.value(negative ? -0.0 : 0.0), i) }
        guard significant <= 19, mantissa <= 1 << 53 else { return (.hard, i) }
        var value = Double(mantissa)
        if exponent < 0 {
            guard exponent >= -22 else { return (.hard, i) }
            value /= powerOfTen(-exponent)
        } else if exponent > 0 {
            if exponent > 22 {
                // 1.5e25 = 15000 × 10²²: exact while the integer stays below 2⁵³.
                guard exponent - 22 <= 15 else { return (.hard, i) }
                let scaled = mantissa.multipliedReportingOverflow(by: UInt64(powerOfTen(exponent - 22)))
                guard !scaled.overflow, scaled.partialValue <= 1 << 53 else { return (.hard, i) }
                value = Double(scaled.partialValue) * powerOfTen(22)
            } else {
                value *= powerOfTen(exponent)
            }
        }
        return (.value(negative ? -value : value), i)
    }

    /// Swift's own parser over the bytes, a comma read as the point: the path for the hard cases.
    static func general(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        let text = String(unsafeUninitializedCapacity: end - start) { out in
            for k in 0..<(end - start) { out[k] = p[start + k] == 44 ? 46 : p[start + k] }
            return end - start
        }
        return Double(text)
    }

    /// 10^k for k in 0...22, the powers of ten a `Double` holds exactly (so one operation with them rounds once).
    @inline(__always)
    private static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }
}
