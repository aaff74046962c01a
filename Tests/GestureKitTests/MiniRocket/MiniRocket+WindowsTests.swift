import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// The batch transform of a stream's windows (`MiniRocket.transform(windowsOf:…)`, which shares the convolutions of
/// overlapping windows) against each window cut out and transformed on its own: every feature must be equal, bit for
/// bit, for every kernel variant this CPU runs, any hop, any thread count, across runs between gaps.
@Suite struct MiniRocketWindowsTests {
    /// One transform's shape: features asked for, most dilations per kernel, channels, the window length n and the
    /// length the dilations were fitted for (longer than n: the largest dilations have n ≤ 8d, their ends cover the window).
    struct Shape: CustomTestStringConvertible, Sendable {
        var features: Int, maxDilations: Int, channels: Int, length: Int, reference: Int
        var testDescription: String {
            "\(features) features, ≤ \(maxDilations) dilations, \(channels) channels, n = \(length) (dilations for \(reference))"
        }
    }

    static let shapes = [
        Shape(features: 84, maxDilations: 32, channels: 1, length: 40, reference: 40),
        Shape(features: 504, maxDilations: 8, channels: 2, length: 75, reference: 150),
        Shape(features: 1_008, maxDilations: 8, channels: 6, length: 198, reference: 198),
        Shape(features: 1_008, maxDilations: 32, channels: 4, length: 33, reference: 120),
        Shape(features: 504, maxDilations: 1, channels: 2, length: 17, reference: 17),
    ]

    /// Seeded interleaved samples: waves plus noise, with exact zeros, −0, repeated values (ties with the biases) and
    /// a few large magnitudes, as in the kernel variant tests.
    static func values(samples: Int, channels: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<(samples * channels)).map { i in
            let t = i / channels, c = i % channels
            switch random.index(20) {
            case 0: return 0
            case 1: return -0.0
            case 2: return 1
            case 3: return random.uniform(-1e6...1e6)
            default: return sin(0.1 * Double(t) * Double(c + 1)) + 0.5 * random.gaussian()
            }
        }
    }

    /// Consecutive runs of the given lengths from sample 0 (as ``MiniRocketSpotter/Series/runs`` cuts a stream at its gaps).
    static func runs(_ lengths: [Int]) -> [Range<Int>] {
        var start = 0
        return lengths.map { length in
            defer { start += length }
            return start..<(start + length)
        }
    }

    /// Each window of `runs` cut out and transformed on its own: the reference.
    static func perWindow(_ rocket: MiniRocket, values: [Double], runs: [Range<Int>], length n: Int, hop: Int,
                          variant: MiniRocket.KernelVariant) throws -> [Float] {
        let c = rocket.channelCount
        let windows = try MiniRocketSpotter.windowEnds(runs: runs, windowLength: n, hopLength: hop).map { end in
            try DTWSeries(interleaved: Array(values[((end - n + 1) * c)..<((end + 1) * c)]), dimensions: c)
        }
        return try rocket.transform(windows, threads: 1, variant: variant)
    }

    /// The first feature whose bits differ, as "window w, feature i: got x, expected y", or `nil` when all are equal.
    static func firstDifference(_ got: [Float], _ expected: [Float], features f: Int) -> String? {
        guard got.count == expected.count else { return "\(got.count) features against \(expected.count)" }
        guard let i = got.indices.first(where: { got[$0].bitPattern != expected[$0].bitPattern }) else { return nil }
        return "window \(i / f), feature \(i % f): got \(got[i]), expected \(expected[i])"
    }

    /// Every shape, hop (1, 3, n/2, n, beyond n) and thread count, on runs of several lengths: one shorter than a
    /// window, one of exactly one window, one long enough for several blocks of windows and edge chunks.
    @Test(arguments: MiniRocket.KernelVariant.available, shapes)
    func everyWindowsFeaturesEqualTheWindowTransformedAlone(variant: MiniRocket.KernelVariant, shape: Shape) throws {
        let n = shape.length, c = shape.channels
        let runs = Self.runs([3 * n + 17, n - 1, 2 * n + 5, 1, n, 2_500])
        let values = Self.values(samples: runs.last!.upperBound, channels: c, seed: UInt64(7 * n + c))
        let examples = try (0..<6).map { i in
            let start = (i * 131) % (runs.last!.upperBound - shape.reference)
            return try DTWSeries(interleaved: Array(values[(start * c)..<((start + shape.reference) * c)]), dimensions: c)
        }
        let rocket = try MiniRocket(fitting: examples, featureCount: shape.features, maxDilationsPerKernel: shape.maxDilations,
                                    seed: 5, threads: 1, variant: .portable)
        if shape.reference > n { #expect(rocket.dilations.contains { n <= 8 * $0 } && rocket.dilations.contains { n > 8 * $0 }) }
        let f = rocket.featureCount
        for hop in [1, 3, max(1, n / 2), n, n + 7] {
            let expected = try Self.perWindow(rocket, values: values, runs: runs, length: n, hop: hop, variant: variant)
            #expect(expected.count > f, "several windows at hop \(hop)")
            for (threads, sharing) in [(1, true), (2, true), (2, nil)] as [(Int, Bool?)] {
                let got = rocket.transform(windowsOf: values, runs: runs, length: n, hop: hop, threads: threads, variant: variant, sharing: sharing)
                let difference = Self.firstDifference(got, expected, features: f)
                #expect(difference == nil, "hop \(hop), \(threads) threads, sharing \(String(describing: sharing)): \(difference ?? "")")
            }
        }
    }

    /// A stream shorter than one window, and runs all shorter than one, have no windows.
    @Test func aStreamShorterThanAWindowHasNoWindows() throws {
        let values = Self.values(samples: 60, channels: 2, seed: 1)
        let examples = [try DTWSeries(interleaved: Array(values[0..<80]), dimensions: 2)]
        let rocket = try MiniRocket(fitting: examples, featureCount: 168, seed: 2)
        #expect(rocket.transform(windowsOf: values, runs: [0..<39], length: 40, hop: 2).isEmpty)
        #expect(rocket.transform(windowsOf: values, runs: Self.runs([20, 39, 1]), length: 40, hop: 1, sharing: true).isEmpty)
        #expect(rocket.transform(windowsOf: values, runs: [], length: 40, hop: 1).isEmpty)
    }

    /// The exactness test can fail: a single changed feature is reported.
    @Test func aChangedFeatureIsReported() {
        let a: [Float] = [0.25, 0.5, 0.75, 1], b: [Float] = [0.25, 0.5, 0.75, 0.5]
        #expect(Self.firstDifference(a, a, features: 2) == nil)
        #expect(Self.firstDifference(a, b, features: 2) == "window 1, feature 1: got 1.0, expected 0.5")
    }
}
