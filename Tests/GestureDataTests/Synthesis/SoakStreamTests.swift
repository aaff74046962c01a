import GestureData
import GestureKit
import Testing

/// The soak stream's bursts are exactly what a validator must skip or count, in turn.
@Suite struct SoakStreamTests {
    /// 8,500 samples with a burst every 1,000: two of each kind, 20 samples each (a gap is one jump).
    @Test func burstsReachTheValidatorAsCountedBadSamples() {
        var stream = SoakStream(rate: 100, cycleSeconds: 30, burstInterval: 1000, seed: 2)
        var validator = SampleValidator()
        var times: [Double] = []
        for _ in 0..<8500 {
            let sample = stream.next()!
            if validator.accept(sample) { times.append(sample.timestamp) }
        }
        #expect(stream.bursts == [.nonFinite: 2, .gap: 2, .clockJumpBack: 2, .duplicate: 2])
        let d = validator.diagnostics
        #expect(d.nonFinite == 40 && d.outOfOrder == 40 && d.duplicates == 40)
        #expect(d.accepted == 8500 - 120)
        // Two 3 s gaps, and the 30 s cycle wraps (at 3,000 and 6,000 samples) without one.
        #expect(d.gaps == 2)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(abs(times.last! - (84.99 + 6)) < 1e-9, "8,500 samples at 100 Hz plus two 3 s gaps")
    }

    /// The same seed gives the same stream.
    @Test func deterministicForASeed() {
        var a = SoakStream(cycleSeconds: 10, burstInterval: 500, seed: 5), b = SoakStream(cycleSeconds: 10, burstInterval: 500, seed: 5)
        for _ in 0..<3000 {
            let x = a.next()!, y = b.next()!
            #expect(x.timestamp.bitPattern == y.timestamp.bitPattern && x.acceleration.y == y.acceleration.y)
        }
    }
}
