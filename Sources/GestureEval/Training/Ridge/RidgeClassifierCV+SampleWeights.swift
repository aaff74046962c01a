import Foundation
import GestureData

extension RidgeClassifierCV {
    /// scikit-learn's `class_weight="balanced"` as sample weights: each example of class c weighs
    /// n / (classes · n_c), so every class carries the same total weight and the weights average 1. O(n).
    package static func balancedWeights(labels: [String]) -> [Double] {
        var counts: [String: Int] = [:]
        for label in labels { counts[label, default: 0] += 1 }
        let n = Double(labels.count), k = Double(counts.count)
        return labels.map { n / (k * Double(counts[$0]!)) }
    }

    /// The fit with sample weights `w`, as scikit-learn's `_RidgeGCV` (Gram mode) computes it: features and targets
    /// centred on their weighted means and their rows scaled by √w; the Gram matrix gains `√w·√wᵀ`, whose
    /// direction is the intercept's and goes unpenalised (its eigenvalue's weight set to 0); residuals
    /// `c / diag(G⁻¹)` are those of the scaled rows, so each example's squared leave-one-out error counts w times.
    ///
    /// - Complexity: as ``fit(features:featureCount:labels:sampleWeights:)``.
    func weightedFit(features: consuming [Double], featureCount p: Int, labels: [String], classes: [String],
                     sampleWeights w: [Double]) throws(StatisticsError) -> Fit {
        let name = "ridge classification"
        let n = labels.count, k = classes.count
        let index = Dictionary(uniqueKeysWithValues: classes.enumerated().map { ($1, $0) })
        let total = w.reduce(0, +)
        let root = w.map { $0.squareRoot() }
        var x = consume features
        var offsets = [Double](repeating: 0, count: p)
        for i in 0..<n { for j in 0..<p { offsets[j] += w[i] * x[i * p + j] } }
        for j in 0..<p { offsets[j] /= total }
        if offsets.contains(where: { !$0.isFinite }), let i = x.firstIndex(where: { !$0.isFinite }) {
            throw .nonFinite(statistic: name, index: i)
        }
        for i in 0..<n { for j in 0..<p { x[i * p + j] = (x[i * p + j] - offsets[j]) * root[i] } }
        var y = [Double](repeating: -1, count: n * k)
        for (i, label) in labels.enumerated() { y[i * k + index[label]!] = 1 }
        var yMeans = [Double](repeating: 0, count: k)
        for i in 0..<n { for c in 0..<k { yMeans[c] += w[i] * y[i * k + c] } }
        for c in 0..<k { yMeans[c] /= total }
        for i in 0..<n { for c in 0..<k { y[i * k + c] = (y[i * k + c] - yMeans[c]) * root[i] } }

        var gram = Self.gram(x, rows: n, columns: p)
        for r in 0..<n { for c in 0..<n { gram[r * n + c] += root[r] * root[c] } }
        let (eigenvalues, q) = try SymmetricEigendecomposition.decompose(gram, n: n)
        // The intercept's direction: the eigenvector nearest √w (scikit-learn's _find_smallest_angle).
        var intercept = 0, nearest = -1.0
        for i in 0..<n {
            var dot = 0.0
            for r in 0..<n { dot += q[r * n + i] * root[r] }
            if abs(dot) > nearest { nearest = abs(dot); intercept = i }
        }
        var qty = [Double](repeating: 0, count: n * k)
        for r in 0..<n { for i in 0..<n { for c in 0..<k { qty[i * k + c] += q[r * n + i] * y[r * k + c] } } }
        let candidates = parallelMap(alphas.count) { [alphas, eigenvalues, q, qty, intercept] a in
            Self.weightedLeaveOneOut(alpha: alphas[a], eigenvalues: eigenvalues, intercept: intercept, q: q, qty: qty, n: n, k: k)
        }
        return Self.chosenFit(candidates, alphas: alphas, classes: classes, x: x, n: n, p: p, yMeans: yMeans, offsets: offsets)
    }

    /// Dual coefficients and mean squared leave-one-out residual for `alpha`, the `intercept`'s eigenvalue
    /// unpenalised and its direction left out of the fit's penalty. O(n² · k).
    static func weightedLeaveOneOut(alpha: Double, eigenvalues: [Double], intercept: Int, q: [Double], qty: [Double],
                                    n: Int, k: Int) -> (error: Double, c: [Double]) {
        var shrink = eigenvalues.map { 1 / ($0 + alpha) }
        shrink[intercept] = 0
        var c = [Double](repeating: 0, count: n * k)
        var sum = 0.0
        for r in 0..<n {
            var diagonal = 0.0
            for i in 0..<n {
                let v = q[r * n + i], s = shrink[i]
                diagonal += s * v * v
                for c0 in 0..<k { c[r * k + c0] += v * s * qty[i * k + c0] }
            }
            for c0 in 0..<k { let e = c[r * k + c0] / diagonal; sum += e * e }
        }
        return (sum / Double(n * k), c)
    }
}
