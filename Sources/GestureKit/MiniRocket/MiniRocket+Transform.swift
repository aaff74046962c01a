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
        /// `(alpha + 3x at position i) + 3x at position j` for one position pair i < j (channel, time): a kernel's
        /// output is this plus its third 3x term, summed in the reference's order. Kernels are in lexicographic order,
        /// so those sharing their first two positions follow each other and share this sum, which stays in L1.
        var pairs: [Float] = []
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
                pairs = [Float](repeating: 0, count: n)
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
        series.values.withUnsafeBufferPointer { values in
            transform(interleaved: values, length: series.length, into: features, workspace: &workspace)
        }
    }

    /// ``transform(_:into:workspace:)`` of `length` samples interleaved in `values` (sample-major, ``channelCount``
    /// values each, `length` ≥ 1): what a stream spotter reads from its own buffer without making a ``DTWSeries``.
    ///
    /// - Complexity: that of ``transform(_:into:workspace:)``; no allocation once `workspace` has seen `length`.
    func transform(interleaved values: UnsafeBufferPointer<Double>, length: Int, into features: UnsafeMutableBufferPointer<Float>,
                   workspace: inout Workspace) {
        precondition(features.count >= featureCount, "the feature buffer holds \(features.count) values; \(featureCount) are needed")
        precondition(length >= 1 && values.count >= length * channelCount, "\(values.count) values for \(length) samples of \(channelCount) channels")
        let n = length, c = channelCount
        workspace.reserve(channels: c, length: n)
        load(values, length: n, into: &workspace)
        var feature = 0, pair = 0, channelStart = 0
        for (j, d) in dilations.enumerated() {
            Self.convolve(workspace: &workspace, channels: c, length: n, dilation: d)
            let perKernel = featuresPerDilation[j]
            let padding = 4 * d
            for k in 0..<Self.kernelCount {
                let (i0, i1, _) = Self.kernelIndices[k]
                if k == 0 || Self.kernelIndices[k - 1].0 != i0 || Self.kernelIndices[k - 1].1 != i1 {
                    Self.sumPair(i0, i1, workspace: &workspace, channels: c, length: n)
                }
                let channelCount = channelsPerCombination[pair]
                // Pooling alternates between the whole output and its unpadded part (the whole one when that is empty);
                // only the pooled part is computed.
                let unpadded = (j + k) % 2 == 1 && n > 2 * padding
                let range = unpadded ? padding..<(n - padding) : 0..<n
                if channelCount == 1 {
                    poolOneChannel(kernel: k, channel: channelIndices[channelStart], range: range, length: n,
                                   workspace: &workspace, first: feature, count: perKernel, into: features)
                } else {
                    combinePooled(kernel: k, channels: channelStart..<(channelStart + channelCount), range: range, length: n, workspace: &workspace)
                    Self.pool(range.count, workspace: &workspace, biases: biases, first: feature, count: perKernel, into: features)
                }
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

    /// Copies −x and 3x of `series` into the workspace (see ``load(_:length:into:)``). O(c·n).
    func load(_ series: DTWSeries, into workspace: inout Workspace) {
        series.values.withUnsafeBufferPointer { load($0, length: series.length, into: &workspace) }
    }

    /// Copies −x and 3x of `n` samples of interleaved Doubles into the workspace, channel-major Floats. O(c·n).
    func load(_ values: UnsafeBufferPointer<Double>, length n: Int, into workspace: inout Workspace) {
        let c = channelCount
        workspace.alpha0.withUnsafeMutableBufferPointer { a in
            workspace.gamma0.withUnsafeMutableBufferPointer { g in
                for ch in 0..<c {
                    let source = values.baseAddress! + ch, negated = a.baseAddress! + ch * n, tripled = g.baseAddress! + ch * n
                    for t in 0..<n {
                        let x = Float(source[t * c])
                        negated[t] = -x
                        // x + x + x, as the reference computes it (3·x may round differently).
                        tripled[t] = x + x + x
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
                            // Base pointers: the loops below index from 0 without overflow checks, so they vectorise.
                            let x = a0.baseAddress! + ch * n, g = g0.baseAddress! + ch * n
                            let sum = alpha.baseAddress! + ch * n
                            sum.update(from: x, count: n)
                            for p in 0..<9 where p != 4 {
                                let shift = (p - 4) * d
                                let out = gamma.baseAddress! + (p * c + ch) * n
                                // Output t reads input t + shift when it lies in 0..<n.
                                let lo = min(n, max(0, -shift)), hi = max(lo, min(n, n - shift))
                                out.update(repeating: 0, count: lo)
                                if hi > lo {
                                    let source = x + (lo + shift), target = sum + lo
                                    for t in 0..<(hi - lo) { target[t] += source[t] }
                                    (out + lo).update(from: g + (lo + shift), count: hi - lo)
                                }
                                (out + hi).update(repeating: 0, count: n - hi)
                            }
                            (gamma.baseAddress! + (4 * c + ch) * n).update(from: g, count: n)
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
                    workspace.output.withUnsafeMutableBufferPointer { output in
                        let out = output.baseAddress!
                        for (m, r) in channels.enumerated() {
                            let ch = indices[r]
                            let a = alpha.baseAddress! + ch * n
                            let g0 = gamma.baseAddress! + (i0 * c + ch) * n
                            let g1 = gamma.baseAddress! + (i1 * c + ch) * n
                            let g2 = gamma.baseAddress! + (i2 * c + ch) * n
                            if m == 0 {
                                for t in 0..<n { out[t] = a[t] + g0[t] + g1[t] + g2[t] }
                            } else {
                                for t in 0..<n { out[t] += a[t] + g0[t] + g1[t] + g2[t] }
                            }
                        }
                    }
                }
            }
        }
    }

    /// ``Workspace/pairs`` for kernel positions `i` < `j` from ``Workspace/alpha`` and ``Workspace/gamma``: 28 of the
    /// 36 position pairs start a kernel (j < 8), each computed once per dilation. O(c·n).
    static func sumPair(_ i: Int, _ j: Int, workspace: inout Workspace, channels c: Int, length n: Int) {
        workspace.alpha.withUnsafeBufferPointer { alpha in
            workspace.gamma.withUnsafeBufferPointer { gamma in
                workspace.pairs.withUnsafeMutableBufferPointer { pairs in
                    for ch in 0..<c {
                        let a = alpha.baseAddress! + ch * n
                        let gi = gamma.baseAddress! + (i * c + ch) * n, gj = gamma.baseAddress! + (j * c + ch) * n
                        let out = pairs.baseAddress! + ch * n
                        for t in 0..<n { out[t] = (a[t] + gi[t]) + gj[t] }
                    }
                }
            }
        }
    }

    /// Kernel `k`'s output over `range`, summed over the channels of ``channelIndices``[`channels`], into
    /// ``Workspace/pooled`` from its start, padded with −∞ (above no bias) to whole vectors. O(c·|range|).
    func combinePooled(kernel k: Int, channels: Range<Int>, range: Range<Int>, length n: Int, workspace: inout Workspace) {
        let i2 = Self.kernelIndices[k].2
        let c = channelCount, m = range.count, start = range.lowerBound
        channelIndices.withUnsafeBufferPointer { indices in
            workspace.pairs.withUnsafeBufferPointer { pairs in
                workspace.gamma.withUnsafeBufferPointer { gamma in
                    workspace.pooled.withUnsafeMutableBufferPointer { pooled in
                        pooled.withMemoryRebound(to: Float.self) { flat in
                            let out = flat.baseAddress!
                            for (position, r) in channels.enumerated() {
                                let ch = indices[r]
                                let b = pairs.baseAddress! + ch * n + start
                                let g = gamma.baseAddress! + (i2 * c + ch) * n + start
                                if position == 0 {
                                    for t in 0..<m { out[t] = b[t] + g[t] }
                                } else {
                                    for t in 0..<m { out[t] += b[t] + g[t] }
                                }
                            }
                            (out + m).update(repeating: -.infinity, count: (m + 7) / 8 * 8 - m)
                        }
                    }
                }
            }
        }
    }

    /// PPV pooling: for `count` biases from `first`, the share of the `m` values in ``Workspace/pooled`` above the
    /// bias, written to `features[first...]`. O(count · m).
    static func pool(_ m: Int, workspace: inout Workspace, biases: [Float], first: Int, count: Int,
                     into features: UnsafeMutableBufferPointer<Float>) {
        workspace.pooled.withUnsafeBufferPointer { pooled in
            biases.withUnsafeBufferPointer { b in
                let v = pooled.baseAddress!
                countAbove(m, vectors: (m + 7) / 8, tail: nil, biases: b, first: first, count: count, into: features) { v[$0] }
            }
        }
    }

    /// ``pool(_:workspace:biases:first:count:into:)`` for a kernel over one channel, fused with forming its output
    /// (its pair sum plus its third 3x term, the reference's rounding order): the output is never stored. O(count · m).
    func poolOneChannel(kernel k: Int, channel ch: Int, range: Range<Int>, length n: Int, workspace: inout Workspace,
                        first: Int, count: Int, into features: UnsafeMutableBufferPointer<Float>) {
        let i2 = Self.kernelIndices[k].2
        let c = channelCount, m = range.count, start = range.lowerBound
        let full = m / 8, rest = m - full * 8
        workspace.pairs.withUnsafeBufferPointer { pairs in
            workspace.gamma.withUnsafeBufferPointer { gamma in
                biases.withUnsafeBufferPointer { b in
                    let p = UnsafeRawPointer(pairs.baseAddress! + ch * n + start)
                    let g = UnsafeRawPointer(gamma.baseAddress! + (i2 * c + ch) * n + start)
                    var tail: SIMD8<Float>? = nil
                    if rest > 0 {
                        // The last values, padded with −∞ (above no bias) to a whole vector.
                        var last = SIMD8<Float>(repeating: -.infinity)
                        let pf = p.assumingMemoryBound(to: Float.self), gf = g.assumingMemoryBound(to: Float.self)
                        for j in 0..<rest { last[j] = pf[full * 8 + j] + gf[full * 8 + j] }
                        tail = last
                    }
                    let stride = MemoryLayout<SIMD8<Float>>.stride
                    Self.countAbove(m, vectors: full, tail: tail, biases: b, first: first, count: count, into: features) {
                        p.loadUnaligned(fromByteOffset: $0 * stride, as: SIMD8<Float>.self)
                            + g.loadUnaligned(fromByteOffset: $0 * stride, as: SIMD8<Float>.self)
                    }
                }
            }
        }
    }

    /// For `count` biases from `first`, the share of `m` values above each, written to `features[first...]`; the
    /// values are `value(0..<vectors)` then `tail` (padded with −∞).
    ///
    /// Four biases are counted per pass, eight values at a time: one value vector serves four comparisons, and
    /// each comparison's mask (−1 where true) is subtracted from its count directly.
    @inline(__always)
    static func countAbove(_ m: Int, vectors: Int, tail: SIMD8<Float>?, biases b: UnsafeBufferPointer<Float>, first: Int,
                           count: Int, into features: UnsafeMutableBufferPointer<Float>,
                           value: (Int) -> SIMD8<Float>) {
        var f = first
        let end = first + count
        while end - f >= 4 {
            let b0 = SIMD8<Float>(repeating: b[f]), b1 = SIMD8<Float>(repeating: b[f + 1])
            let b2 = SIMD8<Float>(repeating: b[f + 2]), b3 = SIMD8<Float>(repeating: b[f + 3])
            var n0 = SIMD8<Int32>.zero, n1 = SIMD8<Int32>.zero, n2 = SIMD8<Int32>.zero, n3 = SIMD8<Int32>.zero
            for i in 0..<vectors {
                let x = value(i)
                n0 &-= mask(x .> b0)
                n1 &-= mask(x .> b1)
                n2 &-= mask(x .> b2)
                n3 &-= mask(x .> b3)
            }
            if let x = tail {
                n0 &-= mask(x .> b0)
                n1 &-= mask(x .> b1)
                n2 &-= mask(x .> b2)
                n3 &-= mask(x .> b3)
            }
            features[f] = share(n0, of: m)
            features[f + 1] = share(n1, of: m)
            features[f + 2] = share(n2, of: m)
            features[f + 3] = share(n3, of: m)
            f += 4
        }
        while f < end {
            let b0 = SIMD8<Float>(repeating: b[f])
            var n0 = SIMD8<Int32>.zero
            for i in 0..<vectors { n0 &-= mask(value(i) .> b0) }
            if let x = tail { n0 &-= mask(x .> b0) }
            features[f] = share(n0, of: m)
            f += 1
        }
    }

    /// A comparison's lanes as integers: −1 where true, 0 where false (the mask's own representation).
    @inline(__always)
    static func mask(_ m: SIMDMask<SIMD8<Int32>>) -> SIMD8<Int32> {
        unsafeBitCast(m, to: SIMD8<Int32>.self)
    }

    /// `count`'s lanes summed, over `m`.
    @inline(__always)
    static func share(_ count: SIMD8<Int32>, of m: Int) -> Float {
        // The reference stores Float(Double(count) / Double(m)); the Float quotient is the same number
        // (53 ≥ 2·24 + 2 bits: rounding twice is innocuous for a division) and cheaper.
        Float(count.wrappedSum()) / Float(m)
    }
}
