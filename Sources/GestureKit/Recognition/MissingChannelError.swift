/// A recognizer needs a channel its input does not carry, and no stage can derive it.
///
/// Thrown by ``Pipeline/prepare(for:)`` and ``DTWTemplateMatcher/check(_:)`` at the first sample, so an app
/// learns at once why a recognizer would never fire, instead of receiving no events.
public struct MissingChannelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The channel missing from the input.
    public var channel: MotionChannel
    /// The recognizer that needs it (its registry identifier or type name).
    public var recognizer: String
    /// What to do about it.
    public var fix: String

    /// Creates the error; the fix is chosen from the channel.
    public init(channel: MotionChannel, recognizer: String) {
        self.channel = channel
        self.recognizer = recognizer
        if let placement = channel.placement {
            fix = "the input carries no sensor unit at '\(placement)', only the primary unit (no MotionSample.units): feed samples with that unit's "
                + "readings (in a CSV, columns such as accel_x@\(placement)), or retrain the model on the units the input has"
            return
        }
        switch channel.source {
        case .rotationRate, .magnitude(.gyro):
            fix = "feed samples with rotation rate (a gyroscope, e.g. CMDeviceMotion), or retrain the model on channels the input has"
        case .attitude, .euler:
            fix = "feed samples with attitude (fused device motion, e.g. CMDeviceMotion), or retrain the model on channels the input has"
        case .userAcceleration, .gravity, .magnitude(.user), .magnitude(.gravity):
            fix = "add a GravitySplitter stage (Pipeline.prepare(for:) adds it), or feed device-motion samples"
        case .dimension:
            fix = "\(channel) is a column of archive data, which no motion stream carries: classify segments with DTWClassifier, or retrain the model on motion channels (accel.x, gyro.x, …)"
        case .acceleration, .magnitude(.accel):
            fix = "feed samples with total acceleration"
        case .magneticField, .magnitude(.mag), .physical(.magneticHeadingChange):
            fix = "feed samples with a magnetic field (a magnetometer: mag.x, mag.y, mag.z in µT), or retrain the model on channels the input has"
        case .pressure, .physical(.pressureChange):
            fix = "feed samples with pressure (a barometer: pressure in hPa), or retrain the model on channels the input has"
        case .physical(.yawRate), .physical(.headingChange):
            fix = "feed samples with rotation rate (a gyroscope): rotation about gravity needs one, or retrain the model on channels the input has"
        case .physical:
            fix = "feed samples with total acceleration; a PhysicalChannelEstimator stage (Pipeline.prepare(for:) adds it) derives the channel"
        }
    }

    /// A one-line, human-readable account naming the channel and the fix.
    public var description: String {
        "\(recognizer) needs channel \(channel) (\(channel.unit)), which the input does not carry: \(fix)"
    }
}

/// A recognizer that reads particular channels of each sample (beyond total acceleration, which every
/// sample has), so a ``Pipeline`` can check its input once and derive what is missing.
public protocol ChannelRequiring {
    /// The channels read from every sample, in the order the recognizer uses them.
    var requiredChannels: [MotionChannel] { get }
}
