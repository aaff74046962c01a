import CGSL

/// The studentized range distribution with infinitely many degrees of freedom: the range of
/// k independent standard normal variables. Its quantile gives Nemenyi's q_α.
///
/// The CDF is P(R ≤ q) = k ∫ φ(z) [Φ(z) − Φ(z − q)]^{k−1} dz over the real line, integrated by
/// GSL's adaptive `gsl_integration_qagi` (relative tolerance 1e-13); the quantile inverts it with
/// GSL's Brent solver (`gsl_root_fsolver_brent`, tolerance 1e-13 relative). Each CDF costs a few
/// hundred normal CDF evaluations; a quantile, a few dozen CDFs.
package enum StudentizedRange {
    fileprivate final class Parameters {
        let groups: Double
        let q: Double
        let target: Double
        init(groups: Int, q: Double, target: Double) {
            self.groups = Double(groups)
            self.q = q
            self.target = target
        }
    }

    /// P(R ≤ q) for the range R of `groups` (≥ 2) standard normals; q ≥ 0.
    package static func cdf(_ q: Double, groups: Int) throws(StatisticsError) -> Double {
        guard groups >= 2 else { throw .invalidArgument(statistic: "studentizedRange", message: "needs at least 2 groups, got \(groups)") }
        guard q.isFinite else { throw .nonFinite(statistic: "studentizedRange", index: 0) }
        guard q > 0 else { return 0 }
        return try integrate(Parameters(groups: groups, q: q, target: 0))
    }

    /// The `p`-quantile (0 < p < 1) of the range of `groups` standard normals.
    package static func quantile(_ p: Double, groups: Int) throws(StatisticsError) -> Double {
        guard groups >= 2 else { throw .invalidArgument(statistic: "studentizedRange", message: "needs at least 2 groups, got \(groups)") }
        guard p > 0, p < 1 else { throw .invalidArgument(statistic: "studentizedRange", message: "p must be in (0, 1), got \(p)") }
        var upper = 4.0
        while try cdf(upper, groups: groups) < p { upper *= 2 }
        let box = Parameters(groups: groups, q: 0, target: p)
        let solver = gsl_root_fsolver_alloc(cgsl_root_fsolver_brent())
        defer { gsl_root_fsolver_free(solver) }
        return try withExtendedLifetime(box) { () throws(StatisticsError) -> Double in
            var function = gsl_function(
                function: { q, raw in
                    let parameters = Unmanaged<Parameters>.fromOpaque(raw!).takeUnretainedValue()
                    let inner = Parameters(groups: Int(parameters.groups), q: q, target: 0)
                    return ((try? StudentizedRange.integrate(inner)) ?? .nan) - parameters.target
                },
                params: Unmanaged.passUnretained(box).toOpaque())
            try GSL.checked("gsl_root_fsolver_set") { _ = gsl_root_fsolver_set(solver, &function, 0, upper) }
            for _ in 0..<200 {
                let root: Double = try GSL.checked("gsl_root_fsolver_iterate") {
                    _ = gsl_root_fsolver_iterate(solver)
                    return gsl_root_fsolver_root(solver)
                }
                let lo = gsl_root_fsolver_x_lower(solver), hi = gsl_root_fsolver_x_upper(solver)
                if gsl_root_test_interval(lo, hi, 0, 1e-13) == GSL_SUCCESS { return root }
            }
            throw .invalidArgument(statistic: "studentizedRange", message: "quantile did not converge for p = \(p), k = \(groups)")
        }
    }

    fileprivate static func integrate(_ parameters: Parameters) throws(StatisticsError) -> Double {
        guard let workspace = gsl_integration_workspace_alloc(1000) else { fatalError("gsl_integration_workspace_alloc failed") }
        defer { gsl_integration_workspace_free(workspace) }
        return try withExtendedLifetime(parameters) { () throws(StatisticsError) -> Double in
            var function = gsl_function(
                function: { z, raw in
                    let p = Unmanaged<Parameters>.fromOpaque(raw!).takeUnretainedValue()
                    let width = gsl_cdf_ugaussian_P(z) - gsl_cdf_ugaussian_P(z - p.q)
                    return p.groups * gsl_ran_ugaussian_pdf(z) * pow(max(0, width), p.groups - 1)
                },
                params: Unmanaged.passUnretained(parameters).toOpaque())
            var result = 0.0, error = 0.0
            try GSL.checked("gsl_integration_qagi") {
                _ = gsl_integration_qagi(&function, 1e-15, 1e-13, 1000, workspace, &result, &error)
            }
            return min(1, max(0, result))
        }
    }
}
