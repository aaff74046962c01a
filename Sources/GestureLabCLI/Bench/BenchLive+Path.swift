import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit
import Synchronization

extension BenchLive {
    /// What the consuming side counted.
    struct Taken {
        var samples = 0, accepted = 0, skipped = 0, datagrams = 0, emitted = 0, failed = 0
    }

    /// The live path, as `detect` runs it: samples from an ``OSCMotionSource`` through a pipeline with the shake
    /// recognizer, each event sent by an ``OSCEventEmitter``. Takes `count` samples (or fewer when nothing arrives for
    /// `idleLimit` s), calls `report` every `every` samples, waits for the events to arrive, and stops the threads.
    func consume(_ sockets: Sockets, shared: Shared, count: Int, idleLimit: Double, every: Int = .max,
                         report: (_ samples: Int, _ eventsSent: Int) -> Void = { _, _ in }) throws -> Taken {
        defer {
            shared.stopSender.set()
            shared.stopReceiver.set()
        }
        var source = OSCMotionSource(socket: sockets.samplesIn, map: OSCAddressMap.presets["gyrosc"]!, stallTime: idleLimit,
                                     idleLimit: idleLimit, stop: shared.stopSource)
        var pipeline = Pipeline(recognizers: [try GestureLab.registries.recognizers.makeRecognizer(ShakeCounter.identifier)])
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
        let deadline = Stopwatch.now + .seconds(2)
        while shared.received.load(ordering: .relaxed) < emitter.sent, Stopwatch.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
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
        var at: Stopwatch.Instant
    }

    /// Receives event messages on `socket` until told to stop, noting each one's arrival (kept when `keep`) and
    /// counting them in `shared.received`.
    static func receive(_ socket: NetworkSocket, keep: Bool, shared: Shared)
        -> (arrivals: [Arrival], received: Int) {
        var buffer = [UInt8](repeating: 0, count: 65_536), arrivals: [Arrival] = [], received = 0
        while !shared.stopReceiver.isSet {
            guard let count = try? socket.receive(into: &buffer) else { continue }
            let at = Stopwatch.now
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
    struct Sockets: Sendable {
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
    final class Shared: Sendable {
        /// Samples the consumer has taken from the source: the endurance sender's flow control.
        let taken = Atomic<Int>(0)
        /// Event messages the receiver has decoded.
        let received = Atomic<Int>(0)
        let stopSender = StopFlag(), stopReceiver = StopFlag(), stopSource = StopFlag()
    }

    /// Runs `body` on a thread of its own; the closure returned waits for it and gives its result.
    static func spawn<T: Sendable>(_ name: String, _ body: @escaping @Sendable () -> T) -> () -> T {
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
}

/// The result of a thread started by `BenchLive.spawn`, and the signal that it is there.
private final class ThreadResult<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
}
