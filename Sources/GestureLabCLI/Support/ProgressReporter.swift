import ArgumentParser
import Foundation

/// Shows the progress of long work (training, folds, comparisons) on standard error:
/// `label  done/total  elapsed 12.3 s  remaining ~40 s`, redrawn in place at most ten times a second.
///
/// Silent when standard error is not a terminal (logs and pipes stay clean) or when `quiet`.
/// Safe to advance from several threads (`DispatchQueue.concurrentPerform`).
final class ProgressReporter: @unchecked Sendable {
    private let label: String
    private let total: Int
    private let enabled: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    private let lock = NSLock()
    private var done = 0
    private var lastDraw: UInt64 = 0

    /// A reporter for `total` steps; `quiet` silences it.
    init(_ label: String, total: Int, quiet: Bool = false) {
        self.label = label
        self.total = total
        enabled = !quiet && isatty(STDERR_FILENO) != 0
    }

    /// Records `steps` more steps done.
    func advance(by steps: Int = 1) {
        lock.lock()
        defer { lock.unlock() }
        done += steps
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        if now - lastDraw >= 100_000_000 || done >= total {
            lastDraw = now
            draw(final: false)
        }
    }

    /// Draws the final state and ends the line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard enabled else { return }
        draw(final: true)
    }

    private func draw(final: Bool) {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let text = "\r\u{1B}[K" + Self.line(label: label, done: done, total: total, elapsed: elapsed) + (final ? "\n" : "")
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The progress line: `label  done/total  elapsed 12.3 s  remaining ~40 s` (no estimate before
    /// the first step or after the last).
    static func line(label: String, done: Int, total: Int, elapsed: Double) -> String {
        var s = "\(label)  \(done)/\(total)  elapsed \(String(format: "%.1f", elapsed)) s"
        if done > 0, done < total {
            let remaining = elapsed / Double(done) * Double(total - done)
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
