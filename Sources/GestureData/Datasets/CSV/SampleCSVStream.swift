import Foundation
import GestureKit

/// Reads a sample CSV one line at a time (for example `readLine()` on stdin): the first non-blank
/// line is the header, blank lines are skipped, and line numbers are counted for error messages.
///
/// Unless the time column's unit is stated (``timeUnit``, or the header: `time_ns`, `time (s)`,
/// `seconds_elapsed`), the first data lines are held back until a few steps between times have
/// been seen (or the input ends), and the unit is inferred from them
/// (``SampleCSVFormat/settleClock(lines:firstLine:relative:)``); what was inferred is added to ``notes`` once.
public struct SampleCSVStream: Sendable {
    /// The layout, once the header has been seen.
    package private(set) var format: SampleCSVFormat?
    /// The 1-based number of the last line fed.
    package private(set) var lineNumber = 0
    /// The name used in errors.
    package var file: String
    /// The acceleration unit of the data as stated (`--acceleration`); `nil`: from the header, else g.
    package var acceleration: SampleCSVFormat.AccelerationUnit?
    /// The rotation-rate unit of the data as stated (`--gyroscope`); `nil`: from the header, else rad/s.
    package var rotationRate: RotationUnit?
    /// Whether non-finite values are passed on rather than rejected (``SampleCSVFormat/acceptsNonFinite``).
    package var acceptsNonFinite: Bool
    /// The time column's unit, when the caller states it (overrides the header; nothing is inferred).
    package var timeUnit: SampleCSVFormat.TimeUnit?
    /// Whether times are made relative to the first sample even when they are not epoch-sized
    /// (epoch and uptime clocks always are).
    package var relativeTime: Bool
    /// The rate (Hz) of a file without a time column, as the caller states it: its data rows are then
    /// `1 / rate` s apart from 0. A file with a time column and a stated rate is an error.
    package var rate: Double?
    /// Lines before the header that are no part of the table: a preamble a `csv:` file's reader found
    /// (``SampleCSVFormat/headerBelowPreamble(_:)``), skipped, and said once in ``preambleNote``.
    package var preambleLines = 0
    /// What is said of the preamble skipped.
    package var preambleNote: String?
    /// What was inferred (column choices, bare `x,y,z`, the time unit and origin), one line each.
    package private(set) var notes: [String] = []
    /// Called with each note as it is made (for example to print it on standard error).
    package var onNote: (@Sendable (String) -> Void)?

    /// Positive steps between held times that settle the unit: 8 by default; a live stream that
    /// must not be held back (a pipe) can settle it from fewer (1: from the first two distinct times).
    public var stepsToInfer = 8
    /// Whether every sample is checked against physics as it arrives (``PhysicalPlausibility/Watch``): the rotation
    /// rate's sustained peak, acceleration and rotation rate together, and rest near 0 g, each refused at the line
    /// that settles it, as a whole file's check refuses it. On by default; a reader that checks the whole file at the
    /// end turns it off.
    package var watchesPhysics = true
    private var watch: PhysicalPlausibility.Watch?

    /// Lines held at most (batches sharing one time give no steps).
    static let linesToHold = 64
    /// Lines held when the first data line reads beyond any accelerometer, so that the lines after it say whether it
    /// is a sample in their unit or a metadata row.
    static let linesToJudgeMetadata = 16
    private var firstBeyondAcceleration = false
    /// Lines held when m/s² is stated, so that still stretches say whether about 0.1 g once divided is g divided
    /// twice (still) or acceleration without gravity (never still at 0.1 g).
    static let linesToJudgeStatedUnit = 32
    private var held: [(line: String, number: Int, row: Int)] = []
    /// Data lines taken so far (the next one's 0-based row).
    private var rows = 0
    private var heldSteps = 0
    private var lastHeldTime: Double?
    private var clockSettled = false
    /// Whether the clock is settled, so that a bad line is that line's problem alone (nothing is held).
    var isClockSettled: Bool { clockSettled }
    private var ready: [(sample: MotionSample, line: Int)] = []
    private var readyHead = 0

    /// A stream named `file` in errors.
    public init(file: String = "<stdin>", acceleration: SampleCSVFormat.AccelerationUnit? = nil,
                acceptsNonFinite: Bool = false, timeUnit: SampleCSVFormat.TimeUnit? = nil, relativeTime: Bool = false, rate: Double? = nil,
                rotationRate: RotationUnit? = nil) {
        self.rate = rate
        self.rotationRate = rotationRate
        self.file = file
        self.acceleration = acceleration
        self.acceptsNonFinite = acceptsNonFinite
        self.timeUnit = timeUnit
        self.relativeTime = relativeTime
    }

    /// Feeds the next line (without or with its line break). Returns the next sample that is ready,
    /// or `nil` for the header, blank lines and lines held while the time unit is inferred (those
    /// come from ``nextHeld()`` later; call ``finish()`` at the end of the input). O(fields).
    package mutating func feed(_ line: String) throws(DataFileError) -> MotionSample? {
        try accept(line, lineNumber: lineNumber + 1)
        return nextHeld()
    }

    /// Takes line `number`: the header, a blank line, or a data line made ready or held. After a
    /// tab-separated header a line of tabs is not blank but a row of empty fields (as `,,,` is).
    mutating func accept(_ line: String, lineNumber number: Int) throws(DataFileError) {
        lineNumber = number
        if number <= preambleLines {
            if number == preambleLines, let preambleNote { say(preambleNote) }
            return
        }
        guard !DelimitedText.isBlankLine(line, separator: format?.delimiter.asciiValue) else { return }
        guard let format else {
            // Excel's "sep=;" line before the header is no part of the table (the header shows the separator).
            if lineNumber == 1, let separator = DelimitedText.separatorDirective(line) {
                say("table: line 1 is the spreadsheet directive \(DataFileError.quote(line)): skipped, fields separated by '\(separator == 9 ? "\\t" : String(UnicodeScalar(separator)))'")
                return
            }
            let format = try SampleCSVFormat(header: line, file: file, acceleration: acceleration,
                                             acceptsNonFinite: acceptsNonFinite, timeUnit: timeUnit, rate: rate, rotationRate: rotationRate)
            self.format = format
            for note in format.notes { say(note) }
            return
        }
        if rows == 0, held.isEmpty, let note = self.format!.takeUnitsRow(line) {
            // A units row under the header (Shimmer's Consensys writes `ms`, `m/(s^2)`, `deg/s`) is no sample.
            say(note)
            return
        }
        let row = rows
        rows += 1
        if clockSettled {
            try makeReady(try format.parse(line: line, lineNumber: number, row: row), number)
            return
        }
        held.append((line, number, row))
        if held.count == 1, let first = try? format.parse(line: line, lineNumber: number, row: row),
           first.acceleration.length > PhysicalPlausibility.largestAcceleration {
            firstBeyondAcceleration = true
        }
        if firstBeyondAcceleration, held.count < Self.linesToJudgeMetadata { return }
        // Stated m/s² reading about 0.1 g is g divided twice only if it is still there: enough lines to tell.
        if format.statedAcceleration == .androidMetersPerSecondSquared, held.count < Self.linesToJudgeStatedUnit { return }
        if let t = format.rawTime(line: line)?.value {
            if let last = lastHeldTime, t > last { heldSteps += 1 }
            lastHeldTime = t
        }
        if format.statedTimeUnit != nil || heldSteps >= stepsToInfer || held.count >= Self.linesToHold {
            try settle()
        }
    }

    /// The input has ended: settles the clock from whatever lines were held.
    public mutating func finish() throws(DataFileError) {
        if !clockSettled, format != nil, !held.isEmpty { try settle() }
    }

    /// The next sample made ready (held lines once the clock is settled), with its line number.
    mutating func nextReady() -> (sample: MotionSample, line: Int)? {
        guard readyHead < ready.count else { return nil }
        defer {
            readyHead += 1
            if readyHead == ready.count { ready.removeAll(keepingCapacity: true); readyHead = 0 }
        }
        return ready[readyHead]
    }

    /// The next sample that was held back and is now ready, or `nil`.
    public mutating func nextHeld() -> MotionSample? { nextReady()?.sample }

    private mutating func settle() throws(DataFileError) {
        clockSettled = true
        let lines = held
        held = []
        if let note = try format!.settleClock(lines: lines.map(\.line), firstLine: lines.first?.number ?? lineNumber,
                                              relative: relativeTime) {
            say(note)
        }
        for (line, number, row) in lines { try makeReady(try format!.parse(line: line, lineNumber: number, row: row), number) }
    }

    /// Queues a parsed sample, after the physics watch has seen it (``watchesPhysics``).
    private mutating func makeReady(_ sample: MotionSample, _ number: Int) throws(DataFileError) {
        if watchesPhysics, let format {
            if watch == nil {
                watch = PhysicalPlausibility.Watch(judgesRest: format.judgesRest,
                                                   judgesRotation: format.mapping[.gyroX] != nil && !format.headerRotationRate)
            }
            if let finding = watch!.add(time: sample.timestamp, acceleration: sample.acceleration, rotationRate: sample.rotationRate) {
                let field: String
                if case .withoutGravity = finding {
                    field = format.columns[format.mapping[.accelX] ?? format.mapping[.gravityX] ?? 0]
                } else {
                    field = format.columns[format.mapping[.gyroX] ?? 0]
                }
                throw DataFileError(file: file, line: number, field: field, format.rotationMessage(finding))
            }
        }
        ready.append((sample, number))
    }

    private mutating func say(_ note: String) {
        notes.append(note)
        onNote?(note)
    }
}

/// A stream decodes the lines a ``LineSource`` reads (as `gesturelab detect` does), taking the
/// line numbers and file name from the source.
extension SampleCSVStream: SampleLineDecoder {
    /// Decodes line `lineNumber` of `file`: the header if none has been seen yet (returns `nil`),
    /// otherwise a sample, or `nil` while lines are held to infer the time unit. O(fields).
    public mutating func decode(_ line: Substring, lineNumber: Int, file: String) throws(DataFileError) -> MotionSample? {
        self.file = file
        try accept(String(line), lineNumber: lineNumber)
        return nextHeld()
    }

    /// Blank as ``accept(_:lineNumber:)`` skips it: white space only, where a tab that separates the
    /// header's fields is not white space but a row of empty fields. O(line length).
    public func isBlank(_ line: Substring) -> Bool {
        DelimitedText.isBlankLine(line, separator: format?.delimiter.asciiValue)
    }
}
