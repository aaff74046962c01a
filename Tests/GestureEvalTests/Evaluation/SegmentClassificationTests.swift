import Foundation
import GestureEval
import GestureTestSupport
import Testing

@Suite struct SegmentClassificationTests {
    struct Case: Decodable {
        var truth: [String]; var predicted: [String]; var labels: [String]
        var accuracy: Double; var balancedAccuracy: Double; var macroF1: Double; var kappa: Double
        var precision: [Double]; var recall: [Double]; var f1: [Double]; var support: [Int]; var confusion: [[Int]]
    }
    struct File: Decodable { var segments: [Case] }

    static let cases: [Case] = {
        let url = Bundle.module.url(forResource: "references", withExtension: "json", subdirectory: "References")!
        return try! JSONDecoder().decode(File.self, from: Data(contentsOf: url)).segments
    }()

    @Test func metricsMatchScikitLearn() throws {
        for c in Self.cases {
            let s = try SegmentClassification(truth: c.truth, predicted: c.predicted, bootstrap: .init(replicates: 200, seed: 5))
            #expect(s.labels == c.labels)
            #expect(s.confusion.counts == c.confusion)
            #expect(isClose(s.accuracy.value, c.accuracy))
            #expect(isClose(s.error.value, 1 - c.accuracy))
            #expect(isClose(s.balancedAccuracy.value, c.balancedAccuracy))
            #expect(isClose(s.macroF1.value, c.macroF1))
            #expect(isClose(s.kappa.value, c.kappa))
            #expect(s.perClass.map(\.support) == c.support)
            #expect(zip(s.perClass.map(\.precision.value), c.precision).allSatisfy { isClose($0, $1, absolute: 1e-15) })
            #expect(zip(s.perClass.map(\.recall.value), c.recall).allSatisfy { isClose($0, $1, absolute: 1e-15) })
            #expect(zip(s.perClass.map(\.f1.value), c.f1).allSatisfy { isClose($0, $1, absolute: 1e-15) })
        }
    }

    @Test func accuracyIntervalIsBinomialAndOthersAreBootstrap() throws {
        let c = Self.cases[0]
        let hits = zip(c.truth, c.predicted).count(where: { $0 == $1 })
        let wilson = try SegmentClassification(truth: c.truth, predicted: c.predicted, accuracyInterval: .wilson, bootstrap: .init(replicates: 300, seed: 1))
        let exact = try SegmentClassification(truth: c.truth, predicted: c.predicted, accuracyInterval: .clopperPearson, bootstrap: .init(replicates: 300, seed: 1))
        // Binomial intervals count the examples as trials, and say so.
        let trials = IntervalUnits(.examples, count: c.truth.count)
        var binomial = try ProportionInterval.wilson(successes: hits, trials: c.truth.count)
        binomial.units = trials
        #expect(wilson.accuracy.interval == binomial)
        binomial = try ProportionInterval.clopperPearson(successes: hits, trials: c.truth.count)
        binomial.units = trials
        #expect(exact.accuracy.interval == binomial)
        #expect(abs(wilson.error.interval!.upper - (1 - wilson.accuracy.interval!.lower)) < 1e-15)
        for e in [wilson.macroF1, wilson.kappa, wilson.balancedAccuracy] {
            let i = try #require(e.interval)
            #expect(i.method == "bootstrap-percentile" && i.lower <= e.value && e.value <= i.upper && i.lower < i.upper)
        }
        let again = try SegmentClassification(truth: c.truth, predicted: c.predicted, accuracyInterval: .wilson, bootstrap: .init(replicates: 300, seed: 1))
        #expect(again == wilson)
    }

    @Test func correctnessFeedsMcNemar() throws {
        let truth = ["a", "a", "b", "b", "c", "c"]
        let first = try SegmentClassification(truth: truth, predicted: ["a", "a", "b", "a", "c", "a"], bootstrap: .init(replicates: 50))
        let second = try SegmentClassification(truth: truth, predicted: ["a", "b", "b", "b", "c", "c"], bootstrap: .init(replicates: 50))
        #expect(first.correct == [true, true, true, false, true, false])
        let test = try McNemarTest(firstCorrect: first.correct, secondCorrect: second.correct)
        #expect(test.onlyFirstCorrect == 1 && test.onlySecondCorrect == 2 && test.method == .exactBinomial && test.pValue == 1)
    }

    @Test func rejectsMismatchedInput() {
        #expect(throws: StatisticsError.self) { try SegmentClassification(truth: ["a"], predicted: []) }
        #expect(throws: StatisticsError.self) { try SegmentClassification(truth: [], predicted: []) }
    }
}
