import ArgumentParser
import Foundation
import GestureEval
import GestureKit

/// `gesturelab detect`: run one recognizer over a recording file or a live stream on standard input.
struct Detect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a recognizer over samples from a CSV file or standard input, printing events as they happen.",
        discussion: """
            Input: a CSV file, or `-` for standard input (one line per sample, for piping a live stream).
            The columns are found from the header (SampleCSVFormat): a time column (seconds_elapsed,
            time, timestamp, t; a unit as in time_ms, timestamp_ns, Time (s)) and acceleration (accel_x…z, ax…az, x,y,z, or a
            CoreMotion logger's gravity.x…z + userAcceleration.x…z), optionally rotation rate and
            attitude (quat_w…z or attitude.roll/pitch/yaw). Values are g, rad/s and radians with
            CoreMotion's sign; --acceleration android-ms2 reads Android's m/s² (+9.81 up at rest).
            Without a unit in the header, the unit is inferred from the first steps between times
            (seconds unless that gives a rate outside 1 Hz–10 kHz, then ms, µs or ns) and epoch or
            uptime clocks are made relative to the first sample; what was inferred is said once on
            standard error. --time-unit states the unit, --relative-time makes any clock start at 0.
            Each event is printed as soon as it is detected, as a table row or, with --json, as one
            JSON object per line with label, phase, start, end, time (seconds) and score.
            Samples with NaN/infinite values, repeated or backward timestamps are skipped and counted
            on standard error.
            With --report DIR it also writes a report folder: the signal with the detections marked
            (SVG, with its data as CSV), events.csv, results.json and summary.md; the samples are kept
            in memory for the plot, so use it on recordings rather than endless streams.
            Examples:
              gesturelab detect --recognizer orientation --input recording.csv
              gesturelab detect --recognizer orientation --input recording.csv --report reports/detect
              gesturelab detect --recognizer shake --input Accelerometer.csv --time-unit ns --relative-time
              phone-logger | gesturelab detect --recognizer orientation --config configs/orientation.yaml --input - --json
            Live (network) inputs listen or connect and run until Ctrl-C (or --idle-exit), then print a summary:
              gesturelab detect --recognizer shake --input osc://0.0.0.0:9000 --osc-map gyrosc --emit osc://127.0.0.1:9001
              gesturelab detect --recognizer shake --input udp://0.0.0.0:5005        (CSV lines, one or more per datagram)
              gesturelab detect --recognizer shake --input tcp://192.168.1.20:8000   (CSV lines from a server)
            OSC messages are routed by address (--osc-map: a preset or a YAML map, see OSCAddressMap); each
            event sent with --emit is /gesturelab/<label> with phase, score, start, end and time.
            """
    )

    @Option(help: "Recognizer identifier (\(RecognizerRegistry.standard.identifiers.joined(separator: ", "))).")
    var recognizer: String

    @Option(help: "Configuration file, YAML or JSON (a tuned configuration or trained model); default settings if omitted.")
    var config: String?

    @Option(help: "CSV file to read, - for standard input, osc://HOST:PORT (OSC over UDP, listening), udp://HOST:PORT (CSV lines in datagrams, listening) or tcp://HOST:PORT (CSV lines, connecting).")
    var input: String

    @Option(help: "OSC input: a preset (\(OSCAddressMap.presets.keys.sorted().joined(separator: ", "))) or a YAML address map; default: every preset's addresses.")
    var oscMap: String = "all"

    @Option(help: "Also send each event as an OSC message to osc://HOST:PORT (address PREFIX/<label>; phase, score, start, end, time).")
    var emit: String?

    @Option(help: "Address prefix of the emitted OSC messages.")
    var emitPrefix: String = "/gesturelab"

    @Option(help: "Network input: say on standard error when nothing arrived for this many seconds.")
    var stallTime: Double = 2

    @Option(help: "Network input: end (with the summary) when nothing arrived for this many seconds; Ctrl-C ends it too.")
    var idleExit: Double?

    @Option(help: "Unit and sign of the acceleration columns: g (CoreMotion) or android-ms2.")
    var acceleration: SampleCSVFormat.AccelerationUnit = .g

    @Option(help: "Unit of the time column (s, ms, us, ns), overriding the header; inferred from the values when omitted.")
    var timeUnit: SampleCSVFormat.TimeUnit?

    @Flag(help: "Make times relative to the first sample (epoch and uptime clocks always are).")
    var relativeTime = false

    @Flag(help: "Print one JSON object per event and line instead of a table.")
    var json = false

    @Flag(help: "Replay a file at its recorded pace instead of as fast as possible (a stream on - arrives at its own pace).")
    var realtime = false

    @Option(help: "Also write a report folder (signal plot with detections, events, results).")
    var report: String?

    func validate() throws {
        try EntryOptions.validateRecognizer(recognizer)
        guard !input.isEmpty else { throw ValidationError("--input needs a file path or -") }
    }

    func run() throws {
        let model = try makeRecognizer()
        let endpoint = try LiveEndpoint(input)
        var emitter: OSCEventEmitter?
        if let emit {
            guard case let .osc(host, port) = try LiveEndpoint(emit) else { throw ValidationError("--emit takes osc://HOST:PORT") }
            emitter = OSCEventEmitter(socket: try NetworkSocket.udpSending(host: host, port: port), prefix: emitPrefix)
        }
        var pipeline = Pipeline(recognizers: [model])
        var recorder = report.map { _ in DetectionReport(recognizer: recognizer, configuration: config, input: input) }
        let name = endpoint.description
        // Non-finite values reach the pipeline's validator, which skips and counts them.
        var decoder = SampleCSVStream(acceleration: acceleration, acceptsNonFinite: true, timeUnit: timeUnit,
                                      relativeTime: relativeTime)
        // What was inferred (time unit, epoch origin, bare x,y,z) is said once, beside the events.
        decoder.onNote = { CommandLineError.printLine("detect: \($0)") }
        switch endpoint {
        case let .osc(host, port):
            StopFlag.installInterruptHandler()
            var source = OSCMotionSource(socket: try NetworkSocket.udpListening(host: host, port: port, timeout: 0.2),
                                         map: try OSCAddressMap.named(oscMap), stallTime: stallTime, idleLimit: idleExit)
            source.onStall = { CommandLineError.printLine(String(format: "detect: \(name): nothing received for %.1f s", $0)) }
            CommandLineError.printLine("detect: listening on \(name) (OSC)")
            try consume(&source, through: &pipeline, recording: &recorder, emitter: &emitter)
            var summary = "detect: \(name): \(source.datagrams) datagrams"
            if source.malformed > 0 { summary += ", \(source.malformed) malformed (first: \(source.firstProblem ?? ""))" }
            if !source.unrouted.isEmpty {
                summary += "; addresses without a route (see --osc-map): " + source.unrouted.keys.sorted().map { "\($0) ×\(source.unrouted[$0]!)" }.joined(separator: ", ")
            }
            CommandLineError.printLine(summary)
        case .udp, .tcp:
            StopFlag.installInterruptHandler()
            let socket: NetworkSocket
            if case let .udp(host, port) = endpoint {
                socket = try NetworkSocket.udpListening(host: host, port: port, timeout: 0.2)
                CommandLineError.printLine("detect: listening on \(name) (CSV lines)")
            } else if case let .tcp(host, port) = endpoint {
                socket = try NetworkSocket.tcpConnected(host: host, port: port, timeout: 0.2)
            } else { return }
            // A live stream is held back no longer than its first step between times.
            decoder.stepsToInfer = 1
            var lines = LineSource(handle: FileHandle(fileDescriptor: socket.descriptor, closeOnDealloc: false), name: name, decoder: decoder)
            var reported = false
            let stallTime = stallTime, idleExit = idleExit
            lines.onIdle = { idle in
                if idle < stallTime { reported = false }
                if idle >= stallTime, !reported {
                    reported = true
                    CommandLineError.printLine(String(format: "detect: \(name): nothing received for %.1f s", idle))
                }
                return StopFlag.interrupt.isSet || idleExit.map { idle >= $0 } ?? false
            }
            try withExtendedLifetime(socket) { try consume(&lines, through: &pipeline, recording: &recorder, emitter: &emitter) }
        case .file, .standardInput:
            let handle: FileHandle
            if endpoint == .standardInput {
                handle = .standardInput
                decoder.stepsToInfer = 1
            } else {
                guard FileManager.default.fileExists(atPath: input) else { throw DataFileError(file: input, "no such file") }
                do {
                    handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
                } catch {
                    throw DataFileError(file: input, "cannot open: \(error.localizedDescription)")
                }
            }
            defer { if endpoint != .standardInput { try? handle.close() } }
            var lines = LineSource(handle: handle, name: name, decoder: decoder)
            // A stream on standard input already arrives at its own pace.
            if realtime && endpoint != .standardInput {
                // A gap waits no longer than the validator's gap policy.
                var paced = lines.paced(maximumWait: pipeline.validator.maximumGap)
                try consume(&paced, through: &pipeline, recording: &recorder, emitter: &emitter)
            } else {
                try consume(&lines, through: &pipeline, recording: &recorder, emitter: &emitter)
            }
        }
        if let emitter {
            CommandLineError.printLine("detect: sent \(emitter.sent) events over OSC" + (emitter.failed > 0 ? ", \(emitter.failed) could not be sent" : ""))
        }

        let diagnostics = pipeline.validator.diagnostics
        // Nothing exits 0 having read nothing.
        if diagnostics.accepted == 0 {
            throw DataFileError(file: name, diagnostics.skipped == 0
                ? "no samples: the input is empty or holds only a header"
                : "no usable samples: all \(diagnostics.skipped) were skipped (\(diagnostics.nonFinite) non-finite, "
                    + "\(diagnostics.duplicates) duplicate time, \(diagnostics.outOfOrder) out of order)")
        }
        if let report, let recorder {
            try recorder.write(to: URL(fileURLWithPath: report, isDirectory: true),
                               command: GestureLab.invocation)
        }
        if diagnostics.skipped > 0 {
            CommandLineError.printLine(
                "detect: skipped \(diagnostics.skipped) of \(diagnostics.skipped + diagnostics.accepted) samples "
                    + "(\(diagnostics.nonFinite) non-finite, \(diagnostics.duplicates) duplicate time, "
                    + "\(diagnostics.outOfOrder) out of order)")
        }
    }

    /// Feeds every sample of `source` through `pipeline`, printing each event as it happens.
    private func consume<Source: MotionSource>(_ source: inout Source, through pipeline: inout Pipeline,
                                               recording recorder: inout DetectionReport?, emitter: inout OSCEventEmitter?) throws {
        let printer = EventPrinter(json: json)
        printer.header()
        var events: [GestureEvent] = []
        var checked = false
        while let sample = try source.next() {
            if !checked, sample.isFinite {
                // The first sample shows the input's channels: derive what the model lacks (said once), or stop.
                checked = true
                do {
                    for derived in try pipeline.prepare(for: sample) { CommandLineError.printLine("detect: \(derived)") }
                } catch {
                    throw DataFileError(file: input == "-" ? "<stdin>" : input, error.description)
                }
            }
            events.removeAll(keepingCapacity: true)
            pipeline.process(sample, into: &events)
            for event in events {
                printer.print(event)
                emitter?.emit(event)
            }
            // The pipeline's validator says whether the report keeps this sample.
            recorder?.record(sample, events: events, validator: pipeline.validator)
        }
    }

    private func makeRecognizer() throws -> any Recognizer {
        let registry = RecognizerRegistry.standard
        guard let config else { return try registry.makeRecognizer(recognizer) }
        let url = URL(fileURLWithPath: config)
        let document = try ConfigurationFile.read(url)
        // An older trained model still reads; say which keys it renames, once each.
        if recognizer == DTWTemplateMatcher.identifier, let json = document as? JSONConfiguration {
            for line in DTWModelFile.deprecations(in: json.data, file: config) { CommandLineError.printLine("detect: deprecated: \(line)") }
        }
        do {
            return try registry.makeRecognizer(recognizer, configuration: document)
        } catch let error as RecognizerRegistry.Error {
            throw DataFileError(file: config, "\(error)")
        }
    }
}

/// `--acceleration g|android-ms2`.
extension SampleCSVFormat.AccelerationUnit: ExpressibleByArgument {}
/// `--time-unit s|ms|us|ns`.
extension SampleCSVFormat.TimeUnit: ExpressibleByArgument {}
