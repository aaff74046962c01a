import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab detect`: run one recognizer over a recording file or a live stream (standard input or the network).
struct Detect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a recognizer over samples from a CSV file or standard input, printing events as they happen.",
        discussion: """
            Input: a CSV file, or `-` for standard input (one line per sample, for piping a live stream). \
            The columns are found from the header (SampleCSVFormat): a time column (seconds_elapsed, time, \
            timestamp, t; a unit as in time_ms, timestamp_ns, Time (s)) and acceleration (accel_x…z, ax…az, \
            x,y,z, the project's user.x…z, or a CoreMotion logger's gravity.x…z + userAcceleration.x…z), \
            optionally rotation rate and attitude (quat_w…z or attitude.roll/pitch/yaw). Other sensor units worn \
            with it are columns with the same names and @PLACEMENT (accel_x@lowerarm, gyro_x@lowerarm), read by \
            a model's placed channels (accel.magnitude@lowerarm); an empty cell is that unit's gap, whose last \
            values the recognizers hold. --merge SOURCE --merge-placement wrist adds a second live source (two \
            phones, a phone and a watch), each sample of the input carrying the second's latest reading as the \
            unit wrist when it arrived within 0.25 s of it (else that unit's gap); the input keeps its own clock, \
            and the second's readings are put on it by when they arrived here (a file takes --realtime). Fields may be quoted \
            (RFC 4180), separated by commas, semicolons or tabs, and a file whose numbers are written 0,5 is \
            read with decimal commas (said once).

            Values are g, rad/s and radians with CoreMotion's sign. A unit in the header, as in \
            Acceleration x (m/s^2), sets the scale (not the sign); --acceleration android-ms2 reads Android's \
            m/s² (+9.81 up at rest), --acceleration g-up g with up positive (+1 g up at rest: x-io, Xsens, \
            Axivity, MetaWear), and either must agree with a unit the header states. Acceleration that reads \
            about 9.8 g at rest is refused: it is m/s² read as g. A gyroscope header stating \
            (deg/s), as in gX (deg/s), or --gyroscope deg/s reads degrees per second. As samples arrive they \
            are checked against physics as a manifest's are: a rotation rate above 35 rad/s for 8 samples, one \
            of 1 rad/s or more across gravity held while the acceleration stays still, or a turn of gravity \
            over still stretches that the accelerometer does not see, is °/s (or a zero point) read as rad/s; \
            acceleration resting near 0 g, or in motion averaging out second by second, has no gravity (user \
            acceleration, such as Sensor Logger's iOS Accelerometer.csv); each is refused at the line that \
            shows it, naming the fix.

            Without a unit in the header, the time unit is inferred from the first steps between times \
            (seconds unless that gives a rate outside 1 Hz–10 kHz, then ms, µs or ns). Epoch clocks, and \
            uptime clocks named as such (…sinceReboot), are made relative to the first sample; what was \
            inferred is said once on standard error. --time-unit states the unit of the time column whose \
            header states none (with Sensor Logger's time and seconds_elapsed, --time-unit ns reads time); \
            --relative-time makes any clock start at 0. A file without a time column (evenly spaced rows, as \
            many loggers write them) needs its rate: --rate HZ puts its rows 1/HZ s apart from 0.

            A recognizer that needs a channel the input lacks gets it derived, said once: user acceleration \
            and gravity by a gravity split, attitude (flip) by the AttitudeEstimator from the accelerometer \
            and gyroscope, or from the accelerometer alone; a channel nothing derives stops it, named.

            Each event is printed as soon as it is detected, as a table row or, with --json, as one JSON \
            object per line with label, phase, start, end, time (seconds) and score. Samples with \
            NaN/infinite values, repeated or backward timestamps are skipped and counted on standard error. \
            With --report DIR it also writes a report folder: the signal with the detections marked (SVG, \
            with its data as CSV), events.csv, results.json and summary.md; the samples are kept in memory \
            for the plot, so use it on recordings rather than endless streams.

            Examples:
              gesturelab detect --recognizer orientation --input recording.csv
              gesturelab detect --recognizer orientation --input recording.csv \\
                --report reports/detect
              gesturelab detect --recognizer shake --input TotalAcceleration.csv \\
                --acceleration android-ms2
              phone-logger | gesturelab detect --recognizer orientation --input - --json

            Live (network) inputs listen or connect and run until Ctrl-C (or --idle-exit), then print a \
            summary:
              gesturelab detect --recognizer shake --input osc://0.0.0.0:9000 \\
                --osc-map gyrosc
              gesturelab detect --recognizer shake --input udp://0.0.0.0:5005
              gesturelab detect --recognizer shake --input tcp://192.168.1.20:8000
              gesturelab detect --recognizer shake --input ws://192.168.1.20:8080

            udp:// reads CSV lines, one or more per datagram; tcp:// reads CSV lines from a server. OSC \
            messages are routed by address (--osc-map: a preset or a YAML map, see OSCAddressMap); each event \
            sent with --emit osc://HOST:PORT is /gesturelab/<label> with phase, score, start, end and time. \
            ws:// reads SensorServer's JSON (accelerometer in m/s², gyroscope in rad/s, nanosecond \
            timestamps); without a path it asks for both sensors on one connection \
            (/sensors/connect?types=[...]).
            """
    )

    @Option(help: "Recognizer identifier (\(GestureLab.registries.recognizers.identifiers.joined(separator: ", "))).")
    var recognizer: String

    @Option(help: "Configuration file, YAML or JSON (a tuned configuration or trained model); default settings if omitted.")
    var config: String?

    @OptionGroup var source: LiveInputOptions

    @Option(help: "A second live source (a form --input takes) merged into the input as the unit --merge-placement; its readings join the input's samples by their arrival here, on the input's clock.")
    var merge: String?

    @Option(help: "The placement --merge's readings are given (wrist, pocket, …): placed channels such as accel.magnitude@wrist read them.")
    var mergePlacement: String?

    @Option(help: "Also send each event as an OSC message to osc://HOST:PORT (address PREFIX/<label>; phase, score, start, end, time).")
    var emit: String?

    @Option(help: "Address prefix of the emitted OSC messages.")
    var emitPrefix: String = "/gesturelab"

    @Flag(help: "Print one JSON object per event and line instead of a table.")
    var json = false

    @Option(help: "Also write a report folder (signal plot with detections, events, results).")
    var report: String?

    func validate() throws {
        try EntryOptions.validateRecognizer(recognizer)
        guard let merge else {
            if mergePlacement != nil { throw ValidationError("--merge-placement names the unit of --merge, which is missing") }
            return
        }
        guard let placement = mergePlacement, MotionChannel.isPlacement(placement) else {
            throw ValidationError("--merge needs --merge-placement, letters, digits, _ and - (e.g. --merge-placement wrist)")
        }
        // Samples are timed by their arrival: a file read as fast as possible would arrive all at once.
        for given in [source.input, merge] where !source.realtime {
            if case .file = try LiveEndpoint(given) {
                throw ValidationError("--merge times samples by their arrival here: replay the file \(given) at its pace with --realtime")
            }
        }
    }

    func run() throws {
        let model = try makePipeline()
        var emitter: OSCEventEmitter?
        if let emit {
            guard case let .osc(host, port) = try LiveEndpoint(emit) else { throw ValidationError("--emit takes osc://HOST:PORT") }
            emitter = OSCEventEmitter(socket: try NetworkSocket.udpSending(host: host, port: port), prefix: emitPrefix)
        }
        var pipeline = model
        var recorder = report.map { _ in DetectionReport(recognizer: recognizer, configuration: config, input: source.input) }
        var input = try source.open(command: "detect", maximumGap: pipeline.validator.maximumGap)
        // A second source joins on the receiving clock; its input stays open while the merge reads it.
        var second: LiveInput? = nil
        if let merge, let placement = mergePlacement {
            var options = source
            options.input = merge
            let other = try options.open(command: "detect", maximumGap: pipeline.validator.maximumGap)
            input.source = MergedMotionSource(primary: input.source, other: other.source, placement: placement)
            second = other
            CommandLineError.printLine("detect: \(merge) merged as the unit \(placement), current by arrival, on the input's clock")
        }
        defer { second?.close() }
        let name = input.name
        do {
            try consume(&input.source, named: name, through: &pipeline, recording: &recorder, emitter: &emitter)
        } catch var error as DataFileError where error.message.contains("the time unit is unclear") {
            // The reader names the header fix; this command can also state the unit.
            error.message += ", or pass --time-unit"
            throw error
        }
        input.close()
        let diagnostics = pipeline.validator.diagnostics
        if let summary = input.summary { CommandLineError.printLine("detect: \(summary)") }
        if let emitter {
            CommandLineError.printLine("detect: sent \(emitter.sent) events over OSC" + (emitter.failed > 0 ? ", \(emitter.failed) could not be sent" : ""))
        }

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
        if pipeline.forcedDecisions > 0 {
            // Never silent: past the event stage's capacity, events may differ from what calibration counts.
            CommandLineError.printLine(
                "detect: the event stage dropped \(pipeline.forcedDecisions) candidates undecided (more than "
                    + "\(EventStage.defaultCapacity) waited at once: a long chain of ever better matches); events near them "
                    + "may differ from what calibration counts")
        }
        if diagnostics.skipped > 0 {
            CommandLineError.printLine(
                "detect: skipped \(diagnostics.skipped) of \(diagnostics.skipped + diagnostics.accepted) samples "
                    + "(\(diagnostics.nonFinite) non-finite, \(diagnostics.duplicates) duplicate time, "
                    + "\(diagnostics.outOfOrder) out of order)")
        }
    }

    /// Feeds every sample of `source` through `pipeline`, printing each event as it happens.
    private func consume(_ source: inout any MotionSource, named name: String, through pipeline: inout Pipeline,
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
                    throw DataFileError(file: name, error.description)
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
        // The input ended (end of file, Ctrl-C, --idle-exit): report what the recognizer still held back.
        events.removeAll(keepingCapacity: true)
        pipeline.finish(into: &events)
        for event in events {
            printer.print(event)
            emitter?.emit(event)
        }
        recorder?.record(finished: events)
    }

    /// The recognizer behind the stages its configuration or model names (what training evaluated).
    private func makePipeline() throws -> Pipeline {
        let registry = GestureLab.registries.recognizers
        guard let config else { return Pipeline(recognizers: [try registry.makeRecognizer(recognizer)]) }
        let url = URL(fileURLWithPath: config)
        let document = try ConfigurationFile.read(url)
        let trainer = GestureLab.registries.trainers.trainer(for: recognizer)
        // An older trained model still reads; say which keys it renames, once each.
        if let json = document as? JSONConfiguration {
            for line in trainer.deprecations(inModelFile: json.data, file: config) { CommandLineError.printLine("detect: deprecated: \(line)") }
        }
        do {
            // A model that records its stages itself (DTW) runs behind them; another configuration may carry a `stages` key.
            if let pipeline = try trainer.pipeline(forModel: document, registry: registry) { return pipeline }
            return try StagedConfiguration(document).pipeline(recognizer: recognizer, registry: registry)
        } catch let error as RecognizerRegistry.Error {
            throw DataFileError(file: config, "\(error)")
        } catch let error as DataFileError {
            throw error
        } catch {
            throw DataFileError(file: config, "\(error)")
        }
    }
}

/// `--acceleration g|android-ms2`.
extension SampleCSVFormat.AccelerationUnit: ExpressibleByArgument {}
/// `--time-unit s|ms|us|ns`.
extension SampleCSVFormat.TimeUnit: ExpressibleByArgument {}
