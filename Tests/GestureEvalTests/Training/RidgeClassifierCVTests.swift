import Foundation
import GestureEval
import GestureTestSupport
import Testing

/// The ridge classifier against scikit-learn's RidgeClassifierCV: References/make_ridge_references.py fitted three
/// small problems and wrote the chosen alpha, coefficients and intercepts into References/ridge_references.json.
@Suite struct RidgeClassifierCVTests {
    struct Reference: Decodable {
        struct Problem: Decodable {
            var name: String
            var features: [[Double]]
            var labels: [String]
            var classes: [String]
            var alpha: Double
            var coefficients: [[Double]]
            var intercepts: [Double]
        }
        var problems: [Problem]
    }

    static let reference: Reference = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References/ridge_references.json")
        // Committed beside this test: a failure to read it is a broken checkout.
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    @Test(arguments: reference.problems.map(\.name))
    func alphaAndCoefficientsEqualScikitLearn(name: String) throws {
        let problem = Self.reference.problems.first { $0.name == name }!
        let p = problem.features[0].count
        let fit = try RidgeClassifierCV().fit(features: problem.features.flatMap { $0 }, featureCount: p, labels: problem.labels)
        #expect(fit.classes == problem.classes)
        #expect(isClose(fit.alpha, problem.alpha, relative: 1e-12))
        #expect(fit.looErrors.count == 10)
        // Two classes: scikit-learn fits one column, for the second class; ours has it as its second row.
        let rows = problem.classes.count == 2 ? [1] : Array(0..<problem.classes.count)
        for (r, row) in zip(problem.coefficients.indices, rows) {
            for j in 0..<p {
                #expect(isClose(fit.weights[row * p + j], problem.coefficients[r][j], relative: 1e-7, absolute: 1e-10), "class \(row) feature \(j)")
            }
            #expect(isClose(fit.intercepts[row], problem.intercepts[r], relative: 1e-7, absolute: 1e-10), "class \(row) intercept")
        }
    }

    @Test func oneClassIsRefused() {
        #expect(throws: StatisticsError.self) { try RidgeClassifierCV().fit(features: [1, 2, 3], featureCount: 1, labels: ["a", "a", "a"]) }
    }
}
