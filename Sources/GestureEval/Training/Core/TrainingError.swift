/// Why training (or running what it learned) failed: the name of what was trained, when known, and what went wrong.
///
/// The training room's own error, so that it needs nothing from the experiment pipeline; an experiment maps it to
/// ``ExperimentError`` word for word (``ExperimentError/init(_:)``).
public struct TrainingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name of what was trained (an experiment entry's name), when the failure concerns it.
    public var entry: String?
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(entry: String? = nil, _ message: String) {
        self.entry = entry
        self.message = message
    }

    /// `entry 'NAME': message`, or the message alone.
    public var description: String { entry.map { "entry '\($0)': \(message)" } ?? message }
}
