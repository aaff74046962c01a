import GestureKit

/// The rule by which a second live source joins the first's stream (issue 58): which of the second's readings is
/// current is decided by when each arrived here, so two devices with clocks of their own (two phones, a phone and a
/// watch) need no shared clock; a sample of the first source carries the second's latest reading as the unit
/// ``placement`` (``MotionSample/units``, read as `accel.x@wrist`) when that reading arrived at most ``maximumAge``
/// seconds before it, and none otherwise (the unit's gap, whose last value the recognizers hold). A unit the first
/// source already carries is kept.
///
/// The first source keeps its own timestamps (issue 72): re-timing it by arrival squeezed a source that delivers in
/// batches (several samples in one packet) onto one instant. The joined reading is put on the first source's clock,
/// as old relative to the sample as it arrived before it.
///
/// - Complexity: O(1) per sample.
package struct LiveMerge: Sendable {
    /// The second source's placement.
    package let placement: String
    /// How long, seconds, the second source's latest reading stays current.
    package let maximumAge: Double
    private var latest: MotionSample?

    /// A merge naming the second source's unit `placement`, its readings current for `maximumAge` seconds.
    package init(placement: String, maximumAge: Double = 0.25) {
        self.placement = placement
        self.maximumAge = maximumAge
    }

    /// Takes a reading of the second source that arrived `time` seconds after the merge started.
    package mutating func received(_ sample: MotionSample, at time: Double) {
        var sample = sample
        sample.timestamp = time
        // Its own units, if it has any, are not this unit's.
        sample.units = nil
        latest = sample
    }

    /// A sample of the first source that arrived `time` seconds after the merge started, on its own clock, with the
    /// second source's current reading as the unit ``placement`` (timed on the first source's clock).
    package func merged(_ sample: MotionSample, at time: Double) -> MotionSample {
        var merged = sample
        if var reading = latest, time - reading.timestamp <= maximumAge, time >= reading.timestamp {
            reading.timestamp = sample.timestamp - (time - reading.timestamp)
            merged.units = (merged.units ?? [:]).merging([placement: reading]) { own, _ in own }
        }
        return merged
    }
}
