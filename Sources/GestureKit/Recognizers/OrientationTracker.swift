#if canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// The six device orientations of a phone, named as the system names them.
public enum DeviceOrientation: String, Codable, Sendable, CaseIterable {
    /// Upright, top up: gravity along −y.
    case portrait
    /// Upright, top down: gravity along +y.
    case portraitUpsideDown
    /// On its side with the left edge down: gravity along −x.
    case landscapeLeft
    /// On its side with the right edge down: gravity along +x.
    case landscapeRight
    /// Lying on its back, screen up: gravity along −z.
    case faceUp
    /// Lying on its screen: gravity along +z.
    case faceDown

    /// The unit gravity direction, in the device frame, that defines this orientation.
    public var gravityDirection: Vector3 {
        switch self {
        case .portrait: Vector3(0, -1, 0)
        case .portraitUpsideDown: Vector3(0, 1, 0)
        case .landscapeLeft: Vector3(-1, 0, 0)
        case .landscapeRight: Vector3(1, 0, 0)
        case .faceUp: Vector3(0, 0, -1)
        case .faceDown: Vector3(0, 0, 1)
        }
    }
}

/// Tracks which of the six orientations the device is in, and whether it lies flat on its back.
///
/// Gravity is the sample's own gravity channel when present, otherwise the low-pass of total
/// acceleration. An orientation is entered when gravity comes within ``Configuration/enterAngle``
/// of its direction and kept until another orientation is entered; the band between is the
/// hysteresis that stops flicker at 45°.
///
/// Independently, the "lying on its back" state machine of "Programming iOS 6" (Sensors chapter): on its back
/// while |x| and |y| of gravity are below ``Configuration/flatTolerance`` g and z is below
/// ``Configuration/flatMaximumZ`` g.
///
/// Events: on each change, `ended` for the state left (start = when it was entered) and `began`
/// for the state entered. Labels are the ``DeviceOrientation`` raw values and `"lyingOnBack"`.
/// The score is the angle in radians between gravity and the orientation's direction.
///
/// - Complexity: O(1) per sample, no allocation except for events.
public struct OrientationTracker: ConfigurableRecognizer, Sendable {
    /// Settings in g, radians and seconds.
    public struct Configuration: Codable, Hashable, Sendable, DefaultConfiguration {
        /// Smoothing of total acceleration into gravity. Default: the factor 0.1 at 30 Hz of Apple's Motion Events guide.
        public var smoothing: ExponentialSmoothing
        /// Use the sample's gravity channel when it has one.
        public var useDeviceGravity: Bool
        /// Largest angle, radians, between gravity and an orientation's direction for it to be entered.
        public var enterAngle: Double
        /// Smallest gravity magnitude, g, for any decision (below: free fall or a violent movement).
        public var minimumGravity: Double
        /// Largest |x| and |y|, g, for "lying on its back".
        public var flatTolerance: Double
        /// z must be below this, g, for "lying on its back".
        public var flatMaximumZ: Double

        /// Creates settings; the defaults reproduce Apple's Motion Events guide and "Programming iOS 6".
        public init(
            smoothing: ExponentialSmoothing = .factor(0.1, atRate: 30),
            useDeviceGravity: Bool = true,
            enterAngle: Double = 0.6,
            minimumGravity: Double = 0.5,
            flatTolerance: Double = 0.08,
            flatMaximumZ: Double = -0.5
        ) {
            self.smoothing = smoothing
            self.useDeviceGravity = useDeviceGravity
            self.enterAngle = enterAngle
            self.minimumGravity = minimumGravity
            self.flatTolerance = flatTolerance
            self.flatMaximumZ = flatMaximumZ
        }

        /// The default settings (the constants of Apple's Motion Events guide and "Programming iOS 6").
        public static var defaultValue: Configuration { Configuration() }

        private enum CodingKeys: String, CodingKey {
            case smoothing, useDeviceGravity, enterAngle, minimumGravity, flatTolerance, flatMaximumZ
        }

        /// Decodes settings; a missing key takes its default, and a value out of range is a decoding error.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Configuration()
            self.init(
                smoothing: try c.decode(.smoothing, default: d.smoothing),
                useDeviceGravity: try c.decode(.useDeviceGravity, default: d.useDeviceGravity),
                enterAngle: try c.decode(.enterAngle, default: d.enterAngle),
                minimumGravity: try c.decode(.minimumGravity, default: d.minimumGravity),
                flatTolerance: try c.decode(.flatTolerance, default: d.flatTolerance),
                flatMaximumZ: try c.decode(.flatMaximumZ, default: d.flatMaximumZ)
            )
        }
    }

    /// The registry identifier, `"orientation"`.
    public static let identifier = "orientation"
    /// The label of the lying-on-its-back state.
    public static let lyingOnBackLabel = "lyingOnBack"

    /// The settings this recognizer was made with.
    public let configuration: Configuration
    /// cos(``Configuration/enterAngle``), so the per-sample test needs no trigonometry.
    private let cosEnter: Double
    /// Everything learned from the stream; ``reset()`` replaces it with a new value.
    private var state: State

    /// The per-stream state: a new value is a tracker that has seen no sample.
    private struct State {
        /// Gravity estimate for samples without a gravity channel.
        var lowPass: LowPassFilter
        var orientation: DeviceOrientation?
        /// When ``orientation`` was entered, seconds.
        var orientationSince = 0.0
        var isLyingOnBack: Bool?
        /// When ``isLyingOnBack`` last changed, seconds.
        var lyingSince = 0.0
        var lastTimestamp = -Double.infinity

        init(_ configuration: Configuration) {
            lowPass = LowPassFilter(smoothing: configuration.smoothing, start: .firstSample)
        }
    }

    // MARK: Diagnostics

    /// The current orientation, `nil` until one has been entered (read-only diagnostics).
    public var orientation: DeviceOrientation? { state.orientation }
    /// Whether the device lies flat on its back, `nil` before the first sample (read-only diagnostics).
    public var isLyingOnBack: Bool? { state.isLyingOnBack }

    /// Creates the recognizer; throws ``ConfigurationError`` naming the first setting out of range.
    public init(configuration: Configuration = Configuration()) throws(ConfigurationError) {
        try configuration.smoothing.validate("smoothing")
        guard configuration.enterAngle > 0, configuration.enterAngle < Double.pi / 4 else {
            throw ConfigurationError(key: "enterAngle", "must be in (0, π/4) radians so orientations cannot overlap, got \(configuration.enterAngle)")
        }
        try ConfigurationError.requireNonNegative(configuration.minimumGravity, "minimumGravity")
        try ConfigurationError.requirePositive(configuration.flatTolerance, "flatTolerance")
        self.configuration = configuration
        state = State(configuration)
        cosEnter = cos(configuration.enterAngle)
    }

    /// Consumes one sample (seconds, g, rad/s), appending any events; a non-finite or out-of-order sample
    /// is ignored.
    ///
    /// - Complexity: O(1).
    public mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {
        // A sample from the past would end a state before it began.
        guard sample.isFinite, sample.timestamp > state.lastTimestamp else { return }
        state.lastTimestamp = sample.timestamp
        let smoothed = state.lowPass.update(sample.acceleration, at: sample.timestamp)
        let gravity = configuration.useDeviceGravity ? (sample.gravity ?? smoothed) : smoothed
        let t = sample.timestamp

        updateOrientation(gravity: gravity, at: t, into: &events)
        updateLyingOnBack(gravity: gravity, at: t, into: &events)
    }

    private mutating func updateOrientation(gravity: Vector3, at t: Double, into events: inout [GestureEvent]) {
        let magnitude = gravity.length
        guard magnitude >= configuration.minimumGravity else { return }
        let unit = gravity / magnitude
        let axis = unit.dominantAxis
        let candidate = Self.orientation(axis: axis, positive: unit[axis] > 0)
        guard candidate != state.orientation, abs(unit[axis]) >= cosEnter else { return }
        let angle = acos(min(1, abs(unit[axis])))
        if let old = state.orientation {
            events.append(GestureEvent(label: old.rawValue, phase: .ended, start: state.orientationSince, end: t, time: t, score: angle))
        }
        events.append(GestureEvent(label: candidate.rawValue, phase: .began, start: t, end: t, time: t, score: angle))
        state.orientation = candidate
        state.orientationSince = t
    }

    private mutating func updateLyingOnBack(gravity: Vector3, at t: Double, into events: inout [GestureEvent]) {
        let flat = abs(gravity.x) < configuration.flatTolerance && abs(gravity.y) < configuration.flatTolerance
            && gravity.z < configuration.flatMaximumZ
        guard flat != state.isLyingOnBack else { return }
        if state.isLyingOnBack == true {
            events.append(GestureEvent(label: Self.lyingOnBackLabel, phase: .ended, start: state.lyingSince, end: t, time: t, score: 0))
        }
        if flat {
            events.append(GestureEvent(label: Self.lyingOnBackLabel, phase: .began, start: t, end: t, time: t, score: 0))
        }
        state.isLyingOnBack = flat
        state.lyingSince = t
    }

    private static func orientation(axis: Axis, positive: Bool) -> DeviceOrientation {
        switch axis {
        case .x: positive ? .landscapeRight : .landscapeLeft
        case .y: positive ? .portraitUpsideDown : .portrait
        case .z: positive ? .faceDown : .faceUp
        }
    }

    /// Forgets every sample seen, as if newly created.
    public mutating func reset() {
        state = State(configuration)
    }
}
