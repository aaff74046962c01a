/// The gesture families the synthesizer can perform.
package enum SyntheticGesture: String, CaseIterable, Codable, Sendable {
    /// Shakes along device x or y (label `shake`).
    case shake
    /// Slaps in the six directions the device can be pushed (labels `slap-right`, `slap-left`,
    /// `slap-up`, `slap-down`, `slap-toward`, `slap-away`).
    case slap
    /// Gentler movements in the six directions (labels `movement-right`, …), some braking harder
    /// than they start.
    case movement
    /// Face-down flips and back (label `flip`).
    case flip
    /// The eight ``ShapeGesture``s (labels are their raw values).
    case shape
}
