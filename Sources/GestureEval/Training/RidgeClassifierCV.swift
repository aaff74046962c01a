import CGSL
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
/// Linear algebra: the eigendecomposition is GSL's symmetric solver (`gsl_eigen_symmv`, Householder tridiagonal
/// reduction and implicit QL, O(n³)); the Gram matrix, O(n²·p) and by far the larger cost when n ≪ p (MiniRocket:
/// ~10,000 features, gesture sets of hundreds of examples), is formed here in Swift with SIMD and over the cores,
/// because GSL's bundled CBLAS is a reference implementation several times slower. When n > p scikit-learn
/// decomposes the p × p covariance instead; the leave-one-out residuals are the same, so the Gram path is kept for
/// every shape (O(n³) then, fine for a few thousand examples).
public struct RidgeClassifierCV: Sendable {
    /// scikit-learn's `np.logspace(-3, 3, 10)`.
    public static let defaultAlphas: [Double] = (0..<10).map { pow(10, -3 + 6 * Double($0) / 9) }

    /// The candidate penalties, tried in order.
    public var alphas: [Double]

    /// What fitting produced.
    public struct Fit: Sendable, Equatable {
        /// The classes, sorted; row `k` of ``weights`` scores `classes[k]`.
        public var classes: [String]
        /// The chosen penalty.
        public var alpha: Double
        /// Mean squared leave-one-out residual of each candidate α, in order.
        public var looErrors: [Double]
        /// Class-major weights, `classes.count × features`.
        public var weights: [Double]
        /// One intercept per class.
        public var intercepts: [Double]
    }

    /// Creates a classifier trying `alphas` (positive).
    public init(alphas: [Double] = Self.defaultAlphas) {
        self.alphas = alphas
    }

    /// Fits `features` (row-major, `labels.count` rows of `featureCount` values) to `labels` (at least two classes).
    ///
    /// - Complexity: O(n²·p / threads) for the Gram matrix, O(n³) for its eigendecomposition, O(alphas · n² · classes)
    ///   for the residuals and O(n·p·classes) for the weights, for n examples and p features.
    public func fit(features: [Double], featureCount p: Int, labels: [String]) throws(StatisticsError) -> Fit {
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
        if let i = features.firstIndex(where: { !$0.isFinite }) { throw .nonFinite(statistic: name, index: i) }
        let k = classes.count
        let index = Dictionary(uniqueKeysWithValues: classes.enumerated().map { ($1, $0) })
        // Centred features and ±1 targets.
        var offsets = [Double](repeating: 0, count: p)
        for i in 0..<n { for j in 0..<p { offsets[j] += features[i * p + j] } }
        for j in 0..<p { offsets[j] /= Double(n) }
        var x = features
        for i in 0..<n { for j in 0..<p { x[i * p + j] -= offsets[j] } }
        var y = [Double](repeating: -1, count: n * k)
        for (i, label) in labels.enumerated() { y[i * k + index[label]!] = 1 }
        var yMeans = [Double](repeating: 0, count: k)
        for i in 0..<n { for c in 0..<k { yMeans[c] += y[i * k + c] } }
        for c in 0..<k { yMeans[c] /= Double(n) }
        for i in 0..<n { for c in 0..<k { y[i * k + c] -= yMeans[c] } }

        let gram = Self.gram(x, rows: n, columns: p)
        let (eigenvalues, q) = try Self.eigen(gram, n: n)
        // Qᵀy (n × k) and Qᵀ1 (n).
        var qty = [Double](repeating: 0, count: n * k), qt1 = [Double](repeating: 0, count: n)
        for r in 0..<n {
            for i in 0..<n {
                let v = q[r * n + i]   // Q[r][i]: row r of eigenvector i
                qt1[i] += v
                for c in 0..<k { qty[i * k + c] += v * y[r * k + c] }
            }
        }
        var errors: [Double] = [], best: (error: Double, alpha: Double, c: [Double])?
        var c = [Double](repeating: 0, count: n * k)
        var d = [Double](repeating: 0, count: n)
        for alpha in alphas {
            let weights = eigenvalues.map { 1 / ($0 + alpha) }
            for r in 0..<n {
                var diagonal = 0.0, ones = 0.0
                for c0 in 0..<k { c[r * k + c0] = 0 }
                for i in 0..<n {
                    let v = q[r * n + i], w = weights[i]
                    diagonal += w * v * v
                    ones += v * w * qt1[i]
                    for c0 in 0..<k { c[r * k + c0] += v * w * qty[i * k + c0] }
                }
                d[r] = diagonal - ones / Double(n)
            }
            var sum = 0.0
            for r in 0..<n { for c0 in 0..<k { let e = c[r * k + c0] / d[r]; sum += e * e } }
            let error = sum / Double(n * k)
            errors.append(error)
            if best == nil || error < best!.error { best = (error, alpha, c) }
        }
        // Weights Xcᵀ·c, class-major; intercepts ȳ − x̄·w.
        var weights = [Double](repeating: 0, count: k * p)
        for i in 0..<n {
            for c0 in 0..<k {
                let coefficient = best!.c[i * k + c0]
                for j in 0..<p { weights[c0 * p + j] += coefficient * x[i * p + j] }
            }
        }
        var intercepts = yMeans
        for c0 in 0..<k { for j in 0..<p { intercepts[c0] -= offsets[j] * weights[c0 * p + j] } }
        return Fit(classes: classes, alpha: best!.alpha, looErrors: errors, weights: weights, intercepts: intercepts)
    }

    /// `x·xᵀ` of a row-major `rows × columns` matrix, row-major and symmetric. Blocks of four rows are spread over
    /// the cores; each block meets every earlier row once, so that row is read once for four products.
    /// O(rows² · columns / threads).
    static func gram(_ x: [Double], rows n: Int, columns p: Int) -> [Double] {
        let blocks = (n + 3) / 4
        let lower = parallelMap(blocks) { b -> [Double] in
            // Products of rows 4b…4b+3 with rows 0…(their own index), four per row j.
            let first = 4 * b, count = min(4, n - first)
            var out = [Double](repeating: 0, count: 4 * (first + 4))
            x.withUnsafeBufferPointer { buffer in
                for j in 0..<min(n, first + count) {
                    let d = dot4(buffer, rows: first, count: count, with: j, p)
                    for r in 0..<count { out[r * (first + 4) + j] = d[r] }
                }
            }
            return out
        }
        var out = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            let b = i / 4, r = i % 4, stride = 4 * b + 4
            for j in 0...i {
                out[i * n + j] = lower[b][r * stride + j]
                out[j * n + i] = lower[b][r * stride + j]
            }
        }
        return out
    }

    /// The dot products of rows `first…first+count−1` (count ≤ 4) with row `j`, four lanes at a time. O(4·p).
    static func dot4(_ b: UnsafeBufferPointer<Double>, rows first: Int, count: Int, with j: Int, _ p: Int) -> SIMD4<Double> {
        let base = UnsafeRawPointer(b.baseAddress!)
        let stride = MemoryLayout<Double>.stride
        let rows = (0..<4).map { min($0, count - 1) }   // a short block repeats its last row
        var a0 = SIMD4<Double>.zero, a1 = SIMD4<Double>.zero, a2 = SIMD4<Double>.zero, a3 = SIMD4<Double>.zero
        let o0 = (first + rows[0]) * p, o1 = (first + rows[1]) * p, o2 = (first + rows[2]) * p, o3 = (first + rows[3]) * p
        let oj = j * p
        var t = 0
        while t + 4 <= p {
            let v = base.loadUnaligned(fromByteOffset: (oj + t) * stride, as: SIMD4<Double>.self)
            a0 += base.loadUnaligned(fromByteOffset: (o0 + t) * stride, as: SIMD4<Double>.self) * v
            a1 += base.loadUnaligned(fromByteOffset: (o1 + t) * stride, as: SIMD4<Double>.self) * v
            a2 += base.loadUnaligned(fromByteOffset: (o2 + t) * stride, as: SIMD4<Double>.self) * v
            a3 += base.loadUnaligned(fromByteOffset: (o3 + t) * stride, as: SIMD4<Double>.self) * v
            t += 4
        }
        var sums = SIMD4(a0.sum(), a1.sum(), a2.sum(), a3.sum())
        while t < p {
            let v = b[oj + t]
            sums += SIMD4(b[o0 + t], b[o1 + t], b[o2 + t], b[o3 + t]) * v
            t += 1
        }
        return sums
    }

    /// Eigenvalues and eigenvectors (row-major n × n, eigenvector `i` in column `i`) of the symmetric `matrix`, by GSL.
    static func eigen(_ matrix: [Double], n: Int) throws(StatisticsError) -> (values: [Double], vectors: [Double]) {
        var a = matrix
        var values = [Double](repeating: 0, count: n)
        var vectors = [Double](repeating: 0, count: n * n)
        let status: Int32 = try GSL.checked("gsl_eigen_symmv") {
            a.withUnsafeMutableBufferPointer { ab in
                values.withUnsafeMutableBufferPointer { vb in
                    vectors.withUnsafeMutableBufferPointer { qb in
                        var am = gsl_matrix_view_array(ab.baseAddress, n, n)
                        var ev = gsl_vector_view_array(vb.baseAddress, n)
                        var qm = gsl_matrix_view_array(qb.baseAddress, n, n)
                        guard let workspace = gsl_eigen_symmv_alloc(n) else { return Int32(GSL_ENOMEM) }
                        defer { gsl_eigen_symmv_free(workspace) }
                        return gsl_eigen_symmv(&am.matrix, &ev.vector, &qm.matrix, workspace)
                    }
                }
            }
        }
        guard status == 0 else { throw .gsl(function: "gsl_eigen_symmv", code: status, reason: "the eigendecomposition failed") }
        return (values, vectors)
    }
}
