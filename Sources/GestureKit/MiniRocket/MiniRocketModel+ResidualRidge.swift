// The closed-form arithmetic of adapting a model (``MiniRocketModel/adapted(to:strength:)``) and of training one
// (GestureEval's MiniRocketTrainer reads the same standardisation): one copy of each, in Double.
extension MiniRocketModel {
    /// Each feature minus its mean over the rows, divided by its (population) standard deviation, or by 1 where that
    /// is 0 (scikit-learn's `StandardScaler`), with the means and scales. `features` row-major, `rows × columns`.
    ///
    /// - Complexity: O(rows × columns).
    package static func standardised(_ features: [Float], rows: Int, columns: Int) -> (values: [Double], means: [Double], scales: [Double]) {
        var means = [Double](repeating: 0, count: columns), scales = [Double](repeating: 0, count: columns)
        var values = [Double](repeating: 0, count: rows * columns)
        // Raw pointers so that the loops vectorise; every sum runs over the rows in order, as the plain loops did.
        features.withUnsafeBufferPointer { fb in
            means.withUnsafeMutableBufferPointer { mb in
                scales.withUnsafeMutableBufferPointer { sb in
                    values.withUnsafeMutableBufferPointer { vb in
                        let f = fb.baseAddress!, m = mb.baseAddress!, s = sb.baseAddress!, v = vb.baseAddress!
                        for i in 0..<rows { let row = f + i * columns; for j in 0..<columns { m[j] += Double(row[j]) } }
                        for j in 0..<columns { m[j] /= Double(rows) }
                        for i in 0..<rows {
                            let row = f + i * columns
                            for j in 0..<columns {
                                let d = Double(row[j]) - m[j]
                                s[j] += d * d
                            }
                        }
                        for j in 0..<columns {
                            let deviation = (s[j] / Double(rows)).squareRoot()
                            s[j] = deviation > 10 * Double.ulpOfOne * max(1, abs(m[j])) ? deviation : 1
                        }
                        for i in 0..<rows {
                            let row = f + i * columns, out = v + i * columns
                            for j in 0..<columns { out[j] = (Double(row[j]) - m[j]) / s[j] }
                        }
                    }
                }
            }
        }
        return (values, means, scales)
    }

    /// `member`'s weights moved by the ridge on the residuals: each class's weights become `w = w₀ + Δ`, Δ minimising
    /// ‖ZΔ − (y − Zw₀ − b)‖² + λ‖Δ‖² over the windows' standardised features `Z` (raw `features`, row-major, one row
    /// per entry of `labels`, standardised by the member's means and scales) with targets y = ±1 per class (`labels`:
    /// each window's class index, `nil` the background class when the member has one): the minimiser of
    /// ‖Zw + b − y‖² + λ‖w − w₀‖². Solved in its dual, Δ = Zᵀ(ZZᵀ + λI)⁻¹r, with λ = `ridge` × the mean squared norm
    /// of a window's standardised features, so `ridge` reads the same whatever the feature count. The weights stay
    /// when the Gram matrix is not positive definite.
    ///
    /// - Complexity: O(n²·F + n³ + n·F·classes) for n windows of F features.
    package static func residualRidge(_ member: MiniRocketModel, features: [Float], labels: [Int?], ridge: Double) -> [Double] {
        let f = member.transform.featureCount, n = labels.count, classes = member.labels.count
        let background = member.stream.flatMap { s in member.labels.firstIndex(of: s.backgroundLabel) }
        var z = [Double](repeating: 0, count: n * f)
        for i in 0..<n { for j in 0..<f { z[i * f + j] = (Double(features[i * f + j]) - member.featureMeans[j]) / member.featureScales[j] } }
        var gram = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for k in 0...i {
                var s = 0.0
                for j in 0..<f { s += z[i * f + j] * z[k * f + j] }
                gram[i * n + k] = s
                gram[k * n + i] = s
            }
        }
        let meanNorm = (0..<n).reduce(0) { $0 + gram[$1 * n + $1] } / Double(n)
        for i in 0..<n { gram[i * n + i] += ridge * max(meanNorm, 1e-12) }
        guard let factor = cholesky(gram, n: n) else { return member.weights }
        var weights = member.weights
        for k in 0..<classes {
            // Residuals of class k's ±1 targets under the population weights.
            var r = [Double](repeating: 0, count: n)
            for i in 0..<n {
                let target = (labels[i] ?? background) == k ? 1.0 : -1.0
                var score = member.intercepts[k]
                for j in 0..<f { score += member.weights[k * f + j] * z[i * f + j] }
                r[i] = target - score
            }
            let dual = solve(factor, r, n: n)
            for i in 0..<n where dual[i] != 0 { for j in 0..<f { weights[k * f + j] += dual[i] * z[i * f + j] } }
        }
        return weights
    }

    /// The lower Cholesky factor of the symmetric positive definite `a` (n × n, row-major); `nil` when it is not. O(n³/6).
    static func cholesky(_ a: [Double], n: Int) -> [Double]? {
        var l = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in 0...i {
                var s = a[i * n + j]
                for k in 0..<j { s -= l[i * n + k] * l[j * n + k] }
                if i == j {
                    guard s > 0 else { return nil }
                    l[i * n + i] = s.squareRoot()
                } else {
                    l[i * n + j] = s / l[j * n + j]
                }
            }
        }
        return l
    }

    /// x with L·Lᵀ·x = b for the factor `l` of ``cholesky(_:n:)``. O(n²).
    static func solve(_ l: [Double], _ b: [Double], n: Int) -> [Double] {
        var y = b
        for i in 0..<n {
            for k in 0..<i { y[i] -= l[i * n + k] * y[k] }
            y[i] /= l[i * n + i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            for k in (i + 1)..<n { y[i] -= l[k * n + i] * y[k] }
            y[i] /= l[i * n + i]
        }
        return y
    }

    /// The member's feature statistics moved toward those of the person's windows (raw `features`, `rows` of them):
    /// mean and scale = (1 − `weight`)·training + `weight`·person, `weight` in 0…1. O(rows × features).
    package mutating func shrinkStandardisation(toward features: [Float], rows: Int, weight w: Double) {
        let (_, means, scales) = Self.standardised(features, rows: rows, columns: transform.featureCount)
        for j in 0..<transform.featureCount {
            featureMeans[j] = (1 - w) * featureMeans[j] + w * means[j]
            featureScales[j] = (1 - w) * featureScales[j] + w * scales[j]
        }
    }
}
