import Foundation
import GestureKit

/// How one synthetic subject performs gestures, so that subjects differ systematically and
/// leave-one-subject-out evaluation measures generalisation to new people.
package struct SubjectStyle: Codable, Hashable, Sendable {
    /// Factor on gesture amplitudes (accelerations and sizes), dimensionless.
    package var amplitudeScale: Double
    /// Factor on gesture speed (frequencies up, durations down), dimensionless.
    package var speedScale: Double
    /// Angle, radians, by which the subject's gesture axes and drawing plane are tilted away from
    /// the device axes.
    package var axisTilt: Double
    /// Direction of that tilt: the azimuth, radians, in the device x–y plane of the axis tilted about.
    package var tiltAzimuth: Double
    /// How far, radians, the subject holds the phone pitched up toward the face from flat.
    package var holdingPitch: Double

    /// Creates a style.
    package init(amplitudeScale: Double = 1, speedScale: Double = 1, axisTilt: Double = 0, tiltAzimuth: Double = 0, holdingPitch: Double = 0) {
        self.amplitudeScale = amplitudeScale
        self.speedScale = speedScale
        self.axisTilt = axisTilt
        self.tiltAzimuth = tiltAzimuth
        self.holdingPitch = holdingPitch
    }

    /// A random style; `variation` in [0, 1] scales how far it may lie from the neutral style
    /// (amplitude ×0.85–1.2, speed ×0.8–1.25, axis tilt up to 0.25 rad, holding pitch up to 0.35 rad at 1).
    package static func random(variation: Double, using rng: inout SplitMix64) -> SubjectStyle {
        SubjectStyle(
            amplitudeScale: 1 + variation * rng.uniform(-0.15...0.2),
            speedScale: 1 + variation * rng.uniform(-0.2...0.25),
            axisTilt: variation * rng.uniform(0...0.25),
            tiltAzimuth: rng.uniform(0...(2 * Double.pi)),
            holdingPitch: variation * rng.uniform(0...0.35)
        )
    }

    /// The rotation, in the device frame, that carries an intended gesture axis to the subject's one.
    package var axisRotation: Quaternion {
        Quaternion(angle: axisTilt, axis: Vector3(cos(tiltAzimuth), sin(tiltAzimuth), 0))
    }
}
