@testable import GestureLabCLI
import Testing

@Suite struct ProgressReporterTests {
    @Test func theRemainingTimeFollowsTheWorkNotTheCount() {
        let counters = [ProgressReporter.Counter(name: "trained ", total: 4, done: 1), ProgressReporter.Counter(name: "tested ", total: 20, done: 0)]
        // One step of four done, but it was three quarters of the estimated work: 10 s more, not 30.
        let line = ProgressReporter.line(label: "compare x", counters: counters, doneWork: 75, totalWork: 100, elapsed: 30)
        #expect(line == "compare x  trained 1/4  tested 0/20  elapsed 30.0 s  remaining ~10 s")
        let early = ProgressReporter.line(label: "compare x", counters: counters, doneWork: 0, totalWork: 100, elapsed: 0.5)
        #expect(early == "compare x  trained 1/4  tested 0/20  elapsed 0.5 s", "no estimate before any work is done")
        let done = [ProgressReporter.Counter(name: "", total: 3, done: 3)]
        #expect(ProgressReporter.line(label: "sweep k", counters: done, doneWork: 3, totalWork: 3, elapsed: 2) == "sweep k  3/3  elapsed 2.0 s")
    }
}
