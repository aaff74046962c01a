import COpenBLAS

/// Eigenvalues and eigenvectors of a real symmetric matrix, by LAPACK's divide-and-conquer solver (`dsyevd`, from
/// OpenBLAS).
///
/// The ridge's leave-one-out search spends most of a MiniRocket spotter's training here (an n × n Gram matrix for
/// n training windows). GSL's `gsl_eigen_symmv` (Householder tridiagonalisation and implicit QL with its bundled
/// reference CBLAS) took 1.4 s at n = 1,000 and 28 s at n = 2,000 on the development machine; `dsyevd` on one core
/// 0.17 s and 1.1 s (`Benchmarks/profile.md`). The eigenpairs agree to rounding (about 1e-13 of the largest
/// eigenvalue), not bit for bit.
///
/// OpenBLAS runs on the calling thread only: GestureLab's work units already keep every core busy, and one thread
/// makes the result independent of `--threads`.
enum SymmetricEigendecomposition {
    /// Set once, before the first call.
    private static let singleThreaded: Bool = {
        openblas_set_num_threads(1)
        return true
    }()

    /// The eigenvalues of the symmetric n × n `matrix` (row-major; only its lower triangle is read), ascending, and
    /// the eigenvectors, row-major n × n with the unit eigenvector of `values[i]` in column `i`.
    ///
    /// - Throws: ``StatisticsError/invalidArgument(statistic:message:)`` when the matrix has a NaN or infinity or
    ///   the solver does not converge.
    /// - Complexity: O(n³) time; 4·n² + O(n) doubles of memory at the peak (the input's copy, LAPACK's 2·n² + 6·n + 1
    ///   workspace, the result).
    static func decompose(_ matrix: [Double], n: Int) throws(StatisticsError) -> (values: [Double], vectors: [Double]) {
        let name = "symmetric eigendecomposition"
        guard matrix.count == n * n, n >= 1, n <= Int(Int32.max) else {
            throw .invalidArgument(statistic: name, message: "needs an n × n matrix with n ≥ 1, got \(matrix.count) values for n = \(n)")
        }
        if let i = matrix.firstIndex(where: { !$0.isFinite }) { throw .nonFinite(statistic: name, index: i) }
        _ = singleThreaded
        // Column-major in LAPACK: the row-major lower triangle is the column-major upper one.
        var a = matrix
        var values = [Double](repeating: 0, count: n)
        var n32 = Int32(n), info: Int32 = 0
        var lwork = Int32(1 + 6 * n + 2 * n * n), liwork = Int32(3 + 5 * n)
        var work = [Double](repeating: 0, count: Int(lwork)), iwork = [Int32](repeating: 0, count: Int(liwork))
        var jobz = CChar(UInt8(ascii: "V")), uplo = CChar(UInt8(ascii: "U"))
        dsyevd_(&jobz, &uplo, &n32, &a, &n32, &values, &work, &lwork, &iwork, &liwork, &info)
        guard info == 0 else {
            throw .invalidArgument(statistic: name, message: info < 0
                ? "LAPACK dsyevd rejected argument \(-info)"
                : "LAPACK dsyevd did not converge (info \(info))")
        }
        work = []
        // Column `i` of LAPACK's column-major result is eigenvector `i`: row `i` of `a` read row-major. Transposed.
        var vectors = [Double](repeating: 0, count: n * n)
        a.withUnsafeBufferPointer { src in
            vectors.withUnsafeMutableBufferPointer { dst in
                for i in 0..<n { for r in 0..<n { dst[r * n + i] = src[i * n + r] } }
            }
        }
        return (values, vectors)
    }
}
