import GestureEval
import Testing

/// GSL's default handler aborts the process; ours turns the error into a Swift error. If the
/// handler were not installed these calls would abort the test process instead of throwing.
@Suite struct GSLErrorHandlerTests {
    @Test func domainErrorInsideGSLBecomesStatisticsError() {
        do {
            _ = try Distributions.betaQuantile(0.5, a: -1, b: 2)
            Issue.record("a negative beta shape parameter should fail")
        } catch {
            guard case let .gsl(function, code, reason) = error else {
                Issue.record("expected a GSL error, got \(error)")
                return
            }
            #expect(function == "gsl_cdf_beta_Pinv")
            #expect(code == 1) // GSL_EDOM
            #expect(reason.contains("a < 0"))
            #expect(error.description.contains("gsl_cdf_beta_Pinv"))
        }
    }

    @Test func errorDoesNotLeakIntoTheNextCall() throws {
        _ = try? Distributions.betaQuantile(2, a: 1, b: 1)
        #expect(abs(try Distributions.betaQuantile(0.5, a: 2, b: 2) - 0.5) < 1e-12)
    }
}
