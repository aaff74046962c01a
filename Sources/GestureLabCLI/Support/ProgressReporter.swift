import ArgumentParser
import Foundation
import GestureEval

/// Shows the progress of long work (training, folds, comparisons) on standard error:
/// `label  trained 3/18  tested 40/96  elapsed 12.3 s  remaining ~40 s`, redrawn in place at most ten times
/// a second. The remaining time is the elapsed time scaled by the estimated work left, so steps of unequal
/// cost (an experiment's band learning against its rule-based units) do not mislead it.
///
/// When standard error is not a terminal (a log file, a pipe), a plain line of the same words every
/// ``Mode/logInterval`` seconds of work instead, and the final state after the last of them: a short run
/// writes nothing, a long one tells its log how far it got. Silent when `quiet`.
/// Safe to advance from several threads (`DispatchQueue.concurrentPerform`).
final class ProgressReporter: @unchecked Sendable {
    /// Where and how often progress is shown.
    enum Mode: Equatable {
        /// Nothing (`--quiet`).
        case off
        /// One line redrawn in place, at most ten times a second.
        case terminal
        /// A plain line whenever `seconds` have passed since the last (or the start).
        case log(every: Double)

        /// Seconds between the lines of a log: often enough to see a run move, rarely enough to read.
        static let logInterval = 5.0

        /// The mode for standard error: off when `quiet`, in place on a terminal, else a log's lines.
        static func standardError(quiet: Bool, isTerminal: Bool = isatty(STDERR_FILENO) != 0) -> Mode {
            quiet ? .off : isTerminal ? .terminal : .log(every: logInterval)
        }
    }

    /// A counted kind of step: its name (empty for a single kind) and how many there are.
    struct Counter {
        var name: String
        var total: Int
        var done = 0
    }

    private let label: String
    private let mode: Mode
    /// Where lines go (standard error; tests capture them).
    private let write: @Sendable (String) -> Void
    /// Whether a log line was written, so that `finish` ends the log with the final state.
    private var logged = false
    private let start = DispatchTime.now().uptimeNanoseconds
    /// The process's CPU seconds (every thread's) when the reporter was made.
    private let cpuStart = ProgressReporter.processCPUSeconds()
    private let lock = NSLock()
    private var counters: [Counter]
    private let totalWork: Double
    private var doneWork = 0.0
    private var lastDraw: UInt64 = 0
    private let plan: ExperimentPlan?

    /// A reporter for `total` steps of equal cost; `quiet` silences it, `mode` (default: by standard error)
    /// and `write` are for tests.
    init(_ label: String, total: Int, quiet: Bool = false, mode: Mode? = nil,
         write: @escaping @Sendable (String) -> Void = ProgressReporter.standardError) {
        self.label = label
        counters = [Counter(name: "", total: total)]
        totalWork = Double(total)
        plan = nil
        self.mode = mode ?? .standardError(quiet: quiet)
        self.write = write
        // A log's first line comes one interval into the run; a terminal's line is drawn at once.
        if case .log = self.mode { lastDraw = start }
    }

    /// A reporter for running `units` of `plan` (default: all) with the training steps they use, weighted by
    /// the plan's estimated one-core seconds of each part.
    init(_ label: String, plan: ExperimentPlan, units: [ExperimentPlan.WorkUnit]? = nil, quiet: Bool = false) {
        self.label = label
        let units = units ?? plan.units
        let steps = Set(units.map(\.training))
        counters = [Counter(name: "trained ", total: steps.count), Counter(name: "tested ", total: units.count)]
        totalWork = steps.reduce(0) { $0 + plan.estimatedSeconds(of: .trained(step: $1)) }
            + units.reduce(0) { $0 + plan.estimatedSeconds(of: .tested(unit: $1.index)) }
        self.plan = plan
        mode = .standardError(quiet: quiet)
        write = Self.standardError
        if case .log = mode { lastDraw = start }
    }

    /// Writes `text` to standard error.
    @Sendable static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Records `steps` more steps done (a reporter of equal steps).
    func advance(by steps: Int = 1) {
        record(counter: 0, steps: steps, work: Double(steps))
    }

    /// Records a finished part of a plan's run.
    func advance(_ part: ExperimentPlan.RunProgress) {
        let work = plan?.estimatedSeconds(of: part) ?? 1
        // The last counter is found under the lock: parts finish on several threads (a race ThreadSanitizer found).
        if case .trained = part { record(counter: 0, steps: 1, work: work) } else { record(counter: nil, steps: 1, work: work) }
    }

    /// Draws the final state and ends the line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        switch mode {
        case .off: return
        case .terminal: draw(final: true)
        // A log that was told the run is under way is told how it ended; a short run's log stays empty.
        case .log: if logged { write(currentLine(final: true) + "\n") }
        }
    }

    /// Records `steps` on `counter` (`nil`: the last one) and `work` estimated seconds, under the lock.
    private func record(counter: Int?, steps: Int, work: Double) {
        lock.lock()
        defer { lock.unlock() }
        counters[counter ?? counters.count - 1].done += steps
        doneWork += work
        let now = DispatchTime.now().uptimeNanoseconds
        switch mode {
        case .off: return
        case .terminal:
            if now - lastDraw >= 100_000_000 || counters.allSatisfy({ $0.done >= $0.total }) {
                lastDraw = now
                draw(final: false)
            }
        case let .log(seconds):
            // No escape codes and no carriage return: each line stands alone in the file.
            if Double(now - lastDraw) >= seconds * 1e9 {
                lastDraw = now
                logged = true
                write(currentLine() + "\n")
            }
        }
    }

    /// The line for the state now (under the lock); the final one also says how busy the cores were.
    private func currentLine(final: Bool = false) -> String {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Self.line(label: label, counters: counters, doneWork: doneWork, totalWork: totalWork, elapsed: elapsed,
                         cpu: final ? Self.processCPUSeconds() - cpuStart : nil)
    }

    private func draw(final: Bool) {
        write("\r\u{1B}[K" + currentLine(final: final) + (final ? "\n" : ""))
    }

    /// CPU seconds the process has used on all its threads (user and system). O(1).
    static func processCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The progress line: `label  trained 3/18  tested 40/96  elapsed 12.3 s  remaining ~40 s`; the
    /// remaining time is `elapsed × work left / work done` (none before any work or after the last). With `cpu`
    /// (the CPU seconds of every thread over the same time, for the final line):
    /// `…  elapsed 61.0 s  CPU 118.3 s (1.94 cores busy)`.
    static func line(label: String, counters: [Counter], doneWork: Double, totalWork: Double, elapsed: Double,
                     cpu: Double? = nil) -> String {
        var s = label
        for c in counters { s += "  \(c.name)\(c.done)/\(c.total)" }
        s += "  elapsed \(String(format: "%.1f", elapsed)) s"
        if doneWork > 0, doneWork < totalWork, counters.contains(where: { $0.done < $0.total }) {
            let remaining = elapsed * (totalWork - doneWork) / doneWork
            s += "  remaining ~\(remaining < 10 ? String(format: "%.1f", remaining) : String(Int(remaining.rounded()))) s"
        }
        if let cpu, elapsed > 0 {
            s += "  CPU \(String(format: "%.1f", cpu)) s (\(String(format: "%.2f", cpu / elapsed)) cores busy)"
        }
        return s
    }
}

/// `--quiet`, for commands that show progress.
struct ProgressOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Do not show progress on the terminal.")
    var quiet = false
}
