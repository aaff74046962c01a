import Foundation
import Synchronization

/// A flag that ends a live input: set from a signal handler (Ctrl-C) or by another thread, read by the
/// reading loop between waits.
public final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// A flag that is not set.
    public init() {}

    /// Whether the flag is set.
    public var isSet: Bool { value.load(ordering: .relaxed) }

    /// Sets the flag.
    public func set() { value.store(true, ordering: .relaxed) }

    /// The flag set by SIGINT once ``installInterruptHandler()`` ran.
    public static let interrupt = StopFlag()

    /// Makes Ctrl-C set ``interrupt`` instead of killing the process, so a live command ends with its summary;
    /// a second Ctrl-C kills it as usual.
    public static func installInterruptHandler() {
        signal(SIGINT) { _ in
            if StopFlag.interrupt.isSet { _exit(130) }
            StopFlag.interrupt.set()
        }
    }
}
