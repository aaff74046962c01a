import Foundation
import GestureData
import GestureEval
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Key presses from a terminal, read on their own thread so the sample loop never waits for a key. On a
/// terminal, line buffering and echo are off until ``restore()`` (Ctrl-C still interrupts). `q` also sets
/// ``GestureEval/StopFlag/interrupt``, so a source waiting on the network ends too.
final class TerminalKeys: Sendable {
    /// Whether the keys come from a terminal.
    let isTerminal: Bool
    private let descriptor: Int32
    private let saved: termios?
    private let pressed = Mutex<[UInt8]>([])

    /// Reads keys from `descriptor` (a terminal, or any stream of bytes for scripted use).
    init(descriptor: Int32) {
        self.descriptor = descriptor
        isTerminal = isatty(descriptor) == 1
        var settings = termios()
        if isTerminal, tcgetattr(descriptor, &settings) == 0 {
            saved = settings
            settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &settings.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(descriptor, TCSANOW, &settings)
        } else {
            saved = nil
        }
        let thread = Thread { [self] in
            var byte: UInt8 = 0
            while read(descriptor, &byte, 1) == 1 {
                let key = byte
                pressed.withLock { $0.append(key) }
                if key == UInt8(ascii: "q") { StopFlag.interrupt.set() }
            }
        }
        thread.start()
    }

    /// The keys pressed since the last call, in order.
    func drain() -> [UInt8] {
        pressed.withLock { keys in
            defer { keys.removeAll(keepingCapacity: true) }
            return keys
        }
    }

    /// Gives the terminal back its settings.
    func restore() {
        guard var settings = saved else { return }
        tcsetattr(descriptor, TCSANOW, &settings)
    }
}
