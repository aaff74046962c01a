import Foundation
import GestureKit
import GestureTestSupport
import Testing

@Suite struct AttitudeFlipDetectorTests {
    typealias Configuration = AttitudeFlipDetector.Configuration

    @Test(arguments: AttitudeFlipDetector.Magnitude.allCases)
    func faceDownFlipAndBackIsOneBeganAndOneEnded(measure: AttitudeFlipDetector.Magnitude) throws {
        for rate in testRates {
            let events = try recognize({ try AttitudeFlipDetector(configuration: .init(magnitude: measure)) },
                                       GestureMotions.faceDownFlipAndBack(), rate: rate)
            #expect(events.map(\.phase) == [.began, .ended], "\(measure) \(rate) Hz")
            // The turn lasts 1–2 s and 3.5–4.5 s; the geodesic angle crosses 1.0 rad on the way
            // over and 0.8 rad on the way back at known times of the smooth ramp.
            if measure == .geodesic, events.count == 2 {
                let up = 1 + Self.rampInverse(1.0 / .pi), down = 3.5 + 1 - Self.rampInverse(0.8 / .pi)
                #expect(events[0].time >= up && events[0].time <= up + 1 / rate + 1e-9)
                #expect(events[1].time >= down && events[1].time <= down + 1 / rate + 1e-9)
                #expect(abs(events[1].score - .pi) < 0.01)
            }
        }
    }

    /// The u at which the smooth ramp u²(3 − 2u) reaches `y`, by bisection.
    static func rampInverse(_ y: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if mid * mid * (3 - 2 * mid) < y { lo = mid } else { hi = mid }
        }
        return lo
    }

    @Test func slowTiltTo50DegreesIsNoFlipButTo70Is() throws {
        for rate in testRates {
            for measure in AttitudeFlipDetector.Magnitude.allCases {
                let make = { try AttitudeFlipDetector(configuration: .init(magnitude: measure)) }
                #expect(try recognize(make, GestureMotions.slowTilt(), rate: rate).isEmpty)
                #expect(try recognize(make, GestureMotions.slowTilt(to: 70 * .pi / 180), rate: rate).map(\.phase) == [.began])
            }
        }
    }

    @Test func hysteresisStopsFlicker() throws {
        // Tilt past 1.0 rad, then wobble between 0.85 and 1.05 rad five times: flipped once, never
        // restored; restored only when brought back below 0.8 rad.
        let wobble = MotionScript.rotating(duration: 9) { t in
            var angle = 1.05 * GestureMotions.ramp(t, start: 0.5, length: 1)
            if t > 1.5, t < 6.5 { angle = 0.95 + 0.1 * cos(2 * .pi * (t - 1.5)) }
            if t >= 6.5 { angle = 1.05 * (1 - GestureMotions.ramp(t, start: 6.5, length: 1)) }
            return Quaternion(angle: angle, axis: Vector3(1, 0, 0))
        }
        let events = try recognize({ try AttitudeFlipDetector(configuration: .init(magnitude: .geodesic)) }, wobble, rate: 50)
        #expect(events.map(\.phase) == [.began, .ended])
        #expect(try #require(events.last).time > 6.5)
        // Without hysteresis (restore just below flip) the wobble flickers.
        let flicker = try recognize({
            try AttitudeFlipDetector(configuration: .init(magnitude: .geodesic, flipAngle: 1.0, restoreAngle: 0.99))
        }, wobble, rate: 50)
        #expect(flicker.count > 4)
    }

    @Test func dwellIgnoresABriefTilt() throws {
        // 0.3 s beyond 1.2 rad.
        let brief = MotionScript.rotating(duration: 3) { t in
            Quaternion(angle: 1.2 * (GestureMotions.ramp(t, start: 1, length: 0.1) - GestureMotions.ramp(t, start: 1.4, length: 0.1)),
                       axis: Vector3(0, 1, 0))
        }
        for rate in testRates {
            #expect(try recognize({ try AttitudeFlipDetector() }, brief, rate: rate).map(\.phase) == [.began, .ended])
            #expect(try recognize({ try AttitudeFlipDetector(configuration: .init(dwell: 0.5)) }, brief, rate: rate).isEmpty)
        }
    }

    /// Where the source document's Euler root-sum-square and the geodesic angle disagree.
    @Test func eulerRootSumSquareAndGeodesicDisagree() throws {
        // Yaw 0.6, pitch 0.7, roll −0.6: Euler RSS = √(0.36 + 0.49 + 0.36) = 1.1 rad, but the
        // rotation is by 0.959 rad (trace of R = Rz(0.6)·Rx(0.7)·Ry(−0.6), computed independently).
        let angles = EulerAngles(pitch: 0.7, roll: -0.6, yaw: 0.6)
        let q = Quaternion(angles)
        let rss = AttitudeFlipDetector.magnitude(of: q, relativeTo: .identity, measure: .eulerRootSumSquare)
        let geodesic = AttitudeFlipDetector.magnitude(of: q, relativeTo: .identity, measure: .geodesic)
        #expect(abs(rss - 1.1) < 1e-9)
        #expect(abs(geodesic - 0.958759149264282) < 1e-9)
        // Held there after a smooth turn: flipped by RSS, not by the geodesic angle.
        let turn = MotionScript.rotating(duration: 4) { t in
            Quaternion.slerp(.identity, q, t: GestureMotions.ramp(t, start: 1, length: 1))
        }
        #expect(try recognize({ try AttitudeFlipDetector() }, turn, rate: 50).map(\.phase) == [.began])
        #expect(try recognize({ try AttitudeFlipDetector(configuration: .init(magnitude: .geodesic)) }, turn, rate: 50).isEmpty)

        // Beyond ±90° pitch the Euler angles jump: a 120° turn about x reads pitch 60°, roll and
        // yaw 180°, an RSS of 4.56 rad — more than any rotation can be.
        let over = Quaternion(angle: 2 * .pi / 3, axis: Vector3(1, 0, 0))
        let overRSS = AttitudeFlipDetector.magnitude(of: over, relativeTo: .identity, measure: .eulerRootSumSquare)
        #expect(abs(overRSS - (pow(.pi / 3, 2) + 2 * .pi * .pi).squareRoot()) < 1e-6)
        #expect(abs(AttitudeFlipDetector.magnitude(of: over, relativeTo: .identity, measure: .geodesic) - 2 * .pi / 3) < 1e-9)
    }

    @Test func referenceIsTheFirstAttitude() throws {
        // Starting upright in portrait, the reference is portrait, not face up.
        let fromPortrait = MotionScript.still(GestureMotions.portrait, duration: 1)
            .then(GestureMotions.spin(rate: .pi, axis: Vector3(0, 1, 0), duration: 1, from: GestureMotions.portrait))
            .then(MotionScript.still(GestureMotions.portrait * Quaternion(angle: .pi, axis: Vector3(0, 1, 0)), duration: 1))
        var detector = try AttitudeFlipDetector(configuration: .init(magnitude: .geodesic))
        let events = detector.process(fromPortrait.samples(rate: 50))
        #expect(events.map(\.phase) == [.began])
        #expect(detector.reference == GestureMotions.portrait)
        #expect(detector.isFlipped)
        detector.reset()
        #expect(detector.reference == nil && !detector.isFlipped)
    }

    @Test func oddSamplesAndMissingAttitudeAreIgnored() throws {
        let samples = GestureMotions.faceDownFlipAndBack().samples(rate: 50)
        var clean = try AttitudeFlipDetector()
        var dirty = try AttitudeFlipDetector()
        let withoutAttitude = samples.map { MotionSample(timestamp: $0.timestamp + 0.001, acceleration: $0.acceleration) }
        // Odd samples, and samples without attitude 1 ms after each good one.
        let mixed = corrupted(zip(samples, withoutAttitude).flatMap { [$0, $1] })
        let expected = clean.process(samples)
        #expect(expected.map(\.phase) == [.began, .ended])
        #expect(dirty.process(mixed) == expected)
        var blind = try AttitudeFlipDetector()
        #expect(blind.process(withoutAttitude).isEmpty)
        #expect(blind.reference == nil)
    }

    @Test func configurationDecodesWithDefaultsAndRejectsNonsense() throws {
        let json = JSONConfiguration(data: Data(#"{"magnitude": "geodesic", "dwell": 0.2}"#.utf8))
        #expect(try json.decode(Configuration.self) == Configuration(magnitude: .geodesic, dwell: 0.2))
        #expect(throws: ConfigurationError.self) { try AttitudeFlipDetector(configuration: .init(flipAngle: 0.8, restoreAngle: 1.0)) }
        #expect(throws: ConfigurationError.self) { try AttitudeFlipDetector(configuration: .init(dwell: -1)) }
        #expect(try RecognizerRegistry.standard.makeRecognizer("flip") is AttitudeFlipDetector)
    }

    @Test func resetGivesTheEventsOfAFreshDetector() throws {
        // Reset also forgets the reference: the rerun starts from the first attitude again.
        let samples = GestureMotions.faceDownFlipAndBack().then(GestureMotions.faceDownFlipAndBack()).samples(rate: 50)
        let (fresh, afterReset) = try eventsAfterReset({ try AttitudeFlipDetector(configuration: .init(dwell: 0.2)) }, samples)
        #expect(fresh.map(\.phase) == [.began, .ended, .began, .ended])
        for events in afterReset { #expect(events == fresh) }
    }
}
