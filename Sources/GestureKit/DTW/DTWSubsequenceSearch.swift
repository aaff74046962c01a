import Foundation

/// One match of a subsequence search: where the query fits the series, and how well.
package struct DTWMatch: Hashable, Sendable, Codable {
    /// The first sample of the matching subsequence in the searched series (it is as long as the query).
    package var start: Int
    /// The DTW distance between the (normalised) query and the (normalised) subsequence.
    package var distance: Double

    /// Creates a match.
    package init(start: Int, distance: Double) {
        self.start = start
        self.distance = distance
    }
}

/// Exact search of one query for the subsequences of a long series closest to it under DTW with a Sakoe–Chiba
/// window, as the UCR Suite does it (Rakthanmanon et al., KDD 2012), for univariate and dependent multivariate
/// series.
///
/// Every subsequence as long as the query is a candidate. With ``Normalization/zNormalized(floor:)`` each one is
/// z-normalised per dimension with its own mean and standard deviation (running sums, restarted every
/// ``blockLength`` positions so that any split of the series gives the same values); with ``Normalization/raw``
/// values are compared as they are, for signals whose units matter.
///
/// Results follow one definition, whatever the pruning or the number of threads: the candidates whose distance is
/// at most `maxDistance`, taken in increasing distance (ties: earlier start first), each kept unless it starts
/// less than the exclusion zone from one kept before, at most `limit` of them. `limit: 1` is the best match;
/// `limit: k` with an exclusion zone the k best non-overlapping matches; no limit and a `maxDistance`, every
/// match under a threshold.
///
/// Candidates go through LB_Kim (first and last points and their neighbours), then (univariate, windows of 8 or
/// more) the further bands of LB_Enhanced (Tan, Petitjean & Webb 2019), LB_Keogh of the candidate against the
/// query's envelope (query steps by decreasing magnitude, abandoned early), LB_Keogh of the query against the
/// candidate's envelope (computed for a stretch of the series at a time), LB_Enhanced in full, then the
/// anti-diagonal, early-abandoning and pruning DTW kernel with the larger of the bounds of the rows left as its
/// cut-off. The bound is the k-th cost of a set of candidates pairwise at least two exclusion zones apart (so
/// each selected match can displace at most one of them and the k-th selected cost is at most that bound); it
/// starts from the exact costs of a few candidates with the smallest LB_Kim. The series is split into chunks
/// searched independently on the cores, sharing their bounds; results are merged with the same rule, so they
/// are identical for any thread count.
package struct DTWSubsequenceSearch: Sendable {
    /// How the query and every candidate subsequence are scaled before comparison.
    package enum Normalization: Hashable, Sendable {
        /// Values as they are (for signals with fixed units: g, rad/s).
        case raw
        /// Each dimension z-normalised, `(x − mean) / max(σ, floor)`, σ the population standard deviation; the
        /// floor is in the signal's units and keeps a flat stretch from being divided by almost zero.
        case zNormalized(floor: Double)
    }

    /// The query as given.
    package let query: DTWSeries
    /// The Sakoe–Chiba band as a fraction of the query's length, in [0, 1].
    package let band: Double
    /// How values are scaled before comparison.
    package let normalization: Normalization
    /// The sampling rate of the query and of the searched series, Hz (turns the exclusion zone into samples).
    package let samplingRate: Double
    /// The window in samples, `round(band × query length)` (see ``DTW/window(_:_:)``).
    package let window: Int

    /// The query, normalised, one plane per dimension: `planar[d · m + t]`, and the kernel's padding.
    private let planar: [Double]
    /// The query's envelope for the window, time-major.
    private let upper: [Double]
    private let lower: [Double]
    /// The normalised query, time-major.
    let prepared: [Double]
    /// Query steps by decreasing magnitude: LB_Keogh visits them in this order so that it abandons early.
    private let order: [Int]
    /// The query's envelope in that order (univariate searches read it contiguously).
    private let orderedUpper: [Double]
    private let orderedLower: [Double]

    /// LB_Enhanced's bands at each end of the univariate cascade, and the narrowest window they are used for
    /// (measured on a random walk of 10⁶ points, m = 128: 8 bands cut DTW calls by a third at window 0.5, more
    /// bands cost more than they prune).
    static let enhancedBandCount = 8
    static let enhancedMinimumWindow = 8
    /// Chunks per worker: enough that the last ones are short, so a worker is rarely left idle while the other
    /// finishes one; every chunk starts from the bound the others have proved, so small ones lose no pruning
    /// (measured: as fast as 8 per worker at m = 64…1024).
    static let chunksPerWorker = 32
    /// DTWs between reads of the bound the other chunks have proved (the lock's cache line moving between cores
    /// at every DTW cost two cores 7 % of their speed at m = 128; bounds tighten slowly once seeded).
    static let dtwsPerSharedRead = 8
    /// Blocks spread over the series and candidates of them whose exact costs seed the bound (see
    /// ``seedBound(_:positions:goal:)``).
    static let seedBlocks = 4
    static let seedCount = 16

    /// Positions after which the z-normalisation's running sums are recomputed from scratch.
    package static let blockLength = 4096

    /// Prepares `query` (at least 2 samples) for searches with a window of `band` × its length.
    ///
    /// - Parameters:
    ///   - band: fraction of the query's length in [0, 1].
    ///   - samplingRate: Hz, the rate of the query and of the series it will be searched in.
    /// - Complexity: O(m·d).
    package init(query: DTWSeries, band: Double, normalization: Normalization = .zNormalized(floor: DTWPreprocessing.defaultFloor),
                samplingRate: Double) throws(DTWError) {
        guard query.length >= 2 else { throw .invalidSetting(key: "query", "needs at least 2 samples, got \(query.length)") }
        guard samplingRate.isFinite, samplingRate > 0 else {
            throw .invalidSetting(key: "samplingRate", "must be a positive rate in Hz, got \(samplingRate)")
        }
        if case let .zNormalized(floor) = normalization, !(floor.isFinite && floor > 0) {
            throw .invalidSetting(key: "zNormalizationFloor", "must be a positive number, got \(floor)")
        }
        let dtw = try DTW(band: band)
        self.query = query
        self.band = dtw.band
        self.normalization = normalization
        self.samplingRate = samplingRate
        let m = query.length, dims = query.dimensions
        window = dtw.window(m, m)
        var values = query.values
        if case let .zNormalized(floor) = normalization {
            for d in 0..<dims {
                var sum = 0.0, squares = 0.0
                for t in 0..<m {
                    sum += values[t * dims + d]
                    squares += values[t * dims + d] * values[t * dims + d]
                }
                let (mean, scale) = Self.moments(sum, squares, m, floor: floor)
                for t in 0..<m { values[t * dims + d] = (values[t * dims + d] - mean) * scale }
            }
        }
        prepared = values
        var planar = values
        for t in 0..<m { for d in 0..<dims { planar[d * m + t] = values[t * dims + d] } }
        self.planar = planar + [Double](repeating: 0, count: DTWKernel.antiDiagonalPadding)
        let envelope = DTW.Envelope(of: try DTWSeries(interleaved: values, dimensions: dims), window: window)
        upper = envelope.upper
        lower = envelope.lower
        let magnitude = (0..<m).map { t in (0..<dims).reduce(0.0) { $0 + abs(values[t * dims + $1]) } }
        order = (0..<m).sorted { magnitude[$0] > magnitude[$1] || (magnitude[$0] == magnitude[$1] && $0 < $1) }
        orderedUpper = dims == 1 ? order.map { envelope.upper[$0] } : []
        orderedLower = dims == 1 ? order.map { envelope.lower[$0] } : []
    }

    /// The mean and the reciprocal of the floored standard deviation from running sums (population σ).
    @inline(__always)
    static func moments(_ sum: Double, _ squares: Double, _ m: Int, floor: Double) -> (mean: Double, scale: Double) {
        let mean = sum / Double(m)
        let variance = max(squares / Double(m) - mean * mean, 0)
        return (mean, 1 / max(variance.squareRoot(), floor))
    }

    /// Searches `series` for the subsequences closest to the query (see the type's definition of the result).
    ///
    /// - Parameters:
    ///   - limit: at most this many matches (`nil`: no limit; then `maxDistance` is required). 1: the best match.
    ///   - maxDistance: only matches at most this far (DTW distance after normalisation); `nil`: no threshold.
    ///   - exclusionZone: seconds; a match is dropped when it starts less than this after or before a better one
    ///     kept (0: every start is its own match).
    ///   - pruning: `false` computes every DTW in full (the brute-force reference).
    ///   - threads: at most this many threads; `nil`: one per active core.
    /// - Returns: the matches, best first, and what each stage of the cascade did.
    /// - Complexity: O(N·m·w) in the worst case, typically far less; memory O(N) for the chunk envelopes.
    package func matches(in series: DTWSeries, limit: Int? = 1, maxDistance: Double? = nil, exclusionZone: Double = 0,
                        pruning: Bool = true, threads: Int? = nil) throws(DTWError) -> (matches: [DTWMatch], statistics: DTWSearchStatistics) {
        guard series.dimensions == query.dimensions else {
            throw .dimensionMismatch(what: "dimensions of the searched series", expected: query.dimensions, got: series.dimensions)
        }
        if let limit, limit < 1 { throw .invalidSetting(key: "limit", "must be at least 1, got \(limit)") }
        if let maxDistance, !(maxDistance >= 0 && maxDistance.isFinite) {
            throw .invalidSetting(key: "maxDistance", "must be a finite distance ≥ 0, got \(maxDistance)")
        }
        guard limit != nil || maxDistance != nil else {
            throw .invalidSetting(key: "limit", "give a limit, a maximum distance or both (every position would match)")
        }
        guard exclusionZone.isFinite, exclusionZone >= 0 else {
            throw .invalidSetting(key: "exclusionZone", "must be seconds ≥ 0, got \(exclusionZone)")
        }
        let m = query.length
        let positions = series.length - m + 1
        guard positions > 0 else { return ([], DTWSearchStatistics()) }
        let goal = Goal(limit: limit ?? Int.max, maxCost: maxDistance.map { $0 * $0 } ?? .infinity,
                        exclusion: Int((exclusionZone * samplingRate).rounded()))
        let workers = min(ParallelLoop.workers(threads), max(1, positions / Self.blockLength))
        // Chunks are whole blocks (so the running sums restart at the same positions whatever the split); several
        // per worker so uneven pruning balances.
        let blocks = (positions + Self.blockLength - 1) / Self.blockLength
        let chunkCount = workers == 1 ? 1 : min(blocks, Self.chunksPerWorker * workers)
        let blocksPerChunk = (blocks + chunkCount - 1) / chunkCount
        let chunks = stride(from: 0, to: positions, by: blocksPerChunk * Self.blockLength).map {
            $0..<min(positions, $0 + blocksPerChunk * Self.blockLength)
        }
        let found = UnsafeMutableBufferPointer<ChunkResult>.allocate(capacity: chunks.count)
        found.initialize(repeating: ChunkResult())
        defer { found.deinitialize(); found.deallocate() }
        let shared = UncheckedSendable(value: found)
        // Every chunk starts from a bound proved on a few likely candidates (else each would start unbounded and
        // compute full DTWs until its bound tightens); with several chunks, bounds are shared as they tighten.
        let seed = pruning ? seedBound(series, positions: positions, goal: goal) : goal.maxCost
        let sharedBound = chunks.count > 1 ? SharedBound() : nil
        sharedBound?.lower(to: seed)
        let search = self
        ParallelLoop.run(chunks.count, threads: workers) { c in
            shared.value[c] = search.searchChunk(series, chunks[c], goal: goal, seed: seed, pruning: pruning, shared: sharedBound)
        }
        var statistics = DTWSearchStatistics()
        var bound = goal.maxCost
        var candidates: [(cost: Double, start: Int)] = []
        for r in found {
            statistics.add(r.statistics)
            bound = min(bound, r.bound)
            candidates += r.candidates
        }
        let selected = Self.select(candidates.filter { $0.cost <= bound }, goal: goal)
        return (selected.map { DTWMatch(start: $0.start, distance: $0.cost.squareRoot()) }, statistics)
    }

    /// The wanted matches in cost units: at most `limit`, cost ≤ `maxCost`, starts at least `exclusion` apart.
    struct Goal {
        var limit: Int
        var maxCost: Double
        var exclusion: Int
    }

    /// What one chunk found: every candidate at most `bound` (and maybe some above), and the bound.
    struct ChunkResult {
        var candidates: [(cost: Double, start: Int)] = []
        var bound = Double.infinity
        var statistics = DTWSearchStatistics()
    }

    /// The best bound any chunk has proved so far, shared to prune earlier (the results do not depend on it).
    final class SharedBound: @unchecked Sendable {
        private let lock = NSLock()
        private var value = Double.infinity
        func read() -> Double { lock.lock(); defer { lock.unlock() }; return value }
        func lower(to bound: Double) { lock.lock(); value = min(value, bound); lock.unlock() }
    }

    /// The greedy selection of the type's definition over `candidates` (every candidate that can be selected must
    /// be among them). O(C log C + C·log S).
    static func select(_ candidates: [(cost: Double, start: Int)], goal: Goal) -> [(cost: Double, start: Int)] {
        let sorted = candidates.sorted { $0.cost < $1.cost || ($0.cost == $1.cost && $0.start < $1.start) }
        var kept: [(cost: Double, start: Int)] = []
        var starts: [Int] = []  // kept starts, ascending
        for c in sorted {
            if kept.count == goal.limit || c.cost > goal.maxCost { break }
            var lo = 0, hi = starts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid] < c.start { lo = mid + 1 } else { hi = mid }
            }
            if lo < starts.count, starts[lo] - c.start < goal.exclusion { continue }
            if lo > 0, c.start - starts[lo - 1] < goal.exclusion { continue }
            if goal.exclusion == 0, lo < starts.count, starts[lo] == c.start { continue }
            starts.insert(c.start, at: lo)
            kept.append(c)
        }
        return kept
    }

    /// The k candidates pairwise at least 2 × exclusion apart whose largest cost bounds the k-th selected cost.
    struct SeparatedSet {
        var entries: [(cost: Double, start: Int)] = []
        let k: Int
        let separation: Int
        /// The largest cost once k are held, else +∞.
        var bound: Double { entries.count == k ? entries.map(\.cost).max()! : .infinity }

        /// Offers a computed candidate: it replaces the one near it (if only one) when better, or the worst when
        /// far from all and k are held. O(k).
        mutating func offer(_ cost: Double, _ start: Int) {
            var near = -1, nearCount = 0, worst = -1
            for (i, e) in entries.enumerated() {
                if abs(e.start - start) < max(separation, 1) { near = i; nearCount += 1 }
                if worst < 0 || e.cost > entries[worst].cost { worst = i }
            }
            if nearCount == 0 {
                if entries.count < k { entries.append((cost, start)) } else if cost < entries[worst].cost { entries[worst] = (cost, start) }
            } else if nearCount == 1, cost < entries[near].cost {
                entries[near] = (cost, start)
            }
        }
    }

    /// The cascade over the candidates starting in `range`. No allocation per candidate.
    func searchChunk(_ series: DTWSeries, _ range: Range<Int>, goal: Goal, seed: Double, pruning: Bool,
                     shared: SharedBound?) -> ChunkResult {
        let m = query.length, dims = query.dimensions, w = window
        let first = range.lowerBound
        var result = ChunkResult()
        var separated = SeparatedSet(k: goal.limit == Int.max ? 0 : goal.limit, separation: 2 * goal.exclusion)
        let limited = goal.limit != Int.max
        var statistics = DTWSearchStatistics()
        let floor: Double?
        if case let .zNormalized(f) = normalization { floor = f } else { floor = nil }
        // Scratch, once per chunk.
        // The data's envelope is computed for a stretch of candidates at a time, when one first needs it: a small
        // buffer that stays in cache (one for the whole series touched tens of megabytes of fresh pages per
        // search), and none for stretches the cheaper bounds prune entirely. Any stretch holding a candidate
        // gives a valid envelope for it (a window cut at the stretch's ends is only tighter).
        let stretch = min(range.count, max(Self.blockLength, 8 * m))
        let envelopeSpan = stretch + m - 1
        let dataUpper = UnsafeMutablePointer<Double>.allocate(capacity: envelopeSpan * dims)
        let dataLower = UnsafeMutablePointer<Double>.allocate(capacity: envelopeSpan * dims)
        let envelopeScratch = UnsafeMutablePointer<Double>.allocate(capacity: DTW.envelopeScratch(envelopeSpan, window: w))
        var envelopeStart = 0, envelopeEnd = 0  // candidates (chunk offsets) the buffers cover
        let mean = UnsafeMutablePointer<Double>.allocate(capacity: dims)
        let scale = UnsafeMutablePointer<Double>.allocate(capacity: dims)
        let sums = UnsafeMutablePointer<Double>.allocate(capacity: 2 * dims)
        let candidate = UnsafeMutablePointer<Double>.allocate(capacity: m * dims)      // normalised, time-major
        let reversed = UnsafeMutablePointer<Double>.allocate(capacity: m * dims + DTWKernel.antiDiagonalPadding)  // planes, last first
        let sharesQ = UnsafeMutablePointer<Double>.allocate(capacity: m + 1)
        let sharesC = UnsafeMutablePointer<Double>.allocate(capacity: m + 1)
        let sharesOrdered = UnsafeMutablePointer<Double>.allocate(capacity: m + 1)
        let cb = UnsafeMutablePointer<Double>.allocate(capacity: m + 1)
        let cbQ = UnsafeMutablePointer<Double>.allocate(capacity: m + 1)
        let scratch = UnsafeMutablePointer<Double>.allocate(capacity: max(DTWKernel.antiDiagonalScratch(m), 2 * (2 * w + 3)))
        defer {
            for p in [dataUpper, dataLower, mean, scale, sums, candidate, reversed, sharesQ, sharesC, sharesOrdered, cb, cbQ, scratch] {
                p.deallocate()
            }
            envelopeScratch.deallocate()
        }
        series.values.withUnsafeBufferPointer { all in
        planar.withUnsafeBufferPointer { planarQuery in
        prepared.withUnsafeBufferPointer { q in
        upper.withUnsafeBufferPointer { qu in
        lower.withUnsafeBufferPointer { ql in
        order.withUnsafeBufferPointer { order in
        orderedUpper.withUnsafeBufferPointer { orderedUpper in
        orderedLower.withUnsafeBufferPointer { orderedLower in
            let x = all.baseAddress! + first * dims
            let q = q.baseAddress!, qu = qu.baseAddress!, ql = ql.baseAddress!, order = order.baseAddress!
            /// The envelope of candidate `p` (a chunk offset), time-major: computed for the stretch from `p` on if
            /// the buffers do not hold it.
            @inline(__always) func envelope(_ p: Int) -> (upper: UnsafeMutablePointer<Double>, lower: UnsafeMutablePointer<Double>) {
                if p >= envelopeEnd || p < envelopeStart {
                    envelopeStart = p
                    envelopeEnd = min(range.count, p + stretch)
                    for d in 0..<dims {
                        DTW.envelope(x + (p * dims + d), envelopeEnd - p + m - 1, stride: dims, window: w, upper: dataUpper + d,
                                     lower: dataLower + d, scratch: envelopeScratch)
                    }
                }
                let offset = (p - envelopeStart) * dims
                return (dataUpper + offset, dataLower + offset)
            }
            let slack = 1 + 1e-12
            // Another chunk may already have proved a bound; it is read at the start (a chunk that starts unbounded
            // would compute full DTWs until its first read), then every `dtwsPerSharedRead` DTWs and now and then.
            var bound = min(goal.maxCost, seed, limited ? shared?.read() ?? .infinity : .infinity)
            var sinceShared = 0, dtwsSinceShared = 0
            @inline(__always) func refreshed(_ cut: Double) -> Double {
                guard limited, let shared else { return cut }
                dtwsSinceShared &+= 1
                guard dtwsSinceShared >= Self.dtwsPerSharedRead else { return cut }
                dtwsSinceShared = 0
                bound = min(bound, shared.read())
                return min(cut, bound * slack)
            }
            /// Keeps a candidate whose DTW stayed within the bound, and tightens the bound.
            func accept(_ cost: Double, _ start: Int) {
                statistics.completed += 1
                result.candidates.append((cost, start))
                guard limited else { return }
                separated.offer(cost, start)
                let proved = separated.bound
                if proved < bound {
                    bound = proved
                    shared?.lower(to: proved)
                }
                // Drop candidates the bound has since excluded, now and then.
                if result.candidates.count >= 4096, result.candidates.count >= 4 * max(goal.limit, 1024) {
                    let limit = bound * slack
                    result.candidates.removeAll { $0.cost > limit }
                }
            }
            if pruning, dims == 1 {
                // The univariate cascade with every value in registers (the general loop below reads moments
                // through pointers the optimiser cannot keep in registers).
                let q0 = q[0], q1 = q[1], qLast = q[m - 1], qBeforeLast = q[m - 2]
                // LB_Enhanced's bands only pay where the window is wide enough for LB_Keogh to weaken.
                let bands = m >= 16 && w >= Self.enhancedMinimumWindow ? min(Self.enhancedBandCount, m / 2) : 0
                let head = UnsafeMutablePointer<Double>.allocate(capacity: 2 * max(bands, 1))
                defer { head.deallocate() }
                var sum = 0.0, squares = 0.0
                for p in 0..<range.count {
                    let start = first + p
                    let c = x + p
                    var mu = 0.0, s = 1.0
                    if let floor {
                        if p == 0 || start % Self.blockLength == 0 {
                            sum = 0; squares = 0
                            for t in 0..<m { let v = c[t]; sum += v; squares += v * v }
                        } else {
                            let out = c[-1], into = c[m - 1]
                            sum += into - out
                            squares += into * into - out * out
                        }
                        (mu, s) = Self.moments(sum, squares, m, floor: floor)
                    }
                    statistics.candidates += 1
                    sinceShared &+= 1
                    if limited, sinceShared >= 1024 {
                        sinceShared = 0
                        if let shared { bound = min(bound, shared.read()) }
                    }
                    let cut = bound * slack
                    @inline(__always) func sq(_ v: Double) -> Double { v * v }
                    let c0 = (c[0] - mu) * s, cLast = (c[m - 1] - mu) * s
                    var kim = sq(q0 - c0) + sq(qLast - cLast)
                    if kim > cut { statistics.prunedByKim += 1; continue }
                    if m >= 4 {
                        let c1 = (c[1] - mu) * s
                        kim += min(sq(q0 - c1), sq(q1 - c0), sq(q1 - c1))
                        if kim > cut { statistics.prunedByKim += 1; continue }
                        let cBeforeLast = (c[m - 2] - mu) * s
                        kim += min(sq(qLast - cBeforeLast), sq(qBeforeLast - cLast), sq(qBeforeLast - cBeforeLast))
                        if kim > cut { statistics.prunedByKim += 1; continue }
                    }
                    var bandSum = 0.0, backBands = 0.0
                    if bands > 2 {
                        for k in 0..<bands {
                            head[k] = (c[k] - mu) * s
                            head[bands + k] = (c[m - bands + k] - mu) * s
                        }
                        bandSum = Self.enhancedBands(q, head: head, m, window: w, bands: bands, kim: kim, cut: cut, back: &backBands)
                        if bandSum > cut { statistics.prunedByEnhanced += 1; continue }
                    }
                    let lbQ = Self.orderedKeogh(c, mean: mu, scale: s, order: order, upper: orderedUpper.baseAddress!,
                                                lower: orderedLower.baseAddress!, m, shares: sharesOrdered, cut: cut)
                    if lbQ > cut { statistics.prunedByKeogh += 1; continue }
                    let (du, dl) = envelope(p)
                    let lbC = Self.reverseKeogh(q, upper: du, lower: dl, mean: mu, scale: s, m,
                                                shares: sharesC, cut: cut)
                    if lbC > cut { statistics.prunedByReverseKeogh += 1; continue }
                    // Both suffix sums bound the rows left; the larger of the two at each row prunes most. (The
                    // candidate's shares are shifted by the window: columns j ≥ i + w are only reachable from
                    // rows ≥ i.)
                    for k in 0..<m { sharesQ[order[k]] = sharesOrdered[k] }
                    Self.suffixSums(sharesC, m, into: cb)
                    Self.suffixSums(sharesQ, m, into: cbQ)
                    if bands > 2 {
                        // LB_Enhanced in full: the bands plus either LB_Keogh over the steps between them (the
                        // bands hold only cells of their own rows and columns), from the suffix sums (a plain sum
                        // was one long chain of additions).
                        let middleC = cb[bands] - cb[m - bands], middleQ = cbQ[bands] - cbQ[m - bands]
                        if bandSum + max(middleQ, middleC) > cut { statistics.prunedByEnhanced += 1; continue }
                        // Rows from i ≤ m − bands on cost at least their LB_Keogh shares up to the last bands, plus
                        // those bands (2 of them are LB_Kim's, left out here).
                        let tail = cb[m - bands]
                        for i in 0...(m - bands) { cb[i] = max(cb[i], (cb[i] - tail) + backBands) }
                    }
                    if w < m {
                        for i in 0..<(m - w) { cb[i] = max(cb[i], cbQ[i &+ w]) }
                    }
                    let dtwCut = refreshed(cut)
                    for t in 0..<m { reversed[m &- 1 &- t] = (c[t] - mu) * s }
                    let cost = DTWKernel.antiDiagonalCost(planarQuery.baseAddress!, m, reversedB: reversed, m, dims: 1, window: w,
                                                          bound: dtwCut, cb: cb, scratch: scratch, cells: &statistics.cells)
                    if cost > dtwCut { statistics.abandoned += 1; continue }
                    accept(cost, start)
                }
                return
            }
            for p in 0..<range.count {
                let start = first + p
                let c = x + p * dims
                // Moments of the candidate, running sums restarted at block boundaries.
                if let floor {
                    if start % Self.blockLength == 0 || p == 0 {
                        for d in 0..<dims {
                            var s = 0.0, s2 = 0.0
                            for t in 0..<m { let v = c[t * dims + d]; s += v; s2 += v * v }
                            sums[2 * d] = s; sums[2 * d + 1] = s2
                        }
                    } else {
                        for d in 0..<dims {
                            let out = c[d - dims], into = c[(m - 1) * dims + d]
                            sums[2 * d] += into - out
                            sums[2 * d + 1] += into * into - out * out
                        }
                    }
                    for d in 0..<dims {
                        let (mu, s) = Self.moments(sums[2 * d], sums[2 * d + 1], m, floor: floor)
                        mean[d] = mu; scale[d] = s
                    }
                } else {
                    for d in 0..<dims { mean[d] = 0; scale[d] = 1 }
                }
                statistics.candidates += 1
                if !pruning {
                    for t in 0..<m { for d in 0..<dims { candidate[t * dims + d] = (c[t * dims + d] - mean[d]) * scale[d] } }
                    let cost = DTWKernel.cost(q, m, candidate, m, stride: dims, dims: dims, window: w, bound: .infinity,
                                              cumulativeBound: nil, scratch: scratch, cells: &statistics.cells)
                    statistics.completed += 1
                    if cost <= goal.maxCost { result.candidates.append((cost, start)) }
                    continue
                }
                sinceShared += 1
                if limited, sinceShared >= 1024 {
                    sinceShared = 0
                    if let shared { bound = min(bound, shared.read()) }
                }
                let cut = bound * slack
                // LB_Kim: the first and last cells, then the cheapest of the next cells at each end (every path
                // leaves (0, 0) through one of them and enters (m − 1, m − 1) from one of them).
                @inline(__always) func value(_ t: Int, _ d: Int) -> Double { (c[t * dims + d] - mean[d]) * scale[d] }
                @inline(__always) func cost(_ i: Int, _ j: Int) -> Double {
                    var s = 0.0
                    for d in 0..<dims { let e = q[i * dims + d] - value(j, d); s += e * e }
                    return s
                }
                var kim = cost(0, 0) + cost(m - 1, m - 1)
                if kim <= cut, m >= 4 {
                    kim += min(cost(0, 1), cost(1, 0), cost(1, 1))
                    if kim <= cut { kim += min(cost(m - 1, m - 2), cost(m - 2, m - 1), cost(m - 2, m - 2)) }
                }
                if kim > cut { statistics.prunedByKim += 1; continue }
                // LB_Keogh, candidate against the query's envelope, largest query values first.
                var lbQ = 0.0
                var k = 0
                while k < m {
                    let t = order[k]
                    var share = 0.0
                    for d in 0..<dims {
                        share += DTW.keoghShare(value(t, d), qu[t * dims + d], ql[t * dims + d])
                    }
                    sharesQ[t] = share
                    lbQ += share
                    if lbQ > cut { break }
                    k += 1
                }
                if lbQ > cut { statistics.prunedByKeogh += 1; continue }
                // LB_Keogh of the query against the candidate's envelope.
                var lbC = 0.0
                let (du, dl) = envelope(p)
                if dims == 1 {
                    let mu = mean[0], s = scale[0]
                    for t in 0..<m {
                        let share = DTW.keoghShare(q[t], (du[t] - mu) * s, (dl[t] - mu) * s)
                        sharesC[t] = share
                        lbC += share
                    }
                } else {
                    for t in 0..<m {
                        var share = 0.0
                        for d in 0..<dims {
                            let i = t * dims + d
                            share += DTW.keoghShare(q[i], (du[i] - mean[d]) * scale[d], (dl[i] - mean[d]) * scale[d])
                        }
                        sharesC[t] = share
                        lbC += share
                    }
                }
                if lbC > cut { statistics.prunedByReverseKeogh += 1; continue }
                // Cut-off of the rows left: the query's own shares (rows), or the candidate's shifted by the window
                // (columns j ≥ i + w are only reachable from rows ≥ i), whichever bound is larger.
                cb[m] = 0
                if lbC >= lbQ {
                    var running = 0.0
                    for i in stride(from: m - 1, through: 0, by: -1) { running += sharesC[i]; cb[i] = running }
                } else {
                    var running = 0.0
                    sharesQ[m] = 0
                    for i in stride(from: m - 1, through: 0, by: -1) {
                        let column = i + w
                        if column < m { running += sharesQ[column] }
                        cb[i] = running
                    }
                }
                for t in 0..<m { for d in 0..<dims { reversed[d * m + m - 1 - t] = value(t, d) } }
                let dtwCut = refreshed(cut)
                let cost = DTWKernel.antiDiagonalCost(planarQuery.baseAddress!, m, reversedB: reversed, m, dims: dims, window: w,
                                                      bound: dtwCut, cb: cb, scratch: scratch, cells: &statistics.cells)
                if cost > dtwCut { statistics.abandoned += 1; continue }
                accept(cost, start)
            }
        }}}}}}}}
        result.bound = limited ? min(separated.bound, goal.maxCost) : goal.maxCost
        if !pruning { result.bound = goal.maxCost }
        result.statistics = statistics
        return result
    }
}
