import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit
import Synchronization

/// `gesturelab bench live`: the live OSC path (issue 17) measured end to end in one process: latency from a
/// datagram's sending to the event's OSC message at given input rates, and endurance over many samples with
/// resident memory watched.
struct BenchLive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Measure the live OSC path: latency from a sample's datagram to the event's OSC message, and endurance with flat memory.",
        discussion: """
            Everything runs in this process over 127.0.0.1 UDP, through the parts `detect --input osc://… \
            --osc-map gyrosc --emit osc://…` uses: OSCMotionSource, a Pipeline with the shake recognizer and \
            OSCEventEmitter. The stream is synthetic (SyntheticDatasetGenerator: shakes only, 1 s apart, \
            gentle background, no clock jitter or lost samples): about 1.2 events a second (began, ended; \
            the recognizer's pause and cooldown allow no denser shakes), so the default 90 s gives over 100 \
            events per rate. Each sample travels as an OSC bundle whose time tag is the sample's time, holding \
            /gyrosc/gyro and /gyrosc/accel (float32, rad/s and g). \
            Latency (default): for each --rate a sender thread sends one bundle per sample, paced at the rate, \
            noting when each was sent; a receiver thread notes when each event message arrives. An event's time \
            argument names the sample it was decided on (time tags make sample times exact), so its latency is \
            its arrival minus that sample's sending. Events are checked against the same samples run through a \
            Pipeline offline: a lost or unexpected event fails the run. The time argument is float32, which \
            tells samples apart up to 4 million per stream (--seconds × rate). \
            Endurance (--endurance N): N samples (a 200 s script repeated, times at 100 Hz) as fast as the path \
            takes them, --batch samples per datagram as nested bundles each with its own time tag, at most \
            --window samples sent and not yet taken, so loopback UDP drops nothing. Throughput and resident \
            memory are printed every --report-every samples; the run fails when memory grows by more than \
            --max-growth MB after the first report, or a sample or event is lost.
            Examples:
              swift build -c release && .build/release/gesturelab bench live
              .build/release/gesturelab bench live --rate 1000 --seconds 30
              .build/release/gesturelab bench live --endurance 1e8
            """
    )

    @Option(parsing: .upToNextOption, help: "Input rates to measure latency at, Hz (10–1000).")
    var rate: [Double] = [100, 1000]

    @Option(help: "Length of the stream at each rate, seconds (at least 10).")
    var seconds: Double = 90

    @Option(help: "Run the endurance pass with this many samples instead of the latency one (accepts 1e8).")
    var endurance: Double?

    @Option(help: "Endurance: samples per datagram.")
    var batch: Int = 32

    @Option(help: "Endurance: most samples sent and not yet taken by the source.")
    var window: Int = 1024

    @Option(help: "Endurance: samples between reports.")
    var reportEvery: Double = 1e7

    @Option(help: "Endurance: resident memory growth after the first report that fails the run, MB.")
    var maxGrowth: Double = 16

    @Option(help: "Seed of the synthetic stream.")
    var seed: UInt64 = 1

    /// The most samples a latency stream may have: beyond it a float32 time no longer names one sample.
    static let maximumLatencySamples = 4e6
    /// Times of the endurance stream, Hz.
    static let enduranceRate = 100.0

    func validate() throws {
        guard !rate.isEmpty, rate.allSatisfy({ $0 >= 10 && $0 <= 1000 }) else {
            throw ValidationError("--rate takes rates from 10 to 1000 Hz (the synthesizer's range)")
        }
        guard seconds >= 10, seconds <= 86_400 else { throw ValidationError("--seconds must be from 10 to 86400") }
        if let big = rate.first(where: { seconds * $0 > Self.maximumLatencySamples }) {
            throw ValidationError("--seconds × --rate must be at most 4e6 samples (\(Int(big)) Hz allows \(Int(Self.maximumLatencySamples / big)) s): a float32 event time names no single sample beyond that")
        }
        if let endurance {
            guard endurance >= 1, endurance <= 1e15 else { throw ValidationError("--endurance must be a number of samples, at least 1") }
        }
        guard (1...512).contains(batch) else { throw ValidationError("--batch must be from 1 to 512 samples (a datagram holds at most 64 KiB)") }
        guard window >= batch else { throw ValidationError("--window must be at least --batch") }
        guard reportEvery >= 1, maxGrowth > 0 else { throw ValidationError("--report-every must be at least 1 and --max-growth positive") }
    }

    func run() throws {
        if let endurance {
            try runEndurance(samples: Int(endurance))
            return
        }
        print("latency: synthetic shakes (seed \(seed)), \(Self.format(seconds)) s per rate; one OSC bundle per sample → OSCMotionSource → Pipeline(shake) → OSCEventEmitter → receiver")
        var table = CSVTable(header: ["rate Hz", "samples", "events", "received", "lost", "unexpected", "p50 µs", "p99 µs", "max µs"])
        var failures: [String] = []
        for r in rate {
            let result = try measureLatency(rate: r)
            let q = result.latencies.isEmpty ? nil : result.latencies
            func quantile(_ p: Double) -> String { q.flatMap { try? Descriptive.quantile($0, p) }.map { String(format: "%.1f", $0) } ?? "nan" }
            table.append([Self.format(r), String(result.samples), String(result.expected), String(result.received),
                          String(result.expected - result.latencies.count), String(result.unexpected),
                          quantile(0.5), quantile(0.99), q.map { String(format: "%.1f", $0.max()!) } ?? "nan"])
            if result.samples != result.sent { failures.append("\(Self.format(r)) Hz: the source took \(result.samples) of \(result.sent) samples") }
            if result.latencies.count != result.expected || result.unexpected > 0 {
                failures.append("\(Self.format(r)) Hz: \(result.expected - result.latencies.count) events lost, \(result.unexpected) unexpected")
            }
        }
        print(table.aligned, terminator: "")
        if !failures.isEmpty { throw CommandLineError(failures.joined(separator: "; ")) }
    }

    // MARK: latency

    /// What one latency pass measured.
    struct LatencyResult {
        var sent: Int, samples: Int, expected: Int, received: Int, unexpected: Int
        /// Latencies of the events matched to the offline ones, µs.
        var latencies: [Double]
    }

    func measureLatency(rate: Double) throws -> LatencyResult {
        let samples = try Self.stream(rate: rate, seconds: seconds, seed: seed)
        // The reference: the same samples through a pipeline of their own, as (phase, sample index).
        var expected: [String: Int] = [:]
        for e in try Self.offlineEvents(samples) { expected[Self.key(e.phase.rawValue, Self.index(of: e.time, rate: rate)), default: 0] += 1 }
        let expectedCount = expected.values.reduce(0, +)
        // Encoded before the clock starts, so the sender's pace holds at 1 kHz.
        let datagrams = samples.indices.map { Self.bundle(samples[$0], tag: Self.tag(sampleIndex: $0, rate: rate)).encoded }

        let sockets = try Sockets()
        let shared = Shared()
        let receiver = Self.spawn("bench-live-receiver") { Self.receive(sockets.events, keep: true, shared: shared) }
        let sender = Self.spawn("bench-live-sender") { () -> [Stopwatch.Instant] in
            var sentAt: [Stopwatch.Instant] = []
            sentAt.reserveCapacity(datagrams.count)
            let start = Stopwatch.now
            for (i, bytes) in datagrams.enumerated() {
                if shared.stopSender.isSet { break }
                // Paced from the start, not from the last send, so oversleeping does not drift.
                let due = start + .seconds(Double(i) / rate)
                let wait = due - Stopwatch.now
                if wait > .zero { Thread.sleep(forTimeInterval: wait / .seconds(1)) }
                // Noted before the send: the latency includes the send call.
                sentAt.append(Stopwatch.now)
                sockets.samplesOut.transmit(bytes)
            }
            return sentAt
        }
        let taken = try consume(sockets, shared: shared, count: samples.count, idleLimit: 2)
        let sentAt = sender()
        let arrivals = receiver().arrivals

        var latencies: [Double] = [], unexpected = 0
        for a in arrivals {
            let i = Self.index(of: a.time, rate: rate), k = Self.key(a.phase, i)
            guard a.address == "/gesturelab/\(ShakeCounter.label)", expected[k, default: 0] > 0, sentAt.indices.contains(i) else {
                unexpected += 1
                continue
            }
            expected[k]! -= 1
            latencies.append((a.at - sentAt[i]) / .microseconds(1))
        }
        return LatencyResult(sent: sentAt.count, samples: taken.samples, expected: expectedCount, received: arrivals.count,
                             unexpected: unexpected, latencies: latencies)
    }

    /// The events a fresh pipeline with the shake recognizer gives on `samples`.
    static func offlineEvents(_ samples: [MotionSample]) throws -> [GestureEvent] {
        var pipeline = Pipeline(recognizers: [try GestureLab.registries.recognizers.makeRecognizer(ShakeCounter.identifier)])
        var events: [GestureEvent] = []
        for s in samples { pipeline.process(s, into: &events) }
        return events
    }

    /// The sample an event time (float32 on the wire) names at `rate`.
    static func index(of time: Double, rate: Double) -> Int { Int((time * rate).rounded()) }

    static func key(_ phase: String, _ index: Int) -> String { "\(phase)@\(index)" }
}
