import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit
import Synchronization

extension BenchLive {
    /// The endurance pass: `total` samples in batches of ``batch`` per datagram, at most ``window`` in flight, the
    /// resident memory printed every ``reportEvery`` samples; fails when a sample or an event is lost or memory grows
    /// by more than ``maxGrowth`` MB.
    func runEndurance(samples total: Int) throws {
        let rate = Self.enduranceRate, every = Int(reportEvery), batch = batch, window = window
        let cycle = try Self.stream(rate: rate, seconds: 200, seed: seed)
        // Each sample's bundle encoded once; the sender copies it and writes the time tag in place, so its own
        // work stays small beside the path measured.
        let bundles = cycle.map { Self.bundle($0, tag: 0).encoded }
        let sockets = try Sockets()
        let shared = Shared()
        print("endurance: \(total) samples (a 200 s script repeated, times at \(Self.format(rate)) Hz), \(batch) per datagram, at most \(window) in flight; resident \(String(format: "%.1f", BenchSoak.residentMegabytes())) MB before the run")
        print("     samples   seconds    samples/s  resident MB    events")
        let receiver = Self.spawn("bench-live-receiver") { Self.receive(sockets.events, keep: false, shared: shared) }
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

        let watch = Stopwatch()
        var first: Double?, largest = 0.0, last = (samples: 0, at: Stopwatch.now)
        let taken = try consume(sockets, shared: shared, count: total, idleLimit: 5, every: every) { n, sent in
            let now = Stopwatch.now, resident = BenchSoak.residentMegabytes()
            if let first { largest = max(largest, resident - first) } else { first = resident }
            let perSecond = Double(n - last.samples) / Stopwatch.seconds(now - last.at)
            last = (n, now)
            print(String(format: "%12d %9.0f %12.0f %12.1f %9d", n, watch.seconds, perSecond, resident, sent))
            fflush(nil)   // every stream, standard output included: progress of a long run shows in a file too
        }
        let elapsed = watch.seconds
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
}
