import Foundation
import GestureKit

extension SampleCSVFormat {
    /// The raw (unscaled) time of a data line, as text and number; `nil` when the field is missing
    /// or not a finite number (parsing the line reports that).
    func rawTime(line: String) -> (text: String, value: Double)? {
        let fields = DelimitedText.fields(line.hasSuffix("\r") ? line.dropLast() : line[...], separator: delimiter.asciiValue)
        guard let timeIndex, timeIndex < fields.count else { return nil }
        let text = fields[timeIndex]
        // Date-time text counts as epoch seconds while the clock settles (steps are what matter then).
        if Double(text) == nil, let reading = DateTimePattern.iso8601.read(text) { return (text, Double(reading.nanoseconds) * 1e-9) }
        guard let value = Self.number(text, decimalComma: decimalComma), value.isFinite else { return nil }
        return (text, value)
    }

    /// Settles the clock from the first data lines (``ClockInference``): the time unit, when not stated,
    /// from the median step between their times (and the first time's size), and the origin: times
    /// become relative to the first sample when `relative` is set or the clock is an epoch or uptime one
    /// (``ClockInference/isEpochOrUptime(first:column:)``), kept exact for integer times; `firstLine` is
    /// the first line's number for errors. Returns what was inferred, in words, or `nil` when nothing was.
    ///
    /// - Throws: when no unit gives a plausible clock (``ClockInference/inferredUnit``), naming the line
    ///   and column, or when the acceleration at rest reads in the wrong unit.
    package mutating func settleClock(lines: [String], firstLine: Int = 2, relative: Bool) throws(DataFileError) -> String? {
        var said: [String] = []
        if let first = lines.first {
            // Decimal commas (`0,5`) show in the first data line, whatever the separator.
            let fields = DelimitedText.fields(first.hasSuffix("\r") ? first.dropLast() : first[...], separator: delimiter.asciiValue)
            if let example = fields.first(where: DelimitedText.isDecimalComma) {
                decimalComma = true
                said.append("numbers: decimal commas read (\(DataFileError.quote(example)) as \(example.replacingOccurrences(of: ",", with: ".")))")
            }
        }
        try checkRestingAcceleration(lines: lines, firstLine: firstLine)
        // A row clock (a stated rate) has nothing to infer.
        guard let timeIndex else { return said.isEmpty ? nil : said.joined(separator: ", ") }
        if let first = lines.first, let note = settleDateTimeClock(firstLine: first, column: columns[timeIndex]) {
            said.append(note)
            return said.joined(separator: ", ")
        }
        let raws = lines.compactMap(rawTime)
        guard let first = raws.first, let clock = ClockInference(times: raws.map(\.value)) else { return nil }
        let unit: TimeUnit
        if let statedTimeUnit {
            unit = statedTimeUnit
        } else {
            guard let inferred = clock.inferredUnit else {
                throw DataFileError(file: file, line: firstLine, field: columns[timeIndex],
                                    clock.unclear + "; state it in the header (time_ms, time (s))")
            }
            unit = inferred
            if clock.isWorthSaying(unit) { said.append(clock.note(column: columns[timeIndex], unit: unit)) }
        }
        timeScale = unit.secondsPerUnit
        let epoch = ClockInference.isEpochOrUptime(first: first.value * timeScale, column: columns[timeIndex])
        if relative || epoch, let origin = TimeOrigin(exactly: first.text, perSecond: unit.perSecond)
            ?? Int64(exactly: first.value.rounded(.down)).map({ TimeOrigin(units: $0, perSecond: unit.perSecond) }) {
            timeOrigin = origin
            timeShift = origin.seconds(exactly: first.text) ?? origin.seconds(raw: first.value)
            if !relative {
                said.append("made relative to the first sample (an epoch or uptime clock: it is at \(Self.format(first.value * timeScale)) s)")
            }
        }
        guard !said.isEmpty else { return nil }
        let column = columns[timeIndex]
        return said.joined(separator: ", ")
            + (said.contains { $0.hasPrefix("time") }
                ? "; to state it, name the unit in the header (\(column)_\(unit.rawValue) or \(column) (\(unit.rawValue)))" : "")
    }

    /// Refuses acceleration whose median magnitude over `lines` is about 9.8 "g" (m/s² read as g), or
    /// about 0.1 g when it was divided by 9.80665 (g read as m/s²): at rest a device reads 1 g.
    /// O(lines × fields).
    func checkRestingAcceleration(lines: [String], firstLine: Int) throws(DataFileError) {
        guard let x = mapping[.accelX] ?? mapping[.gravityX] else { return }
        var magnitudes: [Double] = []
        var vectors: [Vector3] = []
        var firstMagnitude: Double?
        for (i, line) in lines.enumerated() {
            guard let s = try? parse(line: line, lineNumber: firstLine + i, row: i) else { continue }
            let v = mapping[.accelX] != nil ? s.acceleration : (s.gravity ?? .zero)
            let m = v.length
            guard m.isFinite else { continue }
            if i == 0, firstLine <= 2, m > PhysicalPlausibility.largestAcceleration {
                // The first data line of a file, where metadata rows sit: judged against the lines after it.
                firstMagnitude = m
                continue
            }
            magnitudes.append(m)
            vectors.append(v)
        }
        if let first = firstMagnitude {
            let rest = PhysicalPlausibility.restingMagnitude(x: vectors.map(\.x), y: vectors.map(\.y), z: vectors.map(\.z))?.median
            if PhysicalPlausibility.isMetadata(firstMagnitude: first, restingMagnitude: rest) {
                throw DataFileError(file: file, line: firstLine, field: columns[x], PhysicalPlausibility.impossibleLeadingRowsMessage(rows: 1, magnitude: first))
            }
            // A sample in the unit of the lines after it (1,003 mg among milli-g): the unit check below names it.
            magnitudes.append(first)
        }
        magnitudes.sort()
        guard !magnitudes.isEmpty else { return }
        let median = magnitudes[magnitudes.count / 2]
        let converted = statedAcceleration == .androidMetersPerSecondSquared || headerAcceleration == .metersPerSecondSquared
        // Other unstated units (milli-g, counts) from the first lines alone: only far from 1 g, where motion
        // cannot take the median, and only when a common unit fits (the whole-file check judges still stretches).
        if statedAcceleration == nil, headerAcceleration == nil, median > 4 || (0.06..<0.25).contains(median),
           let fit = PhysicalPlausibility.fittingUnit(restingMagnitude: median), fit.factor != 1 / 9.80665, fit.factor != 9.80665 {
            throw DataFileError(file: file, line: firstLine, field: columns[x],
                                "the acceleration reads \(Self.format(median)) g over the first lines, where a device at rest reads 1 g: "
                                    + "the values look like \(fit.name) (times \(Self.format(fit.factor)) to g); CSV input holds g "
                                    + "(or m/s² with --acceleration android-ms2): convert the values, or describe the file with a dataset.yaml that states the scale")
        }
        if HeaderUnit.looksLikeMetersPerSecondSquared.contains(median), !converted {
            throw DataFileError(file: file, line: firstLine, field: columns[x],
                                "the acceleration reads \(Self.format(median)) g at rest, where a device reads 1 g: the values are m/s²; "
                                    + "pass --acceleration android-ms2 (Android's sign, +9.8 up at rest; naming the unit in the header instead, "
                                    + "\(columns[x]) (m/s^2), keeps the sign as written, right only for CoreMotion's −9.8 on z lying face up)")
        }
        // Divided by 9.80665, acceleration without gravity (m/s²) reads about 0.1 as g divided twice does, but it is
        // never still there: still stretches near 0 g, or motion about no mean, are refused as what they are.
        let verdict = PhysicalPlausibility.judgeRest(x: vectors.map(\.x), y: vectors.map(\.y), z: vectors.map(\.z))
        if case let .withoutGravity(magnitude)? = verdict, judgesRest {
            throw withoutGravityError(magnitude: magnitude, line: firstLine)
        }
        if HeaderUnit.looksLikeGTwiceConverted.contains(median), converted, vectors.count < PhysicalPlausibility.windowLength
            || PhysicalPlausibility.restingMagnitude(x: vectors.map(\.x), y: vectors.map(\.y), z: vectors.map(\.z))?.still == true {
            throw DataFileError(file: file, line: firstLine, field: columns[x],
                                "the acceleration reads \(Self.format(median)) g at rest once divided by 9.80665, where a device reads 1 g: "
                                    + "the values are already g; drop --acceleration android-ms2 (or fix the header's unit)")
        }
    }

    /// Takes the time column for ISO-8601 date-time text when the first data line's time is such text rather
    /// than a number: times become relative to that line's instant, exact to the nanosecond. Returns what was
    /// said, or `nil` when the time is a number.
    mutating func settleDateTimeClock(firstLine line: String, column: String) -> String? {
        guard let timeIndex else { return nil }
        let fields = DelimitedText.fields(line.hasSuffix("\r") ? line.dropLast() : line[...], separator: delimiter.asciiValue)
        guard timeIndex < fields.count, Double(fields[timeIndex]) == nil,
              let first = DateTimePattern.iso8601.read(fields[timeIndex]) else { return nil }
        isoTime = true
        statedTimeUnit = .ns
        timeScale = 1e-9
        timeOrigin = TimeOrigin(units: first.nanoseconds, perSecond: 1_000_000_000)
        timeShift = 0
        let zone = first.offset.map { $0 == 0 ? "UTC" : String(format: "offset %@%02d:%02d", $0 < 0 ? "−" : "+", abs($0) / 3600, abs($0) % 3600 / 60) }
            ?? "no offset, read as UTC"
        return "time: column '\(column)' read as ISO-8601 date-time text (\(zone)), made relative to the first sample (\(fields[timeIndex]))"
    }

    /// `value` with 4 significant digits, for messages.
    static func format(_ value: Double) -> String { String(format: "%.4g", value) }
}
