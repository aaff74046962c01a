// Reads motion recordings and live OSC input with GestureData and prints each event of a GestureKit recognizer.
// What an app that imports recordings or listens to a phone links: GestureKit and GestureData, no GSL.
//
//   RecordingReader [--recognizer ID] [--config FILE.json] FILE.csv           a recording (the project's columns,
//                                                                            or any header `gesturelab detect` reads)
//   RecordingReader [--recognizer ID] [--config FILE.json] --dataset FOLDER   every recording of a dataset folder
//   RecordingReader [--recognizer ID] [--config FILE.json] --osc osc://HOST:PORT [--idle SECONDS]
//                                                                            OSC over UDP (port 0: any free port)
//   RecordingReader --send FILE.csv --to osc://HOST:PORT                     sends a recording as OSC, as a phone would

import Foundation
import GestureData
import GestureKit

func fail(_ message: String, status: Int32) -> Never {
    note(message)
    exit(status)
}

/// A line on standard error, written at once (a script waits for the listening address).
func note(_ message: String) {
    FileHandle.standardError.write(Data("RecordingReader: \(message)\n".utf8))
}

// MARK: arguments

var identifier = "orientation"
var configPath: String?
var csvPath: String?
var datasetPath: String?
var listenAddress: String?
var idleLimit = 3.0
var sendPath: String?
var sendAddress: String?
var arguments = CommandLine.arguments.dropFirst()
@MainActor func value(for option: String) -> String {
    guard let value = arguments.popFirst() else { fail("\(option) needs a value", status: 2) }
    return value
}
while let argument = arguments.popFirst() {
    switch argument {
    case "--recognizer": identifier = value(for: argument)
    case "--config": configPath = value(for: argument)
    case "--dataset": datasetPath = value(for: argument)
    case "--osc": listenAddress = value(for: argument)
    case "--idle":
        guard let seconds = Double(value(for: argument)), seconds > 0 else { fail("--idle needs a number of seconds > 0", status: 2) }
        idleLimit = seconds
    case "--send": sendPath = value(for: argument)
    case "--to": sendAddress = value(for: argument)
    case "--help", "-h":
        print("usage: RecordingReader [--recognizer ID] [--config FILE.json] (FILE.csv | --dataset FOLDER | --osc osc://HOST:PORT [--idle S])")
        print("       RecordingReader --send FILE.csv --to osc://HOST:PORT")
        exit(0)
    default:
        guard !argument.hasPrefix("-"), csvPath == nil else { fail("unknown argument '\(argument)'", status: 2) }
        csvPath = argument
    }
}

/// The OSC host and port of `text` (`osc://HOST:PORT`), parsed as `gesturelab detect --input` parses it.
func oscAddress(_ text: String) -> (host: String, port: Int) {
    do throws(LiveInputError) {
        guard case let .osc(host, port) = try LiveEndpoint(text) else { fail("\(text): expected osc://HOST:PORT", status: 2) }
        return (host, port)
    } catch {
        fail("\(error)", status: 2)
    }
}

/// The samples of a recording file: any CSV layout GestureData reads (units and clock inferred, notes said once).
func recording(at path: String) -> Recording {
    do throws(DataFileError) {
        let loaded = try SampleCSVFormat.load(URL(fileURLWithPath: path))
        for line in loaded.report.notes { note("\(path): \(line)") }
        guard let recording = loaded.dataset.recordings.first else { fail("\(path): no samples", status: 1) }
        return recording
    } catch {
        fail("\(error)", status: 1)
    }
}

// MARK: sending (a stand-in for a phone app)

if let sendPath {
    guard let sendAddress else { fail("--send needs --to osc://HOST:PORT", status: 2) }
    let (host, port) = oscAddress(sendAddress)
    let samples = recording(at: sendPath).samples
    let socket: NetworkSocket
    do throws(LiveInputError) { socket = try NetworkSocket.udpSending(host: host, port: port) } catch { fail("\(error)", status: 1) }
    // One bundle per sample, stamped with the sample's time (NTP fixed point, 2^32 per second): the receiver times
    // samples by the tags, so the events do not depend on when the datagrams arrive. Rotation rate goes first,
    // because the listener emits a sample when its acceleration arrives.
    let origin = samples.first?.timestamp ?? 0, epoch: UInt64 = 1 << 40
    for sample in samples {
        var messages: [OSCPacket] = []
        if let r = sample.rotationRate { messages.append(.message(OSCMessage("/gyrosc/gyro", [.float32(Float(r.x)), .float32(Float(r.y)), .float32(Float(r.z))]))) }
        let a = sample.acceleration
        messages.append(.message(OSCMessage("/gyrosc/accel", [.float32(Float(a.x)), .float32(Float(a.y)), .float32(Float(a.z))])))
        let tag = epoch + UInt64(((sample.timestamp - origin) * 4_294_967_296).rounded())
        guard socket.transmit(OSCPacket.bundle(timeTag: tag, elements: messages).encoded) else { fail("\(sendAddress): sending failed", status: 1) }
        usleep(200)  // a loopback receive buffer holds a few hundred datagrams; pacing keeps every one
    }
    note("sent \(samples.count) samples to \(sendAddress)")
    exit(0)
}

// MARK: the recognizer

let registry = RecognizerRegistry.standard
@MainActor func makePipeline() -> Pipeline {
    do {
        if let configPath {
            let data = try Data(contentsOf: URL(fileURLWithPath: configPath))
            return try StagedConfiguration(JSONConfiguration(data: data)).pipeline(recognizer: identifier, registry: registry)
        }
        return Pipeline(recognizers: [try registry.makeRecognizer(identifier)])
    } catch {
        fail("\(configPath ?? identifier): \(error)", status: 1)
    }
}

/// Runs a fresh pipeline over `source`, printing each event as it happens, prefixed by `prefix`.
@MainActor func detect<Source: MotionSource>(_ source: inout Source, prefix: String = "") throws(Source.Failure) {
    var pipeline = makePipeline()
    func printEvent(_ event: GestureEvent) {
        let line = "\(prefix)\(String(format: "%.3f", event.time)) \(event.phase.rawValue) \(event.label) score=\(String(format: "%.4g", event.score))\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }
    guard let first = try source.next() else { return }
    do {
        for derived in try pipeline.prepare(for: first) { note("\(derived)") }
    } catch {
        fail("\(configPath ?? identifier): \(error)", status: 1)
    }
    for event in pipeline.process(first) { printEvent(event) }
    try source.run(&pipeline, onEvent: printEvent)
}

// MARK: reading

if let listenAddress {
    let (host, port) = oscAddress(listenAddress)
    StopFlag.installInterruptHandler()
    do throws(LiveInputError) {
        let socket = try NetworkSocket.udpListening(host: host, port: port, timeout: 0.1)
        note("listening on osc://\(host):\(socket.port)")
        var source = OSCMotionSource(socket: socket, idleLimit: idleLimit)
        try detect(&source)
        note("\(source.datagrams) datagrams, \(source.malformed) malformed\(source.firstProblem.map { " (first: \($0))" } ?? "")")
    } catch {
        fail("\(error)", status: 1)
    }
} else if let datasetPath {
    let dataset: Dataset
    do throws(DataFileError) { dataset = try DatasetReader.read(at: URL(fileURLWithPath: datasetPath)) } catch { fail("\(error)", status: 1) }
    for recording in dataset.recordings {
        var source = ReplayMotionSource(Array(recording.samples))
        detect(&source, prefix: "\(recording.id) ")
    }
} else if let csvPath {
    var source = ReplayMotionSource(Array(recording(at: csvPath).samples))
    detect(&source)
} else {
    fail("give a recording FILE.csv, --dataset FOLDER or --osc osc://HOST:PORT (--help)", status: 2)
}
