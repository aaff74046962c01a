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
    ///   - threads: the dilations' biases are found on up to this many threads (`nil`: all cores); the result does
    ///     not depend on it.
    /// - Complexity: O(D · 84 · (9·c·n + n log F) / threads) for D dilations, c channels, series of n samples and
    ///   F features per dilation (quickselect of the few order statistics the quantiles need, not a sort).
    package init(fitting examples: [DTWSeries], featureCount: Int = defaultFeatureCount,
                maxDilationsPerKernel: Int = defaultMaxDilationsPerKernel, seed: UInt64, threads: Int? = nil) throws(MiniRocketError) {
        try self.init(fitting: examples, featureCount: featureCount, maxDilationsPerKernel: maxDilationsPerKernel, seed: seed,
                      threads: threads, variant: .selected)
    }

    /// ``init(fitting:featureCount:maxDilationsPerKernel:seed:threads:)`` with the inner loops of `variant` (available
    /// on this CPU): tests compare the variants.
    package init(fitting examples: [DTWSeries], featureCount: Int = defaultFeatureCount,
                 maxDilationsPerKernel: Int = defaultMaxDilationsPerKernel, seed: UInt64, threads: Int? = nil,
                 variant: KernelVariant) throws(MiniRocketError) {
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
        // The series each pair's biases come from, drawn in pair order as before; then the pairs are independent.
        let chosen = (0..<pairs).map { _ in random.index(examples.count) }
        var firstFeature = [Int](), firstChannel = [Int]()
        var feature = 0, channelStart = 0
        for pair in 0..<pairs {
            firstFeature.append(feature)
            firstChannel.append(channelStart)
            feature += perDilation[pair / Self.kernelCount]
            channelStart += counts[pair]
        }
        let transform = fitted
        var biases = [Float](repeating: 0, count: total)
        biases.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let shared = buffer
            // One dilation per iteration: its 84 pairs write their own biases only.
            ParallelLoop.run(dilations.count, threads: threads) { [firstFeature, firstChannel] j in
                var workspace = Workspace(variant: variant)
                var needed: [Int] = []
                for k in 0..<Self.kernelCount {
                    let pair = j * Self.kernelCount + k
                    let example = examples[chosen[pair]]
                    let n = example.length
                    workspace.reserve(channels: c, length: n)
                    transform.load(example, into: &workspace)
                    // Only the chosen example's output at this dilation is needed; the sums over all channels are cheap.
                    transform.output(kernel: k, dilation: dilations[j], channels: firstChannel[pair]..<(firstChannel[pair] + counts[pair]),
                                     length: n, workspace: &workspace)
                    let features = firstFeature[pair]..<(firstFeature[pair] + perDilation[j])
                    workspace.output.withUnsafeMutableBufferPointer { output in
                        // The order statistics the quantiles interpolate between, put in place (not the whole sort).
                        needed.removeAll(keepingCapacity: true)
                        for f in features { needed += Self.orderStatistics(n, at: levels[f]) }
                        needed.sort()
                        Self.select(output.baseAddress!, 0, n, needed[...])
                        for f in features { shared[f] = Self.quantile(UnsafeBufferPointer(rebasing: output[0..<n]), at: levels[f]) }
                    }
                }
            }
        }
        fitted.biases = biases
        self = fitted
    }

    /// The positions of the order statistics that the `level` quantile of `n` values interpolates between. O(1).
    static func orderStatistics(_ n: Int, at level: Float) -> [Int] {
        guard n > 1 else { return [0] }
        let lo = min(n - 1, Int((Double(level) * Double(n - 1)).rounded(.down)))
        return [lo, min(n - 1, lo + 1)]
    }

    /// Rearranges `v[lo..<hi]` so that each position in `needed` (ascending, inside the range) holds the value it
    /// would hold were the range sorted: quickselect for several positions at once (median-of-three pivots,
    /// Hoare partitions, insertion sort below 16 values). Expected O((hi − lo) · log(needed.count + 1)).
    static func select(_ v: UnsafeMutablePointer<Float>, _ lo: Int, _ hi: Int, _ needed: ArraySlice<Int>) {
        var lo = lo, hi = hi, needed = needed
        while !needed.isEmpty {
            if hi - lo <= 16 {
                for i in (lo + 1)..<max(lo + 1, hi) {
                    let value = v[i]
                    var j = i
                    while j > lo && v[j - 1] > value { v[j] = v[j - 1]; j -= 1 }
                    v[j] = value
                }
                return
            }
            // v[lo] ≤ v[mid] ≤ v[hi − 1]: both scans below stop inside the range.
            let mid = lo + (hi - lo) / 2
            if v[mid] < v[lo] { swap(&v[mid], &v[lo]) }
            if v[hi - 1] < v[lo] { swap(&v[hi - 1], &v[lo]) }
            if v[hi - 1] < v[mid] { swap(&v[hi - 1], &v[mid]) }
            let pivot = v[mid]
            var i = lo - 1, j = hi
            while true {
                repeat { i += 1 } while v[i] < pivot
                repeat { j -= 1 } while v[j] > pivot
                if i >= j { break }
                swap(&v[i], &v[j])
            }
            // v[lo...j] ≤ pivot ≤ v[(j + 1)..<hi]; lo ≤ j < hi − 1.
            let split = needed.firstIndex(where: { $0 > j }) ?? needed.endIndex
            let left = needed[..<split], right = needed[split...]
            if left.count <= right.count {
                select(v, lo, j + 1, left)
                lo = j + 1
                needed = right
            } else {
                select(v, j + 1, hi, right)
                hi = j + 1
                needed = left
            }
        }
    }

    /// The `level` quantile of `sorted` by linear interpolation between order statistics (numpy's default,
    /// including its way of interpolating from the nearer end). Only the two order statistics of
    /// ``orderStatistics(_:at:)`` need be in place. O(1).
    static func quantile(_ sorted: UnsafeBufferPointer<Float>, at level: Float) -> Float {
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
