import GestureKit
import GestureData
import Testing

@Suite struct SplitMix64Tests {
    @Test func matchesTheReferenceSequence() {
        // First outputs of Vigna's reference splitmix64.c from state 0.
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func streamsAreReproducibleAndDistinct() {
        var a = SplitMix64.stream(42, 2, 1, 0), b = SplitMix64.stream(42, 2, 1, 0)
        var c = SplitMix64.stream(42, 2, 0, 1), d = SplitMix64.stream(43, 2, 1, 0)
        let x = (0..<4).map { _ in a.next() }
        #expect(x == (0..<4).map { _ in b.next() })
        #expect(x != (0..<4).map { _ in c.next() })
        #expect(x != (0..<4).map { _ in d.next() })
    }

    @Test func drawsHaveTheRightDistributions() {
        var rng = SplitMix64(seed: 7)
        let n = 20_000
        let uniforms = (0..<n).map { _ in rng.uniform(2...5) }
        #expect(uniforms.allSatisfy { $0 >= 2 && $0 <= 5 })
        #expect(abs(uniforms.reduce(0, +) / Double(n) - 3.5) < 0.03)
        let normals = (0..<n).map { _ in rng.gaussian() }
        let mean = normals.reduce(0, +) / Double(n)
        let variance = normals.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n - 1)
        #expect(abs(mean) < 0.03)
        #expect(abs(variance - 1) < 0.05)
        var counts = [Int](repeating: 0, count: 6)
        for _ in 0..<n { counts[rng.index(6)] += 1 }
        #expect(counts.allSatisfy { abs(Double($0) - Double(n) / 6) < 0.06 * Double(n) / 6 })
        #expect(rng.shuffled(Array(0..<10)).sorted() == Array(0..<10))
    }
}
