// Reads samples `t,ax,ay,az` (seconds, g) from standard input, one per line, and prints each event
// of a recognizer as it happens. The recognizer comes from a JSON configuration file (a tuned
// configuration or a trained model written by `gesturelab train`) or its defaults.
//
//   swift run EmbeddedRecognizer [--recognizer orientation] [--config model.json] < samples.csv

import Foundation
import GestureKit

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("EmbeddedRecognizer: \(message)\n".utf8))
    exit(status)
}

// Arguments: --recognizer ID (default orientation), --config FILE.json.
var identifier = "orientation"
var configPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--recognizer":
        guard let value = arguments.popFirst() else { fail("--recognizer needs an identifier", status: 2) }
        identifier = value
    case "--config":
        guard let value = arguments.popFirst() else { fail("--config needs a file", status: 2) }
        configPath = value
    case "--help", "-h":
        print("usage: EmbeddedRecognizer [--recognizer ID] [--config FILE.json] < samples.csv   (lines t,ax,ay,az)")
        exit(0)
    default: fail("unknown argument '\(argument)'", status: 2)
    }
}

// The recognizer: everything an app needs is the registry and a configuration document, which also names the
// signal stages it was evaluated behind (StagedConfiguration: a `stages` key, as `gesturelab train` writes it).
let registry = RecognizerRegistry.standard
var pipeline: Pipeline
do {
    if let configPath {
        let data = try Data(contentsOf: URL(fileURLWithPath: configPath))
        pipeline = try StagedConfiguration(JSONConfiguration(data: data)).pipeline(recognizer: identifier, registry: registry)
    } else {
        pipeline = Pipeline(recognizers: [try registry.makeRecognizer(identifier)])
    }
} catch {
    fail("\(configPath ?? identifier): \(error)", status: 1)
}

// Samples from standard input, fed as they arrive. A header line (not numbers) is skipped.
var lineNumber = 0
var stdinSource = ClosureMotionSource { () -> MotionSample? in
    while let line = readLine() {
        lineNumber += 1
        let fields = line.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        if fields.isEmpty { continue }
        guard fields.count == 4, let t = fields[0], let x = fields[1], let y = fields[2], let z = fields[3] else {
            if lineNumber == 1 { continue }  // header
            fail("stdin:\(lineNumber): expected four numbers t,ax,ay,az, got '\(line)'", status: 1)
        }
        return MotionSample(timestamp: t, acceleration: Vector3(x, y, z))
    }
    return nil
}

// The first sample shows which channels the input carries: a model that needs user acceleration gets a
// gravity split (said once, on standard error); a channel nothing derives (rotation rate from an
// accelerometer) is an error naming it and the fix.
guard let first = stdinSource.next() else { fail("stdin: no samples", status: 1) }
do {
    for derived in try pipeline.prepare(for: first) {
        FileHandle.standardError.write(Data("EmbeddedRecognizer: \(derived)\n".utf8))
    }
} catch {
    fail("\(configPath ?? identifier): \(error)", status: 1)
}
func printEvent(_ event: GestureEvent) {
    // Written unbuffered, so a consumer on the other end of a pipe sees each event at once.
    let line = "\(String(format: "%.3f", event.time)) \(event.phase.rawValue) \(event.label) score=\(String(format: "%.4g", event.score))\n"
    FileHandle.standardOutput.write(Data(line.utf8))
}
for event in pipeline.process(first) { printEvent(event) }
stdinSource.run(&pipeline, onEvent: printEvent)
