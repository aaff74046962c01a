import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit
#if canImport(Glibc)
import Glibc
#endif

/// `gesturelab record`: write a live input into a project dataset, with gestures marked from the keyboard.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a live input into a dataset, marking gestures with keys as they happen.",
        discussion: """
            Reads samples from any input detect reads (a file, -, osc://, udp://, tcp://, ws://) and writes \
            them into DIR as a project dataset: dataset.yaml, recordings/ID.csv and annotations/ID.csv. \
            The folder is a valid dataset at every moment: samples are appended and put on the disk every \
            --flush-interval seconds, and the annotations and manifest are replaced atomically, so a crash \
            or a pulled cable loses at most the last interval. Recording into an existing dataset adds one \
            more recording (SUBJECT-1, SUBJECT-2, …) with the same channels.
            Keys (on the terminal; with --input - they are read from /dev/tty):
              1…9   the label of that number (--labels order): press to start a mark,
                    press again to end it (--hold: hold the key while the mark lasts)
              u     undo: cancel the open mark, or remove the last one
              q     stop (Ctrl-C too); an open mark ends at the last sample
            On a terminal a status line shows the time, the acceleration magnitude and the last mark. \
            Samples with NaN/infinite values, repeated or backward timestamps are skipped and counted.
            Examples:
              gesturelab record --input osc://0.0.0.0:9000 --osc-map gyrosc --out \\
                datasets/mine --labels shake,flip --subject ana
              gesturelab record --input ws://192.168.1.20:8080 --out datasets/mine \\
                --labels shake --hold
              gesturelab datasets validate datasets/mine
            """
    )

    @OptionGroup var source: LiveInputOptions

    @Option(help: "The dataset folder to write (created, or a project dataset to add a recording to).")
    var out: String

    @Option(parsing: .upToNextOption, help: "The labels that keys 1…9 mark, separated by commas or spaces.")
    var labels: [String]

    @Option(help: "The subject (person) recorded.")
    var subject = "subject"

    @Option(help: "The session (day, device, sitting).")
    var session = "1"

    @Option(help: "The recording's id (default SUBJECT-N, the first free N).")
    var id: String?

    @Flag(help: "Hold a key for as long as the gesture lasts instead of pressing it at the start and at the end.")
    var hold = false

    @Option(help: "--hold: seconds without a key repeat that end the mark (above the terminal's repeat delay).")
    var holdRelease = 0.6

    @Option(help: "Seconds between appends to the recording file (what a crash can lose).")
    var flushInterval = 0.5

    func validate() throws {
        let names = labelList
        guard !names.isEmpty, names.count <= 9 else { throw ValidationError("--labels needs 1 to 9 labels, got \(names.count)") }
        guard Set(names).count == names.count, names.allSatisfy({ !$0.isEmpty && !$0.contains(where: { $0.isWhitespace || $0 == "/" }) }) else {
            throw ValidationError("--labels must be distinct names without spaces or slashes, got '\(labels.joined(separator: " "))'")
        }
        guard holdRelease > 0, flushInterval > 0 else { throw ValidationError("--hold-release and --flush-interval must be positive seconds") }
    }

    private var labelList: [String] { JudgingOptions.labelList(labels) }

    func run() throws {
        let names = labelList
        StopFlag.installInterruptHandler()
        var validator = SampleValidator()
        var input = try source.open(command: "record", maximumGap: validator.maximumGap)
        defer { input.close() }
        // With samples on standard input, the keys come from the controlling terminal.
        let keyDescriptor = source.input == "-" ? open("/dev/tty", O_RDONLY) : STDIN_FILENO
        if keyDescriptor < 0 { CommandLineError.printLine("record: no terminal for keys (/dev/tty); recording without marks") }
        let keys = keyDescriptor >= 0 ? TerminalKeys(descriptor: keyDescriptor) : nil
        defer { keys?.restore() }
        let showsStatus = isatty(STDERR_FILENO) == 1
        CommandLineError.printLine("record: keys " + names.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
            + " · u undo · q stop" + (hold ? " (hold a key while the gesture lasts)" : " (press at the start and at the end)"))

        var marker = AnnotationMarker(mode: hold ? .hold(release: holdRelease) : .toggle)
        var recorder: DatasetRecorder?
        var status = StatusLine(enabled: showsStatus)
        var last: MotionSample?
        var lastFlush = PacingClock.system.now()
        func say(_ change: AnnotationMarker.Change?) throws {
            guard let change else { return }
            switch change {
            case let .started(label, time): status.note("\(label) from \(Self.seconds(time)) s …")
            case let .ended(a):
                status.print("record: \(a.label) \(Self.seconds(a.start))–\(Self.seconds(a.end)) s")
                try recorder?.write(annotations: marker.annotations)
            case let .cancelled(label): status.print("record: \(label) cancelled")
            case let .undone(a):
                status.print("record: undid \(a.label) \(Self.seconds(a.start))–\(Self.seconds(a.end)) s")
                try recorder?.write(annotations: marker.annotations)
            }
        }
        while let sample = try input.source.next() {
            guard validator.accept(sample) else { continue }
            if recorder == nil {
                let channels = sample.rotationRate == nil ? Channel.acceleration : Channel.acceleration + Channel.rotationRate
                recorder = try DatasetRecorder(
                    folder: URL(fileURLWithPath: out, isDirectory: true), name: URL(fileURLWithPath: out).lastPathComponent,
                    description: "Recorded with gesturelab record from \(input.name).", subject: subject, session: session, id: id,
                    classes: names, channels: channels)
                CommandLineError.printLine("record: writing \(out)/\(recorder!.recordingFile)")
            }
            recorder!.append(sample)
            last = sample
            for key in keys?.drain() ?? [] {
                if key == UInt8(ascii: "u") {
                    try say(marker.undo())
                } else if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(key), Int(key - UInt8(ascii: "1")) < names.count {
                    for change in marker.press(names[Int(key - UInt8(ascii: "1"))], at: sample.timestamp) { try say(change) }
                }
            }
            try say(marker.advance(to: sample.timestamp))
            let now = PacingClock.system.now()
            if now - lastFlush >= flushInterval {
                try recorder!.flush()
                lastFlush = now
            }
            status.show(sample, marks: marker.annotations.count, now: now)
            if StopFlag.interrupt.isSet { break }
        }
        status.clear()
        guard let recorder, let last else {
            throw DataFileError(file: input.name, "no usable samples: nothing was recorded")
        }
        try say(marker.finish(at: last.timestamp))
        try recorder.flush()
        try recorder.write(annotations: marker.annotations)
        if let summary = input.summary { CommandLineError.printLine("record: \(summary)") }
        let diagnostics = validator.diagnostics
        if diagnostics.skipped > 0 {
            CommandLineError.printLine("record: skipped \(diagnostics.skipped) samples (\(diagnostics.nonFinite) non-finite, "
                + "\(diagnostics.duplicates) duplicate time, \(diagnostics.outOfOrder) out of order)")
        }
        let counts = Dictionary(grouping: marker.annotations, by: \.label).map { "\($0.key) ×\($0.value.count)" }.sorted()
        CommandLineError.printLine("record: \(recorder.samples) samples, \(Self.seconds(last.timestamp)) s, in \(out)/\(recorder.recordingFile); "
            + "\(marker.annotations.count) marks" + (counts.isEmpty ? "" : " (" + counts.joined(separator: ", ") + ")"))
    }

    /// `seconds` with two decimals.
    static func seconds(_ seconds: Double) -> String { String(format: "%.2f", seconds) }
}

/// The live status line on a terminal's standard error: time, acceleration magnitude as a bar, marks.
/// Redrawn at most 10 times a second; lines printed through it do not mix with it.
private struct StatusLine {
    let enabled: Bool
    private var lastDraw = 0.0
    private var open = ""

    init(enabled: Bool) { self.enabled = enabled }

    mutating func note(_ text: String) { open = text }

    mutating func print(_ line: String) {
        open = ""
        if enabled { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        CommandLineError.printLine(line)
    }

    mutating func show(_ sample: MotionSample, marks: Int, now: Double) {
        guard enabled, now - lastDraw >= 0.1 else { return }
        lastDraw = now
        let a = sample.acceleration, magnitude = (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot()
        let bar = String(repeating: "█", count: min(20, Int((magnitude * 5).rounded())))
        let padded = bar + String(repeating: " ", count: 20 - bar.count)
        let text = "\r\u{1B}[K" + String(format: "%8.2f s  |a| %5.2f g ", sample.timestamp, magnitude) + padded + "  marks \(marks)  \(open)"
        FileHandle.standardError.write(Data(text.utf8))
    }

    func clear() {
        if enabled { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
