import CMiniRocketKernels

// The batch transform of every window of a stream (the spotter's batch path): overlapping windows share their
// convolutions, and the features are those of each window transformed on its own, bit for bit.
//
// Why it is exact. At dilation d a window position's output reads the samples 4d before and after it. Where all of
// them lie inside the window (positions 4d ..< n − 4d), the output is formed by the same additions of the same values
// as at that position of the stream transformed as one series: every kernel adds its terms position by position, in
// one order, whatever the series' length. Those outputs are computed once per block of windows, and each window's
// count above a bias over that range is a difference of two prefix counts (exact integers). The unpadded features
// are those counts over n − 8d, divided as the pooling divides. The padded ones also count the 4d positions at each
// end, whose terms outside the window are skipped: those are formed per window, with the same additions as the
// per-window dilation (`gl_minirocket_dilate_edges`), and counted. Dilations with n ≤ 8d have no shared part: their features are
// computed per window, exactly as the per-window transform does.
extension MiniRocket {
    /// Buffers of the batch transform of windows, one per block of windows (allocated once per block).
    struct WindowsWorkspace {
        /// The block's samples (−x, 3x), then for each dilation its terms over the block, then those of the windows' ends.
        var block: Workspace
        /// One window, for the dilations whose padded ends cover it.
        var window: Workspace
        /// Prefix counts of one kernel's output over the block, bias after bias.
        var prefix: [Int32] = []
        /// Counts over the ends of each window of an edge chunk, window after window.
        var edges: [Int32] = []

        /// Empty buffers whose inner loops run `variant` (available on this CPU); they grow to the block. O(1).
        init(variant: KernelVariant) {
            block = Workspace(variant: variant)
            window = Workspace(variant: variant)
        }
    }

    /// Samples of the windows' ends laid side by side in one series (`gl_minirocket_dilate_edges`): chunks of windows hold about as
    /// many, so the end terms of the largest dilation stay in cache.
    static let edgeChunkLength = 4_096
    /// The span, in samples, of a block of windows, at least: the block's shared convolutions repeat one window
    /// length at its ends, a small share of this.
    static let blockSpan = 2_048
    /// Features per block of windows, at most (the block's rows are handed over together).
    static let blockFeatures = 1 << 19

    /// One block of consecutive windows of one run.
    struct WindowBlock {
        /// Index of the block's first window among all the stream's windows.
        var first: Int
        /// Sample index of the first window's first sample.
        var start: Int
        /// Windows in the block.
        var count: Int
    }

    /// The windows of `runs` (in each run, one every `hop` samples from its start while a whole window of `n` fits)
    /// cut into blocks of at most `perBlock` windows, in order. O(runs + blocks).
    static func windowBlocks(runs: [Range<Int>], length n: Int, hop: Int, perBlock: Int) -> (blocks: [WindowBlock], windows: Int) {
        var blocks: [WindowBlock] = [], first = 0
        for run in runs where run.count >= n {
            let windows = (run.count - n) / hop + 1
            for b in stride(from: 0, to: windows, by: perBlock) {
                blocks.append(WindowBlock(first: first + b, start: run.lowerBound + b * hop, count: min(perBlock, windows - b)))
            }
            first += windows
        }
        return (blocks, first)
    }

    /// The features of every window of a stream, each equal bit for bit to ``transform(_:into:workspace:)`` of the
    /// window on its own, with the convolutions that overlapping windows share computed once. `values` holds the
    /// stream's samples interleaved (``channelCount`` values each); in each of `runs` (sample ranges, in order),
    /// windows of `n` samples start at the run's start and every `hop` samples while one fits, as
    /// ``MiniRocketSpotter/windowEnds(runs:windowLength:hopLength:)`` lists them. Blocks of consecutive windows are
    /// transformed on up to `threads` threads (`nil`: all cores); `body(first, rows)` receives each block's rows
    /// (``featureCount`` features per window, window `first` first), possibly from several threads at once, each
    /// block once. `sharing`: `nil` shares the convolutions when windows overlap (`hop < n`) and transforms each
    /// window on its own otherwise; tests force either path. The features do not depend on the thread count.
    ///
    /// - Complexity: per window, O(84 · D · (9·c + F/D) · hop) for the shared part plus O(84 · (c + F/D) · Σ 8d) for
    ///   its ends, against O(84 · D · (9·c + F/D) · n) when transformed alone (D dilations, c channels, F features);
    ///   memory O(c · span + features · windows) per block, never the whole stream's outputs.
    package func transform(windowsOf values: UnsafeBufferPointer<Double>, runs: [Range<Int>], length n: Int, hop: Int,
                           threads: Int? = nil, variant: KernelVariant = .selected, sharing: Bool? = nil,
                           _ body: @Sendable (_ first: Int, _ rows: UnsafeBufferPointer<Float>) -> Void) {
        precondition(n >= 1 && hop >= 1, "windows of \(n) samples every \(hop)")
        precondition(runs.allSatisfy { $0.upperBound * channelCount <= values.count }, "the runs reach past the \(values.count) values")
        let shares = sharing ?? (hop < n)
        let f = featureCount
        let spanWindows = max(1, (max(Self.blockSpan, 4 * n) - n) / hop + 1)
        let perBlock = max(1, min(spanWindows, Self.blockFeatures / f))
        let blocks = Self.windowBlocks(runs: runs, length: n, hop: hop, perBlock: perBlock).blocks
        let starts = dilationStarts()
        let transform = self
        nonisolated(unsafe) let values = values
        ParallelLoop.run(blocks.count, threads: threads) { b in
            let block = blocks[b]
            var workspace = WindowsWorkspace(variant: variant)
            var rows = [Float](repeating: 0, count: block.count * f)
            rows.withUnsafeMutableBufferPointer { rows in
                if shares {
                    transform.transformBlock(values, block: block, length: n, hop: hop, starts: starts, into: rows.baseAddress!,
                                             workspace: &workspace)
                } else {
                    for i in 0..<block.count {
                        let window = UnsafeBufferPointer(rebasing: values[((block.start + i * hop) * transform.channelCount)...])
                        transform.transform(interleaved: window, length: n, into: UnsafeMutableBufferPointer(rebasing: rows[(i * f)..<((i + 1) * f)]),
                                            workspace: &workspace.window)
                    }
                }
            }
            rows.withUnsafeBufferPointer { body(block.first, $0) }
        }
    }

    /// ``transform(windowsOf:runs:length:hop:threads:variant:sharing:_:)`` gathered into one array, window after
    /// window (``featureCount`` features each): for tests and short streams.
    ///
    /// - Complexity: that of ``transform(windowsOf:runs:length:hop:threads:variant:sharing:_:)``; memory O(windows × features).
    package func transform(windowsOf values: [Double], runs: [Range<Int>], length n: Int, hop: Int, threads: Int? = nil,
                           variant: KernelVariant = .selected, sharing: Bool? = nil) -> [Float] {
        let windows = Self.windowBlocks(runs: runs, length: n, hop: hop, perBlock: 1).windows
        let f = featureCount
        var out = [Float](repeating: 0, count: windows * f)
        out.withUnsafeMutableBufferPointer { out in
            nonisolated(unsafe) let out = out
            values.withUnsafeBufferPointer { values in
                transform(windowsOf: values, runs: runs, length: n, hop: hop, threads: threads, variant: variant, sharing: sharing) { first, rows in
                    _ = UnsafeMutableBufferPointer(rebasing: out[(first * f)..<(first * f + rows.count)]).update(fromContentsOf: rows)
                }
            }
        }
        return out
    }

    /// The features of one block's windows into `features` (``featureCount`` per window): the shared convolutions of
    /// each dilation with n > 8d, then, window by window, the dilations whose ends cover the window.
    ///
    /// - Complexity: see ``transform(windowsOf:runs:length:hop:threads:variant:sharing:_:)``.
    func transformBlock(_ values: UnsafeBufferPointer<Double>, block: WindowBlock, length n: Int, hop: Int, starts: [DilationStart],
                        into features: UnsafeMutablePointer<Float>, workspace: inout WindowsWorkspace) {
        let c = channelCount, f = featureCount
        let span = (block.count - 1) * hop + n
        workspace.block.reserve(channels: c, length: max(span, Self.edgeChunkLength))
        load(UnsafeBufferPointer(rebasing: values[(block.start * c)..<((block.start + span) * c)]), length: span, into: &workspace.block)
        for (j, d) in dilations.enumerated() where n > 8 * d {
            sharedDilation(j, block: block, span: span, length: n, hop: hop, start: starts[j], into: features, workspace: &workspace)
        }
        guard dilations.contains(where: { n <= 8 * $0 }) else { return }
        workspace.window.reserve(channels: c, length: n)
        let variant = workspace.window.variant.rawValue
        channelIndices.withUnsafeBufferPointer { indices in
            biases.withUnsafeBufferPointer { biases in
                for i in 0..<block.count {
                    load(UnsafeBufferPointer(rebasing: values[((block.start + i * hop) * c)...]), length: n, into: &workspace.window)
                    workspace.window.withBuffers { w in
                        for (j, d) in dilations.enumerated() where n <= 8 * d {
                            gl_minirocket_dilate(variant, w.negated, w.tripled, c, n, d, w.alpha, w.gamma)
                            pool(dilation: j, length: n, start: starts[j], buffers: w, variant: variant, indices: indices.baseAddress!,
                                 biases: biases.baseAddress!, into: features + i * f)
                        }
                    }
                }
            }
        }
    }

    /// Dilation `j` (n > 8d) of every window of a block: each kernel's output over the block's positions
    /// `4d ..< span − 4d`, counted by prefix counts over each window's unpadded part (the unpadded features, and the
    /// interior of the padded ones, kept as exact counts in the feature slots meanwhile); then ``addEdges``.
    ///
    /// - Complexity: O(84 · (9·c + F_j) · span) plus that of ``addEdges``.
    func sharedDilation(_ j: Int, block: WindowBlock, span: Int, length n: Int, hop: Int, start: DilationStart,
                        into features: UnsafeMutablePointer<Float>, workspace: inout WindowsWorkspace) {
        let c = channelCount, f = featureCount, d = dilations[j], r = featuresPerDilation[j]
        let kernels = Self.kernelIndices
        let inner = span - 8 * d, m = n - 8 * d
        // Taken out of the workspace while in use: two buffers of one workspace are never accessed at once.
        var prefix = workspace.prefix
        workspace.prefix = []
        defer { workspace.prefix = prefix }
        if prefix.count < (inner + 1) * r { prefix = [Int32](repeating: 0, count: (inner + 1) * r) }
        let variant = workspace.block.variant.rawValue
        channelIndices.withUnsafeBufferPointer { indices in
            biases.withUnsafeBufferPointer { biases in
                prefix.withUnsafeMutableBufferPointer { prefix in
                    workspace.block.withBuffers { w in
                        gl_minirocket_dilate(variant, w.negated, w.tripled, c, span, d, w.alpha, w.gamma)
                        var feature = start.feature, channel = start.channel
                        for k in 0..<Self.kernelCount {
                            let (i0, i1, i2) = kernels[k]
                            if k == 0 || kernels[k - 1].0 != i0 || kernels[k - 1].1 != i1 {
                                gl_minirocket_sum_pair(variant, w.alpha, w.gamma, c, span, i0, i1, w.pairs)
                            }
                            let combined = channelsPerCombination[j * Self.kernelCount + k]
                            gl_minirocket_combine(variant, w.pairs, w.gamma, c, span, i2, indices.baseAddress! + channel, combined,
                                                  4 * d, inner, w.output)
                            gl_minirocket_prefix_counts(variant, w.output, inner, biases.baseAddress! + feature, r, prefix.baseAddress!)
                            let unpadded = (j + k) % 2 == 1
                            for i in 0..<block.count {
                                let row = features + i * f + feature
                                for q in 0..<r {
                                    let counts = prefix.baseAddress! + q * (inner + 1) + i * hop
                                    let above = counts[m] - counts[0]
                                    // The pooling's division (`(float)above / (float)count`); a padded feature keeps
                                    // its count (exact in a Float, below 2^24) until its ends are added.
                                    row[q] = unpadded ? Float(above) / Float(m) : Float(above)
                                }
                            }
                            feature += r
                            channel += combined
                        }
                    }
                }
            }
        }
        addEdges(j, block: block, span: span, length: n, hop: hop, start: start, into: features, workspace: &workspace)
    }

    /// The padded features of dilation `j` (n > 8d): each window's first and last 4d positions, whose terms outside
    /// the window are skipped as the per-window transform skips them, laid side by side for a chunk of windows
    /// (`gl_minirocket_dilate_edges`), each padded kernel's output there counted window by window and added to the interior count
    /// already in the feature slot, which becomes the proportion over n.
    ///
    /// - Complexity: O(84 · (9·c + F_j) · 8d) per window.
    func addEdges(_ j: Int, block: WindowBlock, span: Int, length n: Int, hop: Int, start: DilationStart,
                  into features: UnsafeMutablePointer<Float>, workspace: inout WindowsWorkspace) {
        let c = channelCount, f = featureCount, d = dilations[j], r = featuresPerDilation[j], e = 8 * d
        let kernels = Self.kernelIndices
        let chunk = max(1, Self.edgeChunkLength / e)
        var edges = workspace.edges
        workspace.edges = []
        defer { workspace.edges = edges }
        if edges.count < chunk * r { edges = [Int32](repeating: 0, count: chunk * r) }
        let variant = workspace.block.variant.rawValue
        channelIndices.withUnsafeBufferPointer { indices in
            biases.withUnsafeBufferPointer { biases in
                edges.withUnsafeMutableBufferPointer { edges in
                    workspace.block.withBuffers { w in
                        for first in stride(from: 0, to: block.count, by: chunk) {
                            let count = min(chunk, block.count - first), length = count * e
                            gl_minirocket_dilate_edges(variant, w.negated, w.tripled, c, span, d, n, hop, first, count, w.alpha, w.gamma)
                            var feature = start.feature, channel = start.channel, pair = -1
                            for k in 0..<Self.kernelCount {
                                let (i0, i1, i2) = kernels[k]
                                let combined = channelsPerCombination[j * Self.kernelCount + k]
                                defer { feature += r; channel += combined }
                                guard (j + k) % 2 == 0 else { continue }
                                if pair != 9 * i0 + i1 {
                                    gl_minirocket_sum_pair(variant, w.alpha, w.gamma, c, length, i0, i1, w.pairs)
                                    pair = 9 * i0 + i1
                                }
                                gl_minirocket_combine(variant, w.pairs, w.gamma, c, length, i2, indices.baseAddress! + channel, combined,
                                                      0, length, w.output)
                                gl_minirocket_count_runs(variant, w.output, count, e, biases.baseAddress! + feature, r, edges.baseAddress!)
                                for i in 0..<count {
                                    let row = features + (first + i) * f + feature
                                    for q in 0..<r { row[q] = Float(Int32(row[q]) + edges[i * r + q]) / Float(n) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
