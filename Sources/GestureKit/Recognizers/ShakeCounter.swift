/// Counts the back-and-forth movements of a shake and reports it like the system shake event.
///
/// Works on gravity-free acceleration: the sample's user acceleration when it has one (and
/// ``Configuration/useDeviceUserAcceleration`` is set), otherwise total acceleration minus its
/// low-pass (the high-pass of Apple's Motion Events guide). On each sample the strongest of ``Configuration/axes``
/// is looked at; a **movement** is registered when it reaches ``Configuration/movementThreshold``
/// and points opposite to the last movement registered on that axis (the first on an axis always
/// counts). A burst lasts while such readings are at most ``Configuration/pause`` apart.
///
/// Events, labelled `"shake"`:
/// - `began` at the first movement of a burst (score: that reading, g);
/// - `ended` when the burst stops and had at least ``Configuration/minimumMovements`` movements,
///   one of at least ``Configuration/peakThreshold``;
/// - `cancelled` when it stops without qualifying, or at the first strong reading more than
///   ``Configuration/maximumDuration`` after its start (the rest of that burst is then ignored).
///
/// `ended` and `cancelled` carry the peak g as score and details `"movements"`, `"reversals"`
/// (movements − 1), `"peak"` (g) and `"duration"` (s). After `ended`, no burst starts for
/// ``Configuration/cooldown`` seconds, so one vigorous shake gives exactly one `ended`.
///
/// Odd input: samples with a NaN or infinite value, and samples not later than the previous
/// accepted one (duplicates, going back in time), are ignored. A timestamp gap longer than the
/// pause ends the burst at the first sample after it.
///
/// - Complexity: O(1) per sample; state is a few fixed fields, nothing is allocated except events.
public struct ShakeCounter: ConfigurableRecognizer, Sendable {
    /// Settings in g and seconds.
    public struct Configuration: Codable, Hashable, Sendable, DefaultConfiguration {
        /// Smoothing of the gravity estimate whose removal gives the high-pass. Default: factor 0.1 at 50 Hz.
        public var smoothing: ExponentialSmoothing
        /// Use the sample's user acceleration channel when it has one.
        public var useDeviceUserAcceleration: Bool
        /// Axes whose strongest reading is looked at. Default: x and y, as in "iPhone in Action".
        public var axes: [Axis]
        /// Smallest reading, g, that registers a movement and keeps a burst going.
        public var movementThreshold: Double
        /// At least one movement of the burst must reach this, g.
        public var peakThreshold: Double
        /// Fewest movements for a shake (a count of movements, not of samples).
        public var minimumMovements: Int
        /// Longest interval, seconds, between readings above the movement threshold within a burst.
        public var pause: Double
        /// Longest burst, seconds, from the first movement to the last reading above threshold.
        public var maximumDuration: Double
        /// Time, seconds, after an `ended` shake during which no burst starts.
        public var cooldown: Double

        /// Creates settings; the defaults reproduce the detector of "iPhone in Action".
        public init(
            smoothing: ExponentialSmoothing = .documented,
            useDeviceUserAcceleration: Bool = true,
            axes: [Axis] = [.x, .y],
            movementThreshold: Double = 0.75,
            peakThreshold: Double = 1.25,
            minimumMovements: Int = 3,
            pause: Double = 0.25,
            maximumDuration: Double = 1.0,
            cooldown: Double = 0.5
        ) {
            self.smoothing = smoothing
            self.useDeviceUserAcceleration = useDeviceUserAcceleration
            self.axes = axes
            self.movementThreshold = movementThreshold
            self.peakThreshold = peakThreshold
            self.minimumMovements = minimumMovements
            self.pause = pause
            self.maximumDuration = maximumDuration
            self.cooldown = cooldown
        }

        /// The default settings (the shake detector of "iPhone in Action").
        public static var defaultValue: Configuration { Configuration() }

        private enum CodingKeys: String, CodingKey {
            case smoothing, useDeviceUserAcceleration, axes, movementThreshold, peakThreshold
            case minimumMovements, pause, maximumDuration, cooldown
        }

        /// Decodes settings; a missing key takes its default, and a value out of range is a decoding error.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Configuration()
            self.init(
                smoothing: try c.decode(.smoothing, default: d.smoothing),
                useDeviceUserAcceleration: try c.decode(.useDeviceUserAcceleration, default: d.useDeviceUserAcceleration),
                axes: try c.decode(.axes, default: d.axes),
                movementThreshold: try c.decode(.movementThreshold, default: d.movementThreshold),
                peakThreshold: try c.decode(.peakThreshold, default: d.peakThreshold),
                minimumMovements: try c.decode(.minimumMovements, default: d.minimumMovements),
                pause: try c.decode(.pause, default: d.pause),
                maximumDuration: try c.decode(.maximumDuration, default: d.maximumDuration),
                cooldown: try c.decode(.cooldown, default: d.cooldown)
            )
        }
    }

    /// The registry identifier, `"shake"`.
    public static let identifier = "shake"
    /// The label of every event.
    public static let label = "shake"

    /// The settings this recognizer was made with.
    public let configuration: Configuration
    // The axes as flags, so the per-sample loop touches no array.
    private let useX: Bool, useY: Bool, useZ: Bool
    /// Everything learned from the stream; ``reset()`` replaces it with a new value.
    private var state: State

    /// The per-stream state: a new value is a counter that has seen no sample.
    private struct State {
        /// Gravity removal for samples without user acceleration.
        var highPass: HighPassFilter
        var lastTimestamp = -Double.infinity
        /// Sign (−1, 0, +1) of the last movement registered on each axis in the current burst.
        var lastSign = Vector3.zero
        var active = false
        /// Set after a burst was cancelled for length: ignore readings until a pause.
        var spent = false
        var burstStart = 0.0
        var lastAbove = -Double.infinity
        var movements = 0
        var peak = 0.0
        var quietUntil = -Double.infinity
        var previousMagnitude = 0.0
        var previousTime = -Double.infinity

        init(_ configuration: Configuration) {
            highPass = HighPassFilter(smoothing: configuration.smoothing, start: .firstSample)
        }
    }

    /// Creates the recognizer; throws ``ConfigurationError`` naming the first setting out of range.
    public init(configuration: Configuration = Configuration()) throws(ConfigurationError) {
        try configuration.smoothing.validate("smoothing")
        guard !configuration.axes.isEmpty else { throw ConfigurationError(key: "axes", "must name at least one axis") }
        try ConfigurationError.requirePositive(configuration.movementThreshold, "movementThreshold")
        try ConfigurationError.requirePositive(configuration.peakThreshold, "peakThreshold")
        guard configuration.minimumMovements >= 1 else {
            throw ConfigurationError(key: "minimumMovements", "must be at least 1, got \(configuration.minimumMovements)")
        }
        try ConfigurationError.requirePositive(configuration.pause, "pause")
        try ConfigurationError.requirePositive(configuration.maximumDuration, "maximumDuration")
        try ConfigurationError.requireNonNegative(configuration.cooldown, "cooldown")
        self.configuration = configuration
        state = State(configuration)
        useX = configuration.axes.contains(.x)
        useY = configuration.axes.contains(.y)
        useZ = configuration.axes.contains(.z)
    }

    /// Consumes one sample (seconds, g, rad/s), appending any events; a non-finite or out-of-order sample
    /// is ignored.
    ///
    /// - Complexity: O(1).
    public mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {
        guard sample.isFinite, sample.timestamp > state.lastTimestamp else { return }
        let t = sample.timestamp
        state.lastTimestamp = t
        // The filter runs on every sample so it is settled if the user-acceleration channel disappears.
        let filtered = state.highPass.update(sample.acceleration, at: t)
        let v = configuration.useDeviceUserAcceleration ? (sample.userAcceleration ?? filtered) : filtered

        if state.active || state.spent, t - state.lastAbove > configuration.pause {
            if state.active { end(at: t, into: &events) }
            state.spent = false
        }

        // The strongest configured axis.
        var axis = Axis.x
        var value = 0.0
        if useX { value = v.x }
        if useY, abs(v.y) > abs(value) { axis = .y; value = v.y }
        if useZ, abs(v.z) > abs(value) { axis = .z; value = v.z }
        let magnitude = abs(value)
        let threshold = configuration.movementThreshold
        let previous = state.previousMagnitude, previousTime = state.previousTime
        state.previousMagnitude = magnitude
        state.previousTime = t
        // Threshold crossings are placed between samples by linear interpolation, so times do not
        // depend on where the sampling grid falls (rate invariance); not across a pause-long gap.
        let interpolate = t - previousTime <= configuration.pause
        guard magnitude >= threshold else {
            if state.active || state.spent, interpolate, previous >= threshold {
                state.lastAbove = crossingTime(of: threshold, from: previousTime, previous, to: t, magnitude)
            }
            return
        }
        let crossing = interpolate && previous < threshold
            ? crossingTime(of: threshold, from: previousTime, previous, to: t, magnitude)
            : t

        if state.spent {
            state.lastAbove = t
            return
        }
        if !state.active {
            guard t >= state.quietUntil else { return }
            state.active = true
            state.burstStart = crossing
            state.movements = 0
            state.peak = 0
            state.lastSign = .zero
            events.append(GestureEvent(label: Self.label, phase: .began, start: crossing, end: crossing, time: t, score: magnitude))
        }
        state.lastAbove = t
        state.peak = max(state.peak, magnitude)
        let sign: Double = value > 0 ? 1 : -1
        if state.lastSign[axis] * sign <= 0 {
            state.movements += 1
            state.lastSign[axis] = sign
        }
        // Overlong only if the burst goes on past the limit: one that stops just before it still counts.
        if t - state.burstStart > configuration.maximumDuration { cancelOverlong(at: t, into: &events) }
    }

    /// Cancels a burst that has lasted too long; the rest of it is ignored until a pause.
    private mutating func cancelOverlong(at t: Double, into events: inout [GestureEvent]) {
        events.append(event(.cancelled, at: t))
        state.active = false
        state.spent = true
    }

    /// Ends the current burst at time `t`: `ended` if it qualifies, else `cancelled`.
    private mutating func end(at t: Double, into events: inout [GestureEvent]) {
        let qualifies = state.movements >= configuration.minimumMovements && state.peak >= configuration.peakThreshold
        events.append(event(qualifies ? .ended : .cancelled, at: t))
        state.active = false
        if qualifies { state.quietUntil = t + configuration.cooldown }
    }

    private func event(_ phase: GestureEvent.Phase, at t: Double) -> GestureEvent {
        GestureEvent(
            label: Self.label, phase: phase, start: state.burstStart, end: state.lastAbove, time: t, score: state.peak,
            details: [
                "movements": Double(state.movements),
                "reversals": Double(max(0, state.movements - 1)),
                "peak": state.peak,
                "duration": state.lastAbove - state.burstStart,
            ]
        )
    }

    /// Ends the stream: a burst still open (its closing pause would have run past the last sample) ends
    /// at the last sample, `ended` if it qualifies, else `cancelled`; then resets.
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
