import Foundation

/// The MiniRocket transform (Dempster, Schmidt & Webb, KDD 2021): a series becomes a fixed number of features,
/// each the proportion of positive values (PPV) of one convolution output above one bias.
///
/// The 84 kernels are fixed: length 9, weights −1 everywhere except three positions of weight 2 (every choice
/// of three among nine, in lexicographic order, ``kernelIndices``). Each kernel is applied at a few dilations
/// spread exponentially up to the reference length (``dilationSchedule(length:featureCount:maxDilationsPerKernel:)``);
/// each (dilation, kernel) pair sums its convolution over a random subset of the channels (the authors'
/// multivariate form; one channel: the univariate one) and gives one feature per bias. Biases are quantiles of the
/// convolution output of a training example, at low-discrepancy levels `frac(k·φ)` (``quantiles(_:)``). Outputs are
/// pooled over the whole (zero-padded) series or over its unpadded part only, alternately by kernel and dilation.
///
/// A value type holding only the fitted parameters; ``transform(_:into:workspace:)`` computes the features of one
/// series without allocating once the workspace has grown, and ``transform(_:threads:)`` many series in parallel.
/// Arithmetic is in `Float`, as in the reference implementation.
public struct MiniRocket: Codable, Sendable, Equatable {
    /// Length of every kernel.
    package static let kernelLength = 9
    /// The number of kernels.
    package static let kernelCount = 84
    /// Features asked for by default; rounded down to a multiple of 84: 9,996.
    public static let defaultFeatureCount = 10_000
    /// Most dilations per kernel by default.
    public static let defaultMaxDilationsPerKernel = 32
    /// Most channels a (dilation, kernel) pair combines.
    package static let maximumChannelsPerCombination = 9

    /// The positions of weight 2 of each kernel (all three-element subsets of 0…8, lexicographic).
    package static let kernelIndices: [(Int, Int, Int)] = {
        var out: [(Int, Int, Int)] = []
        for a in 0..<9 { for b in (a + 1)..<9 { for c in (b + 1)..<9 { out.append((a, b, c)) } } }
        return out
    }()

    /// Channels of the series transformed.
    package var channelCount: Int
    /// The length, in samples, the dilations were chosen for (the training length; the longest when lengths vary).
    package var referenceLength: Int
    /// Dilations, increasing, in samples.
    package var dilations: [Int]
    /// Features per kernel at each dilation (biases per (dilation, kernel) pair).
    package var featuresPerDilation: [Int]
    /// Channels combined by each (dilation, kernel) pair, dilation-major: pair `j·84 + k`.
    package var channelsPerCombination: [Int]
    /// The channels of every pair, concatenated in pair order (each pair's run of ``channelsPerCombination`` entries).
    package var channelIndices: [Int]
    /// One bias per feature, in feature order (dilation, then kernel, then quantile).
    package var biases: [Float]

    /// Features per series: 84 × Σ ``featuresPerDilation``.
    public var featureCount: Int { Self.kernelCount * featuresPerDilation.reduce(0, +) }

    /// Wraps fitted parameters (for example another implementation's), checking that they fit together.
    package init(channelCount: Int, referenceLength: Int, dilations: [Int], featuresPerDilation: [Int],
                channelsPerCombination: [Int], channelIndices: [Int], biases: [Float]) throws(ConfigurationError) {
        self.init(unchecked: channelCount, referenceLength: referenceLength, dilations: dilations, featuresPerDilation: featuresPerDilation,
                  channelsPerCombination: channelsPerCombination, channelIndices: channelIndices, biases: biases)
        try validate()
    }

    /// Parameters known to be consistent (built by the fit) or checked by the caller.
    init(unchecked channelCount: Int, referenceLength: Int, dilations: [Int], featuresPerDilation: [Int],
         channelsPerCombination: [Int], channelIndices: [Int], biases: [Float]) {
        self.channelCount = channelCount
        self.referenceLength = referenceLength
        self.dilations = dilations
        self.featuresPerDilation = featuresPerDilation
        self.channelsPerCombination = channelsPerCombination
        self.channelIndices = channelIndices
        self.biases = biases
    }

    /// Throws unless the parameters are consistent: as many feature counts as dilations, one channel count per
    /// pair, channels in range without repeats in a pair, one finite bias per feature.
    package func validate() throws(ConfigurationError) {
        guard channelCount >= 1 else { throw ConfigurationError(key: "channelCount", "must be at least 1, got \(channelCount)") }
        guard referenceLength >= 1 else { throw ConfigurationError(key: "referenceLength", "must be at least 1 sample, got \(referenceLength)") }
        guard !dilations.isEmpty, dilations.count == featuresPerDilation.count else {
            throw ConfigurationError(key: "dilations", "needs one feature count per dilation, got \(dilations.count) dilations and \(featuresPerDilation.count) counts")
        }
        if let d = dilations.first(where: { $0 < 1 || $0 > 1 << 24 }) { throw ConfigurationError(key: "dilations", "must be whole numbers of samples ≥ 1, got \(d)") }
        if let n = featuresPerDilation.first(where: { $0 < 1 || $0 > 1 << 20 }) { throw ConfigurationError(key: "featuresPerDilation", "must be at least 1, got \(n)") }
        let pairs = dilations.count * Self.kernelCount
        guard channelsPerCombination.count == pairs else {
            throw ConfigurationError(key: "channelsPerCombination", "needs one count per (dilation, kernel) pair (\(pairs)), got \(channelsPerCombination.count)")
        }
        var start = 0
        for (pair, n) in channelsPerCombination.enumerated() {
            guard n >= 1, n <= channelCount else { throw ConfigurationError(key: "channelsPerCombination[\(pair)]", "must be 1…\(channelCount), got \(n)") }
            guard start + n <= channelIndices.count else {
                throw ConfigurationError(key: "channelIndices", "has \(channelIndices.count) entries; the counts need \(channelsPerCombination.reduce(0, +))")
            }
            let run = channelIndices[start..<(start + n)]
            guard run.allSatisfy({ $0 >= 0 && $0 < channelCount }), Set(run).count == n else {
                throw ConfigurationError(key: "channelIndices", "pair \(pair) names channels \(Array(run)); each must be distinct and in 0..<\(channelCount)")
            }
            start += n
        }
        guard start == channelIndices.count else {
            throw ConfigurationError(key: "channelIndices", "has \(channelIndices.count) entries; the counts need \(start)")
        }
        guard biases.count == featureCount else {
            throw ConfigurationError(key: "biases", "needs one bias per feature (\(featureCount)), got \(biases.count)")
        }
        if let i = biases.firstIndex(where: { !$0.isFinite }) { throw ConfigurationError(key: "biases[\(i)]", "must be finite, got \(biases[i])") }
    }

    /// The paper's dilation schedule for series of `length` samples: `featureCount / 84` features per kernel over
    /// at most `maxDilationsPerKernel` dilations `⌊2^e⌋`, `e` evenly spaced in `[0, log2((length − 1) / 8)]`
    /// (repeats merged, their features added), the remainder handed out one by one from the smallest dilation.
    ///
    /// - Complexity: O(maxDilationsPerKernel).
    package static func dilationSchedule(length: Int, featureCount: Int = defaultFeatureCount,
                                        maxDilationsPerKernel: Int = defaultMaxDilationsPerKernel) -> (dilations: [Int], featuresPerDilation: [Int]) {
        let perKernel = max(1, featureCount / kernelCount)
        let trueMax = max(1, min(perKernel, maxDilationsPerKernel))
        let multiplier = Double(perKernel) / Double(trueMax)
        // A series shorter than the kernel gets dilation 1 only (the exponent would be negative).
        let maxExponent = max(0, log2(Double(max(length, 2) - 1) / Double(kernelLength - 1)))
        var dilations: [Int] = [], counts: [Int] = []
        for i in 0..<trueMax {
            let e = trueMax == 1 ? 0 : maxExponent * Double(i) / Double(trueMax - 1)
            // numpy's logspace computes base ** exponent; truncation as astype(int32).
            let d = Int(pow(2.0, e))
            if dilations.last == d { counts[counts.count - 1] += 1 } else { dilations.append(d); counts.append(1) }
        }
        var features = counts.map { Int(Double($0) * multiplier) }
        var remainder = perKernel - features.reduce(0, +)
        var i = 0
        while remainder > 0 {
            features[i] += 1
            remainder -= 1
            i = (i + 1) % features.count
        }
        return (dilations, features)
    }

    /// The first `count` low-discrepancy quantile levels `frac(k·φ)`, k = 1…count, φ the golden ratio. O(count).
    package static func quantiles(_ count: Int) -> [Float] {
        let phi = (5.0.squareRoot() + 1) / 2
        return (1...max(count, 1)).prefix(count).map { Float((Double($0) * phi).truncatingRemainder(dividingBy: 1)) }
    }
}
