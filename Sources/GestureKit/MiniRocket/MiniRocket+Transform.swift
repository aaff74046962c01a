/// Why a series cannot be transformed or fitted by ``MiniRocket``.
public enum MiniRocketError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The series has a different number of channels than the transform.
    case channelMismatch(series: String, expected: Int, got: Int)
    /// The series has no samples.
    case empty(series: String)
    /// Fitting needs at least one example.
    case noExamples
    /// A setting is out of range.
    case invalidSetting(key: String, String)

    /// A one-line, human-readable account.
    public var description: String {
        switch self {
        case let .channelMismatch(series, expected, got):
            "\(series) has \(got) channels but the MiniRocket transform was fitted on \(expected); give series of the channels it was trained on"
        case let .empty(series): "\(series) has no samples"
        case .noExamples: "fitting MiniRocket needs at least one training example"
        case let .invalidSetting(key, message): "\(key): \(message)"
        }
    }
}

extension MiniRocket {
    /// Reusable buffers for ``MiniRocket/transform(_:into:workspace:)``: after the first series of a given length
    /// and channel count, transforming another allocates nothing. One per thread.
    public struct Workspace: Sendable {
        /// −x and 3x, channel-major.
        var alpha0: [Float] = [], gamma0: [Float] = []
        /// The sum of the nine −x terms, channel-major; the nine shifted 3x terms (kernel position, channel, time).
        var alpha: [Float] = [], gamma: [Float] = []
        /// One convolution output.
        var output: [Float] = []
        /// The pooled part of the output, padded with −∞ to whole vectors.
        var pooled: [SIMD8<Float>] = []

        /// An empty workspace; it grows to the largest series it sees.
        public init() {}

        /// Makes room for `channels` × `length` without shrinking. O(1) when large enough.
        mutating func reserve(channels: Int, length: Int) {
            let n = channels * length
            if alpha0.count < n {
                alpha0 = [Float](repeating: 0, count: n)
                gamma0 = [Float](repeating: 0, count: n)
                alpha = [Float](repeating: 0, count: n)
                gamma = [Float](repeating: 0, count: 9 * n)
            }
            if output.count < length { output = [Float](repeating: 0, count: length) }
            if pooled.count < (length + 7) / 8 { pooled = [SIMD8<Float>](repeating: .zero, count: (length + 7) / 8) }
        }
    }

    /// The features of one series (one dimension per channel) into `features` (``featureCount`` values, each a
    /// proportion in [0, 1]). Allocates nothing once `workspace` has seen a series as long.
    ///
    /// - Complexity: O(D · 84 · (9·c + F/D) · n) for D dilations, c channels, F features and n samples: the convolution
    ///   sums are formed once per dilation and shared by the 84 kernels, as in the paper.
    public func transform(_ series: DTWSeries, into features: UnsafeMutableBufferPointer<Float>,
                          workspace: inout Workspace) throws(MiniRocketError) {
        try check(series, name: "the series")
        precondition(features.count >= featureCount, "the feature buffer holds \(features.count) values; \(featureCount) are needed")
        let n = series.length, c = channelCount
        workspace.reserve(channels: c, length: n)
        load(series, into: &workspace)
        var feature = 0, pair = 0, channelStart = 0
        for (j, d) in dilations.enumerated() {
            Self.convolve(workspace: &workspace, channels: c, length: n, dilation: d)
            let perKernel = featuresPerDilation[j]
            let padding = 4 * d
            for k in 0..<Self.kernelCount {
                let channelCount = channelsPerCombination[pair]
                combine(kernel: k, channels: channelStart..<(channelStart + channelCount), length: n, workspace: &workspace)
                // Pooling alternates between the whole output and its unpadded part (the whole one when that is empty).
                let unpadded = (j + k) % 2 == 1 && n > 2 * padding
                let range = unpadded ? padding..<(n - padding) : 0..<n
                Self.pool(range, workspace: &workspace, biases: biases, first: feature, count: perKernel, into: features)
                feature += perKernel
                pair += 1
                channelStart += channelCount
            }
        }
    }

    /// ``transform(_:into:workspace:)`` of each series over up to `threads` threads (`nil`: all cores), row-major:
    /// series `i`'s features at `i · featureCount`. The result does not depend on the thread count.
    ///
    /// - Complexity: that of ``transform(_:into:workspace:)`` per series.
    public func transform(_ series: [DTWSeries], threads: Int? = nil) throws(MiniRocketError) -> [Float] {
        for (i, s) in series.enumerated() { try check(s, name: "series \(i + 1)") }
        let f = featureCount
        var out = [Float](repeating: 0, count: series.count * f)
        // Blocks of series share a workspace; blocks are small so that uneven lengths still balance.
        let block = 4
        let blocks = (series.count + block - 1) / block
        let transform = self
        out.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let shared = buffer
            ParallelLoop.run(blocks, threads: threads) { b in
                var workspace = Workspace()
                for i in (b * block)..<min(series.count, (b + 1) * block) {
                    let row = UnsafeMutableBufferPointer(rebasing: shared[(i * f)..<((i + 1) * f)])
                    // Checked above: cannot throw.
                    try? transform.transform(series[i], into: row, workspace: &workspace)
                }
            }
        }
        return out
    }

    /// Throws unless `series` has this transform's channels and at least one sample.
    func check(_ series: DTWSeries, name: String) throws(MiniRocketError) {
        guard series.dimensions == channelCount else { throw .channelMismatch(series: name, expected: channelCount, got: series.dimensions) }
        guard series.length > 0 else { throw .empty(series: name) }
    }

    /// Copies −x and 3x of `series` (interleaved Doubles) into the workspace, channel-major Floats. O(c·n).
    func load(_ series: DTWSeries, into workspace: inout Workspace) {
        let n = series.length, c = channelCount
        series.values.withUnsafeBufferPointer { values in
            workspace.alpha0.withUnsafeMutableBufferPointer { a in
                workspace.gamma0.withUnsafeMutableBufferPointer { g in
                    for t in 0..<n {
                        for ch in 0..<c {
                            let x = Float(values[t * c + ch])
                            a[ch * n + t] = -x
                            // x + x + x, as the reference computes it (3·x may round differently).
                            g[ch * n + t] = x + x + x
                        }
                    }
                }
            }
        }
    }

    /// The nine −x terms summed (``Workspace/alpha``) and the nine 3x terms (``Workspace/gamma``) at dilation `d`,
    /// zero outside the series: position `p` of a kernel reads `x[t + (p − 4)·d]`. The sum runs in the reference's
    /// order (centre, then positions 0…3, then 5…8) so that Float rounding matches it. O(9·c·n).
    static func convolve(workspace: inout Workspace, channels c: Int, length n: Int, dilation d: Int) {
        workspace.alpha0.withUnsafeBufferPointer { a0 in
            workspace.gamma0.withUnsafeBufferPointer { g0 in
                workspace.alpha.withUnsafeMutableBufferPointer { alpha in
                    workspace.gamma.withUnsafeMutableBufferPointer { gamma in
                        for ch in 0..<c {
                            let base = ch * n
                            for t in 0..<n { alpha[base + t] = a0[base + t] }
                            for p in 0..<9 where p != 4 {
                                let shift = (p - 4) * d
                                let g = (p * c + ch) * n
                                // Output t reads input t + shift when it lies in 0..<n.
                                let lo = max(0, -shift), hi = min(n, n - shift)
                                if lo >= hi {
                                    for t in 0..<n { gamma[g + t] = 0 }
                                    continue
                                }
                                for t in 0..<lo { gamma[g + t] = 0 }
                                for t in lo..<hi {
                                    alpha[base + t] += a0[base + t + shift]
                                    gamma[g + t] = g0[base + t + shift]
                                }
                                for t in hi..<n { gamma[g + t] = 0 }
                            }
                            let centre = (4 * c + ch) * n
                            for t in 0..<n { gamma[centre + t] = g0[base + t] }
                        }
                    }
                }
            }
        }
    }

    /// The output of kernel `k` summed over the channels of ``channelIndices``[`channels`] into ``Workspace/output``. O(c·n).
    func combine(kernel k: Int, channels: Range<Int>, length n: Int, workspace: inout Workspace) {
        let (i0, i1, i2) = Self.kernelIndices[k]
        let c = channelCount
        channelIndices.withUnsafeBufferPointer { indices in
            workspace.alpha.withUnsafeBufferPointer { alpha in
                workspace.gamma.withUnsafeBufferPointer { gamma in
                    workspace.output.withUnsafeMutableBufferPointer { out in
                        for (m, r) in channels.enumerated() {
                            let ch = indices[r]
                            let a = ch * n, g0 = (i0 * c + ch) * n, g1 = (i1 * c + ch) * n, g2 = (i2 * c + ch) * n
                            if m == 0 {
                                for t in 0..<n { out[t] = alpha[a + t] + gamma[g0 + t] + gamma[g1 + t] + gamma[g2 + t] }
                            } else {
                                for t in 0..<n { out[t] += alpha[a + t] + gamma[g0 + t] + gamma[g1 + t] + gamma[g2 + t] }
                            }
                        }
                    }
                }
            }
        }
    }

    /// PPV pooling: for `count` biases from `first`, the share of ``Workspace/output``[`range`] above the bias,
    /// written to `features[first...]`. Counts eight values at a time. O(count · |range|).
    static func pool(_ range: Range<Int>, workspace: inout Workspace, biases: [Float], first: Int, count: Int,
                     into features: UnsafeMutableBufferPointer<Float>) {
        let m = range.count
        let vectors = (m + 7) / 8
        workspace.output.withUnsafeBufferPointer { out in
            workspace.pooled.withUnsafeMutableBufferPointer { pooled in
                // −∞ is above no bias.
                pooled.withMemoryRebound(to: Float.self) { flat in
                    for t in 0..<m { flat[t] = out[range.lowerBound + t] }
                    for t in m..<(vectors * 8) { flat[t] = -.infinity }
                }
                biases.withUnsafeBufferPointer { b in
                    for f in first..<(first + count) {
                        let bias = SIMD8<Float>(repeating: b[f])
                        var above = SIMD8<Int32>.zero
                        for v in 0..<vectors {
                            above &+= SIMD8<Int32>.zero.replacing(with: 1, where: pooled[v] .> bias)
                        }
                        // The reference averages in Double and stores a Float.
                        features[f] = Float(Double(above.wrappedSum()) / Double(m))
                    }
                }
            }
        }
    }
}
