import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// The sample input of `detect` and `record`: a CSV file, standard input, or a network source (OSC, CSV lines
/// over UDP or TCP, SensorServer JSON over a WebSocket), with the options that shape it.
struct LiveInputOptions: ParsableArguments {
    @Option(help: "CSV file to read, - for standard input, osc://HOST:PORT (OSC over UDP, listening), udp://HOST:PORT (CSV lines in datagrams, listening), tcp://HOST:PORT (CSV lines, connecting) or ws://HOST:PORT[/PATH] (SensorServer JSON over a WebSocket, connecting).")
    var input: String

    @Option(help: "OSC input: a preset (\(OSCAddressMap.presets.keys.sorted().joined(separator: ", "))) or a YAML address map; default: every preset's addresses.")
    var oscMap: String = "all"

    @Option(help: "Network input: say on standard error when nothing arrived for this many seconds.")
    var stallTime: Double = 2

    @Option(help: "Network input: end (with the summary) when nothing arrived for this many seconds; Ctrl-C ends it too.")
    var idleExit: Double?

    @OptionGroup var units: AccelerationOption

    @Option(help: "Unit of the time column (s, ms, us, ns), overriding the header; inferred from the values when omitted.")
    var timeUnit: SampleCSVFormat.TimeUnit?

    @Flag(help: "Make times relative to the first sample (epoch and uptime clocks always are).")
    var relativeTime = false

    @Option(help: "Sampling rate of CSV input without a time column, Hz: rows are 1/rate s apart from 0. Refused for input with a time column.")
    var rate: Double?

    @Flag(help: "Replay a file at its recorded pace instead of as fast as possible (a stream on - arrives at its own pace).")
    var realtime = false

    func validate() throws {
        guard !input.isEmpty else { throw ValidationError("--input needs a file path, - or a network address") }
        guard stallTime > 0, idleExit.map({ $0 > 0 }) ?? true else { throw ValidationError("--stall-time and --idle-exit must be positive seconds") }
        guard rate.map({ $0 > 0 && $0.isFinite }) ?? true else { throw ValidationError("--rate must be a positive number of Hz") }
        guard rate == nil || timeUnit == nil else { throw ValidationError("--rate is for input without a time column, --time-unit for one with it; give one") }
    }

    /// Opens the input; `command` prefixes what it says on standard error, `maximumGap` (seconds) bounds a
    /// paced replay's waits. A network input makes Ctrl-C end it cleanly.
    func open(command: String, maximumGap: Double) throws -> LiveInput {
        let endpoint = try LiveEndpoint(input)
        let name = endpoint.description
        switch endpoint {
        case .osc where rate != nil, .webSocket where rate != nil:
            // Their messages carry their own times.
            throw ValidationError("--rate is for CSV input without a time column; \(name) carries its own times")
        default: break
        }
        var watch = StallWatch(stallTime: stallTime, idleLimit: idleExit)
        watch.onStall = { CommandLineError.printLine(String(format: "\(command): \(name): nothing received for %.1f s", $0)) }
        // Non-finite values reach the pipeline's validator, which skips and counts them.
        var decoder = SampleCSVStream(acceleration: units.acceleration, acceptsNonFinite: true, timeUnit: timeUnit, relativeTime: relativeTime, rate: rate,
                                      rotationRate: units.gyroscope)
        // What was inferred (time unit, epoch origin, bare x,y,z) is said once, beside the events.
        // The library's advice names the header; this command can also state the clock with options.
        decoder.onNote = { note in
            CommandLineError.printLine("\(command): \(note)" + (note.hasPrefix("time:") && note.contains("to state it")
                ? ", or pass --time-unit / --relative-time" : ""))
        }
        switch endpoint {
        case let .osc(host, port):
            StopFlag.installInterruptHandler()
            let socket = try NetworkSocket.udpListening(host: host, port: port, timeout: Self.pollInterval)
            var source = OSCMotionSource(socket: socket, map: try OSCAddressMap.named(oscMap), stallTime: stallTime, idleLimit: idleExit)
            source.onStall = watch.onStall
            CommandLineError.printLine("\(command): listening on \(name) (OSC)")
            return LiveInput(source: source, name: name)
        case let .webSocket(host, port, path):
            StopFlag.installInterruptHandler()
            let client = try WebSocketClient(host: host, port: port, path: path, timeout: Self.pollInterval)
            CommandLineError.printLine("\(command): connected to \(name) (SensorServer JSON)")
            return LiveInput(source: SensorServerMotionSource(client: client, decoder: SensorServerDecoder(path: path), watch: watch), name: name)
        case .udp, .tcp:
            StopFlag.installInterruptHandler()
            let socket: NetworkSocket
            if case let .udp(host, port) = endpoint {
                socket = try NetworkSocket.udpListening(host: host, port: port, timeout: Self.pollInterval)
                CommandLineError.printLine("\(command): listening on \(name) (CSV lines)")
            } else if case let .tcp(host, port) = endpoint {
                socket = try NetworkSocket.tcpConnected(host: host, port: port, timeout: Self.pollInterval)
            } else { preconditionFailure() }
            // A live stream is held back no longer than its first step between times.
            decoder.stepsToInfer = 1
            var lines = LineSource(handle: FileHandle(fileDescriptor: socket.descriptor, closeOnDealloc: false), name: name, decoder: decoder)
            lines.onIdle = { watch.shouldEnd(afterSilenceOf: $0) }
            return LiveInput(source: lines, name: name, keepAlive: socket)
        case .standardInput:
            decoder.stepsToInfer = 1
            // A stream on standard input already arrives at its own pace.
            return LiveInput(source: LineSource(handle: .standardInput, name: name, decoder: decoder), name: name)
        case .file:
            guard FileManager.default.fileExists(atPath: input) else { throw DataFileError(file: input, "no such file") }
            let handle: FileHandle
            do {
                handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
            } catch {
                throw DataFileError(file: input, "cannot open: \(error.localizedDescription)")
            }
            let lines = LineSource(handle: handle, name: name, decoder: decoder)
            // A gap waits no longer than the validator's gap policy.
            return LiveInput(source: realtime ? lines.paced(maximumWait: maximumGap) : lines, name: name, keepAlive: handle)
        }
    }

    /// How often a network input checks for Ctrl-C and stalls while waiting, seconds.
    static let pollInterval = 0.2
}

/// An opened input (``LiveInputOptions/open(command:maximumGap:)``): the samples, and what the source
/// counted, for the summary at the end.
struct LiveInput {
    /// The samples.
    var source: any MotionSource
    /// The input as given, for messages.
    let name: String
    /// What must stay open while the source reads (a socket or a file).
    var keepAlive: AnyObject?

    /// What a network source counted (datagrams or messages, malformed ones, addresses or types it does not
    /// use), or `nil` for a file or a stream of lines.
    var summary: String? {
        if let osc = source as? OSCMotionSource {
            var text = "\(name): \(osc.datagrams) datagrams"
            if osc.malformed > 0 { text += ", \(osc.malformed) malformed (first: \(osc.firstProblem ?? ""))" }
            if !osc.unrouted.isEmpty {
                text += "; addresses without a route (see --osc-map): " + osc.unrouted.keys.sorted().map { "\($0) ×\(osc.unrouted[$0]!)" }.joined(separator: ", ")
            }
            return text
        }
        if let ws = source as? SensorServerMotionSource {
            var text = "\(name): \(ws.messages) messages"
            let decoder = ws.decoder
            if decoder.malformed > 0 { text += ", \(decoder.malformed) malformed (first: \(decoder.firstProblem ?? ""))" }
            if !decoder.otherTypes.isEmpty {
                text += "; sensor types not used: " + decoder.otherTypes.keys.sorted().map { "\($0) ×\(decoder.otherTypes[$0]!)" }.joined(separator: ", ")
            }
            if let code = ws.closeCode { text += "; the server closed the connection (status \(code))" }
            return text
        }
        return nil
    }

    /// Ends a WebSocket cleanly when the stop came from this side.
    func close() {
        (source as? SensorServerMotionSource)?.close()
    }
}
