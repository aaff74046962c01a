/// Something that yields motion samples in time order: a sensor, a recording being replayed,
/// standard input, a generator.
///
/// Apps, the command line and tests feed recognizers the same way: pull samples from a source and
/// hand them to a ``Recognizer`` or a ``Pipeline`` (see ``run(_:onEvent:)``).
///
/// ```swift
/// var source = ReplayMotionSource(samples)
/// var tracker = try OrientationTracker()
/// try source.run(&tracker) { event in print(event.label, event.phase) }
/// ```
///
/// Sources whose reading can fail (a file, a pipe) declare their ``Failure``; generators and
/// in-memory replays cannot fail (`Never`).
public protocol MotionSource {
    /// What reading a sample can throw.
    associatedtype Failure: Error = Never

    /// The next sample, or `nil` when the source is exhausted. A live source may block until one arrives.
    mutating func next() throws(Failure) -> MotionSample?
}

extension MotionSource {
    /// Feeds every remaining sample to `recognizer` (a ``Pipeline`` too), calling `onEvent` for each event as
    /// it happens, and finishes it when the source is exhausted (``Recognizer/finish(into:)``), so a gesture
    /// the last samples complete is reported too.
    ///
    /// - Complexity: O(samples) calls to the recognizer; no allocation per sample beyond its own.
    public mutating func run<R: Recognizer>(_ recognizer: inout R, onEvent: (GestureEvent) -> Void) throws(Failure) {
        var events: [GestureEvent] = []
        while let sample = try next() {
            events.removeAll(keepingCapacity: true)
            recognizer.process(sample, into: &events)
            for event in events { onEvent(event) }
        }
        events.removeAll(keepingCapacity: true)
        recognizer.finish(into: &events)
        for event in events { onEvent(event) }
    }

    /// Every remaining sample, in order (for finite sources).
    public mutating func collect() throws(Failure) -> [MotionSample] {
        var samples: [MotionSample] = []
        while let sample = try next() { samples.append(sample) }
        return samples
    }

    /// This source replayed at its recorded pace (see ``PacedMotionSource``), waiting at most
    /// `maximumWait` seconds for any one sample.
    public func paced(speed: Double = 1, clock: PacingClock = .system,
                      maximumWait: Double = SampleValidator.defaultMaximumGap) -> PacedMotionSource<Self> {
        PacedMotionSource(self, speed: speed, clock: clock, maximumWait: maximumWait)
    }
}
