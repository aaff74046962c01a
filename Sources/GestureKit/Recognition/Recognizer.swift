/// A streaming gesture recognizer.
///
/// Conforming types take samples in time order, keep bounded state (independent of how long
/// the stream runs), and report ``GestureEvent``s. The same instance and the same calls serve an
/// app on a live sensor stream and the evaluator on a recorded dataset, so what is evaluated is
/// exactly what ships.
///
/// Recognizers may assume the samples they receive are finite and strictly increasing in time:
/// ``Pipeline`` guarantees that through ``SampleValidator``. Called directly, a recognizer must still
/// not crash on such samples; each documents what it does with them.
///
/// Recognizers are `Sendable` values, so copies can run on several threads (one per recording or fold).
public protocol Recognizer: Sendable {
    /// Consumes one sample and appends any events it completes to `events`.
    ///
    /// - Complexity: O(1) amortised per sample for rule-based recognizers; allocation-free
    ///   once running, except when an event is appended.
    mutating func process(_ sample: MotionSample, into events: inout [GestureEvent])

    /// Forgets all state, as if no sample had been seen.
    mutating func reset()
}

extension Recognizer {
    /// Consumes one sample and returns the events it completes (usually none).
    public mutating func process(_ sample: MotionSample) -> [GestureEvent] {
        var events: [GestureEvent] = []
        process(sample, into: &events)
        return events
    }

    /// Runs the recognizer over a sequence of samples and returns every event, in order.
    public mutating func process<S: Sequence>(_ samples: S) -> [GestureEvent] where S.Element == MotionSample {
        var events: [GestureEvent] = []
        for sample in samples { process(sample, into: &events) }
        return events
    }
}

/// A recognizer built from a `Codable` configuration, so it can be named in a registry,
/// stored in a YAML preset and tuned by a parameter search.
public protocol ConfigurableRecognizer: Recognizer, SendableMetatype {
    /// The settings; every parameter in seconds, g or radians, never in sample counts.
    associatedtype Configuration: Codable & Sendable & Equatable

    /// The stable identifier used in registries, configuration files and on the command line.
    static var identifier: String { get }

    /// Creates a recognizer, or throws when a setting is out of range.
    init(configuration: Configuration) throws(ConfigurationError)

    /// The settings this recognizer runs with.
    var configuration: Configuration { get }
}

/// A setting that is out of range or inconsistent.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key of the offending setting, as spelled in the configuration file.
    public var key: String
    /// What is wrong with it.
    public var message: String

    /// Creates an error for `key`.
    public init(key: String, _ message: String) {
        self.key = key
        self.message = message
    }

    /// A one-line, human-readable account.
    public var description: String { "\(key): \(message)" }

    /// Throws unless `value` is finite and positive.
    public static func requirePositive(_ value: Double, _ key: String) throws(ConfigurationError) {
        guard value.isFinite, value > 0 else { throw ConfigurationError(key: key, "must be a positive number, got \(value)") }
    }

    /// Throws unless `value` is finite and not negative.
    public static func requireNonNegative(_ value: Double, _ key: String) throws(ConfigurationError) {
        guard value.isFinite, value >= 0 else { throw ConfigurationError(key: key, "must be zero or more, got \(value)") }
    }
}
