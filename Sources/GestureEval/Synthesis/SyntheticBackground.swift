/// The background activities between gestures; never annotated.
public enum SyntheticBackground: String, CaseIterable, Codable, Sendable {
    /// Lying still on a table.
    case rest
    /// Held in a still hand.
    case tremor
    /// Carried while walking.
    case walking
    /// Picked up, held and set down again.
    case pickUp
    /// A knock against the device or its table.
    case bump
    /// Vibration, for example from the phone's own motor.
    case vibration
    /// Tilted to glance at the screen (below 0.8 rad, well short of a flip).
    case tilt
}
