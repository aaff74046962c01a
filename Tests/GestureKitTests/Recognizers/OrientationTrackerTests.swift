import Foundation
import GestureKit
import GestureTestSupport
import Testing

@Suite struct OrientationTrackerTests {
    static func pose(_ pitch: Double, _ roll: Double, seconds: Double = 1.5) -> MotionScript {
        .still(Quaternion(EulerAngles(pitch: pitch, roll: roll, yaw: 0.4)), duration: seconds)
    }

    /// Accelerometer only (no gravity channel), as the tracker sees an old phone.
    static func accelerometerOnly(_ samples: [MotionSample]) -> [MotionSample] {
        samples.map { MotionSample(timestamp: $0.timestamp, acceleration: $0.acceleration) }
    }

    @Test func eachOfTheSixOrientations() throws {
        let cases: [(MotionScript, DeviceOrientation)] = [
            (Self.pose(0, 0), .faceUp),
            (Self.pose(0, .pi), .faceDown),
            (Self.pose(.pi / 2, 0), .portrait),
            (Self.pose(-.pi / 2, 0), .portraitUpsideDown),
            (Self.pose(0, .pi / 2), .landscapeRight),
            (Self.pose(0, -.pi / 2), .landscapeLeft),
        ]
        for (script, expected) in cases {
            var tracker = try OrientationTracker()
            _ = tracker.process(Self.accelerometerOnly(script.samples(rate: 50)))
            #expect(tracker.orientation == expected)
        }
    }

    /// A hand wobbling between 38° and 52° from face up, across the 45° boundary, does not flicker.
    @Test func hysteresisAtTheBoundary() throws {
        let wobble = MotionScript.rotating(duration: 4) { t in
            Quaternion(EulerAngles(pitch: (45 + 7 * sin(2 * .pi * 2 * t)) * .pi / 180, roll: 0, yaw: 0))
        }
        var tracker = try OrientationTracker()
        let events = tracker.process(Self.pose(0, 0, seconds: 1).then(wobble).samples(rate: 100))
        let orientationEvents = events.filter { $0.label != OrientationTracker.lyingOnBackLabel }
        #expect(orientationEvents.map(\.label) == ["faceUp"])
    }

    @Test func changeEmitsEndedThenBeganWithSpans() throws {
        var tracker = try OrientationTracker()
        let events = tracker.process(Self.pose(0, 0, seconds: 2).then(Self.pose(.pi / 2, 0, seconds: 2)).samples(rate: 50))
            .filter { $0.label != OrientationTracker.lyingOnBackLabel }
        #expect(events.map(\.label) == ["faceUp", "faceUp", "portrait"])
        #expect(events.map(\.phase) == [.began, .ended, .began])
        #expect(events[1].start == 0 && events[1].end == events[2].start)
        // The fused gravity channel switches at once: the change is seen on the first upright sample.
        #expect(near(events[2].time, 2, 1e-9))
    }

    /// The same motion sampled at 25, 50 and 100 Hz gives the same events, at times that agree
    /// within one 25 Hz sample period.
    @Test func rateInvariance() throws {
        let script = Self.pose(0, 0, seconds: 2)
            .then(.rotating(duration: 1) { t in Quaternion(EulerAngles(pitch: t * .pi / 2, roll: 0, yaw: 0)) })
            .then(Self.pose(.pi / 2, 0, seconds: 2))
            .then(.rotating(duration: 1) { t in Quaternion(EulerAngles(pitch: .pi / 2 * (1 - t), roll: t * .pi, yaw: 0)) })
            .then(Self.pose(0, .pi, seconds: 2))
        var runs: [[GestureEvent]] = []
        for rate in [25.0, 50.0, 100.0] {
            var tracker = try OrientationTracker()
            runs.append(tracker.process(Self.accelerometerOnly(script.samples(rate: rate))))
        }
        #expect(runs[0].map(\.label) == ["faceUp", "lyingOnBack", "lyingOnBack", "faceUp", "portrait", "portrait", "faceDown"])
        for run in runs.dropFirst() {
            #expect(run.map(\.label) == runs[0].map(\.label))
            #expect(run.map(\.phase) == runs[0].map(\.phase))
            for (a, b) in zip(run, runs[0]) { #expect(abs(a.time - b.time) <= 0.04 + 1e-9) }
        }
    }

    /// The documents' state machine: |x|, |y| < 0.08 g and z < −0.5 g.
    @Test func lyingOnItsBack() throws {
        var tracker = try OrientationTracker(configuration: .init(smoothing: .perSample(1)))
        func feed(_ t: Double, _ v: Vector3) -> [String] {
            tracker.process(MotionSample(timestamp: t, acceleration: v)).map { "\($0.label).\($0.phase.rawValue)" }
        }
        #expect(feed(0, Vector3(0.05, -0.07, -0.99)).contains("lyingOnBack.began"))
        #expect(feed(0.1, Vector3(0.09, 0, -0.99)) == ["lyingOnBack.ended"])
        #expect(feed(0.2, Vector3(0, 0, -0.99)) == ["lyingOnBack.began"])
        #expect(feed(0.3, Vector3(0, 0, -0.45)) == ["lyingOnBack.ended"])
        #expect(tracker.isLyingOnBack == false)
    }

    @Test func freeFallDecidesNothing() throws {
        var tracker = try OrientationTracker(configuration: .init(smoothing: .perSample(1)))
        #expect(tracker.process(MotionSample(timestamp: 0, acceleration: Vector3(0.01, 0.02, 0.03))).isEmpty)
        #expect(tracker.orientation == nil)
    }

    @Test func resetGivesTheEventsOfAFreshTracker() throws {
        // Accelerometer only, so the low-pass filter's state is part of what reset must forget.
        let script = Self.pose(0, 0).then(Self.pose(.pi / 2, 0)).then(Self.pose(0, .pi / 2)).then(Self.pose(0, 0))
        let (fresh, afterReset) = try eventsAfterReset({ try OrientationTracker() }, Self.accelerometerOnly(script.samples(rate: 50)))
        let labels = fresh.filter { $0.phase == .began && $0.label != OrientationTracker.lyingOnBackLabel }.map(\.label)
        #expect(labels == ["faceUp", "portrait", "landscapeRight", "faceUp"])
        for events in afterReset { #expect(events == fresh) }
    }
}
