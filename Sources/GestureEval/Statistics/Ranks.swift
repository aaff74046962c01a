import CGSL

/// Ranks with ties sharing their average rank ("midranks"), as `scipy.stats.rankdata(method="average")`.
package enum Ranks {
    /// The 1-based midranks of `values` (smallest value gets rank 1) and the sizes of the tied
    /// groups (only groups of two or more). Order by `gsl_sort_index`. O(n log n).
    package static func midranks(_ values: [Double]) -> (ranks: [Double], ties: [Int]) {
        let n = values.count
        guard n > 0 else { return ([], []) }
        var order = [Int](repeating: 0, count: n)
        order.withUnsafeMutableBufferPointer { o in
            values.withUnsafeBufferPointer { v in gsl_sort_index(o.baseAddress, v.baseAddress, 1, n) }
        }
        var ranks = [Double](repeating: 0, count: n)
        var ties: [Int] = []
        var i = 0
        while i < n {
            var j = i
            while j + 1 < n, values[order[j + 1]] == values[order[i]] { j += 1 }
            let rank = Double(i + j + 2) / 2
            for m in i...j { ranks[order[m]] = rank }
            if j > i { ties.append(j - i + 1) }
            i = j + 1
        }
        return (ranks, ties)
    }

    /// Σ (t³ − t) over tie group sizes t: the tie term of rank-test variances.
    static func tieTerm(_ ties: [Int]) -> Double {
        ties.reduce(0) { $0 + Double($1) * Double($1) * Double($1) - Double($1) }
    }
}
