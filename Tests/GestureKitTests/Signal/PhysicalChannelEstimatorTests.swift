import Foundation
import GestureKit
import Testing

/// Each orientation-free channel against a motion with a known answer, under random mountings of the device,
/// at several rates, streaming and batch alike.
@Suite struct PhysicalChannelEstimatorTests {
    /// Earth's field in the reference frame (x north, z up), µT: 20 µT horizontal, 40 µT down.
    static let earthField = Vector3(20, 0, -40)

    /// A device whose attitude is `heading(t)` about the vertical after the fixed `mounting`, accelerated by
    /// `acceleration(t)` (g, reference frame, z up), with a magnetometer and no fused channels: what a watch
    /// or phone strapped on at `mounting` reads. CoreMotion's convention: total = gravity + user, and user
    /// acceleration is opposite to the device's acceleration.
    static func device(mounting: Quaternion, heading: @escaping @Sendable (Double) -> Double,
                       tilt: @escaping @Sendable (Double) -> Quaternion = { _ in .identity },
                       acceleration: @escaping @Sendable (Double) -> Vector3 = { _ in .zero },
                       pressure: (@Sendable (Double) -> Double)? = nil,
                       fused: Bool = false, duration: Double, rate: Double) -> [MotionSample] {
        @Sendable func attitude(_ t: Double) -> Quaternion {
            Quaternion(angle: heading(t), axis: Vector3(0, 0, 1)) * tilt(t) * mounting
        }
        return (0..<Int((duration * rate).rounded())).map { i in
            let t = Double(i) / rate
            let q = attitude(t)
            let h = 1e-6
            let dq = q.conjugate * attitude(t + h)
            let rotationRate = Vector3(2 * dq.x / h, 2 * dq.y / h, 2 * dq.z / h)
            let gravity = q.conjugate.rotate(Vector3(0, 0, -1))
            let user = q.conjugate.rotate(-acceleration(t))
            return MotionSample(timestamp: t, acceleration: gravity + user, rotationRate: rotationRate,
                                gravity: fused ? gravity : nil, userAcceleration: fused ? user : nil,
                                magneticField: q.conjugate.rotate(earthField), pressure: pressure?(t))
        }
    }

    /// A random attitude: a uniformly drawn axis and angle.
    static func mounting(_ random: inout SplitMix64) -> Quaternion {
        let axis = Vector3(random.gaussian(), random.gaussian(), random.gaussian())
        return Quaternion(angle: random.uniform(0...(2 * .pi)), axis: axis)
    }

    /// 0 before `start`, 1 after `start + length`, a smooth ramp between.
    static func ramp(_ t: Double, start: Double, length: Double) -> Double {
        let u = min(max((t - start) / length, 0), 1)
        return u * u * (3 - 2 * u)
    }

    static func estimate(_ samples: [MotionSample], _ configuration: PhysicalChannelEstimator.Configuration = .init()) throws -> [PhysicalQuantities] {
        var estimator = try PhysicalChannelEstimator(configuration: configuration)
        return try samples.map { try #require(estimator.estimate($0).physical) }
    }

    static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

    /// A half turn about the vertical over 2 s, with the arm swinging (from 0.5 s on): a heading change of 180° ± 5°
    /// from the gyroscope and from the magnetometer, for 20 random mountings.
    @Test func halfTurnAboutTheVerticalGivesHalfATurnOfHeadingWhateverTheMounting() throws {
        var random = SplitMix64(seed: 45)
        for _ in 0..<20 {
            let mounting = Self.mounting(&random)
            let samples = Self.device(mounting: mounting, heading: { .pi * Self.ramp($0, start: 1, length: 2) },
                                      acceleration: { Self.ramp($0, start: 0.5, length: 0.5) * Vector3(0.1 * sin(2 * .pi * 1.5 * $0), 0.05 * cos(2 * .pi * 1.5 * $0), 0) },
                                      duration: 5, rate: 50)
            let physical = try Self.estimate(samples)
            let end = physical[Int(4.0 * 50)]
            #expect(abs(Self.degrees(try #require(end.headingChange)) - 180) < 5, "mounting \(mounting)")
            #expect(abs(Self.degrees(try #require(end.magneticHeadingChange)) - 180) < 5, "mounting \(mounting)")
            // Mid-turn the rotation about the vertical is the ramp's peak rate, π · 1.5 / 2 rad/s.
            #expect(abs(try #require(physical[Int(2.0 * 50)].yawRate) - .pi * 0.75) < 0.05)
            // Before the turn nothing has turned.
            #expect(abs(try #require(physical[Int(0.9 * 50)].headingChange)) < 0.02)
        }
    }

    /// Turning the other way gives the opposite sign: counter-clockwise seen from above is positive.
    @Test func clockwiseTurnIsNegative() throws {
        let samples = Self.device(mounting: .identity, heading: { -.pi / 2 * Self.ramp($0, start: 0.5, length: 1) }, duration: 3, rate: 50)
        let end = try Self.estimate(samples)[Int(2.5 * 50)]
        #expect(abs(Self.degrees(try #require(end.headingChange)) + 90) < 1)
        #expect(abs(Self.degrees(try #require(end.magneticHeadingChange)) + 90) < 1)
    }

    /// A device that falls over (a quarter turn about a horizontal axis in 0.4 s) and lies still: a tilt of about
    /// 90° a moment later, about 0° before, and stillness near 0 g at rest, for 20 random mountings.
    @Test func deviceLyingStillAfterAFallIsTiltedAQuarterTurn() throws {
        var random = SplitMix64(seed: 4_545)
        let configuration = PhysicalChannelEstimator.Configuration(tiltWindow: 2.5)
        for _ in 0..<20 {
            let mounting = Self.mounting(&random)
            let heading = random.uniform(0...(2 * .pi))
            let samples = Self.device(mounting: mounting, heading: { _ in heading },
                                      tilt: { Quaternion(angle: .pi / 2 * Self.ramp($0, start: 2, length: 0.4), axis: Vector3(1, 0, 0)) },
                                      duration: 5, rate: 50)
            let physical = try Self.estimate(samples, configuration)
            #expect(abs(Self.degrees(physical[Int(4.4 * 50)].tilt) - 90) < 5, "mounting \(mounting)")
            #expect(Self.degrees(physical[Int(1.9 * 50)].tilt) < 1)
            #expect(physical[Int(4.4 * 50)].stillness < 1e-6)
            #expect(abs(physical[Int(4.4 * 50)].verticalAcceleration) < 0.01 && physical[Int(4.4 * 50)].horizontalAcceleration < 0.01)
            // Without a gyroscope the gravity split lags the fall, and the tilt still reads about a quarter turn.
            let bare = samples.map { MotionSample(timestamp: $0.timestamp, acceleration: $0.acceleration) }
            #expect(abs(Self.degrees(try Self.estimate(bare, configuration)[Int(4.4 * 50)].tilt) - 90) < 5, "mounting \(mounting)")
        }
    }

    /// A device bobbed up and down, then pushed sideways: acceleration along gravity and across it, whatever the
    /// mounting (exact with fused gravity; with the estimator's own split the vertical bob never leaks across).
    @Test func verticalAndHorizontalAccelerationSplitAtGravity() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<20 {
            let mounting = Self.mounting(&random)
            @Sendable func push(_ t: Double) -> Vector3 {
                t < 2 ? Vector3(0, 0, 0.3 * sin(2 * .pi * t)) : Vector3(0.2 * sin(2 * .pi * t), -0.1 * sin(2 * .pi * t), 0)
            }
            let fused = try Self.estimate(Self.device(mounting: mounting, heading: { _ in 1 }, acceleration: push, fused: true, duration: 4, rate: 50))
            for i in stride(from: 0, to: 200, by: 7) {
                let a = push(Double(i) / 50)
                #expect(abs(fused[i].verticalAcceleration - a.z) < 1e-9)
                #expect(abs(fused[i].horizontalAcceleration - (a.x * a.x + a.y * a.y).squareRoot()) < 1e-9)
            }
            let own = try Self.estimate(Self.device(mounting: mounting, heading: { _ in 1 }, acceleration: push, duration: 2, rate: 50))
            #expect(own.allSatisfy { $0.horizontalAcceleration < 1e-9 })
            #expect(own.map { abs($0.verticalAcceleration) }.max()! > 0.2)
        }
    }

    /// Pressure less its trend: a 5 hPa step reads about 5 hPa at once and decays to 0; without a barometer or a
    /// magnetometer those channels are absent, and so are yaw rate and heading without a gyroscope.
    @Test func pressureChangeIsHighPassedAndAbsentSensorsGiveNoChannel() throws {
        let samples = Self.device(mounting: .identity, heading: { _ in 0 }, pressure: { $0 < 10 ? 1013 : 1018 }, duration: 80, rate: 25)
        let physical = try Self.estimate(samples)
        #expect(abs(try #require(physical[Int(9.9 * 25)].pressureChange)) < 1e-9)
        #expect(abs(try #require(physical[Int(10 * 25)].pressureChange) - 5) < 0.05)
        #expect(abs(try #require(physical.last?.pressureChange)) < 0.01)
        let bare = samples.map { MotionSample(timestamp: $0.timestamp, acceleration: $0.acceleration) }
        let none = try Self.estimate(bare)
        #expect(none.allSatisfy { $0.pressureChange == nil && $0.magneticHeadingChange == nil && $0.yawRate == nil && $0.headingChange == nil })
    }

    /// Stillness is the deviation of |a| over the window: a 1 Hz bob of 0.3 g around 1 g gives 0.3/√2 g.
    @Test func stillnessIsTheDeviationOfTheAccelerationLength() throws {
        let samples = Self.device(mounting: .identity, heading: { _ in 0 }, acceleration: { Vector3(0, 0, 0.3 * sin(2 * .pi * $0)) }, duration: 4, rate: 100)
        let physical = try Self.estimate(samples)
        #expect(abs(physical[350].stillness - 0.3 / 2.0.squareRoot()) < 0.005)
    }

    /// An arm swinging about a random axis every 1.2 s, however the watch is mounted: |ω| peaks twice per swing,
    /// so the stroke period reads 0.6 s, with a regularity above 0.9, for 10 random mountings.
    @Test func strokePeriodIsTheSameWhateverTheMounting() throws {
        var random = SplitMix64(seed: 12)
        for _ in 0..<10 {
            let mounting = Self.mounting(&random)
            let samples = Self.device(mounting: mounting, heading: { 0.8 * sin(2 * .pi * $0 / 1.2) }, duration: 12, rate: 50)
            let last = try #require(try Self.estimate(samples).last)
            #expect(abs(last.strokePeriod - 0.6) < 0.03, "\(last.strokePeriod) s")
            #expect(last.rhythmRegularity > 0.9)
        }
    }

    /// The same motion at 25, 50 and 100 Hz gives the same values: windows are seconds on the samples' clock.
    @Test func sameValuesAt25_50And100Hz() throws {
        @Sendable func heading(_ t: Double) -> Double { .pi * Self.ramp(t, start: 1, length: 2) }
        @Sendable func tilt(_ t: Double) -> Quaternion { Quaternion(angle: 0.6 * Self.ramp(t, start: 2.5, length: 1), axis: Vector3(0, 1, 0)) }
        @Sendable func push(_ t: Double) -> Vector3 { Vector3(0.2 * sin(2 * .pi * 0.7 * t), 0, 0.1 * cos(2 * .pi * 0.7 * t)) }
        let mounting = Quaternion(angle: 1.1, axis: Vector3(1, 2, 3))
        var at: [Double: [PhysicalQuantities]] = [:]
        for rate in [25.0, 50, 100] {
            at[rate] = try Self.estimate(Self.device(mounting: mounting, heading: heading, tilt: tilt, acceleration: push, duration: 6, rate: rate))
        }
        // Times on every grid (multiples of 40 ms), so the rates compare the same instant.
        for t in [1.6, 2.0, 3.2, 4.0, 5.0] {
            let reference = at[100]![Int((t * 100).rounded())]
            for rate in [25.0, 50] {
                let p = at[rate]![Int((t * rate).rounded())]
                #expect(abs(p.headingChange! - reference.headingChange!) < 0.03, "\(rate) Hz at \(t) s")
                #expect(abs(p.magneticHeadingChange! - reference.magneticHeadingChange!) < 0.03, "\(rate) Hz at \(t) s")
                #expect(abs(p.yawRate! - reference.yawRate!) < 0.03, "\(rate) Hz at \(t) s")
                #expect(abs(p.tilt - reference.tilt) < 0.03, "\(rate) Hz at \(t) s")
                #expect(abs(p.verticalAcceleration - reference.verticalAcceleration) < 0.02, "\(rate) Hz at \(t) s")
                #expect(abs(p.horizontalAcceleration - reference.horizontalAcceleration) < 0.02, "\(rate) Hz at \(t) s")
                #expect(abs(p.stillness - reference.stillness) < 0.01, "\(rate) Hz at \(t) s")
            }
        }
    }

    /// Streaming equals batch: the stage sample by sample in a pipeline equals the whole recording in one go,
    /// and a reset estimator repeats itself exactly.
    @Test func streamingEqualsBatchAndResetForgetsEverything() throws {
        let samples = Self.device(mounting: Quaternion(angle: 2, axis: Vector3(0, 1, 1)), heading: { 0.8 * $0 },
                                  acceleration: { Vector3(0.1 * sin(5 * $0), 0, 0.2 * cos(3 * $0)) },
                                  pressure: { 1000 + 0.3 * $0 }, duration: 12, rate: 50)
        let batch = try PhysicalChannelEstimator.apply(to: samples)
        var pipeline = Pipeline(stages: [try PhysicalChannelEstimator()], recognizers: [SampleRecorder()])
        var events: [GestureEvent] = []
        for s in samples { pipeline.process(s, into: &events) }
        let streamed = try #require(pipeline.recognizers[0] as? SampleRecorder).seen
        #expect(streamed == batch)
        var whole = Pipeline(stages: [try PhysicalChannelEstimator()], recognizers: [])
        #expect(whole.stageOutput(samples) == batch)
        var estimator = try PhysicalChannelEstimator()
        let first = samples.map { estimator.estimate($0) }
        estimator.reset()
        let second = samples.map { estimator.estimate($0) }
        #expect(first == batch && second == batch)
        #expect(batch.allSatisfy { $0.physical != nil })
    }

    /// Settings must be positive; the stage is named `physical` in configurations, with windows in seconds.
    @Test func configurationIsCheckedAndNamedInStages() throws {
        #expect(throws: ConfigurationError.self) { try PhysicalChannelEstimator(configuration: .init(headingWindow: 0)) }
        let specification = try JSONDecoder().decode(StageSpecification.self, from: Data(#"{"physical": {"headingWindow": 6}}"#.utf8))
        #expect(specification == .physical(.init(headingWindow: 6)))
        let again = try JSONDecoder().decode(StageSpecification.self, from: JSONEncoder().encode(specification))
        #expect(again == specification)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(StageSpecification.self, from: Data(#"{"physical": {"tiltWindow": -1}}"#.utf8)) }
    }
}

/// Keeps every sample a pipeline hands it.
private struct SampleRecorder: Recognizer {
    var seen: [MotionSample] = []
    mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) { seen.append(sample) }
    mutating func reset() { seen = [] }
}

/// The rhythm's source: what a model was trained on is what it reads, or the pipeline refuses the input.
@Suite struct PhysicalChannelEstimatorRhythmSourceTests {
    /// Strokes every 1.2 s with a gyroscope, and the same samples without it.
    static func strokes() -> (withGyroscope: [MotionSample], without: [MotionSample]) {
        let samples = PhysicalChannelEstimatorTests.device(mounting: .identity, heading: { 0.8 * sin(2 * .pi * $0 / 1.2) },
                                                           acceleration: { Vector3(0.3 * sin(2 * .pi * $0 / 1.2), 0, 0) }, duration: 12, rate: 50)
        return (samples, samples.map { var s = $0; s.rotationRate = nil; return s })
    }

    @Test func theDefaultReadsTheGyroscopeWhenThereIsOneElseTheAcceleration() throws {
        let (gyro, accel) = Self.strokes()
        let fromGyro = try #require(try PhysicalChannelEstimatorTests.estimate(gyro).last)
        let fixedGyro = try #require(try PhysicalChannelEstimatorTests.estimate(gyro, .init(rhythmSource: .rotationRate)).last)
        #expect(fromGyro == fixedGyro)
        let fromAccel = try #require(try PhysicalChannelEstimatorTests.estimate(accel).last)
        let fixedAccel = try #require(try PhysicalChannelEstimatorTests.estimate(gyro, .init(rhythmSource: .acceleration)).last)
        #expect(fromAccel.strokePeriod == fixedAccel.strokePeriod && fromAccel.rhythmRegularity == fixedAccel.rhythmRegularity)
        #expect(fromAccel.strokePeriod > 0 && fromGyro.strokePeriod > 0)
        let bySource = try [.rotationRate, .acceleration].map { (source: PhysicalChannelEstimator.RhythmSource) in
            try PhysicalChannelEstimatorTests.estimate(gyro, .init(rhythmSource: source)).map(\.rhythmRegularity)
        }
        #expect(bySource[0] != bySource[1], "the two sources give different rhythms here, so the choice is seen")
    }

    /// A rhythm trained on |ω| never reads |a| in its place: no rhythm without the gyroscope, and a pipeline refuses the input.
    @Test func aRhythmOfTheGyroscopeIsRefusedWithoutOne() throws {
        let (_, accel) = Self.strokes()
        let physical = try PhysicalChannelEstimatorTests.estimate(accel, .init(rhythmSource: .rotationRate))
        #expect(physical.allSatisfy { $0.strokePeriod == 0 && $0.rhythmRegularity == 0 })
        var pipeline = Pipeline(stages: [try PhysicalChannelEstimator(configuration: .init(rhythmSource: .rotationRate))], recognizers: [])
        let error = try #require(throws: MissingChannelError.self) { try pipeline.prepare(for: accel[0]) }
        #expect(error.channel.rawValue == "gyro.magnitude")
        #expect(error.description.contains("PhysicalChannelEstimator"))
        var accepting = Pipeline(stages: [try PhysicalChannelEstimator(configuration: .init(rhythmSource: .acceleration))], recognizers: [])
        #expect(try accepting.prepare(for: accel[0]).isEmpty)
    }

    /// Written only when set, so a stage without it keeps its bytes; read back as written.
    @Test func theSourceIsWrittenOnlyWhenSet() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let plain = String(decoding: try encoder.encode(StageSpecification.physical(.init())), as: UTF8.self)
        #expect(!plain.contains("rhythmSource"))
        let fixed = StageSpecification.physical(.init(rhythmSource: .rotationRate))
        let text = try encoder.encode(fixed)
        #expect(String(decoding: text, as: UTF8.self).contains(#""rhythmSource":"rotationRate""#))
        #expect(try JSONDecoder().decode(StageSpecification.self, from: text) == fixed)
    }
}
