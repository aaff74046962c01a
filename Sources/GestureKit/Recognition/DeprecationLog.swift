import Foundation

/// Old spellings met while decoding files (a renamed key, an old model version) that are still
/// read: each is recorded once, so a command-line tool can print one deprecation line per kind at
/// the end of a run, and an app can ask what its bundled files still use.
///
/// Thread-safe; messages are kept in the order first met, without repeats.
public enum DeprecationLog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var messages: [String] = []

    /// Records `message` ("`old` is now `new`: …") unless it was recorded already.
    public static func record(_ message: String) {
        lock.withLock { if !messages.contains(message) { messages.append(message) } }
    }

    /// The messages recorded so far, which are then forgotten.
    public static func drain() -> [String] {
        lock.withLock {
            defer { messages = [] }
            return messages
        }
    }
}
