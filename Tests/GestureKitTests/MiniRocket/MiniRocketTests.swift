import Foundation
import GestureKit
import GestureTestSupport
import Testing

@Suite struct MiniRocketTests {
    /// A transform of nine-sample series at dilation 1 only, one bias per kernel.
    static func impulseTransform(bias: Float, channels: Int = 1) throws -> MiniRocket {
        try MiniRocket(channelCount: channels, referenceLength: 9, dilations: [1], featuresPerDilation: [1],
                       channelsPerCombination: [Int](repeating: channels, count: 84),
                       channelIndices: (0..<84).flatMap { _ in Array(0..<channels) }, biases: [Float](repeating: bias, count: 84))
    }

    /// Worked by hand: a unit impulse at sample 4 of nine. Output t reads x[t + p − 4] at kernel position p, so only
    /// position p = 8 − t sees the impulse and C[t] = w[8 − t]: the kernel reversed, with three 2s and six −1s.
    /// Kernel k pools the whole output when k is even (dilation index 0 + k even): 3 of the 9 values exceed 0, PPV
    /// 1/3. Odd kernels pool the unpadded part only, t in 4..<5: C[4] = w[4], which is 2 (PPV 1) when 4 is among the
    /// kernel's three positions and −1 (PPV 0) otherwise. With bias −1.5 every value counts: PPV 1.
    @Test func impulseResponseWorkedByHand() throws {
        let impulse = try DTWSeries((0..<9).map { $0 == 4 ? 1.0 : 0.0 })
        let features = try Self.impulseTransform(bias: 0).transform([impulse])
        #expect(features.count == 84)
        for (k, (a, b, c)) in MiniRocket.kernelIndices.enumerated() {
            let expected: Float = k % 2 == 0 ? Float(3.0 / 9.0) : ([a, b, c].contains(4) ? 1 : 0)
            #expect(features[k] == expected, "kernel \(k) (2s at \(a), \(b), \(c))")
        }
        #expect(try Self.impulseTransform(bias: -1.5).transform([impulse]).allSatisfy { $0 == 1 })
    }

    /// Two channels summed: an impulse of 1 in channel 0 and 2 in channel 1 at the same sample is the single-channel
    /// impulse of 3, so bias 0 gives the same features and bias 4.5 (between 3·(−1)… 3·2 = 6) keeps only the 2s.
    @Test func channelsOfAPairAreSummed() throws {
        let two = try DTWSeries(dimensions: [(0..<9).map { $0 == 4 ? 1.0 : 0.0 }, (0..<9).map { $0 == 4 ? 2.0 : 0.0 }])
        let three = try DTWSeries((0..<9).map { $0 == 4 ? 3.0 : 0.0 })
        #expect(try Self.impulseTransform(bias: 0, channels: 2).transform([two]) == Self.impulseTransform(bias: 0).transform([three]))
        let high = try Self.impulseTransform(bias: 4.5, channels: 2).transform([two])
        #expect(high[0] == Float(3.0 / 9.0))   // kernel 0 (2s at 0, 1, 2): the three 6s
    }

    static func examples(_ count: Int, channels: Int, length: (Int) -> Int) throws -> [DTWSeries] {
        var random = SplitMix64(seed: 7)
        var out: [DTWSeries] = []
        for i in 0..<count {
            var columns: [[Double]] = []
            for c in 0..<channels {
                var column: [Double] = []
                for t in 0..<length(i) {
                    let wave: Double = sin(0.2 * Double(t) * Double(c + 1) + Double(i))
                    column.append(wave + 0.3 * random.gaussian())
                }
                columns.append(column)
            }
            out.append(try DTWSeries(dimensions: columns))
        }
        return out
    }

    @Test func fitIsDeterministicAndIndependentOfThreads() throws {
        let train = try Self.examples(12, channels: 4, length: { _ in 60 })
        let a = try MiniRocket(fitting: train, seed: 5), b = try MiniRocket(fitting: train, seed: 5)
        #expect(a == b)
        #expect(a.featureCount == 9_996)
        #expect(try MiniRocket(fitting: train, seed: 6).channelIndices != a.channelIndices)
        #expect(try a.transform(train, threads: 1) == a.transform(train, threads: 2))
    }

    /// Channel subsets have 1…min(c, 9) distinct channels, and their sizes follow ⌊2^u⌋: with 12 channels every
    /// size from 1 to 9 occurs, and 1 most often.
    @Test func channelSubsetsAreDistinctAndCapped() throws {
        let rocket = try MiniRocket(fitting: Self.examples(3, channels: 12, length: { _ in 200 }), seed: 1)
        #expect(rocket.channelsPerCombination.max() == 9)
        #expect(rocket.channelsPerCombination.min() == 1)
        let histogram = Dictionary(grouping: rocket.channelsPerCombination, by: { $0 }).mapValues(\.count)
        #expect(histogram[1]! > histogram[9]!)
        try rocket.validate()   // distinct, in range, one run per pair
    }

    /// Biases are quantiles of one training series' outputs: fitted on a single series, that series' PPV at a
    /// whole-output feature is 1 − the feature's quantile level (to one sample's share, for ties).
    @Test func biasesAreQuantilesOfTrainingOutputs() throws {
        let one = try Self.examples(1, channels: 1, length: { _ in 101 })
        let rocket = try MiniRocket(fitting: one, featureCount: 840, seed: 3)
        let features = try rocket.transform(one)
        let levels = MiniRocket.quantiles(rocket.featureCount)
        var f = 0
        for (j, n) in rocket.featuresPerDilation.enumerated() {
            for k in 0..<84 {
                for q in f..<(f + n) where (j + k) % 2 == 0 {
                    #expect(abs(features[q] - (1 - levels[q])) <= 1.0 / 100 + 1e-6, "feature \(q)")
                }
                f += n
            }
        }
    }

    /// The variable-length form: series shorter and longer than the reference length are transformed (even shorter
    /// than the widest dilation's reach), every feature a proportion.
    @Test func variableLengthSeries() throws {
        let train = try Self.examples(6, channels: 3, length: { 40 + 7 * $0 })
        let rocket = try MiniRocket(fitting: train, seed: 2)
        #expect(rocket.referenceLength == 75)
        let queries = try Self.examples(3, channels: 3, length: { [5, 30, 150][$0] })
        let features = try rocket.transform(queries)
        #expect(features.allSatisfy { $0 >= 0 && $0 <= 1 })
        #expect(throws: MiniRocketError.self) { try rocket.transform([try DTWSeries([1, 2, 3])]) }
    }

    @Test func inconsistentParametersAreRefused() throws {
        #expect(throws: ConfigurationError.self) {
            try MiniRocket(channelCount: 1, referenceLength: 9, dilations: [1], featuresPerDilation: [1],
                           channelsPerCombination: [Int](repeating: 1, count: 84), channelIndices: [Int](repeating: 0, count: 84),
                           biases: [Float](repeating: 0, count: 83))
        }
        #expect(throws: ConfigurationError.self) {
            try MiniRocket(channelCount: 2, referenceLength: 9, dilations: [1], featuresPerDilation: [1],
                           channelsPerCombination: [Int](repeating: 2, count: 84), channelIndices: [Int](repeating: 0, count: 168),
                           biases: [Float](repeating: 0, count: 84))
        }
    }
}
