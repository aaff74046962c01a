import CGSL
import Foundation
@testable import GestureEval
import GestureKit
import Testing

@Suite struct SymmetricEigendecompositionTests {
    /// The path graph's Laplacian-like tridiagonal matrix (2 on the diagonal, −1 beside it) has the closed-form
    /// eigenvalues 2 − 2·cos(kπ / (n + 1)), k = 1…n, and eigenvectors sin(j·k·π / (n + 1)).
    @Test(arguments: [1, 2, 7, 64, 301])
    func tridiagonalMatrixHasItsClosedFormEigenpairs(n: Int) throws {
        var a = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            a[i * n + i] = 2
            if i + 1 < n { a[i * n + i + 1] = -1; a[(i + 1) * n + i] = -1 }
        }
        let (values, vectors) = try SymmetricEigendecomposition.decompose(a, n: n)
        let expected = (1...n).map { 2 - 2 * cos(Double($0) * .pi / Double(n + 1)) }.sorted()
        for (v, e) in zip(values, expected) { #expect(abs(v - e) < 1e-12) }
        // Column k is ± the normalised sine vector of the k-th smallest eigenvalue.
        for k in 0..<n where n > 1 {
            let s = (0..<n).map { j in sin(Double(j + 1) * Double(k + 1) * .pi / Double(n + 1)) }
            let norm = s.reduce(0) { $0 + $1 * $1 }.squareRoot()
            let dot = (0..<n).reduce(0.0) { $0 + vectors[$1 * n + k] * s[$1] / norm }
            #expect(abs(abs(dot) - 1) < 1e-10)
        }
    }

    /// On a random Gram matrix (the ridge's case) the eigenvalues are GSL's `gsl_eigen_symmv`'s (the solver used
    /// before) to rounding, and Q·Λ·Qᵀ gives the matrix back with Q orthonormal.
    @Test func gramMatrixAgreesWithGSLAndIsReconstructed() throws {
        let n = 120, p = 40
        var random = SplitMix64(seed: 3)
        let x = (0..<(n * p)).map { _ in random.gaussian() }
        var gram = [Double](repeating: 0, count: n * n)
        for i in 0..<n { for j in 0..<n { gram[i * n + j] = (0..<p).reduce(0.0) { $0 + x[i * p + $1] * x[j * p + $1] } } }
        let (values, q) = try SymmetricEigendecomposition.decompose(gram, n: n)
        #expect(values == values.sorted())

        var copy = gram, gslValues = [Double](repeating: 0, count: n), gslVectors = [Double](repeating: 0, count: n * n)
        copy.withUnsafeMutableBufferPointer { ab in
            gslValues.withUnsafeMutableBufferPointer { vb in
                gslVectors.withUnsafeMutableBufferPointer { qb in
                    var am = gsl_matrix_view_array(ab.baseAddress, n, n)
                    var ev = gsl_vector_view_array(vb.baseAddress, n)
                    var qm = gsl_matrix_view_array(qb.baseAddress, n, n)
                    let workspace = gsl_eigen_symmv_alloc(n)
                    _ = gsl_eigen_symmv(&am.matrix, &ev.vector, &qm.matrix, workspace)
                    gsl_eigen_symmv_free(workspace)
                }
            }
        }
        let largest = values.last!
        for (v, g) in zip(values, gslValues.sorted()) { #expect(abs(v - g) < 1e-12 * largest) }

        for i in 0..<n {
            for j in 0..<n {
                let back = (0..<n).reduce(0.0) { $0 + q[i * n + $1] * values[$1] * q[j * n + $1] }
                #expect(abs(back - gram[i * n + j]) < 1e-10 * largest)
                let inner = (0..<n).reduce(0.0) { $0 + q[$1 * n + i] * q[$1 * n + j] }
                #expect(abs(inner - (i == j ? 1 : 0)) < 1e-10)
            }
        }
    }

    @Test func nonFiniteOrMisshapenInputIsRejected() {
        #expect(throws: StatisticsError.nonFinite(statistic: "symmetric eigendecomposition", index: 2)) {
            try SymmetricEigendecomposition.decompose([1, 0, .nan, 1], n: 2)
        }
        #expect(throws: StatisticsError.self) { try SymmetricEigendecomposition.decompose([1, 2, 3], n: 2) }
        #expect(throws: StatisticsError.self) { try SymmetricEigendecomposition.decompose([], n: 0) }
    }
}
