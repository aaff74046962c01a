import Foundation
import GestureData
import GestureEval
import GestureKit
@testable import GestureLabCLI
import GestureTestSupport
import Testing

/// `gesturelab bench live` in its short form: every event the pipeline gives offline comes back over the live path
/// with a positive latency, and the endurance pass takes exactly the samples sent (no timing is asserted; the long
/// runs are quoted from the bench).
@Suite(.serialized) struct BenchLiveTests {
    /// The cells of the latency table's row for `rate`.
    static func row(_ rate: String, in output: String) -> [String]? {
        output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.first { $0.first == rate }
    }

    @Test func everyOfflineEventArrivesOverTheLivePathWithAPositiveLatency() throws {
        // The reference, computed here: the same samples through a pipeline with a shake counter, no network.
        let samples = try BenchLive.stream(rate: 100, seconds: 10, seed: 3)
        var pipeline = Pipeline(recognizers: [try ShakeCounter()])
        var offline: [GestureEvent] = []
        for s in samples { pipeline.process(s, into: &offline) }
        #expect(offline.contains { $0.phase == .ended }, "the stream has shakes")

        let result = try GestureLabBinary.run(["bench", "live", "--rate", "100", "--seconds", "10", "--seed", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        let cells = try #require(Self.row("100", in: result.stdout), "\(result.stdout)")
        // rate, samples, events, received, lost, unexpected, p50, p99, max
        #expect(cells.count == 9, "\(cells)")
        #expect(cells[1] == "1000" && cells[2] == String(offline.count) && cells[3] == String(offline.count), "\(cells)")
        #expect(cells[4] == "0" && cells[5] == "0", "nothing lost or unexpected: \(cells)")
        for latency in cells[6...].map({ Double($0) }) {
            #expect(latency.map { $0.isFinite && $0 > 0 } == true, "\(cells)")
        }
    }

    @Test func theEndurancePassTakesExactlyTheSamplesSentAndLosesNoEvent() throws {
        let result = try GestureLabBinary.run(["bench", "live", "--endurance", "2e5", "--report-every", "1e5"])
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout
        #expect(out.contains("endurance: 200000 samples sent, 200000 taken by the source in "), "\(out)")
        #expect(out.contains(", 200000 accepted by the validator, 0 skipped; 6250 datagrams"), "\(out)")
        let events = try #require(out.split(separator: "\n").first { $0.hasPrefix("events: ") }).split(separator: " ")
        #expect(events.count > 4 && events[1] == events[3] && Int(events[1])! > 0 && out.contains(", 0 could not be sent"), "\(out)")
        let rows = out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.filter { $0.hasPrefix("100000 ") || $0.hasPrefix("200000 ") }.count == 2, "a report every 100,000 samples")
    }

    @Test func aBatchIsTheBundleOSCPacketEncodes() throws {
        let samples = Array(try BenchLive.stream(rate: 1000, seconds: 10, seed: 1).prefix(5))
        let tags = samples.indices.map { BenchLive.tag(sampleIndex: 100 + $0, rate: 1000) }
        var writer = OSCWriter()
        // Encoded with another tag, as the endurance sender does: the batch writes each sample's own.
        writer.appendBundle(retagging: zip(samples.map { BenchLive.bundle($0, tag: 7).encoded }, tags))
        let datagram = writer.bytes
        let packet = OSCPacket.bundle(timeTag: tags[0], elements: zip(samples, tags).map { BenchLive.bundle($0, tag: $1) })
        #expect(datagram == packet.encoded)
        #expect(try OSCPacket(decoding: datagram).messages.map(\.timeTag) == tags.flatMap { [$0, $0] })
        // Times on the time-tag grid: sample i of the stream is i / rate after the first tag.
        #expect(samples.map(\.timestamp) == samples.indices.map { Double(BenchLive.tag(sampleIndex: $0, rate: 1000) - BenchLive.tagOrigin) / 4_294_967_296 })
    }

    @Test func refusesRatesAndLengthsItCannotMeasure() {
        for arguments in [["--rate", "5"], ["--rate", "1000", "--seconds", "5000"], ["--seconds", "3"], ["--endurance", "1e5", "--batch", "64", "--window", "32"]] {
            #expect(throws: (any Error).self, "\(arguments)") { try BenchLive.parseAsRoot(arguments) }
        }
    }
}
