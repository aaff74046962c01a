import GestureEval
import GestureTestSupport
import Testing

@Suite struct ProportionIntervalTests {
    @Test func wilsonAndClopperPearsonMatchSciPy() throws {
        for c in References.shared.proportions {
            let w = try ProportionInterval.wilson(successes: c.k, trials: c.n, level: c.level)
            let e = try ProportionInterval.clopperPearson(successes: c.k, trials: c.n, level: c.level)
            #expect(isClose(w.lower, c.wilson[0], absolute: 1e-15) && isClose(w.upper, c.wilson[1]), "wilson \(c.k)/\(c.n): \(w)")
            #expect(isClose(e.lower, c.clopperPearson[0], absolute: 1e-15) && isClose(e.upper, c.clopperPearson[1]), "exact \(c.k)/\(c.n): \(e)")
            #expect(w.level == c.level && e.method == "clopper-pearson")
        }
    }

    @Test func rejectsImpossibleCounts() {
        #expect(throws: StatisticsError.self) { try ProportionInterval.wilson(successes: 11, trials: 10) }
        #expect(throws: StatisticsError.self) { try ProportionInterval.clopperPearson(successes: 0, trials: 0) }
        #expect(throws: StatisticsError.self) { try ProportionInterval.wilson(successes: 1, trials: 2, level: 1) }
    }
}
