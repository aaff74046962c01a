/// A gesture a person performed, as an app knows it: its class and when it happened, seconds on the clock of the
/// samples that recorded it (``MotionSample/timestamp``). What an app's enrolment collects ("wave three times") to
/// adapt a model to its user (``MiniRocketModel/adapted(to:gestures:strength:)``).
public struct GestureSpan: Hashable, Codable, Sendable {
    /// The gesture class, one of the model's labels, for example `"wave"`.
    public var label: String
    /// When the gesture began, seconds on the samples' clock.
    public var start: Double
    /// When it ended, seconds on the samples' clock (≥ ``start``).
    public var end: Double

    /// A gesture of class `label` from `start` to `end`, seconds on the samples' clock.
    public init(label: String, start: Double, end: Double) {
        (self.label, self.start, self.end) = (label, start, end)
    }
}
