import Foundation
import GestureEval
import GestureTestSupport
import Testing

/// The GSL binding against values computed independently with NumPy and SciPy
/// (`References/make_descriptive_references.py`).
@Suite struct GSLBindingTests {
    struct Reference: Decodable {
        struct Sample: Decodable {
            struct Quantile: Decodable { var p: Double; var value: Double }
            var name: String
            var values: [Double]
            var mean: Double
            var variance: Double
            var standardDeviation: Double
            var quantiles: [Quantile]
        }
        struct TQuantile: Decodable { var p: Double; var df: Double; var quantile: Double }
        var samples: [Sample]
        var studentT: [TQuantile]
    }

    static let reference: Reference = {
        let url = Bundle.module.url(forResource: "References", withExtension: nil)!
            .appendingPathComponent("descriptive.json")
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    /// GSL against NumPy: agreement to 1e-12, relative or (below 1) absolute.
    static func close(_ a: Double, _ b: Double) -> Bool { isClose(a, b, relative: 1e-12, absolute: 1e-12) }

    @Test func meanVarianceAndQuantilesMatchNumPy() throws {
        for sample in Self.reference.samples {
            #expect(Self.close(try Descriptive.mean(sample.values), sample.mean), "mean of \(sample.name)")
            #expect(Self.close(try Descriptive.variance(sample.values), sample.variance), "variance of \(sample.name)")
            #expect(Self.close(try Descriptive.standardDeviation(sample.values), sample.standardDeviation))
            for q in sample.quantiles {
                #expect(Self.close(try Descriptive.quantile(sample.values, q.p), q.value), "q\(q.p) of \(sample.name)")
            }
        }
    }

    @Test func studentTQuantilesMatchSciPy() throws {
        for row in Self.reference.studentT {
            let value = try Distributions.studentTQuantile(row.p, degreesOfFreedom: row.df)
            #expect(isClose(value, row.quantile, relative: 1e-9, absolute: 1e-9), "t.ppf(\(row.p), \(row.df))")
        }
    }

    @Test func badInputIsATypedError() {
        #expect(throws: StatisticsError.tooFewValues(statistic: "mean", count: 0, needed: 1)) { try Descriptive.mean([]) }
        #expect(throws: StatisticsError.tooFewValues(statistic: "variance", count: 1, needed: 2)) { try Descriptive.variance([3]) }
        #expect(throws: StatisticsError.nonFinite(statistic: "mean", index: 1)) { try Descriptive.mean([1, .nan, 2]) }
        #expect(throws: StatisticsError.self) { try Descriptive.quantile([1, 2], 1.5) }
    }

    /// GSL aborts the process on a domain error by default; the binding turns it into a Swift error.
    @Test func gslDomainErrorBecomesSwiftError() {
        do {
            _ = try Distributions.studentTQuantile(0.3, degreesOfFreedom: -2)
            Issue.record("a negative number of degrees of freedom must fail")
        } catch let error {
            guard case let .gsl(function, _, reason) = error else {
                Issue.record("expected a GSL error, got \(error)")
                return
            }
            #expect(function == "gsl_cdf_tdist_Pinv")
            #expect(reason.contains("domain"))
        }
        // The handler leaves no error behind: the next valid call succeeds.
        #expect((try? Distributions.studentTQuantile(0.975, degreesOfFreedom: 10)) != nil)
    }
}
