import ArgumentParser
import Foundation
import GestureKit

/// `gesturelab demo`: the orientation tracker over a generated tilt sequence.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the orientation tracker over a generated tilt sequence and print its events.",
        discussion: """
            The phone lies face up, is tilted upright into portrait, onto its right edge, turned face \
            down and laid back on the table; each change of orientation is printed as it is detected.
            Example:
              gesturelab demo --rate 50
            """
    )

    @Option(help: "Sampling rate of the generated sequence, Hz.")
    var rate: Double = 50

    func run() throws {
        guard rate > 0, rate.isFinite else { throw ValidationError("--rate must be a positive number of Hz") }
        var tracker = try OrientationTracker()
        let poses: [(seconds: Double, angles: EulerAngles)] = [
            (2, EulerAngles(pitch: 0, roll: 0, yaw: 0)),
            (2, EulerAngles(pitch: .pi / 2, roll: 0, yaw: 0)),
            (2, EulerAngles(pitch: 0, roll: .pi / 2, yaw: 0)),
            (2, EulerAngles(pitch: 0, roll: .pi, yaw: 0)),
            (2, EulerAngles(pitch: 0, roll: 0, yaw: 0)),
        ]
        print("time (s)  phase    orientation")
        var t = 0.0
        for pose in poses {
            let attitude = Quaternion(pose.angles)
            let end = t + pose.seconds
            while t < end {
                let sample = MotionSample(timestamp: t, acceleration: attitude.gravity)
                for event in tracker.process(sample) {
                    print(String(format: "%8.2f  %-7@  %@", event.time, event.phase.rawValue, event.label))
                }
                t += 1 / rate
            }
        }
    }
}
