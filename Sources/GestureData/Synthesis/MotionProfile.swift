import Foundation

/// Smooth time profiles that shape synthetic movements. All are C² where a movement starts and
/// stops, so differentiated velocities and accelerations stay finite. O(1), allocation-free.
enum MotionProfile {
    /// The minimum-jerk position profile (Flash & Hogan) from 0 to 1 as `x` goes from 0 to 1;
    /// clamped outside. Zero velocity and acceleration at both ends.
    @inline(__always)
    static func minimumJerk(_ x: Double) -> Double {
        let x = min(1, max(0, x))
        return x * x * x * (10 + x * (-15 + 6 * x))
    }

    /// Rises 0 → 1 over `rise` seconds, holds for `hold` seconds, falls back over `rise` seconds.
    @inline(__always)
    static func plateau(_ t: Double, rise: Double, hold: Double) -> Double {
        if t < rise { return minimumJerk(t / rise) }
        if t < rise + hold { return 1 }
        return 1 - minimumJerk((t - rise - hold) / rise)
    }

    /// A raised-cosine fade-in over `ramp` seconds and fade-out over the last `ramp` seconds of
    /// `duration`; 0 outside [0, duration].
    @inline(__always)
    static func envelope(_ t: Double, duration: Double, ramp: Double) -> Double {
        guard t > 0, t < duration else { return 0 }
        let edge = min(t, duration - t)
        guard edge < ramp else { return 1 }
        return 0.5 - 0.5 * cos(Double.pi * edge / ramp)
    }

    /// sin(πx) on [0, 1] and 0 outside: one smooth lobe.
    @inline(__always)
    static func halfSine(_ x: Double) -> Double {
        x > 0 && x < 1 ? sin(Double.pi * x) : 0
    }
}
