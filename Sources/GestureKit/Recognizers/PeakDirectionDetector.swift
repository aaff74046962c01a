/// Reports the direction of a movement from the peaks of gravity-free acceleration.
///
/// Gravity-free acceleration is the sample's user acceleration when it has one (and
/// ``Configuration/useDeviceUserAcceleration`` is set), otherwise total acceleration minus its
/// low-pass. For ``Configuration/warmUp`` seconds after the first sample nothing starts (the
/// published detector lets its filters settle). Then a **movement** starts when a component on one of
/// ``Configuration/axes``, pointing in one of ``Configuration/directions``, exceeds
/// ``Configuration/threshold``; it is followed while such readings are at most
/// ``Configuration/quietTime`` apart and reported, as one `ended` event, at the first sample
/// after that.
///
/// The direction is where the device went. Readings follow the CoreMotion sign convention, in
/// which user acceleration is opposite to the device's acceleration (checked on the PhoneAirLines
/// recordings): a movement to the right first reads along −x (the start peak) and then, as it
/// stops, along +x (the braking peak). A gentle movement can brake harder than it started, so
/// "the largest reading is the start" reports it backwards, as "iPhone in Action" warns.
/// ``Configuration/peak`` chooses how the direction is read:
/// - ``PeakChoice/largest``: the largest reading is taken as the start (the program in "iPhone in Action");
/// - ``PeakChoice/last``: the last lobe above threshold is taken as the stop (the slap detector of
///   "Programming iOS 6", where a later opposite reading overrides the pending report);
/// - ``PeakChoice/first``: the remedy "iPhone in Action" suggests, the first lobe above threshold is the start,
///   unless the braking peak exceeds it by more than ``Configuration/similarPeakRatio`` (or a
///   larger reading on another axis) — then the largest is taken as the start. A gentle start that
///   stays below threshold is found by looking one lobe back (``Configuration/minimumStartPeak``,
///   ``Configuration/lookBack``).
///
/// The slap of "Programming iOS 6" (Sensors chapter) and the clunk of Apple's `CMDeviceMotion` documentation are presets (`configs/slap.yaml`,
/// `configs/clunk.yaml`): the slap's 0.5 s debounce and delayed report are one 0.5 s quiet time;
/// the clunk counts only readings along −x beyond 2.5 g, the jolt of a leftward stop.
///
/// Event: label ``Configuration/label``, phase `ended`, start = first reading above threshold,
/// end = last one, score = the chosen peak in g, ``GestureEvent/direction`` where the device went
/// (+x right, −x left, +y up, −y down, +z toward, −z away), details `"peak"`, `"startPeak"`,
/// `"brakingPeak"`, `"largestPeak"` (signed readings, g).
///
/// Odd input: samples with a NaN or infinite value, and samples not later than the previous
/// accepted one, are ignored. A gap longer than the quiet time ends the movement at the first
/// sample after it.
///
/// - Complexity: O(1) per sample; fixed fields only, nothing is allocated except events.
public struct PeakDirectionDetector: ConfigurableRecognizer, Sendable {
    /// Which peak gives the direction of a movement.
    public enum PeakChoice: String, Codable, Hashable, Sendable, CaseIterable {
        /// The largest reading is the start: the program in "iPhone in Action" (reports hard braking backwards).
        case largest
        /// The last lobe above threshold is the stop: the slap detector of "Programming iOS 6"'s opposite-direction override
        /// (reports movements whose braking stays below threshold backwards).
        case last
        /// The first lobe is the start unless the braking peak is clearly larger: the remedy "iPhone in Action" suggests.
        case first
    }

    /// Settings in g and seconds.
    public struct Configuration: Codable, Hashable, Sendable, DefaultConfiguration {
        /// Label of the events, e.g. `"movement"`, `"slap"`, `"clunk"`.
        public var label: String
        /// Smoothing of the gravity estimate whose removal gives the high-pass. Default: factor 0.1 at 50 Hz.
        public var smoothing: ExponentialSmoothing
        /// Use the sample's user acceleration channel when it has one.
        public var useDeviceUserAcceleration: Bool
        /// Axes looked at.
        public var axes: [Axis]
        /// Readings that count, named by the reading's own sign (a reading along −x is `left`):
        /// the clunk counts only `left`. Not the direction of the movement, which is opposite to its start.
        public var directions: [Direction]
        /// Reading, g, above which a movement starts and continues.
        public var threshold: Double
        /// Time, seconds, after the first sample during which no movement starts.
        public var warmUp: Double
        /// Time, seconds, below threshold that ends a movement.
        public var quietTime: Double
        /// Which peak gives the direction.
        public var peak: PeakChoice
        /// With ``PeakChoice/first``: the braking peak wins only when larger than this times the start peak.
        public var similarPeakRatio: Double
        /// With ``PeakChoice/first``: a gentle start can stay below the threshold, so that the first
        /// lobe to cross it is the braking. When the lobe just before the crossing one (on the same
        /// axis, opposite sign) reached this many g, it is taken as the start. Zero turns this off.
        public var minimumStartPeak: Double
        /// Longest time, seconds, from the end of the lobe before the crossing one (its last reading
        /// beyond a quarter of ``minimumStartPeak``) to the crossing for that lobe to be looked at;
        /// and the age beyond which a lobe's extreme is forgotten (replaced by its next reading beyond
        /// that floor). Older lobes belong to something else, however quiet the time in between or
        /// however long noise just above the floor keeps them going.
        public var lookBack: Double

        /// Creates settings; the defaults are the detector of "iPhone in Action" with its remedy on.
        public init(
            label: String = "movement",
            smoothing: ExponentialSmoothing = .documented,
            useDeviceUserAcceleration: Bool = true,
            axes: [Axis] = Axis.allCases,
            directions: [Direction] = Direction.allCases,
            threshold: Double = 0.3,
            warmUp: Double = 1.0,
            quietTime: Double = 0.1,
            peak: PeakChoice = .first,
            similarPeakRatio: Double = 4.0,
            minimumStartPeak: Double = 0.15,
            lookBack: Double = 0.3
        ) {
            self.label = label
            self.smoothing = smoothing
            self.useDeviceUserAcceleration = useDeviceUserAcceleration
            self.axes = axes
            self.directions = directions
            self.threshold = threshold
            self.warmUp = warmUp
            self.quietTime = quietTime
            self.peak = peak
            self.similarPeakRatio = similarPeakRatio
            self.minimumStartPeak = minimumStartPeak
            self.lookBack = lookBack
        }

        /// The default settings (the detector of "iPhone in Action").
        public static var defaultValue: Configuration { Configuration() }

        /// The slap detector of "Programming iOS 6" (Sensors chapter): high-pass of raw acceleration, ±1.0 g on x, reported
        /// 0.5 s after the last strong reading (its debounce and delayed report), remedy on.
        public static var slap: Configuration {
            Configuration(label: "slap", useDeviceUserAcceleration: false, axes: [.x], threshold: 1.0,
                          warmUp: 0, quietTime: 0.5, peak: .first, minimumStartPeak: 0.5)
        }

        /// The clunk of Apple's `CMDeviceMotion` documentation: user acceleration x below −2.5 g (a hard stop of a leftward movement).
        public static var clunk: Configuration {
            Configuration(label: "clunk", axes: [.x], directions: [.left], threshold: 2.5,
                          warmUp: 0, quietTime: 0.1, peak: .last)
        }

        private enum CodingKeys: String, CodingKey {
            case label, smoothing, useDeviceUserAcceleration, axes, directions, threshold, warmUp, quietTime
            case peak, similarPeakRatio, minimumStartPeak, lookBack
        }

        /// Decodes settings; a missing key takes its default, and a value out of range is a decoding error.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Configuration()
            self.init(
                label: try c.decode(.label, default: d.label),
                smoothing: try c.decode(.smoothing, default: d.smoothing),
                useDeviceUserAcceleration: try c.decode(.useDeviceUserAcceleration, default: d.useDeviceUserAcceleration),
                axes: try c.decode(.axes, default: d.axes),
                directions: try c.decode(.directions, default: d.directions),
                threshold: try c.decode(.threshold, default: d.threshold),
                warmUp: try c.decode(.warmUp, default: d.warmUp),
                quietTime: try c.decode(.quietTime, default: d.quietTime),
                peak: try c.decode(.peak, default: d.peak),
                similarPeakRatio: try c.decode(.similarPeakRatio, default: d.similarPeakRatio),
                minimumStartPeak: try c.decode(.minimumStartPeak, default: d.minimumStartPeak),
                lookBack: try c.decode(.lookBack, default: d.lookBack)
            )
        }
    }

    /// The registry identifier, `"peak-direction"`.
    public static let identifier = "peak-direction"

    /// The settings this recognizer was made with.
    public let configuration: Configuration
    // Allowed signs per axis as flags, so the per-sample loop touches no array.
    private let positiveAllowed: (x: Bool, y: Bool, z: Bool)
    private let negativeAllowed: (x: Bool, y: Bool, z: Bool)
    /// Everything learned from the stream; ``reset()`` replaces it with a new value.
    private var state: State

    /// The per-stream state: a new value is a detector that has seen no sample.
    private struct State {
        /// Gravity removal for samples without user acceleration.
        var highPass: HighPassFilter
        var firstTimestamp: Double?
        var lastTimestamp = -Double.infinity
        var active = false
        var start = 0.0
        var lastAbove = 0.0
        var startAxis = Axis.x
        var startPeak = 0.0
        var startLobeOpen = false
        var brakingPeak = 0.0
        var largestAxis = Axis.x
        var largestPeak = 0.0
        var lastAxis = Axis.x
        var lastPeak = 0.0
        var previousMagnitude = 0.0
        /// Per axis: sign (±1), extreme (with its time) and time of the last reading beyond the noise
        /// floor of the current lobe of the reading, and the extreme and end of the lobe before it.
        var lobeSign = Vector3.zero
        var lobeExtreme = Vector3.zero
        var lobeExtremeTime = Vector3.zero
        var lobeEnd = Vector3.zero
        var previousLobeExtreme = Vector3.zero
        var previousLobeEnd = Vector3(-.infinity, -.infinity, -.infinity)
        var previousTime = -Double.infinity

        init(_ configuration: Configuration) {
            highPass = HighPassFilter(smoothing: configuration.smoothing, start: .firstSample)
        }
    }

    /// Creates the recognizer; throws ``ConfigurationError`` naming the first setting out of range.
    public init(configuration: Configuration = Configuration()) throws(ConfigurationError) {
        try configuration.smoothing.validate("smoothing")
        guard !configuration.axes.isEmpty else { throw ConfigurationError(key: "axes", "must name at least one axis") }
        guard configuration.directions.contains(where: { configuration.axes.contains($0.axis) }) else {
            throw ConfigurationError(key: "directions", "must include a direction along one of the axes")
        }
        try ConfigurationError.requirePositive(configuration.threshold, "threshold")
        try ConfigurationError.requireNonNegative(configuration.warmUp, "warmUp")
        try ConfigurationError.requirePositive(configuration.quietTime, "quietTime")
        guard configuration.similarPeakRatio.isFinite, configuration.similarPeakRatio >= 1 else {
            throw ConfigurationError(key: "similarPeakRatio", "must be at least 1, got \(configuration.similarPeakRatio)")
        }
        try ConfigurationError.requireNonNegative(configuration.minimumStartPeak, "minimumStartPeak")
        try ConfigurationError.requireNonNegative(configuration.lookBack, "lookBack")
        self.configuration = configuration
        state = State(configuration)
        func allowed(_ axis: Axis, _ positive: Bool) -> Bool {
            configuration.axes.contains(axis) && configuration.directions.contains(Direction(axis: axis, positive: positive))
        }
        positiveAllowed = (allowed(.x, true), allowed(.y, true), allowed(.z, true))
        negativeAllowed = (allowed(.x, false), allowed(.y, false), allowed(.z, false))
    }

    /// The reading of `value` on an axis if its sign is allowed there, else 0.
    @inline(__always)
    private static func admit(_ value: Double, _ positive: Bool, _ negative: Bool) -> Double {
        (value > 0 && positive) || (value < 0 && negative) ? value : 0
    }

    /// Consumes one sample (seconds, g, rad/s), appending any events; a non-finite or out-of-order sample
    /// is ignored.
    ///
    /// - Complexity: O(1).
    public mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {
        guard sample.isFinite, sample.timestamp > state.lastTimestamp else { return }
        let t = sample.timestamp
        state.lastTimestamp = t
        if state.firstTimestamp == nil { state.firstTimestamp = t }
        let filtered = state.highPass.update(sample.acceleration, at: t)
        let v = configuration.useDeviceUserAcceleration ? (sample.userAcceleration ?? filtered) : filtered

        if state.active, t - state.lastAbove >= configuration.quietTime { end(at: t, into: &events) }
        trackLobe(.x, v.x, t)
        trackLobe(.y, v.y, t)
        trackLobe(.z, v.z, t)

        // The strongest admitted reading.
        let x = Self.admit(v.x, positiveAllowed.x, negativeAllowed.x)
        let y = Self.admit(v.y, positiveAllowed.y, negativeAllowed.y)
        let z = Self.admit(v.z, positiveAllowed.z, negativeAllowed.z)
        var axis = Axis.x
        var value = x
        if abs(y) > abs(value) { axis = .y; value = y }
        if abs(z) > abs(value) { axis = .z; value = z }
        let magnitude = abs(value)
        let threshold = configuration.threshold
        let above = magnitude > threshold
        let previous = state.previousMagnitude, previousTime = state.previousTime
        state.previousMagnitude = magnitude
        state.previousTime = t
        // Threshold crossings are placed between samples by linear interpolation, so times do not
        // depend on where the sampling grid falls (rate invariance); not across a gap.
        let interpolate = t - previousTime <= configuration.quietTime

        if !state.active {
            guard above, let first = state.firstTimestamp, t - first >= configuration.warmUp else { return }
            state.active = true
            state.start = interpolate && previous <= threshold && previousTime - first >= configuration.warmUp
                ? crossingTime(of: threshold, from: previousTime, previous, to: t, magnitude)
                : t
            state.startAxis = axis
            state.startPeak = value
            state.startLobeOpen = true
            state.brakingPeak = 0
            state.largestAxis = axis
            state.largestPeak = value
            state.lastAxis = axis
            state.lastPeak = value
            state.lastAbove = t
            let before = state.previousLobeExtreme[axis]
            if configuration.minimumStartPeak > 0, abs(before) >= configuration.minimumStartPeak,
               (before > 0) != (value > 0), t - state.previousLobeEnd[axis] <= configuration.lookBack {
                // The crossing lobe is the braking of a start that stayed below threshold.
                state.startPeak = before
                state.startLobeOpen = false
                state.brakingPeak = value
            }
            return
        }

        // Start and braking peaks follow the raw reading on the start axis.
        let s = v[state.startAxis]
        let sameSign = (s > 0) == (state.startPeak > 0)
        if state.startLobeOpen {
            if sameSign, abs(s) > configuration.threshold {
                if abs(s) > abs(state.startPeak) { state.startPeak = s }
            } else {
                state.startLobeOpen = false
            }
        }
        if !sameSign, abs(s) > abs(state.brakingPeak) { state.brakingPeak = s }

        guard above else {
            if interpolate, previous > threshold {
                state.lastAbove = crossingTime(of: threshold, from: previousTime, previous, to: t, magnitude)
            }
            return
        }
        state.lastAbove = t
        if abs(value) > abs(state.largestPeak) {
            state.largestAxis = axis
            state.largestPeak = value
        }
        if axis == state.lastAxis, (value > 0) == (state.lastPeak > 0) {
            if abs(value) > abs(state.lastPeak) { state.lastPeak = value }
        } else {
            state.lastAxis = axis
            state.lastPeak = value
        }
    }

    /// Follows the lobes (runs of one sign) of the reading on `axis`. Readings within a quarter of
    /// ``Configuration/minimumStartPeak`` of zero (the noise floor) do not start a lobe, so noise
    /// around a zero crossing does not hide the lobe before it; nor do they extend one, so a lobe
    /// ends at its last reading beyond the floor and ages from there however long the quiet lasts.
    /// An extreme older than ``Configuration/lookBack`` is replaced by the lobe's next reading
    /// beyond the floor, so noise just above it cannot carry an old peak forward.
    @inline(__always)
    private mutating func trackLobe(_ axis: Axis, _ value: Double, _ t: Double) {
        let current = state.lobeSign[axis]
        let significant = abs(value) > 0.25 * configuration.minimumStartPeak
        if (value > 0) == (current > 0), current != 0 {
            if abs(value) > abs(state.lobeExtreme[axis])
                || significant && t - state.lobeExtremeTime[axis] > configuration.lookBack {
                state.lobeExtreme[axis] = value
                state.lobeExtremeTime[axis] = t
            }
            if significant { state.lobeEnd[axis] = t }
        } else if significant {
            state.previousLobeExtreme[axis] = state.lobeExtreme[axis]
            state.previousLobeEnd[axis] = state.lobeEnd[axis]
            state.lobeSign[axis] = value > 0 ? 1 : -1
            state.lobeExtreme[axis] = value
            state.lobeExtremeTime[axis] = t
            state.lobeEnd[axis] = t
        }
    }

    /// Reports the movement and returns to waiting.
    private mutating func end(at t: Double, into events: inout [GestureEvent]) {
        state.active = false
        // A reading is opposite to the device's acceleration (CoreMotion convention), so a
        // movement's start reads against its direction and its braking reads along it.
        var peak = state.largestPeak
        var direction = Direction(axis: state.largestAxis, positive: state.largestPeak < 0)
        switch configuration.peak {
        case .largest:
            break
        case .last:
            peak = state.lastPeak
            direction = Direction(axis: state.lastAxis, positive: state.lastPeak > 0)
        case .first:
            // The start peak wins unless something clearly larger happened: braking beyond the
            // ratio, or a larger reading on another axis; then the largest is taken as the start.
            let brakingWins = abs(state.brakingPeak) > configuration.similarPeakRatio * abs(state.startPeak)
            let otherAxisWins = state.largestAxis != state.startAxis && abs(state.largestPeak) > abs(state.startPeak)
            if !brakingWins, !otherAxisWins {
                peak = state.startPeak
                direction = Direction(axis: state.startAxis, positive: state.startPeak < 0)
            }
        }
        events.append(GestureEvent(
            label: configuration.label, phase: .ended, start: state.start, end: state.lastAbove, time: t, score: abs(peak),
            direction: direction,
            details: ["peak": peak, "startPeak": state.startPeak, "brakingPeak": state.brakingPeak, "largestPeak": state.largestPeak]
        ))
    }

    /// Ends the stream: a movement still open (its quiet time would have run past the last sample) is
    /// reported at the last sample; then resets.
    ///
    /// - Complexity: O(1).
    public mutating func finish(into events: inout [GestureEvent]) {
        if state.active { end(at: state.lastTimestamp, into: &events) }
        reset()
    }

    /// Forgets every sample seen, as if newly created.
    public mutating func reset() {
        state = State(configuration)
    }
}
