import ArgumentParser
import Foundation
import GestureEval

/// Shows the progress of long work (training, folds, comparisons) on standard error:
/// `label  trained 3/18  tested 40/96  elapsed 12.3 s  remaining ~40 s`, redrawn in place at most ten times
/// a second. The remaining time is the elapsed time scaled by the estimated work left, so steps of unequal
/// cost (an experiment's band learning against its rule-based units) do not mislead it.
///
/// Silent when standard error is not a terminal (logs and pipes stay clean) or when `quiet`.
/// Safe to advance from several threads (`DispatchQueue.concurrentPerform`).
final class ProgressReporter: @unchecked Sendable {
    /// A counted kind of step: its name (empty for a single kind) and how many there are.
    struct Counter {
        var name: String
        var total: Int
        var done = 0
    }

    private let label: String
    private let enabled: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    private let lock = NSLock()
    private var counters: [Counter]
    private let totalWork: Double
    private var doneWork = 0.0
    private var lastDraw: UInt64 = 0
    private let plan: ExperimentPlan?

    /// A reporter for `total` steps of equal cost; `quiet` silences it.
    init(_ label: String, total: Int, quiet: Bool = false) {
        self.label = label
        counters = [Counter(name: "", total: total)]
        totalWork = Double(total)
        plan = nil
        enabled = !quiet && isatty(STDERR_FILENO) != 0
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
        enabled = !quiet && isatty(STDERR_FILENO) != 0
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
        guard enabled else { return }
        draw(final: true)
    }

    /// Records `steps` on `counter` (`nil`: the last one) and `work` estimated seconds, under the lock.
    private func record(counter: Int?, steps: Int, work: Double) {
        lock.lock()
        defer { lock.unlock() }
        counters[counter ?? counters.count - 1].done += steps
        doneWork += work
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        if now - lastDraw >= 100_000_000 || counters.allSatisfy({ $0.done >= $0.total }) {
            lastDraw = now
            draw(final: false)
        }
    }

    private func draw(final: Bool) {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let text = "\r\u{1B}[K" + Self.line(label: label, counters: counters, doneWork: doneWork, totalWork: totalWork, elapsed: elapsed)
            + (final ? "\n" : "")
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The progress line: `label  trained 3/18  tested 40/96  elapsed 12.3 s  remaining ~40 s`; the
    /// remaining time is `elapsed × work left / work done` (none before any work or after the last).
    static func line(label: String, counters: [Counter], doneWork: Double, totalWork: Double, elapsed: Double) -> String {
        var s = label
        for c in counters { s += "  \(c.name)\(c.done)/\(c.total)" }
        s += "  elapsed \(String(format: "%.1f", elapsed)) s"
        if doneWork > 0, doneWork < totalWork, counters.contains(where: { $0.done < $0.total }) {
            let remaining = elapsed * (totalWork - doneWork) / doneWork
            s += "  remaining ~\(remaining < 10 ? String(format: "%.1f", remaining) : String(Int(remaining.rounded()))) s"
        }
        return s
    }
}

/// `--quiet`, for commands that show progress.
struct ProgressOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Do not show progress on the terminal.")
    var quiet = false
}
