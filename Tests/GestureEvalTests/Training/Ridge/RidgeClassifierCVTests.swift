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

    struct WeightedReference: Decodable {
        struct Problem: Decodable {
            var name: String
            var features: [[Double]]
            var labels: [String]
            var weights: [Double]
            var balanced: Bool
            var classes: [String]
            var alpha: Double
            var coefficients: [[Double]]
            var intercepts: [Double]
        }
        var problems: [Problem]
    }

    /// References/make_ridge_weight_references.py: scikit-learn fitted with `sample_weight` (and one problem with
    /// `class_weight="balanced"`), written into References/ridge_weight_references.json.
    static let weighted: WeightedReference = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References/ridge_weight_references.json")
        // Committed beside this test: a failure to read it is a broken checkout.
        return try! JSONDecoder().decode(WeightedReference.self, from: Data(contentsOf: url))
    }()

    @Test(arguments: weighted.problems.map(\.name))
    func sampleWeightsEqualScikitLearn(name: String) throws {
        let problem = Self.weighted.problems.first { $0.name == name }!
        let p = problem.features[0].count
        let weights = problem.balanced ? RidgeClassifierCV.balancedWeights(labels: problem.labels) : problem.weights
        if problem.balanced {
            for (a, b) in zip(weights, problem.weights) { #expect(isClose(a, b, relative: 1e-15)) }
        }
        let fit = try RidgeClassifierCV().fit(features: problem.features.flatMap { $0 }, featureCount: p, labels: problem.labels, sampleWeights: weights)
        #expect(fit.classes == problem.classes)
        #expect(isClose(fit.alpha, problem.alpha, relative: 1e-12))
        let rows = problem.classes.count == 2 ? [1] : Array(0..<problem.classes.count)
        for (r, row) in zip(problem.coefficients.indices, rows) {
            for j in 0..<p {
                #expect(isClose(fit.weights[row * p + j], problem.coefficients[r][j], relative: 1e-7, absolute: 1e-10), "class \(row) feature \(j)")
            }
            #expect(isClose(fit.intercepts[row], problem.intercepts[r], relative: 1e-7, absolute: 1e-10), "class \(row) intercept")
        }
        // The weights matter: the unweighted fit of the same problem differs.
        let plain = try RidgeClassifierCV().fit(features: problem.features.flatMap { $0 }, featureCount: p, labels: problem.labels)
        #expect(zip(plain.weights, fit.weights).contains { !isClose($0, $1, relative: 1e-3, absolute: 1e-6) })
    }

    /// Weights all 1 are the unweighted fit, by the weighted path's own algebra; bad weights are refused.
    @Test func unitWeightsAreTheUnweightedFitAndBadWeightsAreRefused() throws {
        let problem = Self.reference.problems[0]
        let p = problem.features[0].count, features = problem.features.flatMap { $0 }
        let plain = try RidgeClassifierCV().fit(features: features, featureCount: p, labels: problem.labels)
        let ones = try RidgeClassifierCV().fit(features: features, featureCount: p, labels: problem.labels, sampleWeights: problem.labels.map { _ in 1 })
        #expect(ones.alpha == plain.alpha)
        for (a, b) in zip(ones.weights + ones.intercepts, plain.weights + plain.intercepts) { #expect(isClose(a, b, relative: 1e-9, absolute: 1e-12)) }
        for (a, b) in zip(ones.looErrors, plain.looErrors) { #expect(isClose(a, b, relative: 1e-9)) }
        for bad in [[Double](repeating: 1, count: problem.labels.count - 1), problem.labels.map { _ in 0 }, problem.labels.map { _ in .nan }] {
            #expect(throws: StatisticsError.self) { try RidgeClassifierCV().fit(features: features, featureCount: p, labels: problem.labels, sampleWeights: bad) }
        }
        let expected: [Double] = [4.0 / 6, 4.0 / 6, 4.0 / 6, 2]
        #expect(RidgeClassifierCV.balancedWeights(labels: ["a", "a", "a", "b"]) == expected)
    }

    @Test func oneClassIsRefused() {
        #expect(throws: StatisticsError.self) { try RidgeClassifierCV().fit(features: [1, 2, 3], featureCount: 1, labels: ["a", "a", "a"]) }
    }
}
