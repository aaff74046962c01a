import GestureKit

/// Textbook DTW on a full (n × m) matrix, written independently of the kernels: the oracle for tests.
enum DTWReference {
    /// Accumulated squared cost with |i − j| ≤ w (w = nil: unconstrained), dependent across dimensions.
    static func cost(_ a: [[Double]], _ b: [[Double]], window w: Int? = nil) -> Double {
        let n = a.count, m = b.count
        var D = [[Double]](repeating: [Double](repeating: .infinity, count: m), count: n)
        for i in 0..<n {
            for j in 0..<m {
                if let w, abs(i - j) > w { continue }
                var local = 0.0
                for d in 0..<a[i].count { local += (a[i][d] - b[j][d]) * (a[i][d] - b[j][d]) }
                if i == 0 && j == 0 { D[i][j] = local; continue }
                var best = Double.infinity
                if i > 0 { best = min(best, D[i - 1][j]) }
                if j > 0 { best = min(best, D[i][j - 1]) }
                if i > 0 && j > 0 { best = min(best, D[i - 1][j - 1]) }
                D[i][j] = local + best
            }
        }
        return D[n - 1][m - 1]
    }

    /// Rows of a series, `[t][d]`.
    static func rows(_ s: DTWSeries) -> [[Double]] {
        (0..<s.length).map { t in (0..<s.dimensions).map { s[t, $0] } }
    }

    /// Min over start s ≤ end of the full DTW cost of stream[s...end] against the template.
    static func bestSubsequence(_ stream: [[Double]], _ template: [[Double]], end: Int, within range: ClosedRange<Int>? = nil) -> (cost: Double, start: Int) {
        var best = (cost: Double.infinity, start: 0)
        let lowest = range?.lowerBound ?? 0
        for s in stride(from: end, through: lowest, by: -1) {
            let c = cost(Array(stream[s...end]), template)
            if c < best.cost { best = (c, s) }
        }
        return best
    }
}

/// Deterministic pseudo-random numbers for test data (SplitMix64).
struct TestRandom {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
    /// A random walk of `n` steps, `dims` wide.
    mutating func walk(_ n: Int, dims: Int = 1) -> [Double] {
        var out: [Double] = []
        var x = [Double](repeating: 0, count: dims)
        for _ in 0..<n {
            for d in 0..<dims {
                x[d] += uniform(-1, 1)
                out.append(x[d])
            }
        }
        return out
    }
}
