import CMiniRocketKernels

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
    package struct Workspace: Sendable {
        /// −x and 3x, channel-major.
        var alpha0: [Float] = [], gamma0: [Float] = []
        /// The sum of the nine −x terms, channel-major; the nine shifted 3x terms (kernel position, channel, time).
        var alpha: [Float] = [], gamma: [Float] = []
        /// `(alpha + 3x at position i) + 3x at position j` for one position pair i < j (channel, time): a kernel's
        /// output is this plus its third 3x term, summed in the reference's order. Kernels are in lexicographic order,
        /// so those sharing their first two positions follow each other and share this sum, which stays in L1.
        var pairs: [Float] = []
        /// One convolution output: the pooled part of a kernel over several channels, or the whole for the fit.
        var output: [Float] = []
        /// The instruction set of the inner loops.
        let variant: KernelVariant

        /// An empty workspace for the ``KernelVariant/selected`` variant; it grows to the largest series it sees.
        package init() { variant = .selected }

        /// An empty workspace whose inner loops run `variant` (available on this CPU): tests compare the variants.
        package init(variant: KernelVariant) {
            precondition(variant.isAvailable, "the \(variant) kernels are not available in this build or on this CPU")
            self.variant = variant
        }

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
        }

        /// The buffers' addresses, for the C kernels.
        struct Buffers {
            var negated: UnsafeMutablePointer<Float>, tripled: UnsafeMutablePointer<Float>
            var alpha: UnsafeMutablePointer<Float>, gamma: UnsafeMutablePointer<Float>
            var pairs: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>
        }

        /// Runs `body` with the addresses of the buffers (reserved beforehand), valid during the call only.
        mutating func withBuffers<R>(_ body: (Buffers) -> R) -> R {
            alpha0.withUnsafeMutableBufferPointer { a0 in
                gamma0.withUnsafeMutableBufferPointer { g0 in
                    alpha.withUnsafeMutableBufferPointer { a in
                        gamma.withUnsafeMutableBufferPointer { g in
                            pairs.withUnsafeMutableBufferPointer { p in
                                output.withUnsafeMutableBufferPointer { o in
                                    body(Buffers(negated: a0.baseAddress!, tripled: g0.baseAddress!, alpha: a.baseAddress!,
                                                 gamma: g.baseAddress!, pairs: p.baseAddress!, output: o.baseAddress!))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The features of one series (one dimension per channel) into `features` (``featureCount`` values, each a
    /// proportion in [0, 1]). Allocates nothing once `workspace` has seen a series as long.
    ///
    /// - Complexity: O(D · 84 · (9·c + F/D) · n) for D dilations, c channels, F features and n samples: the convolution
    ///   sums are formed once per dilation and shared by the 84 kernels, as in the paper.
    package func transform(_ series: DTWSeries, into features: UnsafeMutableBufferPointer<Float>,
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
        let variant = workspace.variant.rawValue
        channelIndices.withUnsafeBufferPointer { indices in
            biases.withUnsafeBufferPointer { biases in
                workspace.withBuffers { w in
                    var start = DilationStart(feature: 0, channel: 0)
                    for (j, d) in dilations.enumerated() {
                        gl_minirocket_dilate(variant, w.negated, w.tripled, c, n, d, w.alpha, w.gamma)
                        start = pool(dilation: j, length: n, start: start, buffers: w, variant: variant, indices: indices.baseAddress!,
                                     biases: biases.baseAddress!, into: features.baseAddress!)
                    }
                }
            }
        }
    }

    /// Where a dilation's parameters start: its first feature and its first pair's first entry of ``channelIndices``.
    struct DilationStart {
        /// Index of the dilation's first feature (and bias).
        var feature: Int
        /// Index into ``channelIndices`` of its first (dilation, kernel) pair's channels.
        var channel: Int
    }

    /// Every dilation's ``DilationStart``, in order. O(D · 84) for D dilations.
    func dilationStarts() -> [DilationStart] {
        var starts: [DilationStart] = []
        var start = DilationStart(feature: 0, channel: 0)
        for j in dilations.indices {
            starts.append(start)
            start.feature += Self.kernelCount * featuresPerDilation[j]
            start.channel += channelsPerCombination[(j * Self.kernelCount)..<((j + 1) * Self.kernelCount)].reduce(0, +)
        }
        return starts
    }

    /// Dilation `j`'s features of one series of `n` samples, into `features` at `start.feature` onwards: its 84
    /// kernels pooled from the terms that `gl_minirocket_dilate` left in `buffers` for this dilation. Returns where
    /// the next dilation starts.
    ///
    /// - Complexity: O(84 · (c + F_j) · n) for c channels and F_j features per kernel at this dilation.
    @discardableResult
    func pool(dilation j: Int, length n: Int, start: DilationStart, buffers w: Workspace.Buffers, variant: Int32,
              indices: UnsafePointer<Int>, biases: UnsafePointer<Float>, into features: UnsafeMutablePointer<Float>) -> DilationStart {
        let kernels = Self.kernelIndices, c = channelCount
        let perKernel = featuresPerDilation[j]
        let padding = 4 * dilations[j]
        var feature = start.feature, channelStart = start.channel
        for k in 0..<Self.kernelCount {
            let (i0, i1, i2) = kernels[k]
            if k == 0 || kernels[k - 1].0 != i0 || kernels[k - 1].1 != i1 {
                gl_minirocket_sum_pair(variant, w.alpha, w.gamma, c, n, i0, i1, w.pairs)
            }
            // Pooling alternates between the whole output and its unpadded part (the whole one when that is empty);
            // only the pooled part is computed.
            let unpadded = (j + k) % 2 == 1 && n > 2 * padding
            let range = unpadded ? padding..<(n - padding) : 0..<n
            let combined = channelsPerCombination[j * Self.kernelCount + k]
            gl_minirocket_pool(variant, w.pairs, w.gamma, c, n, i2, indices + channelStart, combined, range.lowerBound, range.count,
                               biases + feature, perKernel, w.output, features + feature)
            feature += perKernel
            channelStart += combined
        }
        return DilationStart(feature: feature, channel: channelStart)
    }

    /// ``transform(_:into:workspace:)`` of each series over up to `threads` threads (`nil`: all cores), row-major:
    /// series `i`'s features at `i · featureCount`. The result does not depend on the thread count.
    ///
    /// - Complexity: that of ``transform(_:into:workspace:)`` per series.
    package func transform(_ series: [DTWSeries], threads: Int? = nil) throws(MiniRocketError) -> [Float] {
        try transform(series, threads: threads, variant: .selected)
    }

    /// ``transform(_:threads:)`` with the inner loops of `variant` (available on this CPU): tests compare the variants.
    package func transform(_ series: [DTWSeries], threads: Int? = nil, variant: KernelVariant) throws(MiniRocketError) -> [Float] {
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
                var workspace = Workspace(variant: variant)
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

    /// Kernel `k`'s whole output at dilation `d`, summed over the channels of ``channelIndices``[`channels`], into
    /// the workspace's output (after ``load(_:into:)``): the values the fit takes its biases from. O(9·c·n).
    func output(kernel k: Int, dilation d: Int, channels: Range<Int>, length n: Int, workspace: inout Workspace) {
        let (i0, i1, i2) = Self.kernelIndices[k]
        let c = channelCount, variant = workspace.variant.rawValue
        channelIndices.withUnsafeBufferPointer { indices in
            workspace.withBuffers { w in
                gl_minirocket_dilate(variant, w.negated, w.tripled, c, n, d, w.alpha, w.gamma)
                gl_minirocket_sum_pair(variant, w.alpha, w.gamma, c, n, i0, i1, w.pairs)
                gl_minirocket_combine(variant, w.pairs, w.gamma, c, n, i2, indices.baseAddress! + channels.lowerBound, channels.count,
                                      0, n, w.output)
            }
        }
    }
}
