import Foundation

extension MiniRocket {
    /// Fits the transform to training series (one dimension per channel): the dilations for the longest of them,
    /// for each (dilation, kernel) pair a random subset of 1 to min(c, 9) channels (their number `⌊2^u⌋`, `u`
    /// uniform in `[0, log2(min(c, 9) + 1))`, as the authors' multivariate code draws it), and its biases: the
    /// low-discrepancy quantiles of that pair's convolution output on a randomly chosen training series.
    ///
    /// Every random choice comes from `seed` (``SplitMix64``): the same series and seed give the same transform.
    /// Labels play no part.
    ///
    /// - Parameters:
    ///   - featureCount: features asked for; the transform has `84 · ⌊featureCount / 84⌋` (9,996 by default).
    ///   - maxDilationsPerKernel: most dilations per kernel (32 by default).
    /// - Complexity: O(D · 84 · (9·c·n + n log n)) for D dilations, c channels and series of n samples.
    public init(fitting examples: [DTWSeries], featureCount: Int = defaultFeatureCount,
                maxDilationsPerKernel: Int = defaultMaxDilationsPerKernel, seed: UInt64) throws(MiniRocketError) {
        guard let first = examples.first else { throw .noExamples }
        guard featureCount >= Self.kernelCount else { throw .invalidSetting(key: "featureCount", "must be at least \(Self.kernelCount), got \(featureCount)") }
        guard maxDilationsPerKernel >= 1 else { throw .invalidSetting(key: "maxDilationsPerKernel", "must be at least 1, got \(maxDilationsPerKernel)") }
        let c = first.dimensions
        let length = examples.map(\.length).max() ?? 0
        let (dilations, perDilation) = Self.dilationSchedule(length: length, featureCount: featureCount, maxDilationsPerKernel: maxDilationsPerKernel)
        var random = SplitMix64(seed: seed)
        let pairs = dilations.count * Self.kernelCount
        let most = min(c, Self.maximumChannelsPerCombination)
        let exponent = log2(Double(most) + 1)
        let counts = (0..<pairs).map { _ in min(most, max(1, Int(pow(2, random.uniform(0...exponent))))) }
        var indices: [Int] = []
        indices.reserveCapacity(counts.reduce(0, +))
        var pool = Array(0..<c)
        for n in counts {
            // A partial Fisher–Yates shuffle: n distinct channels.
            for i in 0..<n { pool.swapAt(i, i + random.index(c - i)) }
            indices += pool[0..<n]
        }
        let total = Self.kernelCount * perDilation.reduce(0, +)
        var fitted = MiniRocket(unchecked: c, referenceLength: length, dilations: dilations, featuresPerDilation: perDilation,
                                channelsPerCombination: counts, channelIndices: indices, biases: [Float](repeating: 0, count: total))
        for (i, s) in examples.enumerated() { try fitted.check(s, name: "training series \(i + 1)") }
        let levels = Self.quantiles(total)
        var workspace = Workspace()
        var feature = 0, pair = 0, channelStart = 0
        for (j, d) in dilations.enumerated() {
            for k in 0..<Self.kernelCount {
                let example = examples[random.index(examples.count)]
                let n = example.length
                workspace.reserve(channels: c, length: n)
                fitted.load(example, into: &workspace)
                // Only the chosen example's output at this dilation is needed; the sums over all channels are cheap.
                Self.convolve(workspace: &workspace, channels: c, length: n, dilation: d)
                fitted.combine(kernel: k, channels: channelStart..<(channelStart + counts[pair]), length: n, workspace: &workspace)
                let sorted = workspace.output[0..<n].sorted()
                for f in feature..<(feature + perDilation[j]) { fitted.biases[f] = Self.quantile(sorted, at: levels[f]) }
                feature += perDilation[j]
                channelStart += counts[pair]
                pair += 1
            }
        }
        self = fitted
    }

    /// The `level` quantile of `sorted` by linear interpolation between order statistics (numpy's default,
    /// including its way of interpolating from the nearer end). O(1).
    static func quantile(_ sorted: [Float], at level: Float) -> Float {
        let n = sorted.count
        guard n > 1 else { return sorted.first ?? 0 }
        let position = Double(level) * Double(n - 1)
        let lo = min(n - 1, Int(position.rounded(.down)))
        let hi = min(n - 1, lo + 1)
        let t = position - Double(lo)
        let a = Double(sorted[lo]), b = Double(sorted[hi])
        return Float(t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t)
    }
}
