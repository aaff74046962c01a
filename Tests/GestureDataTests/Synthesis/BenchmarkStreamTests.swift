import GestureData
import GestureKit
import Testing

@Suite struct BenchmarkStreamTests {
    @Test func isDeterministicAndHoldsItsScript() throws {
        let a = BenchmarkStream.samples(seconds: 20, rate: 50, seed: 3)
        #expect(a.count == 1000)
        #expect(a == BenchmarkStream.samples(seconds: 20, rate: 50, seed: 3))
        #expect(a != BenchmarkStream.samples(seconds: 20, rate: 50, seed: 4))
        // Still and face up at 1 s, face down half-way through the flip's hold (7.5 s), face up again at 9.5 s.
        func gravityZ(_ t: Double) -> Double { a[Int(t * 50)].gravity?.z ?? .nan }
        #expect(abs(gravityZ(1) + 1) < 1e-9 && abs(gravityZ(7.5) - 1) < 1e-9 && abs(gravityZ(19.5) + 1) < 1e-9)
        // The shake (2–2.6 s) reaches 2 g on x; the default shake counter counts one shake per 10 s.
        #expect(a[100..<131].map { abs($0.userAcceleration?.x ?? 0) }.max()! > 1.9)
        var counter = try ShakeCounter()
        #expect(counter.process(a).count { $0.phase == .ended } == 2)
    }
}
