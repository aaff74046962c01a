import Foundation
@testable import GestureEval
import Testing

/// The headline's words: a bootstrap p-value is bounded below by its resolution, 1/B.
@Suite struct GroupHeadlineTextTests {
    static func headline(p: Double, replicates: Int) -> GroupHeadline {
        GroupHeadline(group: "g", metric: "f1", best: .init(entry: "a", value: 0.9), interval: nil, runnerUp: .init(entry: "b", value: 0.6),
                      test: .bootstrap(difference: 0.3, lower: 0.2, upper: 0.4, p: p, replicates: replicates, significant: true, uncorrected: false),
                      alpha: 0.05)
    }

    /// No replicate on the other side of zero: p is below 1/B, not 0.
    @Test func aBootstrapPOfZeroReadsBelowOneOverB() {
        let text = Self.headline(p: 0, replicates: 1000).description
        #expect(text.contains("], p < 0.001: significant at α = 0.05"), "\(text)")
        #expect(!text.contains("p = 0"), "\(text)")
        #expect(Self.headline(p: 0, replicates: 2000).description.contains("p < 0.0005:"))
    }

    /// A p-value the replicates resolve is printed as it is.
    @Test func aResolvedBootstrapPIsPrintedAsItIs() {
        let text = Self.headline(p: 0.004, replicates: 1000).description
        #expect(text.contains("], p = 0.004: significant"), "\(text)")
    }

    /// Issue 59: the difference's interval says what it resampled.
    @Test func theDifferenceSaysWhatItResampled() {
        var h = Self.headline(p: 0.004, replicates: 1000)
        h.test = .bootstrap(difference: 0.3, lower: 0.2, upper: 0.4, units: IntervalUnits(.subjects, count: 25), p: 0.004, replicates: 1000,
                            significant: true, uncorrected: false)
        #expect(h.description.contains("difference 0.3 [0.2, 0.4] over 25 subjects, p = 0.004"), "\(h.description)")
    }
}
