import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab bench recognizers`: throughput of the rule-based recognizers and the fusion stage.
struct BenchRecognizers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognizers",
        abstract: "Measure samples per second of each rule-based recognizer, the fusion stage and the physical-channels stage.",
        discussion: """
            A synthetic stream (shakes, slaps, a flip and back, stillness with sensor noise; fused device \
            motion for the recognizers, accelerometer and gyroscope only for the fusion stage and the \
            physical-channels stage, which derives the orientation-free channels) is generated once, then each recognizer runs over it; the best of the repeats is printed. \
            Build in release mode for meaningful numbers.
            Example:
              swift build -c release && .build/release/gesturelab bench recognizers \\
                --seconds 2000
            """
    )

    @Option(help: "Length of the synthetic stream, seconds.")
    var seconds: Double = 2000

    @Option(help: "Sampling rate of the stream, Hz.")
    var rate: Double = 100

    @Option(help: "Timed passes per recognizer; the fastest is reported.")
    var repeats: Int = 3

    @Option(help: "Seed of the sensor noise.")
    var seed: UInt64 = 1

    @Option(help: "Run only this one: orientation, shake, peak-direction, slap, flip, fusion or physical.")
    var only: String?

    static let names = ["orientation", "shake", "peak-direction", "slap", "flip", "fusion", "physical"]

    func validate() throws {
        guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be a positive number of seconds") }
        guard rate > 0, rate.isFinite else { throw ValidationError("--rate must be a positive number of Hz") }
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1") }
        if let only, !Self.names.contains(only) {
            throw ValidationError("--only must be one of \(Self.names.joined(separator: ", ")), got '\(only)'")
        }
    }

    func run() throws {
        let stream = BenchmarkStream.samples(seconds: seconds, rate: rate, seed: seed)
        let raw = stream.map { MotionSample(timestamp: $0.timestamp, acceleration: $0.acceleration, rotationRate: $0.rotationRate) }
        print("stream: \(stream.count) samples (\(seconds) s at \(rate) Hz), best of \(repeats)")
        print("name              samples/s      ns/sample   events")
        func wanted(_ name: String) -> Bool { only == nil || only == name }
        if wanted("orientation") { try report("orientation", measure(OrientationTracker(), stream)) }
        if wanted("shake") { try report("shake", measure(ShakeCounter(), stream)) }
        if wanted("peak-direction") { try report("peak-direction", measure(PeakDirectionDetector(), stream)) }
        if wanted("slap") { try report("slap", measure(PeakDirectionDetector(configuration: .slap), stream)) }
        if wanted("flip") { try report("flip", measure(AttitudeFlipDetector(), stream)) }
        if wanted("fusion") { try report("fusion stage", measureStage(AttitudeEstimator(), raw)) }
        // From accelerometer and gyroscope alone, as a watch gives them: the stage runs its own attitude estimate.
        if wanted("physical") { try report("physical stage", measureStage(PhysicalChannelEstimator(), raw)) }
    }

    private func report(_ name: String, _ result: (seconds: Double, events: Int, samples: Int)) {
        let perSecond = Double(result.samples) / result.seconds
        let columns = String(format: "%12.0f %14.1f %8d", perSecond, 1e9 / perSecond, result.events)
        print(name.padding(toLength: 14, withPad: " ", startingAt: 0) + " " + columns)
    }

    /// Best time over the repeats for `recognizer` to consume `samples` one at a time.
    private func measure<R: Recognizer>(_ recognizer: R, _ samples: [MotionSample]) -> (seconds: Double, events: Int, samples: Int) {
        var recognizer = recognizer
        var events: [GestureEvent] = []
        events.reserveCapacity(1024)
        let runs = Stopwatch.runs(repeats, before: { recognizer.reset(); events.removeAll(keepingCapacity: true) }) {
            var emitted = 0
            for sample in samples {
                recognizer.process(sample, into: &events)
                // Keep the buffer small so the timing is the recognizer's, not the array's.
                if events.count >= 1000 {
                    emitted += events.count
                    events.removeAll(keepingCapacity: true)
                }
            }
            return emitted + events.count
        }
        return (runs.fastest, runs.last, samples.count)
    }

    /// Best time over the repeats for `stage` to process `samples`; "events" counts output samples.
    private func measureStage<S: SignalStage>(_ stage: S, _ samples: [MotionSample]) -> (seconds: Double, events: Int, samples: Int) {
        var stage = stage
        var output: [MotionSample] = []
        output.reserveCapacity(4)
        let runs = Stopwatch.runs(repeats, before: { stage.reset() }) {
            var produced = 0
            for sample in samples {
                output.removeAll(keepingCapacity: true)
                stage.process(sample, into: &output)
                produced += output.count
            }
            return produced
        }
        return (runs.fastest, runs.last, samples.count)
    }
}
