/// Dynamic time warping with a Sakoe–Chiba band: the definition every kernel, bound and search
/// in GestureKit implements (see the article *Dynamic Time Warping*).
///
/// For series `a` (length n) and `b` (length m) the local cost of cell (i, j) is the squared
/// difference `(aᵢ − bⱼ)²`, summed over dimensions for dependent multivariate DTW. The accumulated cost
/// `D(i, j) = cost(i, j) + min(D(i−1, j), D(i, j−1), D(i−1, j−1))` starts at `D(0, 0) = cost(0, 0)` and
/// visits only cells with `|i − j| ≤ w`. The distance is `√D(n−1, m−1)`: one square root, at the end.
/// With `w = 0` and equal lengths it is the Euclidean distance.
///
/// The window is `w = round(band × max(n, m))` (halves round away from zero), widened to `|n − m|` when
/// the lengths differ so that the last cell can be reached; `band ≥ 1` is the unconstrained DTW.
public struct DTW: Hashable, Sendable, Codable {
    /// How several dimensions are combined.
    public enum Multivariate: String, Hashable, Sendable, Codable, CaseIterable {
        /// One warping path for all dimensions; the local cost is the squared Euclidean distance across them.
        case dependent
        /// One warping path per dimension; the accumulated costs are summed, then one square root is taken.
        case independent
    }

    /// The Sakoe–Chiba band as a fraction of the longer series' length, in [0, 1]; 1 means unconstrained.
    public var band: Double
    /// How several dimensions are combined (irrelevant for univariate series).
    public var multivariate: Multivariate

    /// Creates a DTW definition; `band` is a fraction of the length in [0, 1] (values above 1 mean 1).
    public init(band: Double = 1, multivariate: Multivariate = .dependent) throws(DTWError) {
        guard band.isFinite, band >= 0 else {
            throw .invalidSetting(key: "band", "must be a fraction of the length in [0, 1], got \(band)")
        }
        self.band = min(band, 1)
        self.multivariate = multivariate
    }

    private enum CodingKeys: String, CodingKey { case band, multivariate }

    /// Decodes settings (`band` required, `multivariate` defaults to dependent); a band out of range is a
    /// decoding error.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let band = try c.decode(Double.self, forKey: .band)
        let multivariate = try c.decode(.multivariate, default: Multivariate.dependent)
        do { try self.init(band: band, multivariate: multivariate) } catch {
            throw DecodingError.dataCorruptedError(forKey: .band, in: c, debugDescription: error.description)
        }
    }

    /// The Euclidean distance (band 0).
    public static let euclidean = try! DTW(band: 0)
    /// The unconstrained DTW (band 1).
    public static let full = try! DTW(band: 1)

    /// The window `w` in samples for series of lengths `n` and `m`: `round(band × max(n, m))`, at least
    /// `|n − m|`, at most `max(n, m) − 1`. O(1).
    package func window(_ n: Int, _ m: Int) -> Int {
        let longest = max(n, m)
        // A band set directly to NaN or below 0 (bypassing the initializer) means 0, never a trap.
        let w = band >= 1 ? longest : band > 0 ? Int((band * Double(longest)).rounded(.toNearestOrAwayFromZero)) : 0
        return max(abs(n - m), min(w, max(longest - 1, 0)))
    }

    /// The DTW distance between `a` and `b` (see the type's definition).
    ///
    /// - Complexity: O(n·w) time, O(w) memory; allocates its scratch. Use
    ///   ``distance(_:_:workspace:)`` to reuse scratch across calls.
    public func distance(_ a: DTWSeries, _ b: DTWSeries) throws(DTWError) -> Double {
        var workspace = DTWWorkspace()
        return try distance(a, b, workspace: &workspace)
    }

    /// The DTW distance between `a` and `b`, reusing `workspace` (no allocation once it has grown).
    ///
    /// - Complexity: O(n·w) time, O(w) memory.
    public func distance(_ a: DTWSeries, _ b: DTWSeries, workspace: inout DTWWorkspace) throws(DTWError) -> Double {
        try cost(a, b, bound: .infinity, workspace: &workspace).squareRoot()
    }

    /// The accumulated cost `D(n−1, m−1)` (the squared distance), or `+∞` as soon as it provably exceeds
    /// `bound` (early abandoning; pass `.infinity` for none).
    ///
    /// - Complexity: O(n·w) time, O(w) memory.
    public func cost(_ a: DTWSeries, _ b: DTWSeries, bound: Double, workspace: inout DTWWorkspace) throws(DTWError) -> Double {
        guard a.dimensions == b.dimensions else {
            throw .dimensionMismatch(what: "dimensions of the two series", expected: a.dimensions, got: b.dimensions)
        }
        var cells = 0
        return unsafeCost(a, b, window: window(a.length, b.length), bound: bound, cumulativeBound: nil,
                          workspace: &workspace, cells: &cells)
    }

    // `package`: GestureEval's batch distances (training) call the kernel directly to count cells.
    /// The kernel call shared by the search: `cumulativeBound`, when given, holds `n + 1` values,
    /// `cb[i]` = a lower bound of the cost contributed by rows `i..<n` (cb[n] = 0). The caller has checked that
    /// `a` and `b` have the same dimensions; `cells` grows by the cells computed.
    package func unsafeCost(_ a: DTWSeries, _ b: DTWSeries, window w: Int, bound: Double,
                            cumulativeBound: UnsafePointer<Double>?, workspace: inout DTWWorkspace, cells: inout Int) -> Double {
        let dims = a.dimensions
        let scratch = workspace.rows(window: w)
        return a.values.withUnsafeBufferPointer { pa in
            b.values.withUnsafeBufferPointer { pb in
                if dims == 1 || multivariate == .dependent {
                    return DTWKernel.cost(pa.baseAddress!, a.length, pb.baseAddress!, b.length, stride: dims, dims: dims,
                                          window: w, bound: bound, cumulativeBound: cumulativeBound,
                                          scratch: scratch, cells: &cells)
                }
                var total = 0.0
                for d in 0..<dims {
                    let part = DTWKernel.cost(pa.baseAddress! + d, a.length, pb.baseAddress! + d, b.length, stride: dims, dims: 1,
                                              window: w, bound: bound - total, cumulativeBound: nil,
                                              scratch: scratch, cells: &cells)
                    total += part
                    if total > bound { return .infinity }
                }
                return total
            }
        }
    }
}

/// Scratch memory for DTW kernels and bounds, grown on demand and reused across calls.
///
/// A workspace belongs to one thread at a time: each worker of a concurrent search owns its own.
public struct DTWWorkspace {
    final class Buffer<Element> {
        var pointer: UnsafeMutablePointer<Element>
        var capacity: Int
        init(_ capacity: Int) {
            self.capacity = capacity
            pointer = .allocate(capacity: capacity)
        }
        /// At least `count` values; contents are unspecified.
        func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
            if count > capacity {
                pointer.deallocate()
                capacity = max(count, 2 * capacity)
                pointer = .allocate(capacity: capacity)
            }
            return pointer
        }
        deinit { pointer.deallocate() }
    }

    let kernelRows = Buffer<Double>(64)
    let cumulative = Buffer<Double>(64)
    let upper = Buffer<Double>(64)
    let lower = Buffer<Double>(64)
    let envelopeScratch = Buffer<Double>(64)

    /// An empty workspace.
    public init() {}

    /// Two kernel rows for window `w`: 2 × (2w + 3) values.
    func rows(window w: Int) -> UnsafeMutablePointer<Double> {
        kernelRows.reserve(2 * (2 * w + 3))
    }
}
