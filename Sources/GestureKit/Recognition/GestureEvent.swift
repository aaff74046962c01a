/// Something a recognizer reports: a gesture starting, completing, or being abandoned.
///
/// All times are in seconds on the clock of the samples that produced the event.
public struct GestureEvent: Hashable, Codable, Sendable {
    /// The phase of a gesture, as the system shake event reports it.
    public enum Phase: String, Codable, Sendable, CaseIterable {
        /// The gesture has started; more is to come.
        case began
        /// The gesture completed and qualified.
        case ended
        /// The gesture started but did not qualify (too short, too long, too weak).
        case cancelled
    }

    /// What was recognized, for example `"shake"`, `"faceDown"` or a template class.
    public var label: String
    /// Began, ended or cancelled.
    public var phase: Phase
    /// Time of the first sample that belongs to the gesture, seconds.
    public var start: Double
    /// Time of the last sample that belongs to the gesture, seconds (equal to `start` for `began`).
    public var end: Double
    /// Time of the sample on which the recognizer decided, seconds; `time − end` is the latency.
    public var time: Double
    /// Recognizer-specific strength: peak g, rotation in radians, or a DTW distance (lower is closer).
    public var score: Double
    /// Direction of a movement, for recognizers that report one.
    public var direction: Direction?
    /// Further named measurements, for example `"reversals"` or `"peak"`; units are documented by each recognizer.
    public var details: [String: Double]

    /// Creates an event. Times in seconds.
    public init(
        label: String,
        phase: Phase,
        start: Double,
        end: Double,
        time: Double,
        score: Double,
        direction: Direction? = nil,
        details: [String: Double] = [:]
    ) {
        self.label = label
        self.phase = phase
        self.start = start
        self.end = end
        self.time = time
        self.score = score
        self.direction = direction
        self.details = details
    }
}

/// A movement direction along a device axis, named as seen by a user holding a phone in portrait.
public enum Direction: String, Codable, Sendable, CaseIterable {
    /// +x
    case right
    /// −x
    case left
    /// +y
    case up
    /// −y
    case down
    /// +z, out of the screen toward the user.
    case toward
    /// −z, into the screen away from the user.
    case away

    /// The direction of the sign of `value` along `axis`.
    public init(axis: Axis, positive: Bool) {
        switch axis {
        case .x: self = positive ? .right : .left
        case .y: self = positive ? .up : .down
        case .z: self = positive ? .toward : .away
        }
    }

    /// The axis this direction lies along.
    public var axis: Axis {
        switch self {
        case .right, .left: .x
        case .up, .down: .y
        case .toward, .away: .z
        }
    }

    /// Whether this direction points along the positive axis.
    public var isPositive: Bool {
        switch self {
        case .right, .up, .toward: true
        case .left, .down, .away: false
        }
    }
}
