import Foundation
import GestureKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SampleCSVReader {
    /// How a data line is read once the header and the clock are settled: what each field feeds (a column of
    /// ``SampleCSVColumns``, the time, or a check only), and the clock's scale and origin.
    struct LinePlan {
        /// The format, for the lines the plan cannot read plainly.
        let format: SampleCSVFormat
        /// Per field: the column it feeds (≥ 0), ``time``, ``checked`` (parsed, not kept) or ``unused``.
        private let targets: [Int]
        /// Per field: the factor its value is multiplied by (the acceleration unit; 1 elsewhere).
        private let factors: [Double]
        /// Fields a line must hold to be read: the header's, no fewer and no more.
        private let fieldCount: Int
        private let separator: UInt8
        static let time = -1, checked = -2, unused = -3

        /// The plan for `format`, or `nil` when its header needs the general path (no time column, date-time
        /// text for time, no acceleration columns, attitude as Euler angles, one field read as two things, other
        /// sensor units, whose empty cells are their gaps).
        init?(_ format: SampleCSVFormat) {
            guard let timeIndex = format.timeIndex, !format.isoTime, format.sensorUnits.isEmpty else { return nil }
            let m = format.mapping
            func all(_ names: [Channel]) -> [Int]? {
                let found = names.compactMap { m[$0] }
                return found.count == names.count ? found : nil
            }
            guard let acceleration = all(Channel.acceleration) else { return nil }
            let quaternion = all([.quatW, .quatX, .quatY, .quatZ])
            if quaternion == nil, all([.roll, .pitch, .yaw]) != nil { return nil }
            // Column order of SampleCSVColumns, each with its factor.
            var kept: [(field: Int, factor: Double)] = acceleration.map { ($0, format.accelerationFactor) }
            for (names, factor) in [(Channel.rotationRate, format.rotationRateFactor), (Channel.gravity, format.accelerationFactor),
                                    (Channel.userAcceleration, format.accelerationFactor)] {
                kept += (all(names) ?? []).map { ($0, factor) }
            }
            kept += (quaternion ?? []).map { ($0, 1.0) }
            let checks = (all(Channel.magneticField) ?? []) + (m[.pressure].map { [$0] } ?? [])
            // Every column of the header, so that a line of another width goes to the general parser.
            let width = format.columns.count
            var targets = Array(repeating: Self.unused, count: width), factors = Array(repeating: 1.0, count: width)
            func claim(_ field: Int, _ target: Int, _ factor: Double = 1) -> Bool {
                guard targets[field] == Self.unused else { return false }
                targets[field] = target
                factors[field] = factor
                return true
            }
            guard claim(timeIndex, Self.time) else { return nil }
            for (column, k) in kept.enumerated() { guard claim(k.field, column, k.factor) else { return nil } }
            for field in checks { guard claim(field, Self.checked) else { return nil } }
            guard let separator = format.delimiter.asciiValue else { return nil }
            self.format = format
            self.targets = targets
            self.factors = factors
            fieldCount = width
            self.separator = separator
        }

        /// Reads the line that starts at `start` in one pass, up to its line break (all lines before `limit` are
        /// complete): the values of its kept columns into `row[column × stride]`, and its time in seconds and where
        /// the next line starts as the result. `nil` when the line is not plain (the general parser then reads it,
        /// or says what is wrong with it): a field not a plain number, too few or too many fields, a quote it cannot take.
        /// Fields are split as ``DelimitedText/field(_:from:to:separator:)`` splits them. O(line length), no allocation.
        @inline(__always)
        func read(_ base: UnsafePointer<UInt8>, _ start: Int, _ limit: Int, into row: UnsafeMutablePointer<Double>,
                  stride: Int) -> (time: Double, next: Int)? {
            let separator = self.separator
            // A comma can be a decimal mark only where it cannot be the separator (quoted, or with `;`).
            let comma = format.decimalComma, bareComma = comma && separator != 44
            @inline(__always) func isBreak(_ c: UInt8) -> Bool { c == 10 || c == 13 }
            @inline(__always) func isBlank(_ c: UInt8) -> Bool { DelimitedText.isBlank(c, separator: separator) }
            var time = 0.0, p = start, field = 0
            while true {
                while p < limit, isBlank(base[p]) { p += 1 }
                let target = targets[field]
                if target == Self.unused {
                    guard p >= limit || base[p] != 34 else { return nil }
                    while p < limit, base[p] != separator, !isBreak(base[p]) { p += 1 }
                } else {
                    let quoted = p < limit && base[p] == 34
                    let a = quoted ? p + 1 : p
                    let (scan, b) = DecimalParser.scanPrefix(base, a, limit, decimalComma: quoted ? comma : bareComma)
                    p = b
                    if quoted {
                        // The closing quote (not a doubled one); anything up to the separator is not part of the field.
                        guard p < limit, base[p] == 34, p + 1 >= limit || base[p + 1] != 34 else { return nil }
                        p += 1
                        while p < limit, base[p] != separator, !isBreak(base[p]) { p += 1 }
                    } else {
                        while p < limit, isBlank(base[p]) { p += 1 }
                        guard p >= limit || base[p] == separator || isBreak(base[p]) else { return nil }
                    }
                    let value: Double
                    switch scan {
                    case .value(let v): value = v
                    case .invalid: return nil
                    case .hard:
                        guard let v = DecimalParser.general(base, a, b) else { return nil }
                        value = v
                    }
                    guard value.isFinite else { return nil }
                    if target == Self.time {
                        guard let t = self.time(value, base, a, b) else { return nil }
                        time = t
                    } else if target >= 0 {
                        row[target * stride] = value * factors[field]
                    }
                }
                field += 1
                if field == fieldCount {
                    guard p >= limit || isBreak(base[p]) else { return nil }  // too many fields
                    return (time, TextLines.lineBreak(in: base, from: p, count: limit).next)
                }
                guard p < limit, base[p] == separator else { return nil }  // too few fields
                p += 1
            }
        }

        /// The time in seconds of the time field, whose text `[a, b)` reads as the finite `value`, as
        /// ``SampleCSVFormat/parse(line:lineNumber:)`` computes it.
        @inline(__always)
        private func time(_ value: Double, _ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int) -> Double? {
            guard let origin = format.timeOrigin else { return value * format.timeScale }
            // Epoch nanoseconds are read exactly from their text when they are integers.
            if let units = SampleCSVReader.integer(base, a, b), let exact = origin.seconds(exactly: units) {
                return exact - format.timeShift
            }
            return origin.seconds(raw: value) - format.timeShift
        }
    }

    /// The integer `[-+]digits` in bytes `[a, b)` as `Int64(String)` reads it; `nil` when it is not one or
    /// does not fit. O(length).
    @inline(__always)
    static func integer(_ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int) -> Int64? {
        var i = a
        guard i < b else { return nil }
        let negative = base[i] == 45
        if negative || base[i] == 43 { i += 1 }
        guard i < b else { return nil }
        var magnitude: UInt64 = 0
        while i < b {
            let digit = base[i] &- 48
            guard digit < 10 else { return nil }
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
            guard !o1, !o2 else { return nil }
            magnitude = sum
            i += 1
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }
}
