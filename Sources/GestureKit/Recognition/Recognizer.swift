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

    /// Ends the stream: appends the events still held back waiting for samples that will not come (a
    /// burst whose closing pause runs past the last sample, a template match waiting out its refractory
    /// time), then forgets all state, as ``reset()`` does, so the next sample starts a new stream.
    ///
    /// Call it wherever a stream ends (end of file, Ctrl-C, an idle live source), or gestures at the end
    /// are lost. The default appends nothing and resets; recognizers with pending state implement it.
    ///
    /// - Complexity: O(pending candidates).
    mutating func finish(into events: inout [GestureEvent])

    /// Ends a run at a gap (time that was never recorded) in a stream that goes on: appends what is held back, as
    /// ``finish(into:)`` does, but keeps what describes the stream rather than the run, such as the running statistics a
    /// model normalises with, so that the next run reads on as training and calibration read it. ``Pipeline`` calls it
    /// at every gap longer than its validator's ``SampleValidator/maximumGap``. The default finishes.
    ///
    /// - Complexity: O(pending candidates).
    mutating func finishRun(into events: inout [GestureEvent])

    /// Forgets all state, as if no sample had been seen.
    mutating func reset()
}

extension Recognizer {
    /// Holds nothing back: resets.
    public mutating func finish(into events: inout [GestureEvent]) {
        reset()
    }

    /// Nothing outlives a run: finishes.
    public mutating func finishRun(into events: inout [GestureEvent]) {
        finish(into: &events)
    }

    /// Ends the stream (see ``finish(into:)``) and returns the events it still held back.
    public mutating func finish() -> [GestureEvent] {
        var events: [GestureEvent] = []
        finish(into: &events)
        return events
    }

    /// Runs the recognizer over a whole stream: every sample, then ``finish(into:)``; returns every event
    /// in order. For a part of a stream that goes on, process the sequence instead.
    public mutating func run<S: Sequence>(over samples: S) -> [GestureEvent] where S.Element == MotionSample {
        var events: [GestureEvent] = []
        for sample in samples { process(sample, into: &events) }
        finish(into: &events)
        return events
    }

    /// Consumes one sample and returns the events it completes (usually none).
    public mutating func process(_ sample: MotionSample) -> [GestureEvent] {
        var events: [GestureEvent] = []
        process(sample, into: &events)
        return events
    }

    /// Runs the recognizer over samples of a stream that goes on (nothing is flushed at their end) and
    /// returns every event, in order. For a whole stream use ``run(over:)``.
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
    package static func requirePositive(_ value: Double, _ key: String) throws(ConfigurationError) {
        guard value.isFinite, value > 0 else { throw ConfigurationError(key: key, "must be a positive number, got \(value)") }
    }

    /// Throws unless `value` is finite and not negative.
    package static func requireNonNegative(_ value: Double, _ key: String) throws(ConfigurationError) {
        guard value.isFinite, value >= 0 else { throw ConfigurationError(key: key, "must be zero or more, got \(value)") }
    }
}
