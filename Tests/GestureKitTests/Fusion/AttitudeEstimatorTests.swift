import Foundation
import GestureKit
import GestureTestSupport
import Testing

@Suite struct AttitudeEstimatorTests {
    static let degrees = 180 / Double.pi

    /// Runs the estimator over `samples` and returns its output.
    static func fuse(_ samples: [MotionSample], _ configuration: AttitudeEstimator.Configuration = .init()) throws -> [MotionSample] {
        var stage = try AttitudeEstimator(configuration: configuration)
        var out: [MotionSample] = []
        for s in samples { stage.process(s, into: &out) }
        return out
    }

    /// Largest attitude error, degrees, of `fused` against the scripted truth.
    static func maximumError(_ fused: [MotionSample], truth: MotionScript) -> Double {
        fused.map { ($0.attitude!.relative(to: truth.sample($0.timestamp).attitude!)).angle * degrees }.max() ?? .infinity
    }

    /// Largest tilt error, degrees: the angle between estimated and true gravity (yaw is unobservable).
    static func maximumTiltError(_ fused: [MotionSample], truth: MotionScript, after: Double = 0) -> Double {
        fused.filter { $0.timestamp >= after }.map { s in
            let g = s.gravity!, truthG = truth.sample(s.timestamp).attitude!.gravity
            return acos(min(1, g.dot(truthG) / (g.length * truthG.length))) * degrees
        }.max() ?? .infinity
    }

    @Test func knownRotationsAreTrackedWithinADegree() throws {
        let scripts: [(String, MotionScript, Double)] = [
            ("spin about z at 90°/s for 10 s", GestureMotions.spin(rate: .pi / 2, axis: Vector3(0, 0, 1), duration: 10), 0.5),
            ("spin about a tilted axis at 60°/s", GestureMotions.spin(rate: .pi / 3, axis: Vector3(1, 1, 1), duration: 10), 1.5),
            ("face-down flip about y and back", GestureMotions.faceDownFlipAndBack(), 1.0),
            ("slow tilt to 50°", GestureMotions.slowTilt(), 0.5),
        ]
        for (name, script, bound) in scripts {
            for rate in testRates {
                let error = Self.maximumError(try Self.fuse(script.rawSamples(rate: rate)), truth: script)
                print(String(format: "fusion attitude error, %@ at %.0f Hz: max %.3f°", name, rate, error))
                #expect(error < bound, "\(name) at \(rate) Hz: \(error)°")
            }
        }
    }

    /// Deterministic Gaussian noise (Box–Muller over GestureKit's SplitMix64), seeded explicitly.
    struct Noise {
        var bits: SplitMix64
        /// Uniform in (0, 1), never 0, so the logarithm below stays finite.
        mutating func uniform() -> Double { (Double(bits.next() >> 11) + 0.5) * 0x1p-53 }
        mutating func gaussian() -> Double { (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform()) }
        mutating func vector(_ sigma: Double) -> Vector3 { Vector3(gaussian(), gaussian(), gaussian()) * sigma }
    }

    @Test func noisySensorsStayWithinAFewDegrees() throws {
        // Gyroscope noise 0.02 rad/s and accelerometer noise 0.02 g (σ, per sample), seed 42.
        let script = GestureMotions.faceDownFlipAndBack().then(GestureMotions.spin(rate: 1, axis: Vector3(1, 0, 1), duration: 10))
        for rate in testRates {
            var noise = Noise(bits: SplitMix64(seed: 42))
            let noisy = script.rawSamples(rate: rate).map {
                var s = $0
                s.rotationRate! += noise.vector(0.02)
                s.acceleration += noise.vector(0.02)
                return s
            }
            let tilt = Self.maximumTiltError(try Self.fuse(noisy), truth: script)
            let error = Self.maximumError(try Self.fuse(noisy), truth: script)
            print(String(format: "fusion with noise at %.0f Hz: max tilt error %.2f°, max attitude error %.2f°", rate, tilt, error))
            #expect(tilt < 3)
        }
    }

    @Test func tiltStartIsReadFromTheAccelerometer() throws {
        let start = Quaternion(EulerAngles(pitch: 0.5, roll: -0.4, yaw: 0))
        let script = MotionScript.still(start, duration: 2)
        let fused = try Self.fuse(script.rawSamples(rate: 50))
        #expect(Self.maximumTiltError(fused, truth: script) < 1e-6)
        #expect(abs(AttitudeEstimator.tilt(from: Vector3(0, 0, 1)).gravity.z - 1) < 1e-12)
    }

    @Test func accelerometerCorrectsGyroscopeBias() throws {
        // 0.03 rad/s of bias about x for 40 s would tilt a pure gyroscope integration by 69°; the
        // accelerometer holds the error near bias / gain = 0.06 rad.
        let script = MotionScript.still(duration: 40)
        let biased = script.rawSamples(rate: 50).map {
            var s = $0
            s.rotationRate! += Vector3(0.03, 0, 0)
            return s
        }
        let corrected = Self.maximumTiltError(try Self.fuse(biased), truth: script, after: 5)
        let gyroOnly = Self.maximumTiltError(try Self.fuse(biased, .init(gain: 0, startupGain: 0, recoveryTime: 1e9)), truth: script, after: 5)
        print(String(format: "fusion tilt error with 0.03 rad/s gyro bias: %.2f° (gyroscope alone %.1f°)", corrected, gyroOnly))
        #expect(corrected < 5)
        #expect(gyroOnly > 30)
    }

    @Test func accelerationRejectionIgnoresAShove() throws {
        // Still, face up; 4 s in, a 0.8 g shove along x for 0.5 s.
        let script = GestureMotions.moving(duration: 8) { t in
            Vector3(0.8 * GestureMotions.halfSine(t, start: 4, length: 0.5), 0, 0)
        }
        let samples = script.rawSamples(rate: 100)
        var stage = try AttitudeEstimator()
        var fused: [MotionSample] = []
        for s in samples { stage.process(s, into: &fused) }
        let rejecting = Self.maximumTiltError(fused, truth: script)
        let accepting = Self.maximumTiltError(try Self.fuse(samples, .init(accelerationRejection: .pi)), truth: script)
        print(String(format: "fusion tilt error during a 0.8 g shove: %.3f° with rejection, %.2f° without", rejecting, accepting))
        #expect(stage.rejectedSamples > 10)
        #expect(rejecting < 0.5)
        #expect(accepting > 1)
        // The shove shows up as user acceleration.
        let peak = fused.map { $0.userAcceleration!.x }.max()!
        #expect(abs(peak - 0.8) < 0.02)
    }

    @Test func prolongedRejectionRecoversToTheAccelerometer() throws {
        // A sustained 0.5 g sideways acceleration from 4 s (a car in a long bend): rejected at first,
        // then after the 5 s recovery time the accelerometer is trusted again (Fusion's behaviour).
        let script = GestureMotions.moving(duration: 14) { t in Vector3(t >= 4 ? 0.5 : 0, 0, 0) }
        let fused = try Self.fuse(script.rawSamples(rate: 50))
        func tiltError(at time: Double) -> Double {
            let s = fused.first { $0.timestamp >= time }!
            return acos(min(1, s.gravity!.dot(Vector3(0, 0, -1)))) * Self.degrees
        }
        #expect(tiltError(at: 8.5) < 0.1)
        // The accelerometer reads 26.6° of tilt (atan 0.5) once it is trusted again.
        #expect(abs(tiltError(at: 10) - atan(0.5) * Self.degrees) < 0.5)
    }

    @Test func flipDetectorWorksOnRawIMUThroughTheEstimator() throws {
        for rate in testRates {
            var pipeline = Pipeline(stages: [try AttitudeEstimator()], recognizers: [try AttitudeFlipDetector()])
            let events = pipeline.process(GestureMotions.faceDownFlipAndBack().rawSamples(rate: rate))
            #expect(events.map(\.phase) == [.began, .ended])
        }
    }

    @Test func oddSamplesProduceNothingAndDeviceAttitudeIsKept() throws {
        let samples = GestureMotions.faceDownFlipAndBack().rawSamples(rate: 50)
        var bad = samples[10]
        bad.rotationRate = Vector3(.nan, 0, 0)
        let stream = Array(samples[0..<10]) + [bad, samples[9], samples[8]] + Array(samples[10...])
        let clean = try Self.fuse(samples)
        let dirty = try Self.fuse(stream)
        #expect(dirty == clean)
        // Fused device motion passes through untouched unless overwrite is set.
        let device = GestureMotions.faceDownFlipAndBack().samples(rate: 50)
        #expect(try Self.fuse(device) == device)
        #expect(try Self.fuse(device, .init(overwrite: true)) != device)
        // Accelerometer-only samples pass through.
        let accelOnly = samples.map { MotionSample(timestamp: $0.timestamp, acceleration: $0.acceleration) }
        #expect(try Self.fuse(accelOnly) == accelOnly)
    }

    @Test func afterAGapTheAccelerometerReconverges() throws {
        // Face up for 5 s, then no samples for 2 s while the phone is turned face down: the rate
        // before the gap is not extrapolated, and the restarted ramp finds the new tilt.
        let before = MotionScript.still(duration: 5).rawSamples(rate: 50)
        let faceDown = Quaternion(angle: .pi, axis: Vector3(0, 1, 0))
        let after = MotionScript.still(faceDown, duration: 5).rawSamples(rate: 50).map {
            var s = $0
            s.timestamp += 7
            return s
        }
        let fused = try Self.fuse(before + after)
        let last = try #require(fused.last)
        #expect(acos(min(1, last.gravity!.dot(faceDown.gravity))) * Self.degrees < 1)
        // Treated as an ordinary interval, the gap leaves the estimate upside down: feedback alone
        // has no pull at exactly 180°.
        let bridged = try #require(try Self.fuse(before + after, .init(recoveryTime: 1e9, maximumInterval: 10)).last)
        #expect(acos(min(1, bridged.gravity!.dot(faceDown.gravity))) * Self.degrees > 170)
    }

    @Test func configurationDecodesWithDefaultsAndRejectsNonsense() throws {
        let json = JSONConfiguration(data: Data(#"{"gain": 1.5}"#.utf8))
        #expect(try json.decode(AttitudeEstimator.Configuration.self) == AttitudeEstimator.Configuration(gain: 1.5))
        #expect(throws: ConfigurationError.self) { try AttitudeEstimator(configuration: .init(gain: -1)) }
        #expect(throws: ConfigurationError.self) { try AttitudeEstimator(configuration: .init(accelerationRejection: 0)) }
    }
}
