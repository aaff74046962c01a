/// The background activities between gestures.
///
/// The ``gentle`` ones stay below 0.75 g per lobe and within 0.7 rad of the resting attitude, so no
/// recognizer with its documented defaults can mistake them for a gesture; the ``confusers`` are what real
/// life adds (running, clapping, knocks and drops, brushing teeth, typing, calls), several of which look like
/// shakes or slaps. With ``SyntheticDatasetSpec/annotateBackground`` each activity but rest is annotated
/// with its ``label``, so false activations can be attributed to it.
package enum SyntheticBackground: String, CaseIterable, Codable, Sendable {
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
    /// Carried in the hand while jogging: impacts of about 1–2 g at 2.5–3 steps per second.
    case jogging
    /// In a trouser pocket while jogging: harder impacts and the thigh's rocking.
    case joggingInPocket
    /// Carried up or down stairs: slower, softer steps than jogging.
    case stairs
    /// Held while clapping: sharp 2–5 g knocks two to four times a second.
    case clapping
    /// Struck or set down hard on a table: one or two 3–8 g knocks.
    case tableHit
    /// Dropped on a soft surface (a sofa, a bed): free fall, then a cushioned landing.
    case softDrop
    /// In the hand that brushes teeth: strokes of 0.8–1.5 g at 3–5 Hz in bursts, like a shake.
    case brushingTeeth
    /// Lying under typing fingers: small taps.
    case typing
    /// Raised to the ear for a call: turned by 1.05–1.45 rad, beyond a flip detector's documented 1 rad, and held.
    case raiseToEar

    /// The activities that never look like a gesture (the default).
    package static let gentle: [SyntheticBackground] = [.rest, .tremor, .walking, .pickUp, .bump, .vibration, .tilt]

    /// The activities real life adds, several of which look like gestures.
    package static let confusers: [SyntheticBackground] = [.jogging, .joggingInPocket, .stairs, .clapping, .tableHit, .softDrop, .brushingTeeth, .typing, .raiseToEar]

    /// The annotation label of the activity (`jogging-in-pocket`, `brushing-teeth`, …).
    package var label: String {
        var out = ""
        for c in rawValue {
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
        return out
    }
}
