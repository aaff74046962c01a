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
    let planar: [Double]
    /// The query's envelope for the window, time-major.
    let upper: [Double]
    let lower: [Double]
    /// The normalised query, time-major.
    let prepared: [Double]
    /// Query steps by decreasing magnitude: LB_Keogh visits them in this order so that it abandons early.
    let order: [Int]
    /// The query's envelope in that order (univariate searches read it contiguously).
    let orderedUpper: [Double]
    let orderedLower: [Double]

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
}
