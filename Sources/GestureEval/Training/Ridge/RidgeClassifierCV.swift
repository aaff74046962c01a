import Foundation
import GestureKit
import GestureData

/// Ridge classification with the penalty chosen by efficient leave-one-out, as scikit-learn's `RidgeClassifierCV`
/// (its default `gcv_mode`, scoring by mean squared leave-one-out error) computes it.
///
/// Each class is a ridge regression on targets +1 (the class) and −1 (the others), with an unpenalised intercept
/// (features and targets centred). For every candidate α the leave-one-out residuals come in closed form from one
/// eigendecomposition of the n × n Gram matrix `K = Xc·Xcᵀ = Q·Λ·Qᵀ`: with `D = (Λ + α)⁻¹`, the dual coefficients
/// are `c = Q·D·Qᵀ·y`, the diagonal of `G⁻¹ = (K + α)⁻¹` corrected for the intercept is
/// `d = diag(Q·D·Qᵀ) − (Q·D·Qᵀ·1) / n`, and the residuals are `c / d`. The α of smallest mean squared residual over
/// all classes wins (the first on ties); the weights are `Xcᵀ·c`.
///
/// Linear algebra: the eigendecomposition is LAPACK's divide-and-conquer solver (``SymmetricEigendecomposition``,
/// O(n³)); the Gram matrix, O(n²·p) and by far the larger cost when n ≪ p (MiniRocket:
/// ~10,000 features, gesture sets of hundreds of examples), is formed here in Swift with SIMD and over the cores,
/// because GSL's bundled CBLAS is a reference implementation several times slower. When n > p scikit-learn
/// decomposes the p × p covariance instead; the leave-one-out residuals are the same, so the Gram path is kept for
/// every shape (O(n³) then, fine for a few thousand examples).
package struct RidgeClassifierCV: Sendable {
    /// scikit-learn's `np.logspace(-3, 3, 10)`.
    package static let defaultAlphas: [Double] = (0..<10).map { pow(10, -3 + 6 * Double($0) / 9) }

    /// The candidate penalties, tried in order.
    package var alphas: [Double]

    /// What fitting produced.
    package struct Fit: Sendable, Equatable {
        /// The classes, sorted; row `k` of ``weights`` scores `classes[k]`.
        package var classes: [String]
        /// The chosen penalty.
        package var alpha: Double
        /// Mean squared leave-one-out residual of each candidate α, in order.
        package var looErrors: [Double]
        /// Class-major weights, `classes.count × features`.
        package var weights: [Double]
        /// One intercept per class.
        package var intercepts: [Double]
    }

    /// Creates a classifier trying `alphas` (positive).
    package init(alphas: [Double] = Self.defaultAlphas) {
        self.alphas = alphas
    }

    /// Fits `features` (row-major, `labels.count` rows of `featureCount` values) to `labels` (at least two classes).
    ///
    /// With `sampleWeights` (one positive weight per example) each example counts that many times, as scikit-learn's
    /// `fit(X, y, sample_weight=)`: the means that centre features and targets are weighted, the squared error of
    /// every example is weighted, and so is its leave-one-out residual in the choice of α. ``balancedWeights(labels:)``
    /// gives scikit-learn's `class_weight="balanced"`. Weights all 1 give the unweighted fit (to rounding).
    ///
    /// - Complexity: O(n²·p / threads) for the Gram matrix, O(n³) for its eigendecomposition, O(alphas · n² · classes)
    ///   for the residuals and O(n·p·classes) for the weights, for n examples and p features.
    package func fit(features: consuming [Double], featureCount p: Int, labels: [String],
                    sampleWeights: [Double]? = nil) throws(StatisticsError) -> Fit {
        let name = "ridge classification"
        let n = labels.count
        let classes = Array(Set(labels)).sorted()
        guard classes.count >= 2 else { throw .invalidArgument(statistic: name, message: "needs at least two classes, got \(classes.count)") }
        guard features.count == n * p, p >= 1 else {
            throw .invalidArgument(statistic: name, message: "needs \(n) × \(p) features, got \(features.count)")
        }
        guard !alphas.isEmpty, alphas.allSatisfy({ $0.isFinite && $0 > 0 }) else {
            throw .invalidArgument(statistic: name, message: "penalties must be positive numbers, got \(alphas)")
        }
        if let sampleWeights {
            guard sampleWeights.count == n, sampleWeights.allSatisfy({ $0.isFinite && $0 > 0 }) else {
                throw .invalidArgument(statistic: name, message: "needs \(n) positive sample weights, got \(sampleWeights.count)")
            }
            return try weightedFit(features: features, featureCount: p, labels: labels, classes: classes, sampleWeights: sampleWeights)
        }
        let k = classes.count
        let index = Dictionary(uniqueKeysWithValues: classes.enumerated().map { ($1, $0) })
        // Centred features and ±1 targets. The loops run on raw pointers so that they vectorise; each sum keeps
        // its order (rows in turn), so the values are those of the plain loops.
        var offsets = [Double](repeating: 0, count: p)
        // Centred in place: a caller that hands its array over (its last use) saves a copy of n × p values.
        var x = consume features
        x.withUnsafeMutableBufferPointer { xb in
            offsets.withUnsafeMutableBufferPointer { ob in
                let x = xb.baseAddress!, o = ob.baseAddress!
                for i in 0..<n { let row = x + i * p; for j in 0..<p { o[j] += row[j] } }
                for j in 0..<p { o[j] /= Double(n) }
            }
        }
        // A NaN or infinity anywhere makes its column's sum non-finite (finite values may overflow too: then look on).
        if offsets.contains(where: { !$0.isFinite }), let i = x.firstIndex(where: { !$0.isFinite }) {
            throw .nonFinite(statistic: name, index: i)
        }
        x.withUnsafeMutableBufferPointer { xb in
            offsets.withUnsafeBufferPointer { ob in
                let x = xb.baseAddress!, o = ob.baseAddress!
                for i in 0..<n { let row = x + i * p; for j in 0..<p { row[j] -= o[j] } }
            }
        }
        var y = [Double](repeating: -1, count: n * k)
        for (i, label) in labels.enumerated() { y[i * k + index[label]!] = 1 }
        var yMeans = [Double](repeating: 0, count: k)
        for i in 0..<n { for c in 0..<k { yMeans[c] += y[i * k + c] } }
        for c in 0..<k { yMeans[c] /= Double(n) }
        for i in 0..<n { for c in 0..<k { y[i * k + c] -= yMeans[c] } }

        let gram = Self.gram(x, rows: n, columns: p)
        let (eigenvalues, q) = try SymmetricEigendecomposition.decompose(gram, n: n)
        // Qᵀy (n × k) and Qᵀ1 (n).
        var qty = [Double](repeating: 0, count: n * k), qt1 = [Double](repeating: 0, count: n)
        for r in 0..<n {
            for i in 0..<n {
                let v = q[r * n + i]   // Q[r][i]: row r of eigenvector i
                qt1[i] += v
                for c in 0..<k { qty[i * k + c] += v * y[r * k + c] }
            }
        }
        // The candidates are independent: each runs on its own thread; the winner is picked in order afterwards.
        let candidates = parallelMap(alphas.count) { [alphas, eigenvalues, q, qty, qt1] a in
            Self.leaveOneOut(alpha: alphas[a], eigenvalues: eigenvalues, q: q, qty: qty, qt1: qt1, n: n, k: k)
        }
        return Self.chosenFit(candidates, alphas: alphas, classes: classes, x: x, n: n, p: p, yMeans: yMeans, offsets: offsets)
    }

    /// The fit of the candidate with the lowest leave-one-out error (the first on a tie), one candidate per penalty
    /// in `alphas`: weights Xᵀ·c, class-major, from the rows `x` (n × p, centred as the candidates were fitted), and
    /// intercepts ȳ − x̄·w from the class means `yMeans` and feature `offsets`. Shared by the plain and the weighted
    /// fit. O(n · p · k).
    static func chosenFit(_ candidates: [(error: Double, c: [Double])], alphas: [Double], classes: [String], x: [Double],
                          n: Int, p: Int, yMeans: [Double], offsets: [Double]) -> Fit {
        let k = classes.count
        var errors: [Double] = [], best = 0
        for (a, candidate) in candidates.enumerated() {
            errors.append(candidate.error)
            if candidate.error < candidates[best].error { best = a }
        }
        let dual = candidates[best].c
        // Weights Xcᵀ·c, class-major, one class per iteration (each weight sums the rows in order); intercepts ȳ − x̄·w.
        let rows = parallelMap(k) { [x] c0 in
            var w = [Double](repeating: 0, count: p)
            x.withUnsafeBufferPointer { xb in
                w.withUnsafeMutableBufferPointer { wb in
                    let x = xb.baseAddress!, w = wb.baseAddress!
                    for i in 0..<n {
                        let coefficient = dual[i * k + c0], row = x + i * p
                        for j in 0..<p { w[j] += coefficient * row[j] }
                    }
                }
            }
            return w
        }
        let weights = Array(rows.joined())
        var intercepts = yMeans
        for c0 in 0..<k { for j in 0..<p { intercepts[c0] -= offsets[j] * weights[c0 * p + j] } }
        return Fit(classes: classes, alpha: alphas[best], looErrors: errors, weights: weights, intercepts: intercepts)
    }

    /// The dual coefficients `c` (n × k, row-major) for penalty `alpha` and their mean squared leave-one-out
    /// residual, from the eigendecomposition `q` (row-major, eigenvector `i` in column `i`), `Qᵀy` and `Qᵀ1`.
    /// O(n² · k).
    static func leaveOneOut(alpha: Double, eigenvalues: [Double], q: [Double], qty: [Double], qt1: [Double],
                            n: Int, k: Int) -> (error: Double, c: [Double]) {
        let weights = eigenvalues.map { 1 / ($0 + alpha) }
        var c = [Double](repeating: 0, count: n * k)
        var d = [Double](repeating: 0, count: n)
        q.withUnsafeBufferPointer { q in
            qty.withUnsafeBufferPointer { qty in
                qt1.withUnsafeBufferPointer { qt1 in
                    weights.withUnsafeBufferPointer { weights in
                        c.withUnsafeMutableBufferPointer { c in
                            for r in 0..<n {
                                var diagonal = 0.0, ones = 0.0
                                let row = c.baseAddress! + r * k
                                for i in 0..<n {
                                    let v = q[r * n + i], w = weights[i]
                                    diagonal += w * v * v
                                    ones += v * w * qt1[i]
                                    let target = qty.baseAddress! + i * k
                                    for c0 in 0..<k { row[c0] += v * w * target[c0] }
                                }
                                d[r] = diagonal - ones / Double(n)
                            }
                        }
                    }
                }
            }
        }
        var sum = 0.0
        for r in 0..<n { for c0 in 0..<k { let e = c[r * k + c0] / d[r]; sum += e * e } }
        return (sum / Double(n * k), c)
    }
}
