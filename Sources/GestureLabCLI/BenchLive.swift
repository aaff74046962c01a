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

    private func measureLatency(rate: Double) throws -> LatencyResult {
        let samples = try Self.stream(rate: rate, seconds: seconds, seed: seed)
        // The reference: the same samples through a pipeline of their own, as (phase, sample index).
        var expected: [String: Int] = [:]
        for e in try Self.offlineEvents(samples) { expected[Self.key(e.phase.rawValue, Self.index(of: e.time, rate: rate)), default: 0] += 1 }
        let expectedCount = expected.values.reduce(0, +)
        // Encoded before the clock starts, so the sender's pace holds at 1 kHz.
        let datagrams = samples.indices.map { Self.bundle(samples[$0], tag: Self.tag(sampleIndex: $0, rate: rate)).encoded }

        let sockets = try Sockets()
        let shared = Shared()
        let clock = ContinuousClock()
        let receiver = Self.spawn("bench-live-receiver") { Self.receive(sockets.events, keep: true, shared: shared, clock: clock) }
        let sender = Self.spawn("bench-live-sender") { () -> [ContinuousClock.Instant] in
            var sentAt: [ContinuousClock.Instant] = []
            sentAt.reserveCapacity(datagrams.count)
            let start = clock.now
            for (i, bytes) in datagrams.enumerated() {
                if shared.stopSender.isSet { break }
                // Paced from the start, not from the last send, so oversleeping does not drift.
                let due = start + .seconds(Double(i) / rate)
                let wait = due - clock.now
                if wait > .zero { Thread.sleep(forTimeInterval: wait / .seconds(1)) }
                // Noted before the send: the latency includes the send call.
                sentAt.append(clock.now)
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
        var pipeline = Pipeline(recognizers: [try RecognizerRegistry.standard.makeRecognizer(ShakeCounter.identifier)])
        var events: [GestureEvent] = []
        for s in samples { pipeline.process(s, into: &events) }
        return events
    }

    /// The sample an event time (float32 on the wire) names at `rate`.
    static func index(of time: Double, rate: Double) -> Int { Int((time * rate).rounded()) }

    private static func key(_ phase: String, _ index: Int) -> String { "\(phase)@\(index)" }

    // MARK: endurance

    private func runEndurance(samples total: Int) throws {
        let rate = Self.enduranceRate, every = Int(reportEvery), batch = batch, window = window
        let cycle = try Self.stream(rate: rate, seconds: 200, seed: seed)
        // Each sample's bundle encoded once; the sender copies it and writes the time tag in place, so its own
        // work stays small beside the path measured.
        let bundles = cycle.map { Self.bundle($0, tag: 0).encoded }
        let sockets = try Sockets()
        let shared = Shared()
        let clock = ContinuousClock()
        print("endurance: \(total) samples (a 200 s script repeated, times at \(Self.format(rate)) Hz), \(batch) per datagram, at most \(window) in flight; resident \(String(format: "%.1f", BenchSoak.residentMegabytes())) MB before the run")
        print("     samples   seconds    samples/s  resident MB    events")
        let receiver = Self.spawn("bench-live-receiver") { Self.receive(sockets.events, keep: false, shared: shared, clock: clock) }
        let sender = Self.spawn("bench-live-sender") { () -> Int in
            var datagram = OSCWriter(capacity: 16 + batch * (4 + (bundles.map(\.count).max() ?? 0)))
            var next = 0
            while next < total {
                let n = min(batch, total - next)
                // Flow control: loopback UDP drops what the source's receive buffer cannot hold.
                while next + n - shared.taken.load(ordering: .relaxed) > window {
                    if shared.stopSender.isSet { return next }
                    Thread.sleep(forTimeInterval: 0.000_05)
                }
                datagram.reset()
                datagram.appendBundle(retagging: (next..<(next + n)).lazy.map {
                    (bundles[$0 % bundles.count], Self.tag(sampleIndex: $0, rate: rate))
                })
                while !sockets.samplesOut.transmit(datagram.bytes) {
                    if shared.stopSender.isSet { return next }
                    Thread.sleep(forTimeInterval: 0.001)
                }
                next += n
            }
            return next
        }

        let start = clock.now
        var first: Double?, largest = 0.0, last = (samples: 0, at: start)
        let taken = try consume(sockets, shared: shared, count: total, idleLimit: 5, every: every) { n, sent in
            let now = clock.now, resident = BenchSoak.residentMegabytes()
            if let first { largest = max(largest, resident - first) } else { first = resident }
            let perSecond = Double(n - last.samples) / ((now - last.at) / .seconds(1))
            last = (n, now)
            print(String(format: "%12d %9.0f %12.0f %12.1f %9d", n, (now - start) / .seconds(1), perSecond, resident, sent))
            fflush(nil)   // every stream, standard output included: progress of a long run shows in a file too
        }
        let elapsed = (clock.now - start) / .seconds(1)
        let sent = sender()
        let received = receiver().received
        print(String(format: "endurance: %d samples sent, %d taken by the source in %.1f s (%.0f samples/s), %d accepted by the validator, %d skipped; %d datagrams",
                     sent, taken.samples, elapsed, Double(taken.samples) / elapsed, taken.accepted, taken.skipped, taken.datagrams))
        print("events: \(taken.emitted) sent, \(received) received, \(taken.failed) could not be sent")
        print(String(format: "resident memory: %.1f MB at the first report, largest growth after it %.2f MB", first ?? 0, largest))
        if taken.samples != total { throw CommandLineError("the source took \(taken.samples) of \(total) samples: datagrams were lost (try a smaller --window)") }
        if taken.accepted != total { throw CommandLineError("the validator accepted \(taken.accepted) of \(total) samples") }
        if received != taken.emitted || taken.failed > 0 { throw CommandLineError("\(taken.emitted - received) of \(taken.emitted) events lost, \(taken.failed) not sent") }
        if largest > maxGrowth { throw CommandLineError(String(format: "resident memory grew by %.1f MB (more than --max-growth %.1f)", largest, maxGrowth)) }
    }

    // MARK: the path

    /// What the consuming side counted.
    struct Taken {
        var samples = 0, accepted = 0, skipped = 0, datagrams = 0, emitted = 0, failed = 0
    }

    /// The live path, as `detect` runs it: samples from an ``OSCMotionSource`` through a pipeline with the shake
    /// recognizer, each event sent by an ``OSCEventEmitter``. Takes `count` samples (or fewer when nothing arrives for
    /// `idleLimit` s), calls `report` every `every` samples, waits for the events to arrive, and stops the threads.
    private func consume(_ sockets: Sockets, shared: Shared, count: Int, idleLimit: Double, every: Int = .max,
                         report: (_ samples: Int, _ eventsSent: Int) -> Void = { _, _ in }) throws -> Taken {
        defer {
            shared.stopSender.set()
            shared.stopReceiver.set()
        }
        var source = OSCMotionSource(socket: sockets.samplesIn, map: OSCAddressMap.presets["gyrosc"]!, stallTime: idleLimit,
                                     idleLimit: idleLimit, stop: shared.stopSource)
        var pipeline = Pipeline(recognizers: [try RecognizerRegistry.standard.makeRecognizer(ShakeCounter.identifier)])
        var emitter = OSCEventEmitter(socket: sockets.eventsOut)
        var events: [GestureEvent] = []
        events.reserveCapacity(16)
        var taken = Taken()
        while taken.samples < count, let sample = try source.next() {
            taken.samples += 1
            shared.taken.store(taken.samples, ordering: .relaxed)
            events.removeAll(keepingCapacity: true)
            pipeline.process(sample, into: &events)
            for event in events { emitter.emit(event) }
            if taken.samples % every == 0 || (every != .max && taken.samples == count) { report(taken.samples, emitter.sent) }
        }
        // The last events are on their way: wait for them (a lost one is counted, not waited for).
        let deadline = ContinuousClock.now + .seconds(2)
        while shared.received.load(ordering: .relaxed) < emitter.sent, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
        let d = pipeline.validator.diagnostics
        (taken.accepted, taken.skipped, taken.datagrams) = (d.accepted, d.skipped, source.datagrams)
        (taken.emitted, taken.failed) = (emitter.sent, emitter.failed)
        return taken
    }

    /// An event message as the receiver saw it.
    struct Arrival: Sendable {
        var address: String, phase: String
        /// The event's detection time (float32 on the wire), seconds.
        var time: Double
        var at: ContinuousClock.Instant
    }

    /// Receives event messages on `socket` until told to stop, noting each one's arrival (kept when `keep`) and
    /// counting them in `shared.received`.
    private static func receive(_ socket: NetworkSocket, keep: Bool, shared: Shared, clock: ContinuousClock)
        -> (arrivals: [Arrival], received: Int) {
        var buffer = [UInt8](repeating: 0, count: 65_536), arrivals: [Arrival] = [], received = 0
        while !shared.stopReceiver.isSet {
            guard let count = try? socket.receive(into: &buffer) else { continue }
            let at = clock.now
            guard let packet = try? OSCPacket(decoding: buffer[0..<count]) else { continue }
            for (m, _) in packet.messages {
                guard m.arguments.count == 5, case let .string(phase) = m.arguments[0], let time = m.arguments[4].number else { continue }
                received += 1
                shared.received.store(received, ordering: .relaxed)
                if keep { arrivals.append(Arrival(address: m.address, phase: phase, time: time, at: at)) }
            }
        }
        return (arrivals, received)
    }

    /// The four sockets of a pass, on 127.0.0.1 with ports the system chooses.
    private struct Sockets: Sendable {
        let samplesIn: NetworkSocket, samplesOut: NetworkSocket, events: NetworkSocket, eventsOut: NetworkSocket

        init() throws {
            do {
                samplesIn = try NetworkSocket.udpListening(host: "127.0.0.1", port: 0, timeout: 0.1)
                events = try NetworkSocket.udpListening(host: "127.0.0.1", port: 0, timeout: 0.05)
                samplesOut = try NetworkSocket.udpSending(host: "127.0.0.1", port: samplesIn.port)
                eventsOut = try NetworkSocket.udpSending(host: "127.0.0.1", port: events.port)
            } catch {
                throw CommandLineError("bench live: cannot set up UDP sockets on 127.0.0.1: \(CommandLineError.describe(error))")
            }
            // Room for the endurance window: Linux's default receive buffer holds about 40 datagrams of 32 samples.
            var size: Int32 = 4 << 20
            setsockopt(samplesIn.descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// What the threads of a pass share.
    private final class Shared: Sendable {
        /// Samples the consumer has taken from the source: the endurance sender's flow control.
        let taken = Atomic<Int>(0)
        /// Event messages the receiver has decoded.
        let received = Atomic<Int>(0)
        let stopSender = StopFlag(), stopReceiver = StopFlag(), stopSource = StopFlag()
    }

    /// Runs `body` on a thread of its own; the closure returned waits for it and gives its result.
    private static func spawn<T: Sendable>(_ name: String, _ body: @escaping @Sendable () -> T) -> () -> T {
        let slot = ThreadResult<T>()
        let thread = Thread {
            let result = body()
            slot.value.withLock { $0 = result }
            slot.done.signal()
        }
        thread.name = name
        thread.start()
        return {
            slot.done.wait()
            return slot.value.withLock { $0! }
        }
    }

    // MARK: the stream

    /// The stream at `rate` Hz, `seconds` long, as the live path sees it: shakes only, 1 s apart over a gentle
    /// background, from an ideal clock (no jitter, no lost samples), accelerometer and gyroscope only, values in
    /// float32 and times on the 2⁻³² s grid of OSC time tags (sample i at ``tag(sampleIndex:rate:)``).
    static func stream(rate: Double, seconds: Double, seed: UInt64) throws -> [MotionSample] {
        let spec = SyntheticDatasetSpec(seed: seed, name: "bench-live", subjects: 1, sessionsPerSubject: 1, recordingDuration: seconds,
                                        samplingRate: rate, sensor: SensorModel(timestampJitter: 0, dropProbability: 0),
                                        gestures: [.shake], minimumGap: 1, maximumGap: 1)
        let recording = try SyntheticDatasetGenerator.generate(spec).recordings[0]
        func float32(_ v: Vector3) -> Vector3 { Vector3(Double(Float(v.x)), Double(Float(v.y)), Double(Float(v.z))) }
        return recording.samples.indices.map { i in
            let s = recording.samples[i]
            return MotionSample(timestamp: Double(tag(sampleIndex: i, rate: rate) - tagOrigin) / 4_294_967_296,
                                acceleration: float32(s.acceleration), rotationRate: s.rotationRate.map(float32))
        }
    }

    /// The time tag of the first sample: any but 1 ("immediately"); the source counts times from the first tag.
    static let tagOrigin: UInt64 = 3_913_056_000 << 32   // 2024-01-01 in NTP seconds

    /// The time tag of sample `i` at `rate` Hz: i / rate seconds after ``tagOrigin``, to 2⁻³² s.
    static func tag(sampleIndex i: Int, rate: Double) -> UInt64 {
        tagOrigin + UInt64((Double(i) / rate * 4_294_967_296).rounded())
    }

    /// A sample as GyrOSC sends it: a bundle with time tag `tag` holding /gyrosc/gyro (rad/s) and /gyrosc/accel (g).
    static func bundle(_ sample: MotionSample, tag: UInt64) -> OSCPacket {
        func floats(_ v: Vector3) -> [OSCMessage.Argument] { [.float32(Float(v.x)), .float32(Float(v.y)), .float32(Float(v.z))] }
        return .bundle(timeTag: tag, elements: [.message(OSCMessage("/gyrosc/gyro", floats(sample.rotationRate ?? .zero))),
                                                .message(OSCMessage("/gyrosc/accel", floats(sample.acceleration)))])
    }

    private static func format(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
}


/// The result of a thread started by `BenchLive.spawn`, and the signal that it is there.
private final class ThreadResult<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
}
