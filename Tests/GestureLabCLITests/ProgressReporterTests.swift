import Foundation
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

    /// Standard error not a terminal: plain lines (no carriage return or escape codes) with the count and the time
    /// left, and the final state after them; nothing with --quiet, the live line on a terminal.
    @Test func aLogGetsPlainLinesOfProgress() {
        #expect(ProgressReporter.Mode.standardError(quiet: false, isTerminal: false) == .log(every: ProgressReporter.Mode.logInterval))
        #expect(ProgressReporter.Mode.standardError(quiet: true, isTerminal: false) == .off)
        #expect(ProgressReporter.Mode.standardError(quiet: true, isTerminal: true) == .off)
        #expect(ProgressReporter.Mode.standardError(quiet: false, isTerminal: true) == .terminal)
        let written = Written()
        let reporter = ProgressReporter("compare x", total: 4, mode: .log(every: 0)) { written.append($0) }
        reporter.advance()
        reporter.advance()
        reporter.finish()
        let lines = written.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines.last == "", "\(written.text)")
        #expect(!written.text.contains("\r") && !written.text.contains("\u{1B}"), "\(written.text)")
        #expect(lines[0].hasPrefix("compare x  1/4  elapsed ") && lines[0].contains("remaining ~"), "\(lines[0])")
        #expect(lines[1].hasPrefix("compare x  2/4  elapsed "), "\(lines[1])")
        #expect(lines[2].hasPrefix("compare x  2/4  elapsed "), "the final state: \(lines[2])")
        #expect(lines[2].contains(" cores busy)") && !lines[1].contains("CPU"), "only the final line says how busy the cores were")
    }

    /// The final line puts the CPU seconds of every thread beside the wall time: two busy cores read about 2.
    @Test func theFinalLineSaysHowBusyTheCoresWere() {
        let done = [ProgressReporter.Counter(name: "", total: 3, done: 3)]
        #expect(ProgressReporter.line(label: "compare x", counters: done, doneWork: 3, totalWork: 3, elapsed: 60, cpu: 117.6)
                == "compare x  3/3  elapsed 60.0 s  CPU 117.6 s (1.96 cores busy)")
    }

    /// A log is not written before an interval of work has passed: a short run leaves it empty, even at its end.
    @Test func aShortRunLeavesTheLogEmpty() {
        let written = Written()
        let reporter = ProgressReporter("sweep k", total: 3, mode: .log(every: 3600)) { written.append($0) }
        for _ in 0..<3 { reporter.advance() }
        reporter.finish()
        #expect(written.text.isEmpty, "\(written.text)")
        let quiet = Written()
        let silent = ProgressReporter("sweep k", total: 3, mode: .off) { quiet.append($0) }
        silent.advance()
        silent.finish()
        #expect(quiet.text.isEmpty)
    }

    /// What a reporter wrote, collected across threads.
    final class Written: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [String] = []
        func append(_ text: String) { lock.lock(); parts.append(text); lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return parts.joined() }
    }
}
