import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit
#if canImport(Glibc)
import Glibc
#endif

/// `gesturelab bench minirocket-stream`: the cost of spotting with a MiniRocket window classifier.
struct BenchMiniRocketStream: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "minirocket-stream",
        abstract: "Measure streaming MiniRocket inference: microseconds per window and the real-time factor.",
        discussion: """
            A synthetic stream at --rate Hz with accelerometer and gyroscope (six channels) is generated once. A MiniRocket \
            transform is fitted on windows of it (--features, --max-dilations) and given seeded random weights (the cost \
            does not depend on them), then the streaming spotter (MiniRocketSpotter) runs over the stream on one thread, \
            scoring a window of --window seconds plus --context on both sides every --hop seconds. It prints the time per \
            window, per sample, and the real-time factor (stream seconds per second of computing). When an allocation counter \
            is loaded into the process (a preloaded library exporting the C counter `gesturelab_allocation_count`, \
            incremented by its malloc, calloc, realloc and aligned allocations; the tests build one), it also counts the \
            allocations made while windows are scored and fails if there are more than events reported (an event's details \
            are its one allocation; a window must allocate nothing). Build in release mode.
            Example:
              swift build -c release && .build/release/gesturelab bench minirocket-stream \\
                --seconds 600
            """
    )

    @Option(help: "Length of the synthetic stream, seconds.")
    var seconds: Double = 600
    @Option(help: "Sampling rate, Hz.")
    var rate: Double = 100
    @Option(help: "Gesture span per window, seconds.")
    var window: Double = 2
    @Option(help: "Context on either side of the window, seconds.")
    var context: Double = 0.5
    @Option(help: "Seconds between scored windows.")
    var hop: Double = 0.1
    @Option(help: "MiniRocket features (rounded down to a multiple of 84).")
    var features: Int = 1008
    @Option(help: "Most dilations per kernel.")
    var maxDilations: Int = 8
    @Option(help: "Timed passes; the fastest is reported.")
    var repeats: Int = 3
    @Option(help: "Seed of the stream and the weights.")
    var seed: UInt64 = 1

    func validate() throws {
        for (name, v) in [("--seconds", seconds), ("--rate", rate), ("--window", window), ("--hop", hop)] where !(v.isFinite && v > 0) {
            throw ValidationError("\(name) must be a positive number, got \(v)")
        }
        guard context.isFinite, context >= 0 else { throw ValidationError("--context must be zero or more seconds") }
        guard features >= 84 else { throw ValidationError("--features must be at least 84") }
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1") }
        guard seconds >= 8 * (window + 2 * context) else { throw ValidationError("--seconds must hold at least eight windows (four warm the buffers up)") }
    }

    func run() throws {
        let stream = BenchmarkStream.samples(seconds: seconds, rate: rate, seed: seed)
            .map { MotionSample(timestamp: $0.timestamp, acceleration: $0.acceleration, rotationRate: $0.rotationRate) }
        let channels = MotionChannel.acceleration + MotionChannel.rotationRate
        let model = try MiniRocketStreamTrainer.syntheticModel(stream: stream, channels: channels, rate: rate, window: window, context: context, hop: hop,
                                   features: features, maxDilations: maxDilations, seed: seed)
        var spotter = try MiniRocketSpotter(configuration: model)
        var events: [GestureEvent] = []
        events.reserveCapacity(1024)
        var windows = 0
        let counter = Self.allocationCounter()
        var allocations = 0, emitted = 0, warm = 0, before = 0
        let runs = Stopwatch.runs(repeats, before: {
            spotter.reset()
            events.removeAll(keepingCapacity: true)
            // The first windows size the buffers (the event stage's ring of times grows to its capacity, a few windows
            // long, on first use); the counter is read after them.
            warm = min(stream.count, 4 * spotter.windowLength + spotter.hopLength)
            for s in stream.prefix(warm) { spotter.process(s, into: &events) }
            before = counter?.pointee ?? 0
        }, after: {
            allocations = max(allocations, (counter?.pointee ?? 0) - before)
            emitted = events.count
            windows = spotter.windowsScored
        }) {
            for s in stream.dropFirst(warm) { spotter.process(s, into: &events) }
        }
        let best = runs.fastest
        let timedSamples = stream.count - min(stream.count, 4 * spotter.windowLength + spotter.hopLength)
        let timedSeconds = Double(timedSamples) / rate
        let timedWindows = max(1, windows - 1)
        print("stream: \(stream.count) samples (\(Self.fmt(seconds)) s at \(Self.fmt(rate)) Hz, 6 channels); window \(Self.fmt(window)) s + 2 × \(Self.fmt(context)) s context (\(spotter.windowLength) samples), hop \(Self.fmt(hop)) s; \(model.transform.featureCount) features over \(model.transform.dilations.count) dilations; one thread, best of \(repeats)")
        print(String(format: "per window: %.1f µs   per sample: %.2f µs   real-time factor: %.0f× (%d windows)",
                     best / Double(timedWindows) * 1e6, best / Double(max(1, timedSamples)) * 1e6, timedSeconds / best, timedWindows))
        guard counter != nil else {
            print("allocations while scoring: not counted (no allocation counter preloaded)")
            return
        }
        // An event's details dictionary is its one allocation; a window allocates nothing.
        print("allocations while scoring: \(allocations) in \(timedWindows) windows and \(emitted) events (\(counter!.pointee) in the whole process)")
        guard allocations <= emitted else {
            throw CommandLineError("bench minirocket-stream: \(allocations) allocations for \(timedWindows) windows and \(emitted) events: scoring a window allocates")
        }
    }

    /// The allocation counter of a preloaded counting library (`gesturelab_allocation_count`), if one is loaded.
    static func allocationCounter() -> UnsafePointer<Int>? {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gesturelab_allocation_count") else { return nil }
        return UnsafePointer(symbol.assumingMemoryBound(to: Int.self))
        #else
        return nil
        #endif
    }

    static func fmt(_ x: Double) -> String { ExperimentReport.fmt(x) }
}
