/// The local cost of one cell: a squared difference, or a squared Euclidean distance across dimensions.
protocol DTWLocalCost {
    static func cost(_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ dims: Int) -> Double
}

/// Squared difference of two scalars.
enum ScalarCost: DTWLocalCost {
    @inline(__always)
    static func cost(_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ dims: Int) -> Double {
        let d = x.pointee - y.pointee
        return d * d
    }
}

/// Squared Euclidean distance between two 3-vectors (unrolled).
enum Vector3Cost: DTWLocalCost {
    @inline(__always)
    static func cost(_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ dims: Int) -> Double {
        let a = x[0] - y[0], b = x[1] - y[1], c = x[2] - y[2]
        return a * a + b * b + c * c
    }
}

/// Squared Euclidean distance between two vectors of `dims` values.
enum VectorCost: DTWLocalCost {
    @inline(__always)
    static func cost(_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ dims: Int) -> Double {
        var sum = 0.0
        for k in 0..<dims {
            let d = x[k] - y[k]
            sum += d * d
        }
        return sum
    }
}

/// The banded DTW recurrence on raw buffers, with early abandoning and pruning of cells above the bound
/// (as in PrunedDTW, Silva & Batista 2016): a cell whose accumulated cost exceeds `bound` can only lead
/// to costs above it, so rows start after the leading run of such cells and stop after the trailing one.
enum DTWKernel {
    /// The accumulated squared cost of the best path within `|i − j| ≤ w`, or `+∞` once it provably
    /// exceeds `bound`.
    ///
    /// - Parameters:
    ///   - a, b: `n` and `m` time steps, `stride` values apart; the cost reads `dims` values per step.
    ///   - w: the window, at least `|n − m|`.
    ///   - cumulativeBound: when given, `cb[i]` bounds from below the cost of rows `i..<n`, `cb[n] = 0`.
    ///   - scratch: at least `2 × (2w + 3)` values.
    ///   - cells: incremented by the number of cells computed.
    /// - Complexity: O(n·w) time, O(w) memory (the scratch), no allocation.
    static func cost(_ a: UnsafePointer<Double>, _ n: Int, _ b: UnsafePointer<Double>, _ m: Int,
                     stride: Int, dims: Int, window: Int, bound: Double,
                     cumulativeBound: UnsafePointer<Double>?, scratch: UnsafeMutablePointer<Double>,
                     cells: inout Int) -> Double {
        if dims == 1 {
            return run(ScalarCost.self, a, n, b, m, stride: stride, dims: 1, window: window, bound: bound,
                       cb: cumulativeBound, scratch: scratch, cells: &cells)
        }
        return run(VectorCost.self, a, n, b, m, stride: stride, dims: dims, window: window, bound: bound,
                   cb: cumulativeBound, scratch: scratch, cells: &cells)
    }

    @inline(__always)
    static func run<C: DTWLocalCost>(_: C.Type, _ a: UnsafePointer<Double>, _ n: Int, _ b: UnsafePointer<Double>, _ m: Int,
                                     stride: Int, dims: Int, window: Int, bound: Double,
                                     cb: UnsafePointer<Double>?, scratch: UnsafeMutablePointer<Double>,
                                     cells: inout Int) -> Double {
        let inf = Double.infinity
        let w = max(window, abs(n - m))
        let width = 2 * w + 3
        var prev = scratch
        var curr = scratch + width
        // Column j of row i lives at index j + w + 1 − i of its row buffer; index 0 and the index after
        // the last computed column hold +∞ sentinels.
        var prevFirst = 0  // first column of the previous row at or below the bound
        var prevLast = 0   // last column of the previous row at or below the bound
        var computed = 0
        for i in 0..<n {
            let lo = max(0, i - w), hi = min(m - 1, i + w)
            let base = w + 1 - i
            let ai = a + i * stride
            var first = -1, last = -1
            var rowMin = inf
            var j: Int
            var left: Double
            if i == 0 {
                j = 0
                left = 0  // the path starts at (0, 0)
                curr[base - 1] = inf
            } else {
                j = max(lo, prevFirst)
                if j > hi { return inf }
                curr[j + base - 1] = inf
                let threeWayEnd = min(hi, prevLast + 1)
                // Registers carry the left and diagonal neighbours: one load and one store per cell. The up and
                // diagonal minimum is taken first, off the chain through the left neighbour that bounds the speed.
                var leftValue = Double.infinity
                var diag = prev[j + base]
                var bj = b + j * stride
                if bound == inf {
                    while j <= threeWayEnd {
                        let k = j + base
                        let up = prev[k + 1]
                        let v = C.cost(ai, bj, dims) + min(min(up, diag), leftValue)
                        curr[k] = v
                        diag = up
                        leftValue = v
                        bj += stride
                        j += 1
                    }
                    first = max(lo, prevFirst)
                    last = j - 1
                } else {
                    while j <= threeWayEnd {
                        let k = j + base
                        let up = prev[k + 1]
                        let v = C.cost(ai, bj, dims) + min(min(up, diag), leftValue)
                        curr[k] = v
                        diag = up
                        leftValue = v
                        if v <= bound {
                            if first < 0 { first = j }
                            last = j
                        }
                        rowMin = min(rowMin, v)
                        bj += stride
                        j += 1
                    }
                }
                computed += j - max(lo, prevFirst)
                left = curr[j + base - 1]
            }
            // Beyond the previous row's last useful column only the horizontal step remains.
            let horizontalStart = j
            while j <= hi {
                let v = C.cost(ai, b + j * stride, dims) + left
                if v > bound { break }
                curr[j + base] = v
                if first < 0 { first = j }
                last = j
                rowMin = min(rowMin, v)
                left = v
                j += 1
            }
            computed += j - horizontalStart
            if first < 0 {
                cells += computed
                return inf
            }
            curr[last + 1 + base] = inf
            if let cb, rowMin + cb[i + 1] > bound {
                cells += computed
                return inf
            }
            prevFirst = first
            prevLast = last
            swap(&prev, &curr)
        }
        cells += computed
        // `prev` now holds the last row; the answer is its column m − 1 if that survived the bound.
        guard prevLast == m - 1 else { return inf }
        return prev[m - 1 + w + 1 - (n - 1)]
    }
}
